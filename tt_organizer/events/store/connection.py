"""Opening an event file (checked, migrated) and the transactions every change runs in.

Connections run in autocommit mode with WAL journaling, foreign keys on and a busy timeout;
every change happens inside :func:`transaction` (``BEGIN IMMEDIATE``, so two processes writing
at once queue up instead of failing), and every change appends to the audit log
(:func:`~tt_organizer.events.store.audit.audit`).
"""

from __future__ import annotations

import itertools
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from tt_organizer.errors import EventError, count_commit
from tt_organizer.errors import committed_changes as committed_changes
from tt_organizer.events.models import EventSnapshot
from tt_organizer.events.store.audit import audit
from tt_organizer.events.store.integrity import check_changes, check_event, failure, forget_changes
from tt_organizer.events.store.reads import read_snapshot
from tt_organizer.events.store.schema import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    migrate,
    schema_differences,
)
from tt_organizer.events.store.values import READ_FAILURES, path_of, shorten, some
from tt_organizer.events.store.web import close_withdrawn, forget_withdrawn, withdrawn_reports
from tt_organizer.safe_files import is_regular_file

if TYPE_CHECKING:
    from pathlib import Path

DatabaseError = sqlite3.DatabaseError
Error = sqlite3.Error  # any failure of the database (DatabaseError, OperationalError, ...)

BUSY_TIMEOUT_MS = 30_000
# Hidden test hook: "SECONDS[:MARKER[:RELEASE]]" makes every outermost transaction create MARKER
# and wait just before COMMIT -- SECONDS, or until the file RELEASE exists (SECONDS at most) --
# so tests can kill a process inside an open transaction or hold its write lock at will.
TEST_PAUSE_ENV = "TT_TEST_PAUSE_IN_TRANSACTION"

_savepoints = itertools.count(1)


def _connect(path: str) -> sqlite3.Connection:
    # The wait for a busy file is set once, by the pragma (a ``timeout=`` here would be replaced
    # by it at once).
    conn = sqlite3.connect(path, isolation_level=None)
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _check_header(conn: sqlite3.Connection, path: str) -> None:
    """Refuse a file that is not an SQLite database, reading its header through SQLite.

    Never with a plain ``open()``: closing any other descriptor of the database file drops
    every POSIX lock this process holds on it (the server's other connections' too), and a
    process that believes it is the last connection checkpoints and deletes the WAL under
    the others (https://www.sqlite.org/howtocorrupt.html, section 2.2)."""
    try:
        conn.execute("PRAGMA schema_version").fetchone()
    except sqlite3.DatabaseError as exc:
        raise EventError("not-sqlite", file=path, detail=shorten(str(exc))) from None


