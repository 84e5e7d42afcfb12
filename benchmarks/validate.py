"""How long deck validation takes: one deck in-process, 1,000 decks in-process, and the
``tt deck validate`` wall time on one deck beside a bare ``python -c pass``.

Run: ``python benchmarks/validate.py [--decks 1000] [--runs 10]``. Prints figures, then one JSON
line with all of them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "legal-red-tamer-tactics.txt"


def wall(cmd: list[str], runs: int) -> float:
    """Median wall time of ``cmd`` in milliseconds over ``runs`` runs (after one warm-up)."""
    subprocess.run(cmd, capture_output=True, check=False)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=False)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decks", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()

    start = time.perf_counter()
    from tt_organizer.formats.check import check_text, load_context

    ctx = load_context()
    load_ms = (time.perf_counter() - start) * 1000
    text = SAMPLE.read_text(encoding="utf-8")
    report = check_text(text, ctx, source=SAMPLE.name)
    assert report.legal, [v.message for v in report.errors]

    start = time.perf_counter()
    report = check_text(text, ctx, source=SAMPLE.name)
    one_ms = (time.perf_counter() - start) * 1000

    start = time.perf_counter()
    for i in range(args.decks):
        check_text(text, ctx, source=f"deck-{i}.txt")
    many_s = time.perf_counter() - start

    python_ms = wall([sys.executable, "-c", "pass"], args.runs)
    script = Path(sys.executable).with_name("tt")
    tt = [str(script)] if script.exists() else [sys.executable, "-m", "tt_organizer"]
    cli_ms = wall([*tt, "deck", "validate", str(SAMPLE)], args.runs)
    help_ms = wall([*tt, "--help"], args.runs)

    print(f"load card database + format + ban list: {load_ms:8.1f} ms")
    print(f"validate one deck in-process:           {one_ms:8.2f} ms")
    print(f"validate {args.decks} decks in-process:        {many_s * 1000:8.1f} ms "
          f"({args.decks / many_s:,.0f} decks/s)")
    print(f"python -c pass (median of {args.runs}):           {python_ms:8.1f} ms")
    print(f"tt --help (median of {args.runs}):                {help_ms:8.1f} ms")
    print(f"tt deck validate one deck (median of {args.runs}): {cli_ms:8.1f} ms")
    print(json.dumps({
        "load_ms": round(load_ms, 1),
        "one_deck_ms": round(one_ms, 3),
        "decks": args.decks,
        "many_decks_ms": round(many_s * 1000, 1),
        "decks_per_s": round(args.decks / many_s),
        "python_pass_ms": round(python_ms, 1),
        "tt_help_ms": round(help_ms, 1),
        "tt_validate_ms": round(cli_ms, 1),
    }))


if __name__ == "__main__":
    main()
