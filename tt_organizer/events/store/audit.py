"""The audit log: who changed what and when (every change appends one entry), and reading it
back."""

from __future__ import annotations

import contextvars
import datetime as dt
import functools
import json
import os
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from tt_organizer.events.models import AuditEntry


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
    import getpass  # only a command that changes the event asks (it loads termios)

    try:
        return getpass.getuser()
    except Exception:  # no user name in a bare container
        return "unknown"


def _text(value: object) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


_INSERT_AUDIT = ("INSERT INTO audit (at, actor, action, subject, old, new) "
                 "VALUES (?, ?, ?, ?, ?, ?)")


def audit(
    conn: sqlite3.Connection, action: str, subject: str, old: object = None, new: object = None
) -> None:
    """Append one entry to the audit log (values other than text are stored as JSON)."""
    conn.execute(_INSERT_AUDIT, (now(), actor(), action, subject, _text(old), _text(new)))


def audit_entries(conn: sqlite3.Connection,
                  entries: Sequence[tuple[str, str, object, object]]) -> None:
    """:func:`audit` of many entries at once, in order: ``(action, subject, old, new)``."""
    at, by = now(), actor()
    conn.executemany(_INSERT_AUDIT, [(at, by, action, subject, _text(old), _text(new))
                                     for action, subject, old, new in entries])


def read_audit(conn: sqlite3.Connection) -> list[AuditEntry]:
    """The audit log, oldest first."""
    return [audit_from_row(r) for r in conn.execute("SELECT * FROM audit ORDER BY id")]


def audit_from_row(r: sqlite3.Row) -> AuditEntry:
    """An entry of the audit log from its ``audit`` row: how every reader reads one back."""
    return AuditEntry(id=r["id"], at=r["at"], actor=r["actor"], action=r["action"],
                      subject=r["subject"], old=r["old"], new=r["new"])
