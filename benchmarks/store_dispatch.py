"""Benchmark: what reaching the store through ``events/store/dispatch.py`` costs.

    python benchmarks/store_dispatch.py [--players 64] [--calls 20000]

On one SQLite event of ``--players`` players (round 1 paired), times ``--calls`` calls of a
cheap operation (``count_players``) and of a read (``read_roster``), each made directly on the
SQLite store (the baseline, measured in the same run) and through the dispatch the event
library uses; prints the microseconds per call and, as the LAST line, one JSON object with the
ratios dispatch / direct (``1.00`` = no cost).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

try:
    from tt_organizer.events import service
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tt_organizer.events import service
from tt_organizer.events import store as sqlite_store
from tt_organizer.events.store.dispatch import store


def _per_call(fns: list[object], conn: object, calls: int) -> list[float]:
    """Microseconds per call of each of ``fns``: the best of five runs, taken in turns."""
    best = [float("inf")] * len(fns)
    for _ in range(5):
        for i, fn in enumerate(fns):
            start = time.perf_counter()
            for _ in range(calls):
                fn(conn)  # type: ignore[operator]
            best[i] = min(best[i], time.perf_counter() - start)
    return [b / calls * 1e6 for b in best]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the JSON summary last."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--calls", type=int, default=20000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "event.sqlite"
        service.create_event(path, "Bench", seed=1)
        with sqlite_store.connect(path) as conn:
            for i in range(args.players):
                service.register_player(conn, f"Player {i}")
            service.pair_next_round(conn)
            summary: dict[str, float] = {}
            for name in ("count_players", "read_roster"):
                direct, dispatched = _per_call([getattr(sqlite_store, name),
                                                getattr(store, name)], conn, args.calls)
                print(f"{name}: direct {direct:.2f} µs, dispatched {dispatched:.2f} µs")
                summary[f"{name}_ratio"] = round(dispatched / direct, 3)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
