"""The event store: one SQLite file per event.

Connections run in autocommit mode with WAL journaling, foreign keys on and a busy timeout;
every change happens inside :func:`transaction` (``BEGIN IMMEDIATE``, so two processes writing
at once queue up instead of failing), and every change appends to the audit log (:func:`audit`).
:func:`load_snapshot` reads everything into the read model of :mod:`tt_organizer.events.models`.
"""

from __future__ import annotations

import contextvars
import datetime as dt
import functools
import getpass
import itertools
import json
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

from tt_organizer.errors import EventError
from tt_organizer.events.integrity import (
    READ_FAILURES,
    check_changes,
    check_event,
    check_matches_read,
    check_read,
    failure,
    forget_changes,
    shorten,
)
from tt_organizer.events.models import (
    AuditEntry,
    EventSettings,
    EventSnapshot,
    GameInfo,
    MatchInfo,
    PlayerInfo,
    build_all,
)
from tt_organizer.events.schema import APPLICATION_ID, SCHEMA_VERSION, migrate
from tt_organizer.events.store.interface import Connection, Row
from tt_organizer.safe_files import is_regular_file

# The connection and row types callers above the store name (no module outside the store
# imports sqlite3) are opaque to them: interface.Connection / interface.Row, whichever store
# made them. The failures of the database behind this store:
DatabaseError = sqlite3.DatabaseError
Error = sqlite3.Error  # any failure of the database (DatabaseError, OperationalError, ...)

BUSY_TIMEOUT_MS = 30_000
SQLITE_HEADER = b"SQLite format 3\x00"
# Hidden test hook: "SECONDS[:MARKER[:RELEASE]]" makes every outermost transaction create MARKER
# and wait just before COMMIT -- SECONDS, or until the file RELEASE exists (SECONDS at most) --
# so tests can kill a process inside an open transaction or hold its write lock at will.
TEST_PAUSE_ENV = "TT_TEST_PAUSE_IN_TRANSACTION"

_savepoints = itertools.count(1)
_commits = 0  # changes committed by this process (see committed_changes)


def committed_changes() -> int:
    """How many transactions that change an event this process has committed: the CLI compares
    it before and after a command, so that an error after the commit is not reported as a
    failure of the command (the change was made)."""
    return _commits


def now() -> str:
    """The current UTC time as ISO 8601 with seconds."""
    return _second_text(int(time.time()))


@functools.lru_cache(maxsize=1)
def _second_text(second: int) -> str:
    # formatted once a second, not once per row of a sign-up sheet's thousands
    return dt.datetime.fromtimestamp(second, dt.timezone.utc).isoformat()


_acting_as: contextvars.ContextVar[str | None] = contextvars.ContextVar("tt_actor", default=None)


@contextmanager
def acting_as(who: str) -> Iterator[None]:
    """Audit the changes made inside the block as ``who`` (e.g. the web server names the
    player or organizer and the address the request came from)."""
    token = _acting_as.set(who)
    try:
        yield
    finally:
        _acting_as.reset(token)


def actor() -> str:
    """Who makes the change: set by :func:`acting_as`, else ``$TT_ORGANIZER``, else the OS
    user name."""
    return _acting_as.get() or os.environ.get("TT_ORGANIZER") or _os_user()


@functools.lru_cache(maxsize=1)
def _os_user() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no user name in a bare container
        return "unknown"