def create_database(path: str | Path) -> sqlite3.Connection:
    """Create a new, empty event database at ``path`` (refused if the file exists)."""
    p = os.fspath(path)  # os.path, not pathlib: an event command starts without loading it
    if os.path.exists(p) and not is_regular_file(p):
        raise EventError("event-not-regular-file", file=p)
    if os.path.exists(p) and os.stat(p).st_size > 0:
        raise EventError("event-exists", file=p)
    folder = os.path.dirname(p)
    if folder and not os.path.exists(folder):
        raise EventError("no-folder", folder=folder)
    conn = _connect(p)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
    except sqlite3.OperationalError:
        # another `create` may hold the empty file's write lock (SQLite cannot wait to change
        # the journal mode): wait for it, and refuse if it made the file an event database
        try:
            conn.execute("BEGIN IMMEDIATE")  # waits for the lock (the busy timeout)
            taken = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        finally:
            conn.close()  # which ends the transaction
        if taken:
            raise EventError("event-exists", file=p) from None
        raise
    conn.execute("PRAGMA synchronous = FULL")
    try:
        with transaction(conn, pause=False, counted=False):
            # re-checked under the write lock: another `create` may have won the race
            if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise EventError("event-exists", file=p)
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
        raise EventError("no-event", file=p, hint={"command": "create"})
    if os.path.isdir(p):
        raise EventError("event-is-folder", file=p)
    if not is_regular_file(p):  # a named pipe would block the open for ever
        raise EventError("event-not-regular", file=p)
    conn = _connect(p)
    try:
        _check_header(conn, p)
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if app_id != APPLICATION_ID:
            raise EventError("not-event-database", file=p)
        if version > SCHEMA_VERSION:
            raise EventError("schema-newer", file=p, version=version, supported=SCHEMA_VERSION)
        conn.execute("PRAGMA synchronous = FULL")
        if version < SCHEMA_VERSION:
            with transaction(conn, pause=False, counted=False):
                # re-read under the write lock: another process may have migrated meanwhile
                current = conn.execute("PRAGMA user_version").fetchone()[0]
                if current > SCHEMA_VERSION:  # a newer tt migrated it meanwhile
                    raise EventError("schema-newer", file=p, version=current,
                                     supported=SCHEMA_VERSION)
                if current < SCHEMA_VERSION:
                    migrate(conn, current)
                    check_schema(conn, p)
                    audit(conn, "migrate", "schema", str(current), str(SCHEMA_VERSION))
                    if conn.execute("SELECT count(*) FROM settings").fetchone()[0] == 1:
                        check_event(conn, p)  # once, in full: from now on the change log tells
                        forget_changes(conn)
        check_schema(conn, p)
        _check_settings_row(conn, p)
        check_changes(conn, p)
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:  # a damaged schema's message
        conn.close()
        raise EventError("event-corrupt", file=p, detail=shorten(str(exc))) from None
    except BaseException:
        conn.close()
        raise
    return conn


def check_schema(conn: sqlite3.Connection, path: str | Path | None = None) -> None:
    """Refuse a file whose tables, indexes or triggers differ from what this version writes
    (a trigger dropped by hand would let changes past the change log unseen)."""
    differences = schema_differences(conn)
    if differences:
        where = path if path is not None else path_of(conn)
        raise EventError("schema-differs", file=str(where), differences=some(differences))


def _check_settings_row(conn: sqlite3.Connection, p: str) -> None:
    if conn.execute("SELECT count(*) FROM settings").fetchone()[0] != 1:
        raise EventError("no-settings-file", file=p)


@contextmanager
def connect(path: str | Path) -> Iterator[sqlite3.Connection]:
    """``with connect(path) as conn``: open the event database and close it afterwards.

    A failure of the block that reading a damaged file can cause (a database error, a value
    of the wrong type, ...) runs the full check
    (:func:`~tt_organizer.events.store.integrity.failure`) and, when the file is damaged, is
    raised as the EventError that says so."""
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
        close_withdrawn(conn)
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
    if conn.in_transaction:
        name = f"tt_sp{next(_savepoints)}"
        conn.execute(f"SAVEPOINT {name}")
        kept = len(withdrawn_reports(conn))
        try:
            yield conn
        except BaseException:
            forget_withdrawn(conn, kept)
            conn.execute(f"ROLLBACK TO {name}")
            conn.execute(f"RELEASE {name}")
            raise
        conn.execute(f"RELEASE {name}")
        return
    conn.execute("BEGIN IMMEDIATE")
    forget_withdrawn(conn)
    try:
        if counted:  # a change: rows written since the file was opened are checked first
            check_schema(conn)  # (by the triggers that are still there)
            check_changes(conn)
        yield conn
        if counted:
            forget_changes(conn)
        if pause:
            _test_pause()
    except BaseException:
        forget_withdrawn(conn)
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    if counted:
        count_commit()


def in_transaction(conn: sqlite3.Connection) -> bool:
    """Whether a transaction (a caller's, e.g. a sign-up sheet's) is open on ``conn``."""
    return conn.in_transaction


def rollback_open(conn: sqlite3.Connection) -> None:
    """Roll back a transaction left open (a server never hands one to the next request)."""
    if conn.in_transaction:
        conn.execute("ROLLBACK")


def load_snapshot(path: str | Path) -> EventSnapshot:
    """Open the event database at ``path`` and read all of it (EventError if it cannot)."""
    with connect(path) as conn:
        return read_snapshot(conn, str(path))
