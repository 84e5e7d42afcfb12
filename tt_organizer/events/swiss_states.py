"""What Swiss pairing needs of each player: points and rank in the standings so far,
opponents met, byes had."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt_organizer.events import store
from tt_organizer.events.event_standings import compute_event_standings
from tt_organizer.events.models import paired_round
from tt_organizer.events.setup import SWISS
from tt_organizer.events.store import Connection


def player_states(
    conn: Connection, ids: Sequence[int], *, seeded: bool, upto: int | None = None
) -> list[Any]:
    """What the pairing needs of ``ids``: points and rank in the standings of every result up
    to round ``upto`` (default all so far), opponents met, byes had."""
    return states_and_points(conn, ids, seeded=seeded, upto=upto)[0]


def states_and_points(
    conn: Connection, ids: Sequence[int], *, seeded: bool, upto: int | None = None
) -> tuple[list[Any], dict[int, int]]:
    """:func:`player_states`, and every player's points in those standings (the matches
    and standings are read and computed once)."""
    from tt_organizer.pairing.swiss import PlayerState

    current = store.current_round(conn)
    paired_round(upto, current, first=0)
    matches = [m for m in store.read_matches(conn, SWISS, games=False)
               if upto is None or m.round <= upto]
    ranks: dict[int, int] = {}
    points: dict[int, int] = {}
    if matches:
        for s in compute_event_standings(store.read_settings(conn), store.read_roster(conn),
                                         matches, current, upto):
            ranks[s.player] = s.rank
            points[s.player] = s.points
    opponents: dict[int, set[int]] = {pid: set() for pid in ids}
    had_bye: set[int] = set()
    for m in matches:
        if m.player2 is None:
            if m.outcome == "bye":
                had_bye.add(m.player1)
            continue
        opponents.setdefault(m.player1, set()).add(m.player2)
        opponents.setdefault(m.player2, set()).add(m.player1)
    return [
        PlayerState(
            id=pid,
            points=points.get(pid, 0),
            opponents=frozenset(opponents.get(pid, ())),
            had_bye=pid in had_bye,
            rank=ranks.get(pid, pid) if matches or seeded else pid,
        )
        for pid in ids
    ], points
