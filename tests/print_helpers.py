"""Events of any size for the printing tests, and reading PDFs back (text, sizes, pages)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tt_organizer.events import entering, setup, store
from tt_organizer.events.players import register_player
from tt_organizer.events.rounds import pair_next_round

FIRST = ("Alice", "Bartholomew", "Chloé", "Dmitri", "Eve", "François", "Gus", "Hanna",
         "Ignacio", "Józef", "Kaito", "Lena", "Maximilian", "Noor", "Oskar", "Priya",
         "Quentin", "Rosalind", "Søren", "Tomasz", "Ulrike", "Valentina", "Wen", "Yusuf")
LAST = ("Aoyama", "Brandt", "Ćwik", "Oberhauser-Kowal", "Ebner", "Fischer", "Gómez",
        "Hakobyan", "Ivanova", "Jankowski", "Kobayashi", "Lindqvist", "Müller", "Nakamura",
        "O'Sullivan", "Papadopoulos", "Quispe", "Rossi", "Schmidt")


def player_names(count: int) -> list[str]:
    """``count`` different names of real-world lengths (the longest 28 characters)."""
    names: list[str] = []
    i = 0
    while len(names) < count:
        name = f"{FIRST[i % len(FIRST)]} {LAST[(i * 7 + i // len(FIRST)) % len(LAST)]}"
        if name not in names:
            names.append(name)
        i += 1
    return names


def make_event(path: Path, players: int, *, rounds: int = 1, decks: dict[str, Path] | None = None,
               best_of: int = 3) -> Path:
    """An event of ``players`` players, ``rounds`` Swiss rounds paired and all but the last
    reported (table 1 wins for P1, the others 2-1 for P2)."""
    setup.create_event(path, "Spring Cup & Friends", seed=7, best_of=best_of)
    with store.connect(path) as conn:
        for name in player_names(players):
            deck = (decks or {}).get(name)
            register_player(conn, name, deck_path=deck, allow_illegal=True)
        for rnd in range(1, rounds + 1):
            matches = pair_next_round(conn)
            if rnd == rounds:
                break
            for m in matches:
                if m.player2 is not None:
                    entering.report_result(conn, m.table, "2-0" if m.table == 1 else "1-2")
    return path


def render(pdf: Path, dpi: int = 40) -> list[Path]:
    """Render every page to PNG with pdftoppm; the PNG files, in page order."""
    exe = shutil.which("pdftoppm")
    assert exe, "pdftoppm (poppler-utils) is needed: .ci/run installs it"
    prefix = pdf.with_suffix("")
    subprocess.run([exe, "-r", str(dpi), "-png", str(pdf), str(prefix)], check=True,
                   capture_output=True)
    return sorted(pdf.parent.glob(prefix.name + "-*.png"),
                  key=lambda p: int(p.stem.rsplit("-", 1)[1]))


def ink(png: Path) -> float:
    """Share of a rendered page's pixels that are not white."""
    from PIL import Image

    with Image.open(png) as img:
        gray = img.convert("L")
        hist = gray.histogram()
    return 1 - sum(hist[250:]) / sum(hist)


def heading_parts(page) -> tuple[str, str]:  # a pdfplumber page
    """The page's title (bold, above the heading's rule) and the event name beside it
    (regular), each as one line of text (the lines of a wrapped title joined by spaces)."""
    rules = [ln for ln in page.lines if abs(ln["x1"] - ln["x0"]) > page.width / 2]
    rule = min(ln["top"] for ln in rules)
    above = page.crop((0, 0, page.width, rule))

    def words(bold: bool) -> str:
        part = above.filter(lambda o: o.get("object_type") != "char"
                            or ("Bold" in o.get("fontname", "")) == bold)
        return " ".join((part.extract_text() or "").split())

    return words(True), words(False)
