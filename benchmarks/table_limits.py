"""Benchmark of the work limits on sheets and archives (issue 13, item 7).

Builds the small files of large work the attack pass described (a 65 KB workbook of 1.5 million
shared strings, one of a million rows, one of a million cells, a 104 KB zip of 2,000 entries
sharing one member) and times how long refusing each takes, as a ratio to reading a real
roster workbook of 200 players with a pasted decklist each (the baseline, measured in the same
run).

    python benchmarks/table_limits.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from sheet_bombs import (
    cells_bomb,
    rows_bomb,
    shared_member_zip,
    shared_strings_bomb,
)

from tt_organizer.batch import collect_inputs
from tt_organizer.errors import InputError
from tt_organizer.sheets.reading import read_table


def _best(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def _refused(path: Path) -> Callable[[], None]:
    def run() -> None:
        try:
            read_table(path)
        except InputError:
            return
        raise SystemExit(f"{path.name} was not refused")

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    import openpyxl

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        wb = openpyxl.Workbook()
        wb.active.append(["Player", "Decklist"])
        deck = "\n".join(f"4 BT1-{n:03d}" for n in range(1, 51))
        for i in range(200):
            wb.active.append([f"Player {i}", deck])
        wb.save(root / "roster.xlsx")
        baseline = _best(lambda: read_table(root / "roster.xlsx"), args.repeat)
        size = (root / "roster.xlsx").stat().st_size
        print(f"baseline: read a {size // 1024} KB roster of 200 decklists: {baseline:.3f} s")
        cases: list[tuple[str, Path, Callable[[], object]]] = []
        for build in (shared_strings_bomb, rows_bomb, cells_bomb):
            path = build(root)
            cases.append((path.name, path, _refused(path)))
        zipped = shared_member_zip(root)
        cases.append((zipped.name, zipped, lambda: collect_inputs([zipped])))
        for name, path, fn in cases:
            took = _best(fn, args.repeat)
            print(f"{name:14} {path.stat().st_size // 1024:4d} KB  refused in {took:.3f} s = "
                  f"{took / baseline:.2f} x baseline")


if __name__ == "__main__":
    main()
