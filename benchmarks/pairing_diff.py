"""Differential search for a pairing mutant: the original ``pairing/swiss.py`` against one edit
of it, over random fields, until a field is paired differently.

    python benchmarks/pairing_diff.py LINE OLD NEW [--tries N] [--seed S] [--method fold]
        [--joint-limit 0] [--floats]

Both versions are loaded as separate module objects; each try plays 1-5 random rounds of
4-26 players with the original, then pairs the next round with both (``pair_round``, every method
and path asked for) and prints the first field where they differ (ids, points, opponents, bye),
ready to paste into a test. ``--floats`` reports only differences in who floats to a lower
score group and how far (a tie-break among equally good pairings is not reported). How the
third mutation pass found the fields of ``tests/test_pairing_rules.py``; see
benchmarks/RESULTS.md ("Mutation testing").
"""

from __future__ import annotations

import argparse
import random
import sys
import types
from pathlib import Path
from typing import Any

SWISS = Path(__file__).resolve().parents[1] / "tt_organizer" / "pairing" / "swiss.py"
Pairs = list[tuple[int, int | None]]


def load(name: str, text: str) -> Any:
    """``text`` as a module object called ``name``."""
    module = types.ModuleType(name)
    sys.modules[name] = module
    exec(compile(text, name, "exec"), module.__dict__)  # our own source
    return module


def floats(pairs: Pairs, points: dict[int, int]) -> list[tuple[int, int | None]]:
    """Who plays down and against how many points (and the bye)."""
    out: set[tuple[int, int | None]] = set()
    for a, b in pairs:
        if b is None:
            out.add((a, None))
        elif points[a] != points[b]:
            hi, lo = (a, b) if points[a] > points[b] else (b, a)
            out.add((hi, points[lo]))
    return sorted(out, key=str)


def field(swiss: Any, pts: dict[int, int], opp: dict[int, set[int]], bye: dict[int, bool]
          ) -> list[Any]:
    """The players as the pairing sees them, ranked by points then id."""
    ranked = sorted(pts, key=lambda i: (-pts[i], i))
    return [swiss.PlayerState(id=i, points=pts[i], opponents=frozenset(opp[i]),
                              had_bye=bye[i], rank=k + 1) for k, i in enumerate(ranked)]


def main() -> int:
    """Search; 0 when a difference was found (and printed), 1 when none was."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("line", type=int)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--tries", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--method", action="append", choices=("random", "fold"))
    parser.add_argument("--joint-limit", type=int, action="append")
    parser.add_argument("--floats", action="store_true")
    args = parser.parse_args()
    source = SWISS.read_text(encoding="utf-8")
    lines = source.splitlines(keepends=True)
    if args.old not in lines[args.line - 1]:
        raise SystemExit(f"line {args.line} has no {args.old!r}: {lines[args.line - 1]!r}")
    lines[args.line - 1] = lines[args.line - 1].replace(args.old, args.new, 1)
    orig, mutant = load("swiss_original", source), load("swiss_mutant", "".join(lines))
    rnd = random.Random(args.seed)
    for t in range(args.tries):
        n = rnd.randint(4, 26)
        played = rnd.randint(1, 5)
        pts = {i: 0 for i in range(1, n + 1)}
        opp: dict[int, set[int]] = {i: set() for i in pts}
        bye = dict.fromkeys(pts, False)

        for r in range(1, played + 1):
            now = field(orig, pts, opp, bye)
            for table in orig.pair_round(now, round_number=r, seed=t, method="random"):
                a, b = table.player1, table.player2
                if b is None:
                    pts[a] += 3
                    bye[a] = True
                    continue
                opp[a].add(b)
                opp[b].add(a)
                x = rnd.random()
                if x < 0.45:
                    pts[a] += 3
                elif x < 0.9:
                    pts[b] += 3
                else:
                    pts[a] += 1
                    pts[b] += 1
        players = field(orig, pts, opp, bye)
        for method in args.method or ["random", "fold"]:
            for limit in args.joint_limit or [64, 0]:
                kw = {"round_number": played + 1, "seed": t, "method": method,
                      "joint_limit": limit}
                got: Pairs = [(x.player1, x.player2) for x in orig.pair_round(players, **kw)]
                try:
                    other: Pairs | str = [(x.player1, x.player2)
                                          for x in mutant.pair_round(players, **kw)]
                except Exception as exc:  # a crash is a difference too
                    other = repr(exc)
                if other == got:
                    continue
                if args.floats and not isinstance(other, str) and \
                        floats(got, pts) == floats(other, pts):
                    continue
                print(f"try {t}: {n} players, {kw}")
                print("players =", [(p.id, p.points, sorted(p.opponents), p.had_bye)
                                    for p in players])
                print("original", got)
                print("mutant  ", other)
                return 0
    print(f"no difference in {args.tries} fields")
    return 1


if __name__ == "__main__":
    sys.exit(main())
