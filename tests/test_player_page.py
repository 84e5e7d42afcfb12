"""The player's page read model (tt_organizer.events.player_page): what ``/me/ID`` shows, in
one read — their table, seat, the open report of it, their own withdrawn report, their
results — and the page served from it."""

from __future__ import annotations

from pathlib import Path

from tests.serve_helpers import live_server, new_event
from tt_organizer.events import manual, phone_reports, result_changes, store
from tt_organizer.events.player_page import read_player_page

NAMES = ("Ana", "Bob", "Cid", "Dee")


def test_no_such_player(tmp_path: Path) -> None:
    path = new_event(tmp_path / "ev.sqlite", NAMES)
    with store.connect(path) as conn:
        assert read_player_page(conn, str(path), 99) is None


def test_the_table_seat_and_open_report(tmp_path: Path) -> None:
    path = new_event(tmp_path / "ev.sqlite", NAMES)
    with store.connect(path) as conn:
        m = store.read_matches(conn, "swiss", 1, 1)[0]
        assert m.player2 is not None
        mine = read_player_page(conn, str(path), m.player2)
        assert mine is not None and mine.seat == "P2" and mine.match is not None
        assert mine.match.table == 1 and mine.report is None and mine.withdrawn is None
        assert {p.id for p in mine.snapshot.players} == {m.player1, m.player2}
        phone_reports.submit_report(conn, m.player1, "2-0")
        theirs = read_player_page(conn, str(path), m.player2)
        assert theirs is not None and theirs.report is not None
        assert theirs.report.reporter == m.player1 and theirs.report.status == "pending"
        assert theirs.history == []


def test_a_withdrawn_report_and_the_results_so_far(tmp_path: Path) -> None:
    path = new_event(tmp_path / "ev.sqlite", NAMES)
    with store.connect(path) as conn:
        one = store.read_matches(conn, "swiss", 1, 1)[0]
        two = store.read_matches(conn, "swiss", 1, 2)[0]
        names = store.player_names(conn)
        phone_reports.submit_report(conn, one.player1, "2-0")
        manual.swap(conn, names[one.player2 or 0], names[two.player2 or 0])
        page = read_player_page(conn, str(path), one.player1)
        assert page is not None and page.withdrawn is not None and page.report is None
        result_changes.report(conn, 1, "2-1")
        after = read_player_page(conn, str(path), one.player1)
    assert after is not None and after.withdrawn is None
    assert [m.result for m in after.history] == ["2-1"]
    with live_server(path) as srv:
        assert "2-1" in srv.get(f"/me/{one.player1}").text
        assert srv.get("/me/99").status_code == 404
