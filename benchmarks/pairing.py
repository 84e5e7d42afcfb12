"""Benchmark: a whole simulated Swiss event through the pairing library (no subprocess).

    python benchmarks/pairing.py --players 1024 [--rounds 10] [--seed 1]

Prints one line per round (time, rematches, pairs more than one win apart, largest gap, sum
of squared gaps; with ``--oracle`` -- the default up to 256 players -- the same figures of
the networkx optimum with our bye held fixed, from ``tests/pairing_oracle.py``), then as
the LAST line one JSON object:
``{"players", "rounds", "max_round_ms", "total_pair_ms", "standings_ms", "rematches",
"peak_mb"}``. ``*_pair_ms`` time ``pair_round`` only; ``standings_ms`` is one
``compute_standings`` call on the finished event; ``peak_mb`` is the process's peak
resident set size (``resource.getrusage(RUSAGE_SELF).ru_maxrss``), i.e. the whole Python
process including the interpreter, not tracemalloc (which would slow everything down).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
from pathlib import Path

try:
    from tt_organizer.pairing.quality import analyze_pairings
    from tt_organizer.pairing.simulate import rounds_for_players, simulate_event
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tt_organizer.pairing.quality import analyze_pairings
    from tt_organizer.pairing.simulate import rounds_for_players, simulate_event
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from pairing_oracle import optimum, round_figures


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the JSON summary last."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--rounds", type=int, default=None,
                        help="default: by the rule book (<=64: 6, <=128: 7, <=226: 8, "
                             "<=409: 9, more: 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--best-of", type=int, choices=(1, 3), default=3)
    parser.add_argument("--drop-rate", type=float, default=0.0)
    parser.add_argument("--draw-rate", type=float, default=0.02)
    parser.add_argument("--oracle", action=argparse.BooleanOptionalAction, default=None,
                        help="compare each round with the networkx optimum "
                             "(default: up to 256 players; needs networkx)")
    args = parser.parse_args(argv)
    oracle = args.oracle if args.oracle is not None else args.players <= 256
    rounds = args.rounds if args.rounds is not None else rounds_for_players(args.players)
    sim = simulate_event(args.players, rounds, args.seed, best_of=args.best_of,
                         drop_rate=args.drop_rate, draw_rate=args.draw_rate)
    ours_sq = best_sq = 0
    for rnd, (states, pairings, ms) in enumerate(
            zip(sim.states, sim.pairings, sim.pair_ms, strict=True), 1):
        active = [p for p in states if not p.dropped]
        report = analyze_pairings(active, pairings)
        ours = round_figures(active, [(t.player1, t.player2) for t in pairings
                                      if t.player2 is not None])
        line = (f"round {rnd:2d}: {len(active)} players, {ms:8.1f} ms, "
                f"rematches {ours.rematches}, over one win {ours.over_one_win}, "
                f"max gap {ours.max_gap}, squared gaps {ours.squared_gaps}, "
                f"floaters {report.floaters}, bye {report.bye}")
        ours_sq += ours.squared_gaps
        if oracle:
            best = optimum(states, pairings)
            best_sq += best.squared_gaps
            line += (f" | optimum: over one win {best.over_one_win}, max gap "
                     f"{best.max_gap}, squared gaps {best.squared_gaps}")
        print(line)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    summary = {
        "players": args.players,
        "rounds": rounds,
        "max_round_ms": round(max(sim.pair_ms), 1),
        "total_pair_ms": round(sum(sim.pair_ms), 1),
        "standings_ms": round(sim.standings_ms, 1),
        "rematches": sim.rematches,
        "squared_gaps": ours_sq,
        "optimum_squared_gaps": best_sq if oracle else None,
        "peak_mb": round(peak_kb / 1024, 1),
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
