"""Record the pairings of a fixed set of rounds: ``tests/fixtures/pairing/recorded_rounds.json``.

The promise it pins (docs/pairing.md, "Reproducible pairings"): the same players, results
and seed give the same tables -- on every machine, from the command line and the console,
in every release that does not announce a change of the pairing.
``tests/test_pairing_recorded.py`` pairs each recorded round again, table by table.

Each record is one round as ``pair_round`` sees it (the players' points, opponents, byes,
ranks and drops, the round number, the seed and the method), taken from simulated events
(``tt_organizer.pairing.simulate``: random results, 10 % draws, drops, late entries), and the
tables it was paired with. Small fields are also paired on the bracket-by-bracket path that
fields over ``JOINT_LIMIT`` players take (``joint_limit`` in the record; ``None`` is the
production setting), so that path's choices are pinned at a size a test can afford.

Run it only when a pairing change is intended (and say so in the release notes):

    python scripts/record_pairings.py
"""

from __future__ import annotations

import itertools
import json
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tt_organizer.pairing.simulate import simulate_event  # noqa: E402
from tt_organizer.pairing.swiss import Pairing, PlayerState, pair_round  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "pairing" / "recorded_rounds.json"

#: (players, rounds, seed, method, random first round, late entries, drop rate, joint limits)
EVENTS: tuple[tuple[int, int, int, str, bool, int, float, tuple[int | None, ...]], ...] = (
    (9, 4, 501, "random", True, 0, 0.0, (None, 0)),
    (12, 5, 502, "fold", False, 0, 0.05, (None, 0)),
    (15, 5, 503, "random", True, 2, 0.05, (None, 0, 6)),
    (18, 6, 504, "fold", True, 1, 0.05, (None, 0, 8)),
    (22, 6, 505, "random", True, 0, 0.03, (None, 0, 10)),
    (27, 6, 506, "fold", False, 3, 0.03, (None, 0, 12)),
    (31, 7, 507, "random", True, 2, 0.03, (None, 0, 14)),
    (36, 7, 508, "random", True, 0, 0.03, (None, 0, 16)),
    (41, 7, 509, "fold", True, 2, 0.03, (None, 0, 20)),
    (8, 6, 510, "random", True, 0, 0.0, (None, 0)),   # more rounds than a field this small
    (7, 5, 511, "fold", True, 0, 0.0, (None, 0)),     # can pair without rematches
    (70, 7, 512, "random", True, 3, 0.03, (None,)),   # a field over JOINT_LIMIT
    (5, 7, 513, "fold", True, 0, 0.0, (None, 0)),     # from round 6 everyone had a bye
)


def state_json(p: PlayerState) -> dict[str, Any]:
    """One player's state as stored in the fixture."""
    return {"id": p.id, "points": p.points, "opponents": sorted(p.opponents),
            "had_bye": p.had_bye, "rank": p.rank, "dropped": p.dropped}


def tables_json(tables: list[Pairing]) -> list[list[int | None]]:
    """The tables in order, each [player1, player2] (player2 null for the bye)."""
    return [[t.player1, t.player2] for t in tables]


#: Generated rounds: (seed, players, score-group sizes top down or () for random ones, the
#: most opponents anyone has met). Random groups mix a few large and many small ones (the
#: top and bottom tables of a long event); the shapes given put a large group over a few
#: players, small groups over a large one, or a history so dense that a rematch is forced.
#: Each is paired with both methods, on the production path and bracket by bracket.
FIELDS: tuple[tuple[int, int, tuple[int, ...], int], ...] = (
    *((600 + k, n, (), 0) for k, n in enumerate((6, 9, 11, 13, 16, 17, 20, 23, 26, 29, 33,
                                                  38) * 2)),
    (630, 15, (12, 3), 1), (631, 14, (1, 11, 2), 1), (632, 20, (2, 16, 2), 2),
    (633, 19, (1, 1, 1, 12, 4), 1), (634, 24, (1, 2, 1, 14, 6), 2),
    (635, 22, (3, 1, 2, 10, 6), 1), (636, 30, (2, 1, 3, 18, 3, 3), 2),
    (637, 6, (2, 2, 2), 5), (638, 7, (1, 3, 3), 5), (639, 8, (3, 2, 3), 6),
    (640, 26, (1, 19, 6), 2), (641, 17, (2, 13, 2), 1), (642, 5, (2, 3), 4),
    (643, 7, (1, 3, 3), 6), (644, 9, (3, 3, 3), 8),
    # groups at the sizes where the path changes (2f + 2, 2f + 3 + floaters) for f = 1, 2
    (650, 16, (3, 4, 5, 4), 1), (651, 18, (4, 5, 6, 3), 1), (652, 21, (5, 7, 2, 7), 1),
    (653, 24, (6, 7, 8, 3), 2), (654, 27, (5, 9, 6, 7), 2), (655, 30, (7, 10, 2, 11), 2),
    (656, 23, (2, 3, 11, 1, 6), 2), (657, 20, (1, 2, 2, 9, 6), 1),
)

#: Fields (seeds) whose lowest-ranked player of each group has met every player of a next
#: group that small: the odd one out of a large group must then be someone else.
CORNERED = (651, 652, 654, 655, 656, 657, 660, 661, 662, 663, 10184, 10211)
CORNERED_FIELDS: tuple[tuple[int, int, tuple[int, ...], int], ...] = (
    (660, 16, (9, 2, 5), 2), (661, 19, (11, 1, 7), 2), (662, 24, (3, 9, 2, 10), 2),
    (663, 21, (7, 2, 12), 1), (10184, 45, (10, 6, 1, 3, 5, 10, 10), 1),
    (10211, 32, (4, 10, 1, 10, 5, 2), 2),
)


