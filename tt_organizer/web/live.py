"""What keeps the served pages live and cheap: each page's version, and the header every page
shows.

A phone polls ``/api/version?page=/me/5`` every few seconds. The answer's ``version`` is that
*page's* version: a short hash of exactly the rows the page shows (a player's pairings, results
and open reports; a round's tables), so a report at table 40 changes the pages of table 40's
two players and the pairings, not the other 2,000 phones' pages. When it equals the version the
page was rendered with, the phone does nothing; otherwise it fetches the page once.

Every change of an event writes one audit row, so ``max(audit.id)`` (one index lookup) tells
whether anything changed at all; page versions are kept per page until it does, and only the
polled page's version is then worked out again (a few indexed rows).
"""

from __future__ import annotations

import hashlib
import threading
from typing import Any

from tt_organizer.events.event_reads import (
    last_change,
    page_header,
    player_page_rows,
    round_rows,
)
from tt_organizer.events.store import Connection
from tt_organizer.typed_numbers import is_count

SWISS, TOP_CUT = "swiss", "top-cut"


def header(conn: Connection) -> dict[str, Any]:
    """The event's name, stage, round, number of rounds and the top cut's size (what
    ``base.html`` shows: a top-cut round by its name, :func:`pages.round_title`)."""
    return page_header(conn)


def _digest(*parts: Any) -> str:
    return hashlib.blake2b(repr(parts).encode(), digest_size=8).hexdigest()


def page_version(conn: Connection, page: str) -> str:
    """The version of ``page`` (a path: ``/``, ``/me/5``, ``/standings`` …) as of now."""
    head = header(conn)
    if page.startswith("/me/") and is_count(page[4:]) and len(page) < 12:
        return _digest(head, player_page_rows(conn, int(page[4:])))
    if page in ("/", "/projector"):
        stage = TOP_CUT if head["stage"] == TOP_CUT else SWISS
        return _digest(head, round_rows(conn, stage, head["round"]))
    return _digest(head, last_change(conn))  # standings, console, …: any change


class Versions:
    """Page versions, remembered until the event changes (thread-safe)."""

    def __init__(self, limit: int = 8192) -> None:
        self.limit = limit
        self._seen = -1
        self._pages: dict[str, str] = {}
        self._lock = threading.Lock()

    def of(self, conn: Connection, page: str) -> str:
        """The version of ``page``: remembered while ``max(audit.id)`` stays the same."""
        change = last_change(conn)
        with self._lock:
            if change != self._seen:
                self._pages.clear()
                self._seen = change
            known = self._pages.get(page)
        if known is not None:
            return known
        version = page_version(conn, page)
        with self._lock:
            if self._seen == change and len(self._pages) < self.limit:
                self._pages[page] = version
        return version
