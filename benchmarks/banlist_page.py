"""How long the restriction-page parser takes on hostile pages (issue 13) beside a normal page
of the same size, parsed in the same run.

Run: ``python benchmarks/banlist_page.py [--n 20000]``. Prints, for each hostile shape, its
parse time and the ratio to the normal page of equal length (a linear parser keeps the
ratios small and flat as ``--n`` grows), then one JSON line with all of them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from hostile_pages import HOSTILE, normal_page  # noqa: E402

from tt_organizer.banlist.page import parse_page  # noqa: E402


def timed(html: str) -> tuple[float, list[str]]:
    """Seconds to parse ``html`` and the problems found."""
    start = time.perf_counter()
    page = parse_page(html)
    return time.perf_counter() - start, page.problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=20_000)
    args = parser.parse_args()
    figures: dict[str, dict[str, object]] = {}
    for label, build in HOSTILE.items():
        html = build(args.n)
        base, _ = timed(normal_page(len(html)))
        took, problems = timed(html)
        ratio = took / base if base else float("inf")
        outcome = problems[0] if problems else "parsed"
        print(f"{label:24} {len(html):>9,} chars  {took * 1000:8.1f} ms  "
              f"x{ratio:6.2f} of a normal page  ({outcome})")
        figures[label] = {"chars": len(html), "ms": round(took * 1000, 2),
                          "ratio": round(ratio, 3), "outcome": outcome}
    print(json.dumps({"n": args.n, "shapes": figures}))


if __name__ == "__main__":
    main()
