"""Benchmark: what the check of an event file on open costs (issues 13 and 18).

    python benchmarks/event_open.py --players 256 [--rounds 8] [--repeat 20]

Builds an event of PLAYERS players (no decks) with ROUNDS Swiss rounds paired and reported,
then times opening it: ``store.open_event`` (which checks the rows the change log names:
none, for a file only the toolkit wrote) against a baseline measured in the same run, an open
plus one ``read_snapshot`` (what ``tt event status`` or ``export`` reads anyway), and beside
them the full check (``integrity.check_event``: what every open ran before issue 18) and the
comparison of the file's schema with the expected one (``schema.schema_differences``: part of
every open and of every change since issue 22). Prints the LAST line as JSON: ``{"players",
"rounds", "file_kb", "open_ms", "baseline_ms", "ratio", "full_check_ms",
"schema_compare_ms", "schema_build_ms"}`` (medians; the expected schema is built once per
process, by running the migrations on an in-memory database).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

try:
    from tt_organizer.events import entering, setup, store
    from tt_organizer.events.players import register_player
    from tt_organizer.events.rounds import pair_next_round
    from tt_organizer.events.store import integrity, schema
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tt_organizer.events import entering, setup, store
    from tt_organizer.events.players import register_player
    from tt_organizer.events.rounds import pair_next_round
    from tt_organizer.events.store import integrity, schema


def build(path: Path, players: int, rounds: int) -> None:
    """An event with every round paired and reported (P1 wins every table)."""
    setup.create_event(path, "Bench", best_of=1, rounds=rounds, seed=1)
    with store.connect(path) as conn:
        for i in range(players):
            register_player(conn, f"Player {i:04d}")
        for _ in range(rounds):
            for m in pair_next_round(conn):
                if m.player2 is not None:
                    entering.report_result(conn, m.table, "1-0")


def median_ms(func: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()  # type: ignore[operator]
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the JSON summary last."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "event.sqlite"
        build(path, args.players, args.rounds)

        def checked() -> None:
            store.open_event(path).close()

        def baseline() -> None:
            conn = store.open_event(path)
            store.read_snapshot(conn, str(path))
            conn.close()

        def full() -> None:
            conn = store.open_event(path)
            integrity.check_event(conn, path)
            conn.close()

        conn = store.open_event(path)

        def compared() -> None:  # what every open and every change adds (schema 8)
            schema.schema_differences(conn)

        schema_ms = median_ms(compared, args.repeat * 10)

        def expected() -> None:  # once per process: the migrations run in memory
            schema.expected_schema.cache_clear()
            schema.expected_schema()

        build_ms = median_ms(expected, args.repeat)
        conn.close()
        checked()
        open_ms = median_ms(checked, args.repeat)
        base_ms = median_ms(baseline, args.repeat)
        full_ms = median_ms(full, args.repeat)
        print(json.dumps({"players": args.players, "rounds": args.rounds,
                          "file_kb": path.stat().st_size // 1024,
                          "open_ms": round(open_ms, 2), "baseline_ms": round(base_ms, 2),
                          "ratio": round(open_ms / base_ms, 2),
                          "full_check_ms": round(full_ms, 2),
                          "schema_compare_ms": round(schema_ms, 3),
                          "schema_build_ms": round(build_ms, 2)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
