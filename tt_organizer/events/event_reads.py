"""The plain reads a front end needs besides the read models: the event's settings, its
players, the whole event as a snapshot (a connection is opened by the front end, every read
goes through the library)."""

from __future__ import annotations

from tt_organizer.events import store
from tt_organizer.events.models import EventSettings, EventSnapshot, PlayerInfo
from tt_organizer.events.store import Connection


def stored_settings(conn: Connection) -> EventSettings:
    """The event's settings as stored (language, best-of, tiebreakers …)."""
    return store.read_settings(conn)


def stored_players(conn: Connection) -> list[PlayerInfo]:
    """Every player with their deck, by id."""
    return store.read_players(conn)


def event_snapshot(conn: Connection, path: str = "", *, light: bool = False) -> EventSnapshot:
    """Everything stored, in one state of the file; ``light`` leaves out the decks and the
    audit log (enough for pairings and results)."""
    return store.read_snapshot(conn, path, light=light)


def last_change(conn: Connection) -> int:
    """The id of the event's last audited change (every change is audited): one index
    lookup that says whether anything changed since a page was drawn."""
    return store.last_change(conn)