#: Small groups over small groups: with a joint limit of half the field they are solved as
#: windows, where a change in how a matched player's drop counts shows (found by a
#: differential search over shaped fields).
WINDOW_FIELDS: tuple[tuple[int, int, tuple[int, ...], int], ...] = (
    (10015, 30, (3, 2, 3, 2, 3, 1, 1), 3),
)


def generated(seed: int, n: int, sizes: tuple[int, ...], most: int) -> list[PlayerState]:
    """A round's players as a long event could leave them (see ``FIELDS``)."""
    rng = random.Random(f"tt-recorded:{seed}")
    rounds = most or rng.randint(1, 6)
    shape = list(sizes)
    while sum(shape) < n:
        shape.append(min(n - sum(shape), rng.choice((1, 1, 2, 3, 4, 6, 9, 14))))
    levels = sorted(rng.sample(range(3 * rounds + 1), k=min(len(shape), 3 * rounds + 1)),
                    reverse=True)
    while len(levels) < len(shape):
        levels.append(levels[-1])
    points = [lv for lv, size in zip(levels, shape, strict=True) for _ in range(size)]
    ids = rng.sample(range(1, 10 * n), n)
    met: dict[int, set[int]] = {i: set() for i in ids}
    for _ in range(rounds * n * (4 if n <= 8 else 1)):
        a, b = rng.sample(ids, 2)
        if len(met[a]) < rounds and len(met[b]) < rounds:
            met[a].add(b)
            met[b].add(a)
    if seed in CORNERED:
        start = 0
        for size, below in itertools.pairwise(shape):
            last = ids[start + size - 1]
            if below <= rounds:
                for other in ids[start + size:start + size + below]:
                    met[last].add(other)
                    met[other].add(last)
            start += size
    rank_key = [k if seed in CORNERED else rng.random() for k in range(n)]
    order = sorted(range(n), key=lambda k: (-points[k], rank_key[k]))
    return [PlayerState(id=ids[k], points=points[k], opponents=frozenset(met[ids[k]]),
                        had_bye=rng.random() < 0.15, rank=r + 1,
                        dropped=rng.random() < 0.05)
            for r, k in enumerate(order)]


def stacked() -> list[PlayerState]:
    """70 players: one on 9 points, two on 6, two on 3 (the 6s have met the 3s), 65 on 0.
    Pairing 1-6 with a 3 floating, or 1-3 with a 6 floating, are equally good (one 3-point
    and one 6-point gap either way); the seed decides, as the pattern does between any
    equally good pairings -- and a change in how gaps are weighed shows here first."""
    met: dict[int, set[int]] = {i: set() for i in range(1, 71)}
    for a in (2, 3):
        for b in (4, 5):
            met[a].add(b)
            met[b].add(a)
    points = {i: 9 if i == 1 else 6 if i <= 3 else 3 if i <= 5 else 0 for i in met}
    return [PlayerState(id=i, points=points[i], opponents=frozenset(met[i]), had_bye=False,
                        rank=i) for i in met]


def record(event: str, states: list[PlayerState], rnd: int, seed: int, random_first: bool,
           ways: list[tuple[str, int | None]]) -> dict[str, Any]:
    """One round's players and its tables paired each of the ``ways`` (method, joint limit)."""
    paired = []
    for method, limit in ways:
        kw: dict[str, Any] = {} if limit is None else {"joint_limit": limit}
        tables = pair_round(states, round_number=rnd, seed=seed, random_first_round=random_first,
                       method=method, **kw)
        paired.append({"method": method, "joint_limit": limit, "tables": tables_json(tables)})
    return {"event": event, "round": rnd, "seed": seed, "random_first_round": random_first,
            "states": [state_json(p) for p in states], "paired": paired}


def records() -> list[dict[str, Any]]:
    """Every recorded round with its tables."""
    out: list[dict[str, Any]] = []
    for seed, n, sizes, most in FIELDS + CORNERED_FIELDS + WINDOW_FIELDS:
        states = generated(seed, n, sizes, most)
        rnd = 2 + seed % 5
        out.append(record(f"generated {n} players, seed {seed}", states, rnd, seed, True,
                          [(m, limit) for m in ("random", "fold")
                           for limit in (None, 0, max(4, n // 2))]))
    for seed in range(1, 7):
        out.append(record(f"stacked small groups, seed {seed}", stacked(), 4, seed, True,
                          [("random", None), ("fold", None), ("random", 0)]))
    for n, rounds, seed, method, random_first, late, drop, limits in EVENTS:
        sim = simulate_event(n, rounds, seed, drop_rate=drop, draw_rate=0.1,
                             late_entries=late, random_first_round=random_first,
                             method=method)
        for rnd, states in enumerate(sim.states, 1):
            out.append(record(f"{n} players, seed {seed}", states, rnd, seed, random_first,
                              [(method, limit) for limit in limits]))
    return out


def main() -> int:
    """Write the fixture (temporary file, then rename)."""
    data = records()
    text = json.dumps(data, separators=(",", ":"))
    text = text.replace('{"event"', '\n{"event"') + "\n"
    fd, tmp = tempfile.mkstemp(dir=OUT.parent, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, OUT)
    print(f"recorded {len(data)} rounds in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
