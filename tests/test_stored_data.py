"""Stored data checked where it is read.

Each repro of the issue, done by SQL on a plain connection as a hand edit would: the columns of
a match against its result text (``UPDATE matches SET p1_games=0, p2_games=2`` on a 2-0), a
player at two tables of a round, rows deleted by hand (a match, a deck, a round, ...), a file
whose triggers or schema differ (``DROP TRIGGER``), and stored tiebreakers that cannot rank.
Every one is refused with exit 2 and a message naming the file, the file unchanged; none gives
a traceback or a figure computed from the edited rows.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from event_helpers import EVENT_DECKS, Tt, dump

from tt_organizer.errors import EventError
from tt_organizer.events import manual, store, timer
from tt_organizer.events.store import integrity, schema

DECK = str(EVENT_DECKS / "legal_red.txt")
PRINTED_STANDINGS = ("print", "standings", "-o", "standings.pdf")
# the schema version before this migration (the one that creates `removed`)
BEFORE = next(i for i, m in enumerate(schema.MIGRATIONS)
              if "CREATE TABLE IF NOT EXISTS removed" in m)


@pytest.fixture
def tt(tmp_path: Path) -> Tt:
    """Six best-of-three players with decks; round 1 reported (2-0 at table 1), round 2
    paired; Ann and Ben kept apart; the round timer started; a warning for Fay."""
    tt = Tt(tmp_path / "event.sqlite")
    tt("create", "Cup", "--seed", "7")
    for name in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay"):
        tt("register", name, "--deck", DECK)
    tt("avoid", "Ann", "Ben")
    tt("pair")
    for table, result in ((1, "2-0"), (2, "2-1"), (3, "0-2")):
        tt("report", str(table), result)
    tt("pair")
    with store.connect(tt.path) as conn:
        timer.start_timer(conn, 40)
    tt("penalty", "Fay", "game-rule-violation", "warning")
    return tt


def _sql(path: Path, *statements: str, unlogged: bool = False, foreign_keys: bool = False
         ) -> None:
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA foreign_keys = {int(foreign_keys)}")  # the sqlite3 shell's default
    conn.execute("PRAGMA ignore_check_constraints = 1")
    with conn:
        for sql in statements:
            conn.execute(sql)
        if unlogged:  # as a flipped byte would: no trigger ran
            conn.execute("DELETE FROM unchecked")
    conn.close()


def _refused(tt: Tt, *args: str) -> str:
    """Exit 2 with a message naming the file, nothing changed, no traceback."""
    before = dump(tt.path)
    result = tt(*args, code=2)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    assert "Traceback" not in result.output
    assert dump(tt.path) == before
    assert not (tt.path.parent / "out.xlsx").exists()
    return result.output


def _table_1(path: Path) -> tuple[int, int, int, int]:
    conn = sqlite3.connect(path)
    try:
        row = conn.execute("SELECT id, player1, player2, p1_games FROM matches "
                           "WHERE round = 1 AND table_no = 1").fetchone()
        return tuple(row)  # type: ignore[return-value]
    finally:
        conn.close()


EVERY_READER = [("standings",), ("standings", "--json"), ("pairings", "--round", "1"),
                ("export", "out.xlsx"), PRINTED_STANDINGS, ("report", "2", "2-0"),
                ("drop", "Fay"), ("status",)]


@pytest.mark.parametrize("args", EVERY_READER, ids=" ".join)
def test_games_against_the_result_text_logged(tt: Tt, args: tuple[str, ...]) -> None:
    """The issue's repro: a 2-0 whose games say 0-2 is refused by every command (the change
    log names the row), never scored as 100% GW for the loser."""
    assert _table_1(tt.path)[3] == 2
    _sql(tt.path, "UPDATE matches SET p1_games = 0, p2_games = 2 "
                  "WHERE round = 1 AND table_no = 1")
    out = _refused(tt, *args)
    assert "swiss round 1 table 1: result '2-0' but games 0-2-0" in out, out


@pytest.mark.parametrize("args", [("standings",), ("standings", "--json"),
                                  ("pairings", "--round", "1", "--json"), ("export", "out.xlsx"),
                                  PRINTED_STANDINGS], ids=" ".join)
def test_games_against_the_result_text_unlogged(tt: Tt, args: tuple[str, ...]) -> None:
    """The same edit where no trigger saw it (the log emptied too): the readers of round 1
    refuse it from what they read."""
    _sql(tt.path, "UPDATE matches SET p1_games = 0, p2_games = 2 "
                  "WHERE round = 1 AND table_no = 1", unlogged=True)
    out = _refused(tt, *args)
    assert "result '2-0' but games 0-2-0" in out, out


@pytest.mark.parametrize(("sql", "says"), [
    ("UPDATE matches SET outcome = 'p2' WHERE round = 1 AND table_no = 1",
     "result '2-0' but outcome 'p2'"),
    ("UPDATE matches SET result = NULL, reported_at = NULL WHERE round = 1 AND table_no = 1",
     "unreported, but outcome 'p1' and games 2-0-0"),
    ("UPDATE matches SET p1_games = 1, p2_games = 0 WHERE round = 1 AND table_no = 2",
     "result '2-1' but games 1-0-0"),
    ("UPDATE matches SET player2 = player1 WHERE round = 1 AND table_no = 3",
     "sits at two tables"),
    ("UPDATE matches SET player2 = (SELECT player1 FROM matches WHERE round = 1 AND "
     "table_no = 2) WHERE round = 1 AND table_no = 1", "sits at two tables"),
    ("UPDATE matches SET round = 7 WHERE round = 1 AND table_no = 3",
     "swiss round 7 table 3: a round that was never paired"),
    ("UPDATE matches SET player2 = 99 WHERE round = 1 AND table_no = 3",
     "swiss round 1 table 3: a player who is not registered"),
    ("INSERT INTO games VALUES ((SELECT id FROM matches WHERE round = 1 AND table_no = 1), "
     "2, NULL, NULL, 7)", "games [2] for 2 game(s) played"),
])
def test_cross_field_damage_is_refused_where_it_is_read(tt: Tt, sql: str, says: str) -> None:
    """Logged (refused at open) and unlogged (refused by the readers of round 1; the games
    by a command that reads them: the standings need only the counts)."""
    base = tt.path.read_bytes()
    for unlogged in (False, True):
        tt.path.write_bytes(base)
        _sql(tt.path, sql, unlogged=unlogged)
        assert says in _refused(tt, "standings", "--json") if "games [" not in says else \
            says in _refused(tt, "export", "out.xlsx")


def test_the_winners_of_stored_games_against_the_counts(tt: Tt) -> None:
    base = tt.path.read_bytes()
    tt("correct", "1", "1", "2-1", "--winners", "P1,P2,P1")
    _sql(tt.path, "UPDATE games SET winner = (SELECT player2 FROM matches WHERE round = 1 "
                  "AND table_no = 1) WHERE number = 3 AND match_id = (SELECT id FROM matches "
                  "WHERE round = 1 AND table_no = 1)")
    assert "game winners P1 1, P2 2 against games 2-1-0" in _refused(tt, "standings")
    tt.path.write_bytes(base)  # a winner not known (a blank) is not a drawn game
    tt("correct", "1", "1", "2-1", "--winners", "P1,,")
    tt("standings")


@pytest.mark.parametrize(("sql", "says"), [
    ("DELETE FROM matches WHERE round = 1 AND table_no = 2", "swiss round 1 table 2"),
    ("DELETE FROM decks WHERE player_id = 3", "the deck of player 3"),
    ("DELETE FROM games", None),  # no per-game rows in this event: nothing removed
    ("DELETE FROM rounds WHERE number = 2", "swiss round 2"),
    ("DELETE FROM avoid_pairs", "the avoid pair of players 1 and 2"),
    ("DELETE FROM web_timer", "the round timer"),
    ("DELETE FROM players WHERE id = 6", "player 6"),
    ("DELETE FROM penalties", "penalty 1"),
])
@pytest.mark.parametrize("foreign_keys", [False, True])
def test_a_row_deleted_by_hand_is_noticed(tt: Tt, sql: str, says: str | None,
                                          foreign_keys: bool) -> None:
    """Deleting a match or a deck (or any row) by hand refuses the file, naming the row, with
    foreign keys off (the sqlite3 shell) or on (the cascade is named as well)."""
    try:
        _sql(tt.path, sql, foreign_keys=foreign_keys)
    except sqlite3.IntegrityError:  # with foreign keys on, a referenced row cannot go
        assert foreign_keys
        return
    if says is None:
        tt("standings")
        return
    for args in (("status",), ("report", "1", "2-0"), ("drop", "Eve")):
        out = _refused(tt, *args)
        assert "had rows deleted by something other than tt-organizer" in out, out
        assert says in out, out


def test_the_toolkit_deletes_rows_without_a_trace(tt: Tt) -> None:
    """The toolkit's own deletes (a result taken back, a table unpaired) leave no trace."""
    tt("correct", "1", "1", "2-1", "--winners", "P1,P2,P1")
    tt("correct", "1", "1", "2-0")  # deletes the three game rows
    with store.connect(tt.path) as conn:
        manual.unpair(conn, 1)  # deletes round 2's table 1
    conn = sqlite3.connect(tt.path)
    assert conn.execute("SELECT count(*) FROM removed").fetchone()[0] == 0
    assert conn.execute("SELECT count(*) FROM unchecked").fetchone()[0] == 0
    conn.close()


