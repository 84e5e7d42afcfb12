"""A drawn match with no game (``0-0-0``, or ``id``: an intentional draw, or both players
absent): accepted by ``tt event report``, the results-sheet import, the organizer's console
and -- only where the organizer allows it -- the phone form; 1 match point each, no game."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import requests

from tests.event_helpers import Tt, start_event
from tests.serve_helpers import TOKEN, csrf, live_server, new_event
from tt_organizer.events import phone_reports, players, store

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def _event(tmp_path: Path, *args: str) -> tuple[Tt, list[dict[str, object]]]:
    tt = Tt(tmp_path / "e.sqlite")
    start_event(tt, NAMES, "--rounds", "2", "--top-cut", "0", *args)
    tt("pair")
    return tt, tt.json("pairings")


def test_report_0_0_0_and_id_from_the_command_line(tmp_path: Path) -> None:
    """Both tables drawn without a game: 1 point each, no game in the game figures (GW% at
    the floor: no game won or lost), stored as 0-0-0 (never as one drawn game, 0-0-1)."""
    tt, _tables = _event(tmp_path, "--unfinished", "double-loss")
    assert tt.json("report", "1", "0-0-0")["result"] == "0-0-0"
    assert tt.json("report", "2", "ID")["result"] == "0-0-0"
    rows = tt.json("pairings")
    assert [(r["result"]) for r in rows] == ["0-0-0", "0-0-0"]
    with store.connect(tt.path) as conn:
        matches = store.read_matches(conn)
    # an intentional draw is a draw even where unfinished matches are double losses
    assert {(m.p1_games, m.p2_games, m.draws, m.outcome) for m in matches} == {
        (0, 0, 0, "draw")}
    table = tt.json("standings")
    assert [(s["points"], s["wins"], s["losses"], s["draws"]) for s in table] == [
        (1, 0, 0, 1)] * 4
    assert {s["gw"] for s in table} == {0.33}  # no game at all: the floor
    assert {s["omw"] for s in table} == {0.3333}  # each opponent: 1 point of 3
    # the next round is paired after it, and a drawn game still is 0-0-1
    tt("pair")
    assert tt.json("report", "1", "draw")["result"] == "draw"


def test_0_0_0_in_the_export_and_the_sheet_import(tmp_path: Path) -> None:
    """The results workbook: 0-0-0 typed in a Result cell is recorded as the CLI records it,
    and the export shows it back as 0-0-0."""
    tt, tables = _event(tmp_path)
    book = tmp_path / "r1.xlsx"
    tt("export", str(book))
    wb = openpyxl.load_workbook(book)
    ws = wb["Pairings R1"]
    header = [c.value for c in ws[2]]  # under the title row
    col = header.index("Result") + 1
    ws.cell(row=3, column=col, value="0-0-0")
    ws.cell(row=4, column=col, value="2-0")
    wb.save(book)
    tt("report", "--from", str(book))
    assert [r["result"] for r in tt.json("pairings")] == ["0-0-0", "2-0"]
    again = tmp_path / "again.xlsx"
    tt("export", str(again))
    ws = openpyxl.load_workbook(again)["Pairings R1"]
    assert ws.cell(row=3, column=col).value == "0-0-0"
    points = {s["player"]: s["points"] for s in tt.json("standings")}
    first = tables[0]
    assert points[first["player1"]] == points[first["player2"]] == 1


def _pin(path: Path, pid: int) -> str:
    with store.connect(path) as conn:
        return phone_reports.player_pin(conn, pid)


def test_console_always_and_phones_only_where_allowed(tmp_path: Path) -> None:
    event = new_event(tmp_path / "ev.sqlite")
    tt = Tt(event)
    with store.connect(event) as conn:
        ann = players.find_player(conn, "Alice").id
        m = phone_reports.current_match(conn, ann)
    assert m is not None and m.player2 is not None
    other = next(x for x in tt.json("pairings") if x["player2"] and x["table"] != m.table)
    assert tt.json("settings")["intentional_draws"] is False
    with live_server(event) as srv:
        s = requests.Session()
        token = csrf(s, srv.url, f"/me/{ann}")
        page = s.get(srv.url + f"/me/{ann}", timeout=10).text
        assert 'value="2-0"' in page and 'value="0-0-0"' not in page
        r = s.post(srv.url + f"/me/{ann}", data={"csrf": token, "pin": _pin(event, ann),
                                                 "action": "report", "result": "0-0-0"},
                   timeout=10)
        assert "no intentional draw" in r.text
        assert tt.json("pairings")[m.table - 1]["result"] is None
        # the console offers it and records it
        org = requests.Session()
        org.get(srv.url + f"/org/login?token={TOKEN}", timeout=10)
        console = org.get(srv.url + "/org", timeout=10).text
        assert 'value="0-0-0"' in console and "Intentional draw (no game played)" in console
        token = csrf(org, srv.url, "/org")
        r = org.post(srv.url + "/org/result", data={"csrf": token, "table": str(other["table"]),
                                                     "result": "0-0-0"}, timeout=10)
        assert r.status_code == 200
        assert tt.json("pairings")[other["table"] - 1]["result"] == "0-0-0"
    settings = tt.json("settings", "--intentional-draws", "yes")
    assert settings["intentional_draws"] is True
    assert "Intentional draws reported on phones: yes" in tt("settings").stdout
    with live_server(event) as srv:
        s = requests.Session()
        token = csrf(s, srv.url, f"/me/{ann}")
        assert 'value="0-0-0"' in s.get(srv.url + f"/me/{ann}", timeout=10).text
        r = s.post(srv.url + f"/me/{ann}", data={"csrf": token, "pin": _pin(event, ann),
                                                 "action": "report", "result": "0-0-0"},
                   timeout=10)
        assert "waiting for your opponent" in r.text
    log = tt.json("log")
    assert any(e["action"] == "intentional-draws" for e in log)


def test_create_can_allow_intentional_draws(tmp_path: Path) -> None:
    tt = Tt(tmp_path / "c.sqlite")
    created = tt.json("create", "Cup", "--intentional-draws", "yes")
    assert created["settings"]["intentional_draws"] is True
    assert tt.json("settings")["intentional_draws"] is True
    assert Tt(tmp_path / "d.sqlite").json("create", "Cup")["settings"][
        "intentional_draws"] is False
