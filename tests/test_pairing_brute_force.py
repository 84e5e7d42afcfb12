"""The documented priorities against a brute-force optimum, on small fields.

docs/pairing.md orders what a pairing must achieve: (1) the bye to a player without one;
(2) no avoidable rematch (else the fewest); (3) the bye to the lowest-ranked such player;
(4a) the fewest tables more than one win apart; (4b) the gaps largest first; (5) the fewest
and shortest floats (the float vector ``D`` lexicographically smallest: ``D_b`` counts the
tables joining a player of score groups ``0..b`` with one below ``b``). This oracle knows
nothing of the pairing code: it tries every bye and every pairing of fields of up to ten
active players (seeded random score groups, histories, byes, drops) and takes the least of
those criteria in that order. The pairing's round must reach that least value exactly -- on
fields up to ``JOINT_LIMIT`` (every field here) for (1)-(5); on the bracket-by-bracket path
that larger fields take (forced here with ``joint_limit=0``) for (1)-(3): that path decides
the floats one bracket at a time, top down, and on a field this small it can leave a table
two wins apart (ten players in groups of two, 15 to 3 points, the 9- and the 3-point pairs
having met: it floats the 9-point pair down, where one of them must meet a 3-point player;
``tests/test_pairing_quality.py`` checks that path's gaps on fields of its real sizes).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from tt_organizer.pairing.swiss import Pairing, PlayerState, pair_round

WIN = 3
Cost = tuple[int, int, int, int, tuple[int, ...], tuple[int, ...]]


def _matchings(items: Sequence[int]) -> Iterator[list[tuple[int, int]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for k, other in enumerate(rest):
        for more in _matchings(rest[:k] + rest[k + 1:]):
            yield [(first, other), *more]


def _cost(order: Sequence[PlayerState], bye: int | None, pairs: list[tuple[int, int]]
          ) -> Cost:
    """The criteria (1)-(5) of one round, each smaller is better (indexes into ``order``:
    points descending, then rank)."""
    anyone_new = any(not p.had_bye for p in order)
    c1 = int(bye is not None and order[bye].had_bye and anyone_new)
    c2 = sum(1 for a, b in pairs if order[b].id in order[a].opponents
             or order[a].id in order[b].opponents)
    c3 = -bye if bye is not None else 0
    gaps = sorted((abs(order[a].points - order[b].points) for a, b in pairs), reverse=True)
    c4a = sum(1 for g in gaps if g > WIN)
    levels = sorted({order[i].points for i in range(len(order)) if i != bye}, reverse=True)
    group = {i: levels.index(order[i].points) for i in range(len(order)) if i != bye}
    floats = tuple(sum(1 for a, b in pairs if min(group[a], group[b]) <= gb
                       < max(group[a], group[b])) for gb in range(len(levels) - 1))
    return c1, c2, c3, c4a, tuple(gaps), floats


def _best(order: Sequence[PlayerState]) -> tuple[Cost, bool]:
    """The least cost of any round, and whether the float vector decided it (several
    rounds equal on (1)-(4b) had different float vectors)."""
    n = len(order)
    byes: list[int | None] = list(range(n)) if n % 2 else [None]
    costs = [_cost(order, bye, pairs) for bye in byes
             for pairs in _matchings([i for i in range(n) if i != bye])]
    best = min(costs)
    return best, len({c[5] for c in costs if c[:5] == best[:5]}) > 1


def _ours(order: Sequence[PlayerState], tables: list[Pairing]) -> Cost:
    index = {p.id: k for k, p in enumerate(order)}
    bye = next((index[t.player1] for t in tables if t.player2 is None), None)
    pairs = [(index[t.player1], index[t.player2]) for t in tables if t.player2 is not None]
    seated = [i for pair in pairs for i in pair] + ([bye] if bye is not None else [])
    assert sorted(seated) == list(range(len(order)))  # every active player, once
    return _cost(order, bye, pairs)


def _field(seed: int) -> list[PlayerState]:
    """Up to 11 players (one may have dropped): score groups of one to four players, a win
    (3 points) apart -- or, in one field of three, also 1 point apart (draws) -- and a
    history of up to four opponents each, met mostly inside their own group (the rounds
    where who floats is decided by the float vector, the gaps being equal), some byes had."""
    rng = random.Random(f"tt-brute:{seed}")
    n = rng.randint(4, 11)
    rounds = rng.randint(1, 4)
    step = 1 if seed % 3 == 0 else 3
    points: list[int] = []
    level = 3 * rounds
    while len(points) < n:
        points += [level] * min(n - len(points), rng.randint(1, 4))
        level = max(0, level - step * rng.randint(1, 2))
    ids = rng.sample(range(1, 50), n)
    met: dict[int, set[int]] = {i: set() for i in ids}
    for _ in range(rounds * n):
        a, b = rng.sample(range(n), 2)
        if points[a] != points[b] and rng.random() < 0.7:
            continue
        x, y = ids[a], ids[b]
        if len(met[x]) < rounds and len(met[y]) < rounds:
            met[x].add(y)
            met[y].add(x)
    drop = rng.randrange(n) if n == 11 else None
    return [PlayerState(id=ids[k], points=points[k], opponents=frozenset(met[ids[k]]),
                        had_bye=rng.random() < 0.3, rank=k + 1, dropped=k == drop)
            for k in range(n)]


def _float_field(seed: int) -> list[PlayerState]:
    """6-10 players in score groups of two, a win apart, where a group's two players have
    often met already: one of them floats, or the group above sends its own two down -- the
    gaps are the same, the float vector decides (the top group pairs inside)."""
    rng = random.Random(f"tt-brute-floats:{seed}")
    n = rng.choice((6, 8, 10))
    ids = rng.sample(range(1, 50), n)
    met: dict[int, set[int]] = {i: set() for i in ids}
    for k in range(0, n, 2):
        if rng.random() < 0.5:
            met[ids[k]].add(ids[k + 1])
            met[ids[k + 1]].add(ids[k])
    return [PlayerState(id=ids[k], points=3 * (n // 2 - k // 2), rank=k + 1,
                        opponents=frozenset(met[ids[k]]), had_bye=False) for k in range(n)]


def test_small_rounds_reach_the_brute_force_optimum() -> None:
    floats_decided = 0
    fields = [_field(seed) for seed in range(60)] + [_float_field(seed) for seed in range(40)]
    for seed, players in enumerate(fields):
        order = [p for p in players if not p.dropped]  # already by points, then rank
        best, decided = _best(order)
        floats_decided += decided
        rnd = 2 + seed % 4
        for method in ("random", "fold"):
            joint = _ours(order, pair_round(players, round_number=rnd, seed=seed, method=method))
            assert joint == best, (seed, method)
            bracket = _ours(order, pair_round(players, round_number=rnd, seed=seed, method=method,
                                         joint_limit=0))
            assert bracket[:3] == best[:3], (seed, method, "bracket path")
    assert floats_decided >= 10  # rounds where only the float rule tells the best apart


#: Rounds where the gaps largest first (4b) and the sum of squared gaps (4c) disagree: points
#: (ranked in that order), the pairs who met already, the best gaps.
DISAGREE = (
    ([3, 2, 2, 2, 2, 1, 0, 0],
     [(0, 3), (0, 4), (1, 4), (1, 7), (2, 5), (2, 6), (3, 4), (3, 5), (3, 6), (4, 5), (4, 6),
      (4, 7), (5, 6), (6, 7)], (2, 2, 2, 0)),
    ([4, 4, 3, 3, 2, 2, 0, 0],
     [(0, 2), (0, 5), (0, 6), (0, 7), (1, 5), (2, 5), (2, 7), (3, 4), (3, 6), (4, 6), (4, 7),
      (5, 6), (6, 7)], (3, 2, 2, 1)),
    ([4, 3, 2, 2, 2, 1, 0, 0],
     [(0, 1), (0, 5), (0, 7), (1, 2), (1, 3), (1, 4), (2, 7), (3, 4), (3, 5), (3, 6), (3, 7),
      (5, 7), (6, 7)], (2, 2, 2, 2)),
)


def test_the_largest_gap_counts_before_the_sum_of_squared_gaps() -> None:
    """(4b) before (4c): three rounds of 8 players whose history leaves two kinds of pairing,
    e.g. on 3, 2, 2, 2, 2, 1, 0, 0 points three tables 2 points apart (squared gaps 12) or
    one table 3 points apart and one 1 point apart (squared gaps 10). The smallest largest
    gap wins (2, 2, 2, 0), though its squares sum higher."""
    for points, met, gaps in DISAGREE:
        players = [PlayerState(id=k + 1, points=p, rank=k + 1, had_bye=False,
                               opponents=frozenset(b + 1 if a == k else a + 1
                                                   for a, b in met if k in (a, b)))
                   for k, p in enumerate(points)]
        assert _best(players)[0][4] == gaps
        for method in ("random", "fold"):
            for seed in range(3):
                tables = pair_round(players, round_number=3, seed=seed, method=method)
                ours = _ours(players, tables)
                assert ours[1] == 0 and ours[4] == gaps, (points, method, seed)
