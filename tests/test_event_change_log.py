"""An event command checks what it reads, not the whole file, and still refuses a
damaged value with exit 2 and a message.

Two checks stand in for the full check every open used to run (it grew with the event): the
change log (schema 7: triggers name every written row; the toolkit empties the log when it
commits, so an open checks only rows written by something else), and the store's readers,
which check the rows they return. The damage below is done by SQL on a plain connection; where
it must look like damage no trigger saw (a flipped byte), the log is emptied afterwards.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from event_helpers import EVENT_DECKS, Tt, dump

from tt_organizer.errors import EventError
from tt_organizer.events import store
from tt_organizer.events.store.schema import SCHEMA_VERSION

DECK = str(EVENT_DECKS / "legal_red.txt")


@pytest.fixture
def tt(tmp_path: Path) -> Tt:
    """Six players with decks; round 1 reported, round 2 paired and unreported."""
    tt = Tt(tmp_path / "event.sqlite")
    tt("create", "Cup", "--seed", "7", "--best-of", "1")
    for name in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay"):
        tt("register", name, "--deck", DECK)
    tt("pair")
    for table in (1, 2, 3):
        tt("report", str(table), "1-0")
    tt("pair")
    return tt


def _sql(path: Path, *statements: str, unlogged: bool = False) -> None:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA ignore_check_constraints = 1")
    with conn:
        for sql in statements:
            assert conn.execute(sql).rowcount >= 1, sql
        if unlogged:  # as a flipped byte would: no trigger ran
            conn.execute("DELETE FROM unchecked")
    conn.close()


def _logged(path: Path) -> list[tuple[str, int]]:
    conn = sqlite3.connect(path)
    try:
        return sorted(conn.execute("SELECT tbl, row FROM unchecked").fetchall())
    finally:
        conn.close()


def _refused(tt: Tt, *args: str) -> str:
    before = dump(tt.path)
    result = tt(*args, code=2)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert dump(tt.path) == before  # refused: nothing changed
    assert f"{tt.path}: the event file" in result.output, result.output
    return result.output


def test_what_the_toolkit_writes_leaves_the_log_empty(tt: Tt) -> None:
    assert _logged(tt.path) == []
    tt("drop", "Fay")
    tt("report", "1", "1-0")
    assert _logged(tt.path) == []


def test_a_hand_edit_is_logged_and_refused_by_a_command_that_never_reads_it(tt: Tt) -> None:
    """Player 2's deck is no business of `report 2`, but the log names the edited row, so the
    next open checks it and refuses the file."""
    _sql(tt.path, "UPDATE decks SET main = '{\"BT1-009\": \"four\"}' WHERE player_id = 2")
    assert _logged(tt.path) == [("players", 2)]
    out = _refused(tt, "report", "2", "1-0")
    assert "player 2: deck card counts are not card numbers" in out


def test_damage_no_trigger_saw_is_refused_where_it_is_read(tt: Tt) -> None:
    """A round-1 outcome nobody logged: the commands that read round 1 refuse the file; a
    report in round 2 reads none of it and goes ahead (the check is the rows read)."""
    _sql(tt.path, "UPDATE matches SET outcome = 'win' WHERE round = 1 AND table_no = 1",
         unlogged=True)
    assert _logged(tt.path) == []
    for args in (("standings",), ("standings", "--json"), ("pairings", "--round", "1"),
                 ("export", str(tt.path.parent / "out.xlsx"))):
        out = _refused(tt, *args)
        assert "outcome 'win'" in out, (args, out)
    tt("report", "2", "1-0")
    assert "outcome 'win'" in _refused(tt, "standings")


@pytest.mark.parametrize(("sql", "args", "says"), [
    ("UPDATE settings SET best_of = 2", ("report", "1", "1-0"), "best_of 2"),
    ("UPDATE players SET name = ' ' WHERE name = 'Ann'", ("drop", "--id", "1"),
     "player 1: no name"),
    ("UPDATE players SET dropped_round = -4 WHERE id = 3", ("standings",), "dropped_round -4"),
    ("UPDATE matches SET p1_games = -1 WHERE round = 2 AND table_no = 1",
     ("pairings", "--json"), "game counts -1"),
    ("UPDATE matches SET result = '9-9' WHERE round = 1 AND table_no = 2",
     ("correct", "1", "2", "0-1"), "result '9-9'"),
])
def test_a_command_refuses_a_damaged_row_it_reads(
    tt: Tt, sql: str, args: tuple[str, ...], says: str
) -> None:
    _sql(tt.path, sql, unlogged=True)
    assert says in _refused(tt, *args)


def test_a_failure_while_reading_is_reported_as_the_damage_it_is(tt: Tt) -> None:
    """Unparseable JSON in a deck makes reading the players fail: the full check then runs and
    the command says the file is damaged, naming it, instead of a traceback."""
    _sql(tt.path, "UPDATE decks SET codes = '{' WHERE player_id = 4", unlogged=True)
    out = _refused(tt, "players")
    assert "the event file is damaged" in out or "never writes" in out, out


def test_an_older_file_is_checked_whole_once_when_it_is_migrated(tt: Tt) -> None:
    """A file of schema 6 had no log: its migration runs the full check (here it finds a
    damaged match), then the log takes over."""
    conn = sqlite3.connect(tt.path)
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' "
                                "AND sql LIKE '%INTO unchecked%'").fetchall():
        conn.execute(f"DROP TRIGGER {name}")
    conn.executescript("DROP TABLE unchecked; DROP TABLE set_aside; "
                       "ALTER TABLE settings DROP COLUMN require_decks; "
                       "ALTER TABLE settings DROP COLUMN language; "
                       "ALTER TABLE settings DROP COLUMN intentional_draws; "
                       "PRAGMA user_version = 6;")
    conn.execute("PRAGMA ignore_check_constraints = 1")
    with conn:
        good = conn.execute("SELECT p1_games FROM matches WHERE id = 1").fetchone()[0]
        conn.execute("UPDATE matches SET p1_games = -1 WHERE id = 1")
    conn.close()
    with pytest.raises(EventError, match="game counts -1"):
        store.open_event(tt.path)
    conn = sqlite3.connect(tt.path)
    with conn:
        conn.execute("UPDATE matches SET p1_games = ? WHERE id = 1", (good,))
    conn.close()
    with store.connect(tt.path) as c:
        assert c.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert c.execute("SELECT count(*) FROM unchecked").fetchone()[0] == 0
