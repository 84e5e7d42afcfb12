"""Why records are plain dataclasses (:mod:`tt_organizer.records`): the cost of loading what a
deck check loads at every run -- the shipped format definitions and the current ban list --
built from trusted JSON (the dataclass path every run takes) against the same files checked by
pydantic (what a pydantic model would cost at every run), in fresh processes.

Figures are median wall and CPU times of N fresh processes, as ratios to a bare
``python -c pass`` and to ``tt --help`` measured in the same run (shared machines are noisy).

    python benchmarks/records.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TT = [sys.executable, "-m", "tt_organizer"]
LOAD = """
from tt_organizer.banlist.cache import current_banlist
from tt_organizer.formats.registry import all_formats
from tt_organizer.paths import banlist_cache_folder
formats = all_formats()
banlist = current_banlist(banlist_cache_folder())
"""
# the same files, each checked by pydantic as a pydantic model would be at every run
VALIDATE = LOAD + """
from tt_organizer.banlist.announcement import BanList
from tt_organizer.formats.model import FormatDefinition
from tt_organizer.banlist.cache import banlist_payload
for f in formats.values():
    FormatDefinition.validate(f.to_dict(as_json=True))
BanList.validate(banlist_payload(banlist))
"""
CASES = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "tt --help": [*TT, "--help"],
    "load as dataclasses (trusted)": [sys.executable, "-c", LOAD],
    "load checked by pydantic": [sys.executable, "-c", VALIDATE],
}


def one(cmd: list[str]) -> tuple[float, float]:
    """Wall and CPU (children's user + system) seconds of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, cwd=ROOT,
                   env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    """Run each case N times, interleaved, and print medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    for cmd in CASES.values():  # warm the bytecode cache
        one(cmd)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in CASES}
    for _ in range(args.runs):
        for name, cmd in CASES.items():
            times[name].append(one(cmd))
    med = {n: (statistics.median(w for w, _ in t) * 1000, statistics.median(c for _, c in t) * 1000)
           for n, t in times.items()}
    base, helps = med["python -c pass"], med["tt --help"]
    print(f"{'case':32} {'wall ms':>8} {'cpu ms':>7} {'cpu/python':>10} {'cpu/--help':>10}")
    for name, (wall, cpu) in med.items():
        print(f"{name:32} {wall:8.1f} {cpu:7.1f} {cpu / base[1]:10.2f} {cpu / helps[1]:10.2f}")
    extra = med["load checked by pydantic"][1] - med["load as dataclasses (trusted)"][1]
    print(f"pydantic at every run would add {extra:.0f} ms CPU "
          f"({extra / helps[1]:.2f} x tt --help) to each deck check")
    print(json.dumps({n: {"wall_ms": round(w, 1), "cpu_ms": round(c, 1)}
                      for n, (w, c) in med.items()}))


if __name__ == "__main__":
    main()
