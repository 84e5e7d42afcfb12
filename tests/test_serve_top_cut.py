"""The top cut on every served page: the round by its bracket name as the command line and
the paper give it ("Cuartos de final"), and once played the final placings — champion
first, finalist second, as ``tt event standings --final`` — on the phones' standings, the
API, the projector and the console, even when the finalist was 7th after the Swiss."""

from __future__ import annotations

from pathlib import Path

import requests

from tests.event_helpers import Tt, run_swiss
from tests.serve_helpers import live_server
from tt_organizer.events import store, timer

ES = {"Accept-Language": "es"}
EN = {"Accept-Language": "en"}


def _play(tt: Tt, lower_seed_wins: bool) -> None:
    """The bracket round: the seat P2 (the lower seed) wins when ``lower_seed_wins``."""
    for p in tt.json("pairings", "--top-cut"):
        tt("report", str(p["table"]), "0-1" if lower_seed_wins else "1-0")


def _first_cells(html: str, n: int) -> list[tuple[str, str]]:
    from bs4 import BeautifulSoup

    rows = BeautifulSoup(html, "html.parser").select("#standings tbody tr")[:n]
    return [(r.find_all("td")[0].get_text(strip=True), r.find_all("td")[1].get_text(strip=True))
            for r in rows]


def test_top_cut_named_and_final_placings_everywhere(tmp_path: Path) -> None:
    tt = run_swiss(tmp_path, 11, 8)
    swiss = [s["player"] for s in tt.json("standings")]
    with live_server(tt.path) as live:
        org = requests.Session()
        org.get(live.url + f"/org/login?token={live.token}", timeout=10)
        tt("top-cut")
        home = live.get("/", headers=ES).text
        assert "Cuartos de final" in home and "Corte final, ronda" not in home
        assert "Quarter-final" in live.get("/", headers=EN).text
        page = live.get("/standings", headers=EN).text
        assert 'title="Place"' in page and "standings-note" in page
        _play(tt, lower_seed_wins=True)  # the 8th, 7th, 6th and 5th seeds go through
        tt("top-cut")
        assert "Semifinal" in live.get("/projector", headers=ES).text
        _play(tt, lower_seed_wins=False)
        tt("top-cut")
        assert "<h1>Final</h1>" in live.get("/", headers=EN).text
        with store.connect(tt.path) as conn:
            timer.start_timer(conn, 30)
        _play(tt, lower_seed_wins=True)
        assert live.get("/api/timer").json()["set"] is False  # the event is over
        final = tt.json("standings", "--final")
        champion, finalist = final[0]["player"], final[1]["player"]
        assert swiss.index(finalist) >= 5 or swiss.index(champion) >= 5  # upsets: not Swiss
        assert (final[0]["place"], final[1]["place"]) == ("1", "2")
        # the phones' standings
        for lang in (EN, ES):
            page = live.get("/standings", headers=lang).text
            assert _first_cells(page, 2) == [("1", champion), ("2", finalist)]
        assert "Final standings" in live.get("/standings", headers=EN).text
        # the API as the CLI
        assert live.get("/api/standings?final=true").json() == final
        assert live.get("/api/standings").json() == tt.json("standings")
        both = live.get("/api/standings?final=true&round=1")
        assert both.status_code == 409 and "no round" in both.json()["error"]
        # the projector: the final placings, champion first
        proj = live.get("/projector", headers=EN).text
        assert "final-placings" in proj
        assert proj.index(champion) < proj.index(finalist)
        # the console
        console = org.get(live.url + "/org", headers=EN, timeout=10).text
        block = console[console.index('id="console-placings"'):]
        assert block.index(champion) < block.index(finalist)
        assert "Final standings" in block


def test_final_placings_api_before_the_top_cut(tmp_path: Path) -> None:
    tt = run_swiss(tmp_path, 11, 8)
    with live_server(tt.path) as live:
        assert live.get("/api/standings?final=true").status_code == 409
        page = live.get("/standings", headers=EN).text
        assert 'title="Rank"' in page and "standings-note" not in page