@pytest.mark.parametrize("sql", [
    "UPDATE rounds SET seeded = 7 WHERE number = 1",
    "UPDATE avoid_pairs SET until_round = -3",
    "UPDATE web_timer SET seconds = 'soon'",
])
def test_updates_of_the_other_tables_are_logged_and_checked(tt: Tt, sql: str) -> None:
    _sql(tt.path, sql)
    out = _refused(tt, "status")
    assert "a value the toolkit never writes" in out or "CHECK constraint failed" in out, out


def test_every_table_logs_its_inserts_updates_and_deletes() -> None:
    """What each table's triggers log, read from the schema this version writes: any table
    added later without them fails here."""
    conn = sqlite3.connect(":memory:")
    schema.migrate(conn, 0)
    tables = {r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'")}
    triggers = conn.execute("SELECT tbl_name, sql FROM sqlite_master WHERE type = 'trigger'"
                            ).fetchall()
    conn.close()
    for table in sorted(tables - {"unchecked", "removed"}):
        for event, log in (("INSERT", "INTO unchecked"), ("UPDATE", "INTO unchecked"),
                           ("DELETE", "INTO removed")):
            ok = [sql for t, sql in triggers if t == table and re.search(
                rf"\b(AFTER|BEFORE) {event} ON {table}\b", sql) and (
                log in sql or "RAISE(ABORT" in sql)]
            assert ok, f"{table}: no trigger logs (or forbids) its {event}"


def test_a_dropped_trigger_is_refused_by_report_and_drop(tt: Tt) -> None:
    """The issue's repro: after ``DROP TRIGGER`` an edit is not logged; `report` and `drop`
    used to commit on top of it with exit 0. The file is refused, naming the trigger."""
    _sql(tt.path, "DROP TRIGGER matches_changed",
         "UPDATE matches SET p1_games = 0, p2_games = 2 WHERE round = 1 AND table_no = 1")
    for args in (("report", "1", "2-0"), ("drop", "Fay"), ("status",)):
        out = _refused(tt, *args)
        assert "schema differs" in out and "trigger matches_changed is missing" in out, out


@pytest.mark.parametrize(("sql", "says"), [
    ("CREATE TRIGGER quiet AFTER INSERT ON unchecked BEGIN DELETE FROM unchecked; END",
     "trigger quiet is not one this version writes"),
    ("CREATE INDEX mine ON players(name)", "index mine is not one this version writes"),
    ("DROP TRIGGER matches_deleted", "trigger matches_deleted is missing"),
    ("ALTER TABLE players ADD COLUMN note TEXT", "table players is defined differently"),
    ("DROP TABLE removed", "table removed is missing"),
])
def test_a_schema_that_differs_is_named(tt: Tt, sql: str, says: str) -> None:
    _sql(tt.path, sql)
    assert says in _refused(tt, "report", "1", "2-0")
    with pytest.raises(EventError, match=re.escape(says)):
        store.open_event(tt.path)


def test_a_trigger_dropped_while_a_connection_is_open_stops_its_next_change(tt: Tt) -> None:
    """A server holds the file open: a trigger dropped meanwhile refuses its next change."""
    with store.connect(tt.path) as conn:
        _sql(tt.path, "DROP TRIGGER players_changed")
        with pytest.raises(EventError, match="trigger players_changed is missing"), \
                store.transaction(conn):
            pass


@pytest.mark.parametrize("args", [("export", "out.xlsx"), PRINTED_STANDINGS, ("standings",),
                                  ("standings", "--json")], ids=" ".join)
def test_stored_tiebreakers_that_cannot_rank(tt: Tt, args: tuple[str, ...]) -> None:
    """The issue's repro: ``nope,nope`` stored as the tiebreakers (unlogged, so that only the
    command's own reading can find it) exits 2 with a message, not a traceback."""
    _sql(tt.path, "UPDATE settings SET tiebreakers = 'nope,nope'", unlogged=True)
    out = _refused(tt, *args)
    assert "nope" in out and "tiebreaker" in out, out


@pytest.mark.parametrize("policy", ["{", '{"floor": "high"}', "[1, 2]"])
def test_a_stored_tiebreak_policy_that_cannot_be_read(tt: Tt, policy: str) -> None:
    conn = sqlite3.connect(tt.path)
    with conn:
        conn.execute("UPDATE settings SET tiebreak_policy = ?", (policy,))
        conn.execute("DELETE FROM unchecked")
    conn.close()
    out = _refused(tt, "standings")
    assert "tiebreak policy" in out, out


def _before_the_log_of_deletes(path: Path) -> None:
    """Turn a file back into the schema before this issue's migration: no `removed` table,
    none of the triggers it adds."""
    conn = sqlite3.connect(path)
    names = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND (name LIKE '%\\_logged' "
        "ESCAPE '\\' OR name LIKE '%\\_deleted' ESCAPE '\\')")]
    assert len(names) == 24, names
    for name in names:
        conn.execute(f"DROP TRIGGER {name}")
    conn.executescript(f"DROP TABLE removed; PRAGMA user_version = {BEFORE};")
    conn.close()