def _connect(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _check_header(path: str) -> None:
    with open(path, "rb") as fh:
        head = fh.read(len(SQLITE_HEADER))
    if head != SQLITE_HEADER:
        raise EventError(f"{path}: not an event database (not an SQLite file, or corrupt)")


def create_database(path: str | Path) -> sqlite3.Connection:
    """Create a new, empty event database at ``path`` (refused if the file exists)."""
    p = os.fspath(path)  # os.path, not pathlib: an event command starts without loading it
    if os.path.exists(p) and not is_regular_file(p):
        raise EventError(f"{p}: not a regular file (a folder, named pipe or device)")
    if os.path.exists(p) and os.stat(p).st_size > 0:
        raise EventError(f"{p}: file exists; an event database is created only once")
    folder = os.path.dirname(p)
    if folder and not os.path.exists(folder):
        raise EventError(f"{folder}: no such folder")
    conn = _connect(p)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    try:
        with transaction(conn, pause=False, counted=False):
            # re-checked under the write lock: another `create` may have won the race
            if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise EventError(f"{p}: file exists; an event database is created only once")
            migrate(conn, 0)
    except BaseException:
        conn.close()
        raise
    return conn


def open_event(path: str | Path) -> sqlite3.Connection:
    """Open an existing event database, migrating an older schema.

    Raises EventError for a missing file, a corrupt or foreign SQLite file, or a database
    written by a newer schema; the file is not changed in any of those cases."""
    p = os.fspath(path)
    if not os.path.exists(p):
        raise EventError(f"{p}: no event database here", code="no-event",
                         hint={"command": "create"})
    if os.path.isdir(p):
        raise EventError(f"{p}: is a folder, not an event database")
    if not is_regular_file(p):  # a named pipe would block the open for ever
        raise EventError(f"{p}: not a regular file (a named pipe or device), not an event "
                         "database")
    _check_header(p)
    conn = _connect(p)
    try:
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if app_id != APPLICATION_ID:
            raise EventError(f"{p}: an SQLite file, but not a tt-organizer event database")
        if version > SCHEMA_VERSION:
            raise EventError(
                f"{p}: written by a newer tt-organizer (schema {version}; this version reads "
                f"up to {SCHEMA_VERSION}); upgrade tt-organizer"
            )
        conn.execute("PRAGMA synchronous = FULL")
        if version < SCHEMA_VERSION:
            with transaction(conn, pause=False, counted=False):
                # re-read under the write lock: another process may have migrated meanwhile
                current = conn.execute("PRAGMA user_version").fetchone()[0]
                if current < SCHEMA_VERSION:
                    migrate(conn, current)
                    audit(conn, "migrate", "schema", str(current), str(SCHEMA_VERSION))
                    if conn.execute("SELECT count(*) FROM settings").fetchone()[0] == 1:
                        check_event(conn, p)  # once, in full: from now on the change log tells
                        forget_changes(conn)
        _check_settings_row(conn, p)
        check_changes(conn, p)
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:  # a damaged schema's message
        conn.close()
        raise EventError(f"{p}: corrupt or not an event database ({shorten(str(exc))})") from None
    except BaseException:
        conn.close()
        raise
    return conn


def _check_settings_row(conn: sqlite3.Connection, p: str) -> None:
    if conn.execute("SELECT count(*) FROM settings").fetchone()[0] != 1:
        raise EventError(f"{p}: event database without settings (corrupt)")


@contextmanager
def connect(path: str | Path) -> Iterator[sqlite3.Connection]:
    """``with connect(path) as conn``: open the event database and close it afterwards.

    A failure of the block that reading a damaged file can cause (a database error, a value
    of the wrong type, ...) runs the full check (:func:`~tt_organizer.events.integrity.failure`)
    and, when the file is damaged, is raised as the EventError that says so."""
    conn = open_event(path)
    try:
        yield conn
    except EventError:
        raise
    except READ_FAILURES as exc:
        rollback_open(conn)
        found = failure(conn, path)
        if found is not None:
            raise found from exc
        raise
    finally:
        conn.close()


def _test_pause() -> None:
    spec = os.environ.get(TEST_PAUSE_ENV)
    if not spec:
        return
    seconds, _, rest = spec.partition(":")
    marker, _, release = rest.partition(":")
    if marker:
        with open(marker, "w", encoding="utf-8") as fh:
            fh.write(str(os.getpid()))
    if not release:
        time.sleep(float(seconds))
        return
    deadline = time.monotonic() + float(seconds)
    while not os.path.exists(release) and time.monotonic() < deadline:
        time.sleep(0.02)


@contextmanager
def transaction(
    conn: sqlite3.Connection, *, pause: bool = True, counted: bool = True
) -> Iterator[sqlite3.Connection]:
    """One write transaction (``BEGIN IMMEDIATE``); nested use becomes a savepoint, so a
    library call can run inside a caller's transaction. Any exception rolls it back.
    ``counted=False``: housekeeping (a schema migration), not a change a command made."""
    global _commits
    if conn.in_transaction:
        name = f"tt_sp{next(_savepoints)}"
        conn.execute(f"SAVEPOINT {name}")
        try:
            yield conn
        except BaseException:
            conn.execute(f"ROLLBACK TO {name}")
            conn.execute(f"RELEASE {name}")
            raise
        conn.execute(f"RELEASE {name}")
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        if counted:  # a change: rows written since the file was opened are checked first
            check_changes(conn)
        yield conn
        if counted:
            forget_changes(conn)
        if pause:
            _test_pause()
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    if counted:
        _commits += 1


def in_transaction(conn: sqlite3.Connection) -> bool:
    """Whether a transaction (a caller's, e.g. a sign-up sheet's) is open on ``conn``."""
    return conn.in_transaction


def rollback_open(conn: sqlite3.Connection) -> None:
    """Roll back a transaction left open (a server never hands one to the next request)."""
    if conn.in_transaction:
        conn.execute("ROLLBACK")


def _text(value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


_INSERT_AUDIT = ("INSERT INTO audit (at, actor, action, subject, old, new) "
                 "VALUES (?, ?, ?, ?, ?, ?)")


def audit(
    conn: sqlite3.Connection, action: str, subject: str, old: Any = None, new: Any = None
) -> None:
    """Append one entry to the audit log (values other than text are stored as JSON)."""
    conn.execute(_INSERT_AUDIT, (now(), actor(), action, subject, _text(old), _text(new)))


def audit_entries(conn: sqlite3.Connection,
                  entries: Sequence[tuple[str, str, Any, Any]]) -> None:
    """:func:`audit` of many entries at once, in order: ``(action, subject, old, new)``."""
    at, by = now(), actor()
    conn.executemany(_INSERT_AUDIT, [(at, by, action, subject, _text(old), _text(new))
                                     for action, subject, old, new in entries])


# --- reading -------------------------------------------------------------------------------


def read_settings(conn: sqlite3.Connection) -> EventSettings:
    """The event settings."""
    r = conn.execute("SELECT * FROM settings WHERE id = 1").fetchone()
    if r is None:
        raise EventError("event database without settings (corrupt)")
    settings = settings_from_row(r)
    check_read(conn, settings=settings)
    return settings


def settings_from_row(r: Row) -> EventSettings:
    """The settings stored in one ``settings`` row (its columns by name, JSON as text): how
    every store reads back what :func:`insert_settings` was given."""
    return EventSettings(
        name=r["name"],
        format_id=r["format_id"],
        banlist_date=r["banlist_date"],
        best_of=r["best_of"],
        rounds=r["rounds"],
        top_cut=r["top_cut"],
        win_points=r["win_points"],
        draw_points=r["draw_points"],
        loss_points=r["loss_points"],
        bye_points=r["bye_points"],
        unfinished=r["unfinished"],
        tiebreakers=tuple(t for t in r["tiebreakers"].split(",") if t),
        seed=r["seed"],
        strict_colors=bool(r["strict_colors"]),
        created_at=r["created_at"],
        format_settings={str(k): int(v) for k, v in json.loads(r["format_settings"]).items()},
        tiebreak_policy=r["tiebreak_policy"],  # read on first use (models.StoredPolicy)
        language=r["language"],
    )


_PLAYER_QUERY = (
    "SELECT p.*, d.source AS d_source, d.text AS d_text, d.legal AS d_legal, "
    "d.codes AS d_codes, d.colors AS d_colors, d.main AS d_main, d.pile AS d_pile "
    "FROM players p LEFT JOIN decks d ON d.player_id = p.id"
)
_MANY_IDS = 500  # above this many ids a query reads every row instead of naming them


def player_from_row(r: Row) -> PlayerInfo:
    """A player from a ``players`` row joined with its ``decks`` row (deck columns prefixed
    ``d_``, None without a deck): how every store reads back a player and their deck."""
    has_deck = r["d_text"] is not None
    return PlayerInfo(
        id=r["id"],
        name=r["name"],
        ext_id=r["ext_id"],
        registered_at=r["registered_at"],
        dropped=bool(r["dropped"]),
        dropped_round=r["dropped_round"],
        late_entry_round=r["late_entry_round"],
        deck_source=r["d_source"],
        deck_text=r["d_text"],
        deck_legal=bool(r["d_legal"]) if has_deck else None,
        deck_codes=tuple(json.loads(r["d_codes"])) if has_deck else (),
        deck_colors=tuple(json.loads(r["d_colors"])) if has_deck else (),
        main=json.loads(r["d_main"]) if has_deck else {},
        pile=json.loads(r["d_pile"]) if has_deck else {},
        pin=r["pin"],
    )


def read_players(conn: sqlite3.Connection) -> list[PlayerInfo]:
    """Every player with their registered deck, by id."""
    players = [player_from_row(r) for r in conn.execute(f"{_PLAYER_QUERY} ORDER BY p.id")]
    check_read(conn, players=players)
    return players


def read_roster(conn: sqlite3.Connection) -> list[PlayerInfo]:
    """Every player by id, without their deck (its fields are left empty): what pairing and
    standings need, read without parsing a decklist."""
    rows = _tuples(conn, "SELECT id, name, ext_id, registered_at, dropped != 0, dropped_round, "
                         "late_entry_round FROM players ORDER BY id")
    players = build_all(PlayerInfo, _ROSTER, rows, **_NO_DECK)
    check_read(conn, players=players)
    return players


def _tuples(conn: sqlite3.Connection, sql: str, args: Sequence[Any] = ()) -> list[Any]:
    """The rows of ``sql`` as plain tuples (cheaper than named rows when every row of a big
    table is read; the caller names the columns in its SELECT)."""
    cur = conn.cursor()
    cur.row_factory = None
    return cur.execute(sql, args).fetchall()


_ROSTER = ("id", "name", "ext_id", "registered_at", "dropped", "dropped_round",
           "late_entry_round")
_NO_DECK: dict[str, Any] = {  # a roster entry's deck fields (immutable: shared by every row)
    "deck_source": None, "deck_text": None, "deck_legal": None, "deck_codes": (),
    "deck_colors": (), "main": MappingProxyType({}), "pile": MappingProxyType({}), "pin": None}


def read_player(conn: sqlite3.Connection, player_id: int) -> PlayerInfo | None:
    """One player with their registered deck (None if there is no such player)."""
    row = conn.execute(f"{_PLAYER_QUERY} WHERE p.id = ?", (player_id,)).fetchone()
    if row is None:
        return None
    player = player_from_row(row)
    check_read(conn, players=(player,))
    return player


def player_names(conn: sqlite3.Connection, ids: Iterable[int | None] | None = None
                 ) -> dict[int, str]:
    """Player names by id: of ``ids`` (None entries skipped), or of every player."""
    wanted = None if ids is None else sorted({i for i in ids if i is not None})
    if wanted is None or len(wanted) > _MANY_IDS:
        return dict(_tuples(conn, "SELECT id, name FROM players"))
    marks = ",".join("?" * len(wanted))
    return dict(_tuples(conn, f"SELECT id, name FROM players WHERE id IN ({marks})", wanted))


_MATCH_COLUMNS = ("round", "table", "player1", "player2", "result", "p1_games", "p2_games",
                  "draws", "outcome", "reported_at", "stage")


def read_matches(
    conn: sqlite3.Connection, stage: str | None = None, round_number: int | None = None,
    table: int | None = None, *, tables_only: bool = False, games: bool = True,
    ids: Sequence[int] | None = None, player: int | None = None,
) -> list[MatchInfo]:
    """Every pairing and its games, Swiss before top cut, by round and table; or only those
    of ``stage`` / ``round_number`` / ``table`` when given, and with ``tables_only`` only those
    at a table (not the losses of a late entry) -- read through the index, not all. With
    ``games=False`` the games are not read (``MatchInfo.games`` is empty); ``ids``: only the
    matches with these row ids; ``player``: only those where this player sits."""
    where = ["table_no > 0"] if tables_only else []
    args: list[int | str] = []
    if ids is not None:
        where.append(f"id IN ({','.join('?' * len(ids))})")
        args.extend(ids)
    if player is not None:
        where.append("(player1 = ? OR player2 = ?)")
        args.extend((player, player))
    for column, value in (("stage", stage), ("round", round_number), ("table_no", table)):
        if value is not None:
            where.append(f"{column} = ?")
            args.append(value)
    cond = f" WHERE {' AND '.join(where)}" if where else ""
    by_match: dict[int, list[GameInfo]] = {}
    game_rows = conn.execute(
        "SELECT * FROM games"
        + (f" WHERE match_id IN (SELECT id FROM matches{cond})" if cond else "")
        + " ORDER BY match_id, number", args) if games else ()
    for g in game_rows:
        by_match.setdefault(g["match_id"], []).append(
            GameInfo(number=g["number"], first=g["first"], winner=g["winner"], turns=g["turns"])
        )
    rows = _tuples(
        conn, "SELECT id, round, table_no, player1, player2, result, p1_games, p2_games, draws, "
        f"outcome, reported_at, stage FROM matches{cond} "
        "ORDER BY stage = 'top-cut', round, table_no, id", args)
    if by_match:
        matches = [  # positional: MatchInfo's fields in their order
            MatchInfo(rnd, table, p1, p2, result, g1, g2, draws, outcome,
                      tuple(by_match.get(mid, ())), at, stage)
            for mid, rnd, table, p1, p2, result, g1, g2, draws, outcome, at, stage in rows
        ]
    else:  # no games: every row built at once (see build_all)
        matches = build_all(MatchInfo, _MATCH_COLUMNS, (r[1:] for r in rows), games=())
    check_matches_read(conn, " AND ".join(where), args, matches)
    return matches


def match_from_row(r: Row, games: Iterable[GameInfo]) -> MatchInfo:
    """A match from its ``matches`` row and its games: how every store reads one back."""
    return MatchInfo(
        round=r["round"],
        table=r["table_no"],
        player1=r["player1"],
        player2=r["player2"],
        result=r["result"],
        p1_games=r["p1_games"],
        p2_games=r["p2_games"],
        draws=r["draws"],
        outcome=r["outcome"],
        games=tuple(games),
        reported_at=r["reported_at"],
        stage=r["stage"],
    )


def read_audit(conn: sqlite3.Connection) -> list[AuditEntry]:
    """The audit log, oldest first."""
    return [audit_from_row(r) for r in conn.execute("SELECT * FROM audit ORDER BY id")]


def audit_from_row(r: Row) -> AuditEntry:
    """An entry of the audit log from its ``audit`` row: how every reader reads one back."""
    return AuditEntry(id=r["id"], at=r["at"], actor=r["actor"], action=r["action"],
                      subject=r["subject"], old=r["old"], new=r["new"])


def current_round(conn: sqlite3.Connection, stage: str = "swiss") -> int:
    """The highest round of ``stage`` paired so far (0 before the first pairing)."""
    row = conn.execute("SELECT max(number) FROM rounds WHERE stage = ?", (stage,)).fetchone()
    return row[0] or 0


def read_snapshot(conn: sqlite3.Connection, path: str = "", *, light: bool = False
                  ) -> EventSnapshot:
    """Everything stored, read in one consistent transaction; ``light`` leaves out the decks
    (:func:`read_roster`) and the audit log, for a check of pairings and results."""
    began = not conn.in_transaction
    if began:
        conn.execute("BEGIN")
    try:
        return EventSnapshot(
            path=path,
            settings=read_settings(conn),
            players=tuple(read_roster(conn) if light else read_players(conn)),
            matches=tuple(read_matches(conn)),
            audit=() if light else tuple(read_audit(conn)),
            current_round=current_round(conn),
        )
    finally:
        if began:
            conn.execute("COMMIT")


def load_snapshot(path: str | Path) -> EventSnapshot:
    """Open the event database at ``path`` and read all of it (EventError if it cannot)."""
    with connect(path) as conn:
        return read_snapshot(conn, str(path))


# The named operations, by table group (imported last: they need nothing from this module).
from tt_organizer.events.store.matches import (  # noqa: E402
    avoid_until,
    avoided_pairs,
    clear_result,
    delete_pairing,
    insert_bye,
    insert_missed_round,
    insert_pairing,
    insert_round,
    insert_settings,
    last_change,
    match_id,
    record_result,
    round_seeded,
    set_avoid,
    set_language,
    set_rounds,
    set_seats,
    unreported_tables,
)
from tt_organizer.events.store.players import (  # noqa: E402
    bye_round_texts,
    check_in_states,
    checked_in,
    count_players,
    delete_player,
    insert_deck,
    insert_decks,
    insert_player,
    name_with_ext_id,
    name_with_key,
    player_id_by_ext_id,
    player_id_by_name_key,
    player_id_by_number,
    player_pin,
    player_pins,
    roster_flags,
    set_bye_rounds,
    set_checked_in,
    set_dropped,
    set_dropped_round,
)
from tt_organizer.events.store.web import (  # noqa: E402
    answer_report,
    insert_report,
    insert_submission,
    open_report_row,
    report_row,
    report_rows,
    resolve_report,
    set_report_status,
    set_submission_status,
    submission_row,
    submission_rows,
    timer_row,
    write_timer,
)

# what the store offers (the named operations of its modules are re-exported here)
__all__ = [
    "Connection",
    "DatabaseError",
    "Error",
    "Row",
    "acting_as",
    "actor",
    "answer_report",
    "audit",
    "audit_entries",
    "audit_from_row",
    "avoid_until",
    "avoided_pairs",
    "bye_round_texts",
    "check_in_states",
    "checked_in",
    "clear_result",
    "committed_changes",
    "connect",
    "count_players",
    "create_database",
    "current_round",
    "delete_pairing",
    "delete_player",
    "in_transaction",
    "insert_bye",
    "insert_deck",
    "insert_decks",
    "insert_missed_round",
    "insert_pairing",
    "insert_player",
    "insert_report",
    "insert_round",
    "insert_settings",
    "insert_submission",
    "last_change",
    "load_snapshot",
    "match_from_row",
    "match_id",
    "name_with_ext_id",
    "name_with_key",
    "now",
    "open_event",
    "open_report_row",
    "player_from_row",
    "player_id_by_ext_id",
    "player_id_by_name_key",
    "player_id_by_number",
    "player_names",
    "player_pin",
    "player_pins",
    "read_audit",
    "read_matches",
    "read_player",
    "read_players",
    "read_roster",
    "read_settings",
    "read_snapshot",
    "record_result",
    "report_row",
    "report_rows",
    "resolve_report",
    "rollback_open",
    "roster_flags",
    "round_seeded",
    "set_avoid",
    "set_bye_rounds",
    "set_checked_in",
    "set_dropped",
    "set_dropped_round",
    "set_language",
    "set_report_status",
    "set_rounds",
    "set_seats",
    "set_submission_status",
    "settings_from_row",
    "submission_row",
    "submission_rows",
    "timer_row",
    "transaction",
    "unreported_tables",
    "write_timer",
]

if TYPE_CHECKING:  # mypy checks that this module implements the store interface
    import tt_organizer.events.store as _this
    from tt_organizer.events.store.interface import EventStore

    _IMPLEMENTS: EventStore[sqlite3.Connection] = _this
