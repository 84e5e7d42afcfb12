"""The server's one writer: every change a phone or the console asks for, committed in groups.

Request handlers never open a write transaction themselves. They hand the change (a function
of the connection) to :class:`Writer` and wait for its answer; the writer thread takes every
change waiting, runs each in its own savepoint inside one ``BEGIN IMMEDIATE`` transaction, and
commits them together (group commit). A change that fails rolls back its own savepoint only.
Its caller is answered only after the ``COMMIT`` has returned, and the event file is opened with
``synchronous = FULL`` in WAL mode, so an answered change survives a power loss — the same
promise as every ``tt event`` command. The write lock is SQLite's own: the CLI writing the same
file meanwhile waits for one group (and a group for the CLI's command), nothing is lost.

Readers use their own connections and never wait for the writer (WAL).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

from tt_organizer.events.store import Connection, open_event, transaction

T = TypeVar("T")
Job = tuple[Callable[[Connection], Any], Future[Any]]

MAX_GROUP = 64  # changes in one transaction at most
MAX_GROUP_SECONDS = 0.25  # stop adding changes to a group that has run this long


class Writer:
    """A thread that owns the server's write connection to ``path``."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="tt-writer", daemon=True)
        self._thread.start()
        self.groups = 0  # transactions committed (for the benchmark and tests)
        self.changes = 0

    def submit(self, change: Callable[[Connection], T]) -> Future[T]:
        """Queue ``change``; the future holds its return value (or exception) once the group
        it ran in is committed."""
        future: Future[T] = Future()
        self._jobs.put((change, future))
        return future

    def close(self) -> None:
        """Finish the changes queued so far, then stop the thread."""
        self._jobs.put(None)
        self._thread.join(30)

    def _run(self) -> None:
        conn: Any = None  # an SQLite connection (``transaction`` takes nothing else)
        while True:
            first = self._jobs.get()
            if first is None:
                break
            if conn is None:
                try:
                    conn = open_event(self.path)
                except BaseException as exc:  # the file went away: tell the caller
                    first[1].set_exception(exc)
                    continue
            stop = self._group(conn, first)
            if stop:
                break
        if conn is not None:
            conn.close()

    def _group(self, conn: Any, first: Job) -> bool:
        """Run ``first`` and the changes queued behind it in one transaction; True when the
        writer was asked to stop meanwhile."""
        done: list[tuple[Future[Any], bool, Any]] = []
        stop = False
        try:
            with transaction(conn):
                started = time.monotonic()
                job: Job | None = first
                while job is not None:
                    change, future = job
                    try:
                        with transaction(conn):  # a savepoint: a failure undoes only this one
                            done.append((future, True, change(conn)))
                    except Exception as exc:
                        done.append((future, False, exc))
                    if len(done) >= MAX_GROUP or time.monotonic() - started > MAX_GROUP_SECONDS:
                        break
                    try:
                        job = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if job is None:
                        stop = True
        except BaseException as exc:  # the COMMIT (or BEGIN) failed: nothing of it was kept
            for future, _, _ in done:
                future.set_exception(exc)
            if not done:
                first[1].set_exception(exc)
            return stop
        self.groups += 1
        self.changes += len(done)
        for future, ok, value in done:
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)
        return stop
