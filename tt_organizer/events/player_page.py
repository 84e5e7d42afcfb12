"""A player's page as one read: :class:`PlayerPage` holds what ``/me/ID`` shows — the
settings, the player's pairings and the players at them, their penalties, their table of the
current round, its open phone report and the report a change of that table withdrew — read
in one state of the file, a few indexed rows (never the whole event: a 2,000-player room
reads its pages all round long)."""

from __future__ import annotations

from dataclasses import dataclass

from tt_organizer.events import phone_reports, store
from tt_organizer.events.models import EventSnapshot, MatchInfo, PlayerInfo
from tt_organizer.events.phone_reports import Report
from tt_organizer.events.store import Connection


@dataclass(frozen=True)
class PlayerPage:
    """What a player's page shows. ``snapshot`` holds the settings, the player's matches, the
    players at them and the player's penalties (the part of the event the page needs)."""

    snapshot: EventSnapshot
    player: PlayerInfo
    match: MatchInfo | None  # their table of the current round (Swiss, or the top cut)
    report: Report | None  # the pending or disputed phone report of that table
    withdrawn: Report | None  # their own report a change of their table withdrew

    @property
    def seat(self) -> str | None:
        """``P1`` or ``P2`` at their current table (None without one)."""
        if self.match is None:
            return None
        return "P1" if self.match.player1 == self.player.id else "P2"

    @property
    def history(self) -> list[MatchInfo]:
        """Their matches with a result (the current table's too, once recorded), in stored
        order."""
        pid = self.player.id
        return [m for m in self.snapshot.matches if pid in (m.player1, m.player2) and m.result]


def read_player_page(conn: Connection, path: str, player_id: int) -> PlayerPage | None:
    """The page of player ``player_id`` (None when there is no such player)."""
    with store.read_transaction(conn):
        me = store.read_player(conn, player_id)
        if me is None:
            return None
        matches = tuple(store.read_matches(conn, player=player_id))
        others = sorted({x for m in matches for x in (m.player1, m.player2)
                         if x is not None and x != player_id})
        seated = [p for p in (store.read_player(conn, i) for i in others) if p is not None]
        snapshot = EventSnapshot(
            path=path, settings=store.read_settings(conn), players=(me, *seated),
            matches=matches, current_round=store.current_round(conn),
            penalties=tuple(store.read_penalties(conn, player_id)))
        match = phone_reports.current_match(conn, player_id)
        rep = phone_reports.open_report(conn, match) if match is not None else None
        withdrawn = (phone_reports.withdrawn_report(conn, player_id)
                     if match is not None and match.result is None and rep is None else None)
    return PlayerPage(snapshot, me, match, rep, withdrawn)
