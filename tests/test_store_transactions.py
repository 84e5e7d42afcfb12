"""The store's transactions, by what a change leaves in the event file -- all of it
or nothing, a nested step undone alone, two writers queued instead of failing, the count of
committed changes the command line relies on, and the files ``create`` takes or refuses."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from pathlib import Path

import pytest
from event_helpers import as_version_5, dump

from tt_organizer.errors import EventError
from tt_organizer.events import players, setup, store
from tt_organizer.events.store import connection
from tt_organizer.events.store.schema import SCHEMA_VERSION


@pytest.fixture
def path(tmp_path: Path) -> Path:
    p = tmp_path / "event.sqlite"
    setup.create_event(p, "Store Cup", seed=1)
    return p


def names(conn: sqlite3.Connection) -> list[str]:
    return [p.name for p in store.read_players(conn)]


class Boom(Exception):
    pass


def test_a_failed_change_leaves_the_file_as_it_was(path: Path) -> None:
    before = dump(path)
    with store.connect(path) as conn:
        with pytest.raises(Boom), store.transaction(conn):
            players.register_player(conn, "Ada")
            assert names(conn) == ["Ada"]  # seen inside the transaction...
            raise Boom
        assert not store.in_transaction(conn)
        assert names(conn) == []  # ...and gone after it
    assert dump(path) == before


def test_a_nested_step_that_fails_is_undone_alone(path: Path) -> None:
    with store.connect(path) as conn:
        with store.transaction(conn):
            players.register_player(conn, "Ada")
            with pytest.raises(Boom), store.transaction(conn):
                players.register_player(conn, "Ben")
                raise Boom
            assert store.in_transaction(conn)  # the outer one goes on
            players.register_player(conn, "Cal")
        assert not store.in_transaction(conn)
    with store.connect(path) as conn:
        assert names(conn) == ["Ada", "Cal"]


def test_an_outer_failure_undoes_the_nested_steps_too(path: Path) -> None:
    with store.connect(path) as conn, pytest.raises(Boom), store.transaction(conn):
        with store.transaction(conn):
            players.register_player(conn, "Ben")
        raise Boom
    with store.connect(path) as conn:
        assert names(conn) == []


def test_committed_changes_counts_each_outer_commit_once(path: Path) -> None:
    with store.connect(path) as conn:
        start = connection.committed_changes()
        with store.transaction(conn):
            players.register_player(conn, "Ada")  # its own transaction nests: not counted
        assert connection.committed_changes() == start + 1
        players.register_player(conn, "Ben")  # a library call alone: one commit
        assert connection.committed_changes() == start + 2
        with pytest.raises(Boom), store.transaction(conn):
            raise Boom
        with store.transaction(conn, counted=False):
            pass
        assert connection.committed_changes() == start + 2


def test_two_writers_queue_instead_of_failing(path: Path) -> None:
    """One connection holds the write lock for a moment; the other's change waits for it
    and then goes through (BEGIN IMMEDIATE with a busy timeout)."""
    holding = threading.Event()
    errors: list[BaseException] = []

    def hold() -> None:
        try:
            with store.connect(path) as conn, store.transaction(conn):
                players.register_player(conn, "Ada")
                holding.set()
                time.sleep(0.6)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)
            holding.set()

    worker = threading.Thread(target=hold)
    worker.start()
    assert holding.wait(10)
    started = time.monotonic()
    with store.connect(path) as conn:
        players.register_player(conn, "Ben")
        waited = time.monotonic() - started
    worker.join(10)
    assert errors == []
    assert waited > 0.2  # it queued behind the lock
    with store.connect(path) as conn:
        assert names(conn) == ["Ada", "Ben"]


def test_rollback_open_ends_a_transaction_left_open(path: Path) -> None:
    with store.connect(path) as conn:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("UPDATE settings SET name = 'Changed'")
        store.rollback_open(conn)
        assert not store.in_transaction(conn)
        store.rollback_open(conn)  # nothing open: nothing to do
        assert store.read_settings(conn).name == "Store Cup"


def test_create_takes_an_empty_file_and_refuses_a_used_one(tmp_path: Path) -> None:
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    setup.create_event(empty, "Empty Cup")
    with store.connect(empty) as conn:
        assert store.read_settings(conn).name == "Empty Cup"
    with pytest.raises(EventError, match="created only once"):
        setup.create_event(empty, "Again")
    with pytest.raises(EventError, match="no such folder"):
        setup.create_event(tmp_path / "missing" / "e.sqlite", "Nowhere")
    with pytest.raises(EventError, match="not a regular file"):
        setup.create_event(tmp_path, "A folder")


def test_create_refuses_any_file_with_content_and_leaves_it_as_it_was(tmp_path: Path) -> None:
    """Only an empty file is taken: a one-byte file (the smallest with anything in it) is
    someone's file, refused as existing and left byte for byte."""
    one = tmp_path / "one.sqlite"
    one.write_bytes(b"x")
    with pytest.raises(EventError, match="file exists; an event database is created only once"):
        setup.create_event(one, "One Byte Cup")
    assert one.read_bytes() == b"x"


