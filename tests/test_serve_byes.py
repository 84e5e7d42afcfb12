"""An odd field on every served page: the bye (and a round a late entry missed) in words on
the player's page, the pairings, the projector and the console, in the reader's language;
never a 500. The library says what a stored result is (:func:`stored_result`)."""

from __future__ import annotations

from pathlib import Path

import pytest
import requests

from tests.serve_helpers import live_server, new_event
from tt_organizer.errors import EventError
from tt_organizer.events import players, rounds, store
from tt_organizer.events.result_text import parse_result, stored_result

ES = {"Accept-Language": "es"}
EN = {"Accept-Language": "en"}


def test_stored_result_knows_the_bye_and_the_missed_round() -> None:
    assert stored_result("bye", 3).outcome == "bye"
    assert stored_result(" BYE ", 1).outcome == "bye"
    assert stored_result("loss", 3).outcome == "loss-missed"
    assert stored_result("2-1", 3).outcome == "p1"
    with pytest.raises(EventError):
        stored_result("3-0", 3)
    # what a player may report stays strict: nobody reports a bye
    with pytest.raises(EventError):
        parse_result("bye", 3)


def _bye_player(event: Path, rnd: int) -> int:
    with store.connect(event) as conn:
        return next(m.player1 for m in store.read_matches(conn, "swiss", rnd)
                    if m.player2 is None and m.table > 0)


def test_every_page_of_an_odd_field_answers(tmp_path: Path) -> None:
    event = new_event(tmp_path / "e.sqlite", ("Alice", "Bob", "Carol", "Dan", "Eve"))
    bye = _bye_player(event, 1)
    with live_server(event) as live:
        org = requests.Session()
        assert org.post(live.url + "/org/login", data={"token": live.token},
                        timeout=10).status_code in (200, 401, 403)  # csrf: use the link
        org.get(live.url + f"/org/login?token={live.token}", timeout=10)
        for page in ("/", "/projector", "/standings", "/me", "/api/pairings",
                     "/api/standings", "/api/status", *(f"/me/{i}" for i in range(1, 6))):
            for lang in (EN, ES):
                assert live.get(page, headers=lang).status_code == 200, page
        console = org.get(live.url + "/org", headers=ES, timeout=10)
        assert console.status_code == 200 and "/org/login" not in console.url
        assert "Bye: victoria sin rival" in console.text
        mine = live.get(f"/me/{bye}", headers=EN).text
        assert "You have the bye this round." in mine
        assert "Bye: a win without an opponent" in mine
        assert "Tienes bye esta ronda." in live.get(f"/me/{bye}", headers=ES).text
        assert "Bye: a win without an opponent" in live.get("/", headers=EN).text
        # round 2: the round-1 bye stays in the player's results, in words
        with store.connect(event) as conn:
            for m in store.read_matches(conn, "swiss", 1):
                if m.player2 is not None:
                    from tt_organizer.events.entering import report_result
                    report_result(conn, m.table, "2-0")
            late = players.register_player(conn, "Zoë Late", late=True).player.id
            rounds.pair_next_round(conn)
        history = live.get(f"/me/{bye}", headers=ES).text
        assert "Bye: victoria sin rival" in history and "Mesa 0" not in history
        assert "vs bye" not in history
        late_page = live.get(f"/me/{late}", headers=EN)
        assert late_page.status_code == 200
        assert "Missed round (entered late): a loss" in late_page.text
        for page in ("/", "/projector", "/standings", f"/me/{late}", "/api/standings"):
            assert live.get(page).status_code == 200, page
        assert org.get(live.url + "/org", timeout=10).status_code == 200