def test_an_older_file_is_migrated_and_its_deletes_logged_from_then_on(tt: Tt) -> None:
    _before_the_log_of_deletes(tt.path)
    _sql(tt.path, "DELETE FROM web_timer")  # before the migration nothing logs this delete
    assert tt.json("status")["players"]  # migrated on open, and the file is sound
    conn = sqlite3.connect(tt.path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert conn.execute("SELECT count(*) FROM removed").fetchone()[0] == 0
    conn.close()
    _sql(tt.path, "DELETE FROM decks WHERE player_id = 2")
    assert "the deck of player 2" in _refused(tt, "status")


def test_an_older_file_without_one_of_its_triggers_is_refused_after_migration(tt: Tt) -> None:
    """The migration adds its own triggers, not the ones a hand dropped from an older schema:
    the file is refused and left as it was (still the older version)."""
    _before_the_log_of_deletes(tt.path)
    _sql(tt.path, "DROP TRIGGER decks_changed")
    out = _refused(tt, "status")
    assert "trigger decks_changed is missing" in out, out
    conn = sqlite3.connect(tt.path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == BEFORE
    conn.close()


def test_the_sound_event_is_untouched_by_the_checks(tt: Tt) -> None:
    """What the toolkit writes passes every check (and the figures are the real ones)."""
    rows = {r["player"]: r for r in tt.json("standings")}
    assert len(rows) == 6
    tt("export", str(tt.path.parent / "out.xlsx"))
    tt(*PRINTED_STANDINGS[:2], "-o", str(tt.path.parent / "s.pdf"))
    with store.connect(tt.path) as conn:
        integrity.check_event(conn, tt.path)


@pytest.fixture(scope="module")
def seven(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Seven players (a bye), a late entry (a missed round at table 0), a draw and a double
    loss reported in round 1; round 2 paired, one table of it reported."""
    from tt_organizer.events import entering, players, queries, rounds, setup

    path = tmp_path_factory.mktemp("seven") / "event.sqlite"
    setup.create_event(path, "Cup", seed=42)
    with store.connect(path) as conn:
        for name in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"):
            players.register_player(conn, name, deck_path=DECK)
        rounds.pair_next_round(conn)
        for i, m in enumerate(queries.round_matches(conn, "swiss", 1)):
            if m.result is None:
                entering.report_result(conn, m.table, ("2-1", "1-1-1", "double-loss")[i % 3])
        players.register_player(conn, "Ivy", deck_path=DECK, late=True)
        rounds.pair_next_round(conn)
        entering.report_result(conn, queries.round_matches(conn, "swiss", 2)[0].table, "0-2")
    return path


def test_the_seven_player_event_reads_as_it_should(seven: Path) -> None:
    """Unedited, the event the edits below start from reads whole (a bye, a missed round, an
    unreported table among them)."""
    with store.connect(seven) as conn:
        outcomes = {r.outcome for r in store.read_results(conn, "swiss")}
        assert {"bye", "loss-missed", "draw", "double-loss"} <= outcomes
        assert any(m.outcome is None for m in store.read_matches(conn, "swiss"))


_BYE = "player2 IS NULL AND table_no > 0 AND round = 1"
_MISSED = "table_no = 0"
_OPEN = "round = 2 AND outcome IS NULL AND table_no = 2"


@pytest.mark.parametrize("sql", [
    f"UPDATE matches SET outcome = 'p1', result = 'bye' WHERE {_BYE}",
    f"UPDATE matches SET p1_games = 5 WHERE {_BYE}",
    f"UPDATE matches SET player2 = 1 WHERE {_BYE}",
    f"UPDATE matches SET outcome = 'bye' WHERE {_MISSED}",
    f"UPDATE matches SET round = 2 WHERE {_MISSED}",
    f"UPDATE matches SET player1 = (SELECT player1 FROM matches WHERE round = 1 AND "
    f"table_no = 1) WHERE {_MISSED}",
    f"UPDATE matches SET outcome = 'p1' WHERE {_OPEN}",
    f"UPDATE matches SET player2 = (SELECT player1 FROM matches WHERE round = 2 AND "
    f"table_no = 3) WHERE {_OPEN}",
    f"UPDATE matches SET player1 = 99 WHERE {_OPEN}",
    "UPDATE matches SET round = 1.5 WHERE round = 1 AND table_no = 1",
    "UPDATE matches SET p2_games = 'two' WHERE round = 1 AND table_no = 1",
    "UPDATE matches SET round = 7 WHERE round = 1 AND table_no = 1",
    "UPDATE matches SET player1 = player2 WHERE round = 1 AND table_no = 1",
])
def test_the_standings_read_refuses_what_the_match_read_refuses(
        seven: Path, tmp_path: Path, sql: str) -> None:
    """Unlogged edits to a bye, a late entry's missed round, an unreported table and a
    reported one: the standings' narrow read (``read_results``) refuses each with the very
    message of the full read (``read_matches``), and ``tt event standings`` exits 2."""
    path = tmp_path / "event.sqlite"
    path.write_bytes(seven.read_bytes())
    _sql(path, sql, unlogged=True)
    messages = []
    with store.connect(path) as conn:
        for read in (lambda: store.read_matches(conn, "swiss", games=False),
                     lambda: store.read_results(conn, "swiss")):
            with pytest.raises(EventError) as refused:
                read()
            messages.append(str(refused.value))
    assert messages[0] == messages[1], messages
    assert "Traceback" not in _refused(Tt(path), "standings")
