"""Standings of a snapshot for the exports (an adapter over ``tt_organizer.standings``).

It mirrors ``tt_organizer.events.service.standings`` (which reads an open event database) so
that an export built from a snapshot shows the same standings as ``tt event standings``.
"""

from __future__ import annotations

from typing import Any

from tt_organizer.events.models import EventSnapshot


def standings_for(snapshot: EventSnapshot, round_number: int | None = None) -> list[Any]:
    """Swiss standings after ``round_number`` (default: every reported result so far).

    A player who dropped after round N counts as dropped in standings of round N or later.
    """
    from tt_organizer.standings.tiebreakers import MatchRecord, ScoringSettings, compute_standings

    s = snapshot.settings
    upto = snapshot.current_round if round_number is None else round_number
    records = [
        MatchRecord(
            round=m.round, player1=m.player1, player2=m.player2, p1_games=m.p1_games,
            p2_games=m.p2_games, draws=m.draws, outcome=m.outcome,
        )
        for m in snapshot.matches
        if m.stage == "swiss" and m.round <= upto and m.outcome is not None
    ]
    dropped = [
        p.id
        for p in snapshot.players
        if p.dropped
        and (p.dropped_round is None or p.dropped_round <= upto or round_number is None)
    ]
    scoring = ScoringSettings(
        win=s.win_points, draw=s.draw_points, loss=s.loss_points, bye=s.bye_points,
        tiebreakers=s.tiebreakers,
    )
    return compute_standings([p.id for p in snapshot.players], records, dropped=dropped,
                             settings=scoring)