@pytest.mark.parametrize(("dropped", "tail"), [
    (5, "trigger avoid_pairs_insert_logged is missing); restore it"),
    (7, "trigger avoid_pairs_insert_logged is missing; and 2 more); restore it"),
    (13, "; and 8 more); restore it"),
])
def test_a_file_whose_triggers_were_dropped_is_refused_naming_them(
        path: Path, dropped: int, tail: str) -> None:
    """Five differences are named, the rest counted (a trigger dropped by hand would let
    changes past the change log unseen)."""
    conn = sqlite3.connect(path)
    names_ = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")]
    for name in names_[:dropped]:
        conn.execute(f"DROP TRIGGER {name}")
    conn.commit()
    conn.close()
    before = dump(path)
    with pytest.raises(EventError) as refused, store.connect(path):
        pass
    text = str(refused.value)
    assert "schema differs" in text and "trigger audit_added is missing" in text
    assert text.count(" is missing") == 5
    assert tail in text
    assert dump(path) == before


def test_a_file_with_fewer_than_five_differences_names_each_and_counts_none(
        path: Path) -> None:
    conn = sqlite3.connect(path)
    first = conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' "
                         "ORDER BY name").fetchone()[0]
    conn.execute(f"DROP TRIGGER {first}")
    conn.commit()
    conn.close()
    with pytest.raises(EventError) as refused, store.connect(path):
        pass
    text = str(refused.value)
    assert f"(trigger {first} is missing); restore it" in text
    assert "more" not in text and text.count(" is missing") == 1


def test_every_connection_waits_the_documented_30_s_for_a_writer(tmp_path: Path) -> None:
    """docs/events.md promises "a 30 s busy timeout" (docs/serve.md: a second writer "waits
    for the first (up to 30 s)"): the timeout SQLite applies on the store's connections, read
    back from SQLite itself, is exactly that (the wait itself is shown short by the queued
    writers test; waiting 30 s in a test is too slow)."""
    path = tmp_path / "ev.sqlite"
    setup.create_event(path, "Busy Cup")
    with store.connect(path) as conn:
        assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == 30_000


def test_opening_a_current_event_does_not_wait_for_a_writer(tmp_path: Path) -> None:
    """Opening an up-to-date event file only reads (a migration is the one write an open may
    do): while another process holds the write lock, a phone page or ``tt event show`` opens
    the file and reads it at once instead of queueing behind the writer."""
    path = tmp_path / "ev.sqlite"
    setup.create_event(path, "Busy Cup")
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    read: list[str] = []

    def open_and_read() -> None:
        with store.connect(path) as conn:
            read.append(store.read_settings(conn).name)

    reader = threading.Thread(target=open_and_read, daemon=True)
    started = time.monotonic()
    try:
        reader.start()
        reader.join(10)
        assert read == ["Busy Cup"] and time.monotonic() - started < 10
    finally:
        writer.execute("ROLLBACK")
        writer.close()
        reader.join(60)


