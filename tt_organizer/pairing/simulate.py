"""A small in-process Swiss event simulator (random results) for tests and benchmarks."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tt_organizer.errors import BadValue
from tt_organizer.pairing.swiss import Pairing, PlayerState, pair_round, rounds_for_players
from tt_organizer.standings.match_record import MatchRecord
from tt_organizer.standings.tiebreakers import ScoringSettings, Standing, compute_standings

__all__ = ["SimulationResult", "rounds_for_players", "simulate_event"]

PairFunction = Callable[..., list[Pairing]]


@dataclass
class SimulationResult:
    """Everything a simulated event produced, round by round.

    ``states[r]`` is what ``pair_round`` was given for round ``r + 1`` (dropped players
    included, flagged); ``pairings[r]`` what it returned; ``pair_ms[r]`` how long it took.
    """

    n_players: int
    rounds: int
    seed: int
    states: list[list[PlayerState]] = field(default_factory=list)
    pairings: list[list[Pairing]] = field(default_factory=list)
    matches: list[MatchRecord] = field(default_factory=list)
    pair_ms: list[float] = field(default_factory=list)
    dropped: set[int] = field(default_factory=set)
    late: frozenset[int] = frozenset()
    standings: list[Standing] = field(default_factory=list)
    standings_ms: float = 0.0
    rematches: int = 0


def simulate_event(
    n_players: int,
    rounds: int,
    seed: int,
    best_of: int = 3,
    drop_rate: float = 0.0,
    *,
    draw_rate: float = 0.02,
    late_entries: int = 0,
    random_first_round: bool = True,
    method: str = "random",
    pair: PairFunction = pair_round,
) -> SimulationResult:
    """Run a whole Swiss event of ``n_players`` (ids 1..n) with random results.

    Each match is a coin flip (a draw with ``draw_rate``); best-of-three games are 2-0 or
    2-1, best-of-one 1-0. After each round every active player drops with ``drop_rate``.
    The last ``late_entries`` players join in round 2 with a missed-round loss for round 1.
    Standings (for ranks and points) are recomputed before every round, as an event would.
    """
    if best_of not in (1, 3):
        raise BadValue("best-of-choice")
    rng = random.Random(f"tt-sim:{seed}")
    settings = ScoringSettings(bye_game_wins=2 if best_of == 3 else 1)
    ids = list(range(1, n_players + 1))
    late = frozenset(ids[n_players - late_entries:]) if late_entries and rounds > 1 else frozenset()
    result = SimulationResult(n_players=n_players, rounds=rounds, seed=seed, late=late)
    opponents: dict[int, set[int]] = {p: set() for p in ids}
    had_bye: set[int] = set()
    for rnd in range(1, rounds + 1):
        present = [p for p in ids if p not in late or rnd >= 2]
        if rnd == 2:
            result.matches += [MatchRecord.missed(1, p) for p in sorted(late)]
        if rnd == 1:
            rank = {p: p for p in present}
            points = dict.fromkeys(present, 0)
        else:
            table = compute_standings(present, result.matches, dropped=result.dropped,
                                      settings=settings)
            rank = {s.player: s.rank for s in table}
            points = {s.player: s.points for s in table}
        states = [
            PlayerState(id=p, points=points[p], opponents=frozenset(opponents[p]),
                        had_bye=p in had_bye, rank=rank[p], dropped=p in result.dropped)
            for p in present
        ]
        start = time.perf_counter()
        pairings = pair(states, round_number=rnd, seed=seed,
                        random_first_round=random_first_round, method=method)
        result.pair_ms.append((time.perf_counter() - start) * 1000)
        result.states.append(states)
        result.pairings.append(pairings)
        for t in pairings:
            if t.player2 is None:
                had_bye.add(t.player1)
                result.matches.append(MatchRecord.bye(rnd, t.player1))
                continue
            if t.player2 in opponents[t.player1]:
                result.rematches += 1
            opponents[t.player1].add(t.player2)
            opponents[t.player2].add(t.player1)
            result.matches.append(_random_result(rng, rnd, t.player1, t.player2, best_of,
                                                 draw_rate))
        active = [p for p in present if p not in result.dropped]
        for p in active:
            if drop_rate and rng.random() < drop_rate:
                result.dropped.add(p)
    start = time.perf_counter()
    result.standings = compute_standings(ids, result.matches, dropped=result.dropped,
                                         settings=settings)
    result.standings_ms = (time.perf_counter() - start) * 1000
    return result


def _random_result(rng: random.Random, rnd: int, a: int, b: int, best_of: int,
                   draw_rate: float) -> MatchRecord:
    if rng.random() < draw_rate:
        if best_of == 3:
            return MatchRecord(rnd, a, b, 1, 1, 0, "draw")
        return MatchRecord(rnd, a, b, 0, 0, 1, "draw")
    loser_games = rng.choice((0, 1)) if best_of == 3 else 0
    win_games = 2 if best_of == 3 else 1
    if rng.random() < 0.5:
        return MatchRecord(rnd, a, b, win_games, loser_games, 0, "p1")
    return MatchRecord(rnd, a, b, loser_games, win_games, 0, "p2")


def pairs_of(pairings: Sequence[Pairing]) -> list[tuple[int, int]]:
    """The (player1, player2) tuples of the non-bye tables."""
    return [(t.player1, t.player2) for t in pairings if t.player2 is not None]
