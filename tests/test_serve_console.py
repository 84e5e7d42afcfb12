"""The console's desk actions, on a real server: a drop is asked before it is done and can be
undone (the library's ``undrop``, audited); the pairing button becomes the top cut's when the
Swiss is over (and "pair the next round" then points to it); a correction and a settled
dispute are said with names, old → new, in the reader's language."""

from __future__ import annotations

from pathlib import Path

import requests

from tests.event_helpers import Tt
from tests.serve_helpers import csrf, live_server

ES = {"Accept-Language": "es"}


def _org(url: str, token: str) -> requests.Session:
    s = requests.Session()
    s.get(f"{url}/org/login?token={token}", timeout=10)
    return s


def _post(s: requests.Session, url: str, action: str, **data: str) -> str:
    token = csrf(s, url, "/org")
    return s.post(f"{url}/org/{action}", data={"csrf": token, **data}, timeout=10).text


def _event(tmp_path: Path) -> Tt:
    tt = Tt(tmp_path / "desk.sqlite")
    tt("create", "Desk", "--seed", "3", "--rounds", "2", "--top-cut", "4")
    for name in ("José Martínez", "Ñandú Peña", "Ana", "Bea", "Caro"):
        tt("register", name)
    tt("pair")
    return tt


def test_drop_is_asked_then_undone(tmp_path: Path) -> None:
    tt = _event(tmp_path)
    with live_server(tt.path) as live:
        org = _org(live.url, live.token)
        asked = _post(org, live.url, "drop", name="Ñandú Peña")
        assert 'id="drop-confirm"' in asked and "Drop Ñandú Peña?" in asked
        assert not any(p["dropped"] for p in tt.json("players"))  # nothing done yet
        done = _post(org, live.url, "drop", name="Ñandú Peña", confirm="yes")
        assert "Dropped Ñandú Peña" in done and 'id="undrop-form"' in done
        assert [p["name"] for p in tt.json("players") if p["dropped"]] == ["Ñandú Peña"]
        back = _post(org, live.url, "undrop", name="Ñandú Peña")
        assert "Ñandú Peña is back" in back and 'id="undrop-form"' not in back
        assert not any(p["dropped"] for p in tt.json("players"))
    assert [e["action"] for e in tt.json("log")][-2:] == ["drop", "undrop"]


def test_top_cut_from_the_console_and_results_said_with_names(tmp_path: Path) -> None:
    tt = _event(tmp_path)
    with live_server(tt.path) as live:
        org = _org(live.url, live.token)
        tables = [p for p in tt.json("pairings") if p["player2"]]
        t = tables[0]
        first = _post(org, live.url, "result", table=str(t["table"]), result="2-1")
        assert (f"Table {t['table']} ({t['player1']} vs {t['player2']}): "
                f"{t['player1']} wins 2-1 recorded") in first
        fixed = _post(org, live.url, "result", table=str(t["table"]), result="0-2")
        assert (f"corrected {t['player1']} wins 2-1 → {t['player2']} wins 2-0") in fixed
        org.headers.update(ES)
        again = _post(org, live.url, "result", table=str(t["table"]), result="2-0")
        assert f"corregido: gana {t['player2']} 2-0 → gana {t['player1']} 2-0" in again
        org.headers.pop("Accept-Language")
        for p in tables[1:]:
            tt("report", str(p["table"]), "2-0")
        assert 'id="pair-next"' in org.get(live.url + "/org", timeout=10).text
        _post(org, live.url, "pair")
        for p in tt.json("pairings"):
            if p["player2"]:
                tt("report", str(p["table"]), "2-0")
        page = org.get(live.url + "/org", timeout=10).text
        assert 'id="pair-top-cut"' in page and 'id="pair-next"' not in page
        refused = _post(org, live.url, "pair")  # an old tab's button: says where to go
        assert "Refused: " in refused and "the top cut is next" in refused
        assert "Semi-final paired: 2 tables" in _post(org, live.url, "top-cut")
        assert 'id="pair-top-cut"' in org.get(live.url + "/org", timeout=10).text
        for p in tt.json("pairings", "--top-cut"):
            tt("report", str(p["table"]), "2-0")
        assert "Final paired: 1 table" in _post(org, live.url, "top-cut")
        final = tt.json("pairings", "--top-cut")[0]
        over = _post(org, live.url, "result", table="1", result="2-0")
        assert f"{final['player1']} wins 2-0 recorded" in over
        assert f"The event is over: {final['player1']} wins." in over
        assert 'id="pair-top-cut"' not in over and 'id="pair-next"' not in over


def test_serve_without_the_extra_says_how_to_install_it(tmp_path: Path) -> None:
    """Without the serve extra (starlette missing): exit 2, no traceback, the command that
    installs it from the clone — not a registry package name."""
    import subprocess
    import sys

    event = _event(tmp_path).path
    code = ("import sys; sys.modules['starlette'] = None; "
            "from tt_organizer.cli.main import main; main()")
    done = subprocess.run([sys.executable, "-c", code, "event", "serve", "--event", str(event)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "serve extra (starlette is missing)" in done.stderr
    assert "pip install -e '.[serve]'" in done.stderr
