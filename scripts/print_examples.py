"""Make the printed-sheet examples of docs/printing.md: a 24-player event, each sheet printed with
``tt event print``, page 1 of each rendered to ``docs/img/print/*.png`` (pdftoppm, 60 dpi).

    python scripts/print_examples.py > /tmp/print.md

Prints the console blocks (the output is real); needs pdftoppm (poppler-utils).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "tests" / "fixtures" / "events"
OUT = ROOT / "docs" / "img" / "print"
TT = [sys.executable, "-m", "tt_organizer"]
NAMES = (
    "Lena Fischer", "Kaito Nakamura", "Chloé Ćwik", "Tomasz Jankowski", "Priya Raman",
    "Søren Lindqvist", "Valentina Rossi", "Yusuf Hakobyan", "Ignacio Quispe", "Noor Haddad",
    "Maximilian Oberhauser", "Eve Ebner", "Quentin Papadopoulos", "Hanna Müller",
    "Gus O'Sullivan", "Rosalind Brandt", "Wen Zhao", "Józef Nowak", "Ulrike Schmidt",
    "Oskar Gómez", "Dmitri Ivanova", "Alice Aoyama", "François Lefèvre", "Bartholomew King",
)
DECK_FILES = ("legal_red.txt", "legal_blue.txt", "legal_yellow.txt", "illegal_short.txt")


def tt(cmd: str, work: Path, env: dict[str, str], *, show: bool = True) -> str:
    """Run one ``tt …`` command line (printed as a console block when ``show``)."""
    proc = subprocess.run(TT + shlex.split(cmd)[1:], cwd=work, env=env, capture_output=True,
                          text=True, check=False)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{cmd}: exit {proc.returncode}\n{proc.stderr}")
    if show:
        print(f"```console\n$ {cmd}\n{(proc.stdout + proc.stderr).rstrip()}\n```\n")
    return proc.stdout


def main() -> None:
    exe = shutil.which("pdftoppm")
    if exe is None:
        raise SystemExit("pdftoppm (poppler-utils) is needed")
    OUT.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "TT_EVENT": "cup.sqlite", "TT_ORGANIZER": "demo", "LANG": "en_GB.UTF-8"}
    env.pop("LC_ALL", None)
    env.pop("LC_PAPER", None)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "decks").mkdir()
        for name in DECK_FILES:
            shutil.copy(DECKS / name, work / "decks" / name)
        tt('tt event create "Friday Cup" --seed 2026 --top-cut 0', work, env, show=False)
        for i, name in enumerate(NAMES):
            deck = f" --deck decks/{DECK_FILES[i % 4]} --allow-illegal" if i < 8 else ""
            bandai = f" --id {4100000000 + 7919 * i:010d}"  # a 10-digit Bandai membership id
            tt(f"tt event register {shlex.quote(name)}{bandai}{deck}", work, env, show=False)
        tt("tt event pair", work, env, show=False)
        for table in range(1, 13):
            tt(f"tt event report {table} {'2-1' if table % 3 else '0-2'} --first P1,P2,P1 "
               f"--winners P1,P2,P1 --turns 7,9,8" if table % 3 else
               f"tt event report {table} 0-2", work, env, show=False)
        tt("tt event pair", work, env, show=False)
        for what in ("pairings", "slips", "standings", "decklists", "registration"):
            tt(f"tt event print {what}", work, env)
        tt("tt event print slips --paper letter -o slips-letter.pdf --json", work, env)
        tt("tt deck check-batch decks --out desk.pdf", work, env)
        for pdf in sorted(work.glob("*.pdf")):
            if pdf.name == "slips-letter.pdf":
                continue
            target = OUT / pdf.stem
            subprocess.run([exe, "-r", "60", "-png", "-f", "1", "-l", "1", "-singlefile",
                            str(pdf), str(target)], check=True)


if __name__ == "__main__":
    main()
