"""The event library's one way to its data: each operation runs on the store that made the
connection it is given.

``store.read_players(conn)`` here is the SQLite store's (:mod:`tt_organizer.events.store`)
for an SQLite connection, and for any other connection that of the store the connection names
as its ``event_store`` (e.g. the in-memory store of the tests). The event library above the
store imports :data:`store` and the opaque :class:`~tt_organizer.events.store.interface.
Connection`; only opening an event file names the SQLite store itself.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any, cast

from tt_organizer.events import store as sqlite_store
from tt_organizer.events.store.interface import OPERATIONS, EventStore

# operations that take no connection (the clock): the SQLite store's, for every store
_UNBOUND = frozenset({"now"})


def store_of(conn: Any) -> EventStore[Any]:
    """The store that made ``conn``."""
    if isinstance(conn, sqlite3.Connection):
        return cast(EventStore[Any], sqlite_store)
    return cast(EventStore[Any], conn.event_store)


def _operation(name: str) -> Callable[..., Any]:
    sqlite_op = getattr(sqlite_store, name)
    if name in _UNBOUND:
        return cast(Callable[..., Any], sqlite_op)

    def run(conn: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(conn, sqlite3.Connection):
            return sqlite_op(conn, *args, **kwargs)
        return getattr(conn.event_store, name)(conn, *args, **kwargs)

    run.__name__ = run.__qualname__ = name
    run.__doc__ = sqlite_op.__doc__
    return run


class _ByConnection:
    """Every operation of :class:`EventStore`, run by the store of its connection."""

    def __init__(self) -> None:
        for name in OPERATIONS:
            setattr(self, name, _operation(name))


store = cast(EventStore[Any], _ByConnection())