def test_the_crash_tests_pause_waits_its_seconds_then_commits(
        path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hidden hook the crash tests use (``TT_TEST_PAUSE_IN_TRANSACTION``, see
    tests/test_event_crash.py) promises: create MARKER with this process's id, wait just before
    COMMIT until RELEASE exists or SECONDS have passed, then commit. With no RELEASE ever made,
    the change is committed after SECONDS -- not at once, not never."""
    marker, release = tmp_path / "inside", tmp_path / "never"
    monkeypatch.setenv(store.TEST_PAUSE_ENV, f"0.4:{marker}:{release}")
    started = time.monotonic()
    with store.connect(path) as conn:
        players.register_player(conn, "Ada")
        waited = time.monotonic() - started
    assert marker.read_text(encoding="utf-8") == str(os.getpid())
    assert 0.4 <= waited < 10
    monkeypatch.delenv(store.TEST_PAUSE_ENV)
    with store.connect(path) as conn:
        assert names(conn) == ["Ada"]


def test_the_crash_tests_pause_ends_when_release_appears(
        path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """RELEASE made while a change waits inside its transaction lets it commit at once, long
    before SECONDS (how tests/test_shared_event_file.py holds a write lock at will)."""
    marker, release = tmp_path / "inside", tmp_path / "go"
    monkeypatch.setenv(store.TEST_PAUSE_ENV, f"60:{marker}:{release}")
    done: list[float] = []

    def write() -> None:
        with store.connect(path) as conn:
            players.register_player(conn, "Ada")
        done.append(time.monotonic())

    worker = threading.Thread(target=write, daemon=True)
    worker.start()
    for _ in range(500):
        if marker.exists():
            break
        time.sleep(0.01)
    time.sleep(0.1)
    assert marker.exists() and not done  # waiting inside the transaction
    released = time.monotonic()
    release.write_text("", encoding="utf-8")
    worker.join(10)
    assert done and done[0] - released < 5
    monkeypatch.delenv(store.TEST_PAUSE_ENV)
    with store.connect(path) as conn:
        assert names(conn) == ["Ada"]


def test_the_crash_tests_pause_without_release_sleeps_its_seconds(
        path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``SECONDS:MARKER`` (no RELEASE) and ``SECONDS`` alone sleep SECONDS before COMMIT."""
    marker = tmp_path / "inside"
    monkeypatch.setenv(store.TEST_PAUSE_ENV, f"0.3:{marker}")
    started = time.monotonic()
    with store.connect(path) as conn:
        players.register_player(conn, "Ada")
    assert time.monotonic() - started >= 0.3 and marker.exists()
    monkeypatch.setenv(store.TEST_PAUSE_ENV, "0.3")
    started = time.monotonic()
    with store.connect(path) as conn:
        players.register_player(conn, "Ben")
    assert time.monotonic() - started >= 0.3


def test_opening_a_folder_or_a_named_pipe_is_refused_in_words(tmp_path: Path) -> None:
    """A folder and a named pipe (which would block an open for ever) are refused, each in
    its own words, before SQLite touches them."""
    with pytest.raises(EventError) as folder:
        store.load_snapshot(tmp_path)
    assert (folder.value.code, str(folder.value)) == (
        "event-is-folder", f"{tmp_path}: is a folder, not an event database")
    pipe = tmp_path / "pipe.sqlite"
    os.mkfifo(pipe)
    with pytest.raises(EventError) as fifo:
        store.load_snapshot(pipe)
    assert fifo.value.code == "event-not-regular"
    assert str(fifo.value).startswith(f"{pipe}: not a regular file (a named pipe or device)")


def test_a_create_that_loses_the_race_is_refused_and_leaves_the_winners_file(
        tmp_path: Path) -> None:
    """Two ``create`` on one empty file: while the first holds the write lock (its tables not
    committed yet, the file still empty), the second waits for it, then is refused as
    existing -- not a "database is locked" error -- and the first one's file is left as it
    made it."""
    path = tmp_path / "race.sqlite"
    path.write_bytes(b"")
    first = sqlite3.connect(path, isolation_level=None)
    first.execute("BEGIN IMMEDIATE")
    first.execute("CREATE TABLE mine (x)")
    assert path.stat().st_size == 0  # nothing committed yet: the file still looks empty
    errors: list[BaseException] = []

    def second() -> None:
        try:
            setup.create_event(path, "Second Cup")
        except BaseException as exc:
            errors.append(exc)

    worker = threading.Thread(target=second, daemon=True)
    worker.start()
    time.sleep(0.5)
    first.execute("COMMIT")
    first.close()
    worker.join(40)
    assert [str(e) for e in errors] == [
        f"{path}: file exists; an event database is created only once"]
    check = sqlite3.connect(path)
    assert [r[0] for r in check.execute("SELECT name FROM sqlite_master")] == ["mine"]
    assert check.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    check.close()


def test_a_create_that_cannot_write_its_journal_says_so_and_leaves_the_file_empty(
        tmp_path: Path) -> None:
    """A folder where the write-ahead log must go: ``create`` fails with SQLite's own error
    (not as "file exists": nobody made the file an event database), the file stays empty."""
    path = tmp_path / "e.sqlite"
    path.write_bytes(b"")
    (tmp_path / "e.sqlite-wal").mkdir()
    with pytest.raises(sqlite3.OperationalError, match="disk I/O error"):
        setup.create_event(path, "Blocked Cup")
    assert path.read_bytes() == b""


def old_event(path: Path) -> None:
    """A new event file, as schema version 5 wrote it."""
    setup.create_event(path, "Old Cup", seed=1)
    as_version_5(path)


def test_an_older_file_is_migrated_once_and_logged(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    old_event(path)
    for _ in range(2):
        with store.connect(path) as conn:
            players.register_player(conn, f"P{len(names(conn))}")
    snap = store.load_snapshot(path)
    assert [(a.action, a.subject, a.old, a.new) for a in snap.audit
            if a.action == "migrate"] == [("migrate", "schema", "5", str(SCHEMA_VERSION))]
    assert [p.name for p in snap.players] == ["P0", "P1"]


def open_while_another_migrates(path: Path, to_version: int) -> list[object]:
    """Open the version-5 file at ``path`` while another process holds the write lock and
    migrates it to ``to_version`` (logged): what the open gave -- the event's name, or the
    exception it raised."""
    from tt_organizer.events.store.audit import audit
    from tt_organizer.events.store.schema import migrate

    first = sqlite3.connect(path, isolation_level=None)
    first.execute("BEGIN IMMEDIATE")
    migrate(first, 5)
    first.execute(f"PRAGMA user_version = {to_version}")
    audit(first, "migrate", "schema", "5", str(to_version))
    opened: list[object] = []

    def second() -> None:
        try:
            with store.connect(path) as conn:
                opened.append(store.read_settings(conn).name)
        except BaseException as exc:
            opened.append(exc)

    worker = threading.Thread(target=second, daemon=True)
    worker.start()
    time.sleep(1.0)  # the second has read version 5 and waits for the lock
    first.execute("COMMIT")
    first.close()
    worker.join(40)
    return opened


def test_a_file_migrated_by_another_process_meanwhile_is_not_migrated_again(
        tmp_path: Path) -> None:
    """Two processes open one older file at once: the second read the old version, then
    waits for the write lock while the first migrates; under the lock it reads the version
    again and leaves the file alone -- the log has one migration, not two."""
    path = tmp_path / "old.sqlite"
    old_event(path)
    assert open_while_another_migrates(path, SCHEMA_VERSION) == ["Old Cup"]
    assert [a.action for a in store.load_snapshot(path).audit].count("migrate") == 1


def test_a_file_a_newer_tt_migrated_meanwhile_is_refused_as_newer(tmp_path: Path) -> None:
    """As above, but the first process is a newer tt: under the lock the second reads a
    version above its own and refuses the file as it refuses any newer file -- it neither
    opens it nor writes to it (no migration logged)."""
    path = tmp_path / "old.sqlite"
    old_event(path)
    opened = open_while_another_migrates(path, SCHEMA_VERSION + 1)
    assert len(opened) == 1 and isinstance(opened[0], EventError)
    assert opened[0].code == "schema-newer"
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    assert check.execute("SELECT count(*) FROM audit WHERE action = 'migrate'").fetchone()[0] == 1
    check.close()


def test_the_crash_tests_pause_stops_changes_not_a_migration_on_open(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hook stops a command inside its own change; migrating an older file on open is
    housekeeping that no crash test stops in: reading the file makes no marker and waits not."""
    path = tmp_path / "old.sqlite"
    old_event(path)
    marker = tmp_path / "inside"
    monkeypatch.setenv(store.TEST_PAUSE_ENV, f"30:{marker}:{tmp_path / 'never'}")
    started = time.monotonic()
    assert store.load_snapshot(path).settings.name == "Old Cup"
    assert not marker.exists() and time.monotonic() - started < 20


def test_a_step_undone_withdraws_no_phone_report(path: Path) -> None:
    """What a change says it withdrew (a phone report of a table whose result it wrote) is
    what it kept: a nested step rolled back withdraws nothing -- its report is open again
    and not told -- while a step kept, and then the whole change, tell theirs; the next
    change starts with nothing withdrawn, and a failed one tells nothing."""
    from tt_organizer.events import entering, phone_reports, rounds

    with store.connect(path) as conn:
        for name in ("Ada", "Ben", "Cal", "Dee"):
            players.register_player(conn, name)
        one, two = rounds.pair_next_round(conn)
        phone_reports.submit_report(conn, one.player1, "2-0")
        phone_reports.submit_report(conn, two.player1, "0-2")
        with store.transaction(conn):
            with pytest.raises(Boom), store.transaction(conn):
                entering.report_result(conn, one.table, "0-2")
                assert [r.table for r in phone_reports.withdrawn(conn)] == [one.table]
                raise Boom
            assert phone_reports.withdrawn(conn) == []
            with store.transaction(conn):
                entering.report_result(conn, two.table, "2-0")
        assert [r.table for r in phone_reports.withdrawn(conn)] == [two.table]
        assert [r.table for r in phone_reports.reports(conn, open_only=True)] == [one.table]
        with store.transaction(conn):  # the next change
            pass
        assert phone_reports.withdrawn(conn) == []
        with pytest.raises(Boom), store.transaction(conn):
            entering.report_result(conn, one.table, "0-2")
            raise Boom
        assert phone_reports.withdrawn(conn) == []
        assert [r.table for r in phone_reports.reports(conn, open_only=True)] == [one.table]


def test_a_schema_changed_under_an_open_connection_refuses_the_next_change(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A trigger dropped by hand while the file is open: the next change is refused naming
    the file and changes nothing; opening it again names the file as it was given."""
    with store.connect(path) as conn:
        raw = sqlite3.connect(path)
        raw.execute("DROP TRIGGER audit_added")
        raw.commit()
        raw.close()
        before = dump(path)
        with pytest.raises(EventError) as refused:
            players.register_player(conn, "Ada")
        assert refused.value.code == "schema-differs"
        assert str(refused.value).startswith(
            f"{path.resolve()}: the event file's schema differs")
        assert "(trigger audit_added is missing)" in str(refused.value)
    assert dump(path) == before
    monkeypatch.chdir(path.parent)
    with pytest.raises(EventError) as reopened:
        store.load_snapshot(path.name)
    assert str(reopened.value).startswith(f"{path.name}: the event file's schema differs")


def test_a_schema_whose_text_is_not_utf8_is_refused_as_corrupt(path: Path) -> None:
    """A damaged schema (bytes that are not UTF-8 in a trigger's text): opening the file
    says it is corrupt, in words and not a traceback, and leaves it as it was."""
    raw = sqlite3.connect(path)
    raw.execute("PRAGMA writable_schema = ON")
    raw.execute("UPDATE sqlite_master SET sql = sql || CAST(x'202d2d20ff' AS TEXT) "
                "WHERE name = 'audit_added'")
    raw.commit()
    raw.close()
    before = path.read_bytes()
    with pytest.raises(EventError) as refused:
        store.load_snapshot(path)
    assert refused.value.code == "event-corrupt"
    assert str(refused.value).startswith(f"{path}: corrupt or not an event database (")
    assert path.read_bytes() == before


def test_files_that_are_no_event_are_refused_each_in_its_words(
        path: Path, tmp_path: Path) -> None:
    """Not SQLite at all, SQLite but someone else's, an event of a newer schema: each
    refusal says which, and none of them changes the file."""
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not a database at all" * 100)
    foreign = tmp_path / "foreign.sqlite"
    other = sqlite3.connect(foreign)
    other.execute("CREATE TABLE t (x)")
    other.commit()
    other.close()
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.close()
    cases = [
        (junk, "not-sqlite", f"{junk}: not an event database (not an SQLite file, or corrupt: "
                             "file is not a database)"),
        (foreign, "not-event-database",
         f"{foreign}: an SQLite file, but not a tt-organizer event database"),
        (path, "schema-newer", f"{path}: written by a newer tt-organizer (schema "
                               f"{SCHEMA_VERSION + 1}; this version reads up to "
                               f"{SCHEMA_VERSION}); upgrade tt-organizer"),
    ]
    for file, code, words in cases:
        before = file.read_bytes()
        with pytest.raises(EventError) as refused:
            store.load_snapshot(file)
        assert (refused.value.code, str(refused.value)) == (code, words)
        assert file.read_bytes() == before


def test_the_crash_tests_pause_stops_create_at_its_settings_not_its_schema(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``create`` stopped by the hook (as a crash test kills it): the empty schema is already
    committed -- housekeeping, not stopped -- and only the event's settings are pending; once
    released, the event is there."""
    path, marker, release = tmp_path / "e.sqlite", tmp_path / "inside", tmp_path / "go"
    monkeypatch.setenv(store.TEST_PAUSE_ENV, f"30:{marker}:{release}")
    worker = threading.Thread(target=setup.create_event, args=(path, "Paused Cup"),
                              daemon=True)
    worker.start()
    try:
        for _ in range(1000):
            if marker.exists():
                break
            time.sleep(0.01)
        look = sqlite3.connect(path)
        try:
            assert look.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0
            assert look.execute("SELECT count(*) FROM settings").fetchone()[0] == 0
        finally:
            look.close()
    finally:
        release.write_text("", encoding="utf-8")
        worker.join(30)
    monkeypatch.delenv(store.TEST_PAUSE_ENV)
    assert store.load_snapshot(path).settings.name == "Paused Cup"


def test_an_older_file_is_checked_in_full_when_migrated(tmp_path: Path) -> None:
    """Damage made before the change log could see it (a game of no match, written with
    foreign keys off, its trace in the log removed) is found by the full check a migration
    runs once: the older file is refused as damaged instead of opening."""
    path = tmp_path / "old.sqlite"
    old_event(path)
    raw = sqlite3.connect(path)
    raw.execute("INSERT INTO games (match_id, number) VALUES (999, 1)")
    raw.execute("DELETE FROM unchecked")
    raw.execute("DELETE FROM removed")
    raw.commit()
    raw.close()
    with pytest.raises(EventError) as refused:
        store.load_snapshot(path)
    assert refused.value.code == "values-never-written"
    assert str(refused.value).endswith("games row 1: refers to a matches row that is not there")
