"""Sign-up and results sheets through the event library (``events/sheets.py``): an outcome per
sign-up row, a results sheet all or nothing."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tt_organizer.cli.advice import describe
from tt_organizer.errors import EventError
from tt_organizer.events import entering, players, queries, rounds, setup, status, store
from tt_organizer.events.sheet_import import (
    ROWS_REFUSED,
    SheetError,
    record_results_sheet,
    register_sheet,
)
from tt_organizer.events.store import connect

FIXTURES = Path(__file__).parent / "fixtures"
# a Google Forms export: Ann (legal deck), Ben (illegal deck), Chloé (legal), Dan (no deck)
GOOGLE_FORM = FIXTURES / "real" / "sheets" / "google-form-export.csv"
SETTINGS = {"seed": 11, "top_cut": 4, "tiebreak_preset": "rulebook"}


@pytest.fixture
def conn(tmp_path: Path) -> Iterator[Any]:
    """A new event file, open."""
    path = tmp_path / "event.sqlite"
    setup.create_event(path, "Cup", **SETTINGS)
    with connect(path) as opened:
        yield opened


def _copy(tmp_path: Path, sheet: Path = GOOGLE_FORM) -> Path:
    """The sheet copied to ``tmp_path`` (so that deck sources name the same file everywhere)."""
    target = tmp_path / sheet.name
    target.write_bytes(sheet.read_bytes())
    return target


def _audit(conn: Any) -> list[tuple[str, str]]:
    return [(a.action, a.subject) for a in store.read_audit(conn)]


def test_every_row_has_its_outcome_and_a_refused_row_leaves_nothing(conn: Any,
                                                                    tmp_path: Path) -> None:
    players.register_player(conn, "dan dorn")  # row 5's name, in other case: registered
    before = _audit(conn)
    outcome = register_sheet(conn, _copy(tmp_path))
    assert [(r.row, r.name, r.action) for r in outcome.rows] == [
        (2, "Ann Aoyama", "new"), (3, "Ben Brandt", "refused"), (4, "Chloé Ćwik", "new"),
        (5, "Dan Dorn", "unchanged")]  # row numbers as the spreadsheet shows them
    assert (outcome.registered, outcome.refused, outcome.notes) == (2, 1, [])
    ann, ben, chloe, dan = outcome.rows
    assert isinstance(ben.error, EventError) and ben.error.code == "deck-not-legal"
    assert ben.error.hint["name"] == "Ben Brandt" and "BANNED" in ben.error.hint["codes"]
    # dan dorn is registered already, without a deck, and the sheet gives none: left alone
    assert dan.error is None and dan.registration is not None
    assert dan.registration.player.name == "dan dorn"
    assert ann.registration is not None and chloe.registration is not None
    for row in (ann, chloe):
        assert row.registration is not None
        player = row.registration.player
        assert player == store.read_player(conn, player.id)  # what was stored, read back
        assert player.deck_legal and player.deck_source == f"{GOOGLE_FORM.name} row {row.row}"
        assert row.registration.report is not None and row.registration.report.legal
    assert chloe.registration.player.ext_id == "0000654321"
    # an audit entry per registration and per deck; none for a refused row
    added = _audit(conn)[len(before):]
    assert added == [("register", f"player {ann.registration.player.id} Ann Aoyama"),
                     ("deck", f"player {ann.registration.player.id} Ann Aoyama"),
                     ("register", f"player {chloe.registration.player.id} Chloé Ćwik"),
                     ("deck", f"player {chloe.registration.player.id} Chloé Ćwik")]
    assert [p.name for p in store.read_players(conn)] == ["dan dorn", "Ann Aoyama",
                                                          "Chloé Ćwik"]


def test_allow_illegal_registers_the_illegal_deck_and_logs_it(conn: Any,
                                                              tmp_path: Path) -> None:
    outcome = register_sheet(conn, _copy(tmp_path), allow_illegal=True)
    assert (outcome.registered, outcome.refused) == (4, 0)
    ben = outcome.rows[1].registration
    assert ben is not None and ben.player.deck_legal is False
    assert ("allow-illegal", f"player {ben.player.id} Ben Brandt") in _audit(conn)
    dan = outcome.rows[3].registration
    assert dan is not None and dan.report is None and dan.player.deck_legal is None


def test_once_paired_every_row_is_refused_unless_late(conn: Any, tmp_path: Path) -> None:
    for name in ("Xi", "Yu"):
        players.register_player(conn, name)
    rounds.pair_next_round(conn)
    sheet = _copy(tmp_path)
    before = store.read_snapshot(conn)
    outcome = register_sheet(conn, sheet, allow_illegal=True)
    assert outcome.registered == 0
    assert {(r.error.code, r.error.hint["name"]) for r in outcome.rows if r.error} == {
        ("round-paired", n) for n in ("Ann Aoyama", "Ben Brandt", "Chloé Ćwik", "Dan Dorn")}
    assert store.read_snapshot(conn) == before  # nothing written
    late = register_sheet(conn, sheet, allow_illegal=True, late=True)
    assert late.registered == 4
    for row in late.rows:
        assert row.registration is not None and row.registration.missed_rounds == [1]
        assert row.registration.player.late_entry_round == 2
    assert sum(action == "late-entry" for action, _ in _audit(conn)) == 8  # entry + loss


def test_a_sheet_that_cannot_be_read_registers_nobody(conn: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "signup.csv"
    sheet.write_text("Name,Player ID\nAnn,1\nBen,2\n,3\n", encoding="utf-8")
    before = store.read_snapshot(conn)
    with pytest.raises(SheetError, match="row 4: no player name"):
        register_sheet(conn, sheet)
    assert store.read_snapshot(conn) == before


def test_an_id_on_two_players_rows_refuses_the_later_row_alone(conn: Any,
                                                                tmp_path: Path) -> None:
    sheet = tmp_path / "signup.csv"
    sheet.write_text("Name,Player ID\nAnn,1\nBen,2\nCy,1\n", encoding="utf-8")
    outcome = register_sheet(conn, sheet)
    assert [(r.row, r.action) for r in outcome.rows] == [(2, "new"), (3, "new"),
                                                         (4, "refused")]
    error = outcome.rows[2].error
    assert isinstance(error, EventError) and error.code == "id-taken"
    assert str(error) == ("player id 1 is Ann's, on row 2: row 4 names Cy, another player "
                          "(correct the id or the name)")
    assert [p.name for p in store.read_players(conn)] == ["Ann", "Ben"]


def test_registered_names_are_updated_and_ids_of_others_refused(conn: Any, tmp_path: Path) -> None:
    players.register_player(conn, "Ann Lee")
    players.register_player(conn, "Cy", ext_id="A3")
    sheet = tmp_path / "signup.csv"
    sheet.write_text("Name,Player ID\nANN   lee,A1\nBo,A3\nDi,A4\nCY,A9\n",
                     encoding="utf-8")
    outcome = register_sheet(conn, sheet)
    assert [(r.row, r.action, str(r.error) if r.error else None) for r in outcome.rows] == [
        (2, "updated", None),  # Ann Lee, registered without an id, is given the sheet's
        (3, "refused", "id A3: already registered (to Cy)"), (4, "new", None),
        (5, "refused", "Cy: registered with id A3, not A9")]
    assert [(p.name, p.ext_id) for p in store.read_players(conn)] == [
        ("Ann Lee", "A1"), ("Cy", "A3"), ("Di", "A4")]


def _results_sheet(conn: Any, path: Path, result: str = "2-1") -> Path:
    names = store.player_names(conn)
    stage, rnd = queries.current_stage(conn)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Round", "Table", "Player 1", "Player 2", "Result"])
        for m in queries.round_matches(conn, stage, rnd):
            if m.player2 is not None:
                writer.writerow([rnd, m.table, names[m.player1], names[m.player2], result])
    return path


def test_a_results_sheet_is_recorded_all_or_nothing(conn: Any, tmp_path: Path) -> None:
    for name in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay"):
        players.register_player(conn, name)
    matches = rounds.pair_next_round(conn)
    entering.report_result(conn, matches[0].table, "2-0")
    sheet = _results_sheet(conn, tmp_path / "round1.csv", "0-2")  # table 1 says otherwise
    before = store.read_snapshot(conn)
    with pytest.raises(EventError) as refused:
        record_results_sheet(conn, sheet)
    exc = refused.value
    assert exc.code == ROWS_REFUSED and exc.hint["file"] == str(sheet)
    assert str(exc) == f"{sheet}: nothing recorded; 1 row(s) refused"
    [row] = exc.hint["rows"]
    assert row["row"] == 2 and row["error"].code == "result-exists"
    assert store.read_snapshot(conn) == before  # the other tables were not recorded
    # the command line words each refused row as it words the error alone
    assert describe(exc) == (f"{sheet}: nothing recorded; 1 row(s) refused:\n  row 2: "
                             f"{describe(row['error'])}")
    assert "tt event correct 1 1 RESULT" in describe(exc)
    entering.unreport_result(conn, 1, matches[0].table)
    assert record_results_sheet(conn, sheet) == 3
    assert status.missing_tables(conn) == []
    assert {m.result for m in queries.round_matches(conn, "swiss", 1)} == {"0-2"}


def test_deck_files_are_read_beside_the_sheet(conn: Any, tmp_path: Path) -> None:
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "ann.txt").write_bytes((FIXTURES / "events" / "legal_red.txt").read_bytes())
    (decks / "ben.txt").write_bytes((FIXTURES / "events" / "illegal_short.txt").read_bytes())
    sheet = tmp_path / "signup.csv"
    sheet.write_text("Player,Deck file\nAnn,decks/ann.txt\nBen,decks/ben.txt\n",
                     encoding="utf-8")
    ann, ben = register_sheet(conn, sheet).rows
    assert ann.registration is not None and ann.registration.player.deck_source == "ann.txt"
    assert ann.registration.player.deck_text == (decks / "ann.txt").read_text(encoding="utf-8")
    assert ben.error is not None and ben.error.code == "deck-not-legal"
    assert "deck ben.txt is not legal" in str(ben.error)
