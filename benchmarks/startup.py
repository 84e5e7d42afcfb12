"""Start-up of the ``tt`` command line counted in instructions, as ratios to bare start-up.

Wall and CPU times of a fresh process move by up to 2x with the load of a shared machine
(``benchmarks/cli.py`` measures them); the number of instructions a process executes does
not. This runs each command once under valgrind's callgrind (``--callgrind-out-file=/dev/null``)
and prints its instructions beside those of ``python -c pass`` and of ``tt --help`` (click's
own floor, the base of issue 23's targets): bare start-up, the standard
library modules a deck check cannot do without, ``tt --help``, ``tt deck validate`` (table and
``--json``). Instructions are not time -- a bare start-up spends more of its time waiting on
memory than a deck check does, so the wall-time ratios come out lower -- but they compare
two versions exactly. Needs ``valgrind``. Each command runs once untimed first, and every run has
``PYTHONDONTWRITEBYTECODE`` taken out of its environment: with it set (as a machine may), each
process compiles every module it imports from source again, which no installed copy pays.

    python benchmarks/startup.py [--tt PATH]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "legal-red-tamer-tactics.txt"
# what `tt deck validate` imports from the standard library and cannot do without: regular
# expressions, JSON, CSV (decklist tables), dates (ban lists), Unicode names (name checks).
STDLIB = "import re, json, csv, datetime, unicodedata"
# the counted processes may write and always read the bytecode cache (see the docstring)
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def instructions(cmd: list[str]) -> int:
    """Instructions ``cmd`` executes (all its threads), counted by callgrind, after one
    uncounted run that warms the bytecode cache."""
    subprocess.run(cmd, capture_output=True, check=False, env=CHILD_ENV)
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           *cmd], capture_output=True, text=True, check=False,
                          env=CHILD_ENV)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no count for {' '.join(cmd)}:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    """Count and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tt", default=None, help="the tt script to count (default the one "
                        "next to this Python), e.g. another checkout's")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    # byte-compile the package as installing it does (the warm-up run of each command writes
    # the cache of anything else it imports)
    import compileall

    import tt_organizer

    compileall.compile_dir(Path(tt_organizer.__file__).parent, quiet=1)
    script = Path(sys.executable).with_name("tt")
    tt = [args.tt] if args.tt else ([str(script)] if script.exists()
                                    else [sys.executable, "-m", "tt_organizer"])
    rows = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ("stdlib a deck check needs", [sys.executable, "-c", STDLIB]),
        ("tt --help", [*tt, "--help"]),
        ("deck validate (table)", [*tt, "deck", "validate", str(SAMPLE)]),
        ("deck validate --json", [*tt, "deck", "validate", "--json", str(SAMPLE)]),
    ]
    counts = [(label, instructions(cmd)) for label, cmd in rows]
    base = counts[0][1]
    click_floor = dict(counts)["tt --help"]
    print(f"{'command':<28} {'instructions':>14} {'× bare':>7} {'× help':>7}")
    for label, n in counts:
        print(f"{label:<28} {n:>14,} {n / base:7.2f} {n / click_floor:7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
