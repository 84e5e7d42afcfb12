"""The plain reads a front end needs besides the read models: the event's settings, its
players, the whole event as a snapshot (a connection is opened by the front end, every read
goes through the library)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tt_organizer.events import store
from tt_organizer.events.models import AuditEntry, EventSettings, EventSnapshot, PlayerInfo
from tt_organizer.events.setup import SWISS, TOP_CUT
from tt_organizer.events.store import Connection
from tt_organizer.events.store import web as web_store

if TYPE_CHECKING:  # pathlib costs `pairings --json` 3 ms (benchmarks/cli.py)
    from pathlib import Path


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


def load_event(path: str | Path) -> EventSnapshot:
    """Open the event file at ``path`` and read all of it (EventError if it cannot): what an
    export, a printed sheet or a publication is made from."""
    return store.load_snapshot(path)


def audit_log(conn: Connection) -> list[AuditEntry]:
    """The event's audit log, oldest first (``tt event log``)."""
    return store.read_audit(conn)


def last_change(conn: Connection) -> int:
    """The id of the event's last audited change (every change is audited): one index
    lookup that says whether anything changed since a page was drawn."""
    return store.last_change(conn)


def page_header(conn: Connection) -> dict[str, Any]:
    """What every served page's header shows: the event's name, stage (``registration``,
    ``swiss``, ``top-cut``), round, number of Swiss rounds and the top cut's size — two
    indexed reads (the phones poll it)."""
    from tt_organizer.pairing.swiss import rounds_for_players  # only when rounds is auto

    row = web_store.event_header(conn)
    stage, rnd = (TOP_CUT, row["top"]) if row["top"] else (SWISS, row["swiss"])
    rounds = row["rounds"]
    if rounds is None:
        rounds = rounds_for_players(web_store.active_players(conn))
    return {"event": row["name"], "stage": stage if rnd else "registration", "round": rnd,
            "rounds": rounds, "top_size": row["top_size"]}


def player_page_rows(conn: Connection, player_id: int) -> list[tuple[Any, ...]]:
    """Every row a player's page shows that a change can touch (its version's input)."""
    return web_store.player_page_key(conn, player_id)


def round_rows(conn: Connection, stage: str, rnd: int) -> tuple[Any, ...]:
    """A summary of one round's pairings and results that changes when any of them does."""
    return web_store.round_key(conn, stage, rnd)
