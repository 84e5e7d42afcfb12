"""Standings of an event, live (from the store) or from a snapshot, under the event's
scoring and tiebreak policy (computed by the pure :mod:`tt_organizer.standings`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from tt_organizer.events import store
from tt_organizer.events.models import (
    EventSettings,
    EventSnapshot,
    MatchInfo,
    PlayerInfo,
    paired_round,
)
from tt_organizer.events.setup import SWISS
from tt_organizer.events.store import Connection

if TYPE_CHECKING:
    from tt_organizer.standings.tiebreakers import Result, ScoringSettings, Standing


def standings(conn: Connection, round_number: int | None = None, *,
              players: Sequence[PlayerInfo] | None = None) -> list[Standing]:
    """Swiss standings after ``round_number`` (default: every reported result so far),
    computed from the stored results alone; ``players``: the roster, when the caller has
    read it already (:func:`~tt_organizer.events.store.reads.read_roster`, in the same
    :func:`~tt_organizer.events.store.reads.read_transaction`)."""
    with store.read_transaction(conn):  # the players and their results: one state
        current = store.current_round(conn)
        paired_round(round_number, current, first=0)
        settings = store.read_settings(conn)
        roster = store.read_roster(conn) if players is None else players
        results = store.read_results(conn, SWISS)
    return compute_event_standings(settings, roster, results, current, round_number)


def snapshot_standings(snapshot: EventSnapshot, round_number: int | None = None
                       ) -> list[Standing]:
    """:func:`standings` of a snapshot (for exports and reports that hold no connection)."""
    return compute_event_standings(snapshot.settings, snapshot.players,
                                   [m for m in snapshot.matches if m.stage == SWISS],
                                   snapshot.current_round, round_number)


def compute_event_standings(
    settings: EventSettings, players: Sequence[PlayerInfo], results: Iterable[Result],
    current_round: int, round_number: int | None = None,
) -> list[Standing]:
    """The one place the event's standings are computed: the Swiss stage's ``results`` (its
    stored matches or reported results, :func:`~tt_organizer.events.store.reads.read_results`)
    up to ``round_number`` (default all), scored by the event's settings. A player who dropped
    after round N counts as dropped in standings of round N or later (and in the default)."""
    from tt_organizer.standings.tiebreakers import compute_standings

    upto = current_round if round_number is None else round_number
    # the records as read (their values were checked by the read): no copy each
    records = [m for m in results if m.round <= upto and m.outcome is not None]
    dropped = [
        p.id for p in players
        if p.dropped and (p.dropped_round is None or p.dropped_round <= upto
                          or round_number is None)
    ]
    return compute_standings([p.id for p in players], records, dropped=dropped,
                             settings=settings.scoring())


def points_before(matches: Iterable[MatchInfo], scoring: ScoringSettings, round_number: int
                  ) -> dict[int, int]:
    """Each player's match points from the Swiss rounds before ``round_number`` (the one
    place they are summed: a round's tables, the wall sheets and the workbook print them;
    the final Swiss points for a round after the last)."""
    from tt_organizer.standings.tiebreakers import match_points

    points: dict[int, int] = {}
    for m in matches:
        if m.stage != SWISS or m.round >= round_number or m.outcome is None:
            continue
        if m.outcome in ("bye", "loss-missed") or m.player2 is None:
            earned = {m.player1: match_points("bye" if m.outcome == "bye" else "loss-missed",
                                              scoring)[0]}
        else:
            p1, p2 = match_points(m.outcome, scoring)
            earned = {m.player1: p1, m.player2: p2}
        for pid, value in earned.items():
            points[pid] = points.get(pid, 0) + value
    return points
