"""The English check (``test_i18n_event_english``) over the commands an event script does not
run: ``tt event serve``'s start-up lines, ``tt banlist sync/list/diff``, ``tt cards
show/search/sync/import``, ``tt stats`` (its terminal report, ``export``, and ``report``'s PDF
and HTML text), and ``tt season standings --out`` (the workbook's cells and the PDF's text).
Each runs through the real ``tt`` under ``LANG=C`` and every other language with a catalog;
the files' text is read back (pdfplumber, openpyxl, the HTML's text) and checked like the
terminal's lines: a line identical to an English one holding an English word fails, and so
does a word the English run printed that no translation of the language uses. Not words
besides those of the event check: the names of the card database (the commands list cards by
name).
"""

from __future__ import annotations

import html
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pdfplumber
import pytest
from openpyxl import load_workbook
from test_i18n_event_english import (
    EXCEPTIONS,
    LANG,
    SHEET,
    TT,
    catalog_words,
    english_left,
    english_words_in_mixed_lines,
    languages,
    name_words,
)

from tt_organizer import i18n

ROOT = Path(__file__).resolve().parent.parent
BANLIST = ROOT / "tests" / "fixtures" / "banlist"
CARDS = ROOT / "tests" / "fixtures" / "cards" / "sample.csv"
GAME = ROOT / "tests" / "fixtures" / "games" / "dmcg-1999-cards.csv"


def file_text(path: Path) -> str:
    """The text a person reads in a written file, one line per line/cell."""
    if path.suffix == ".pdf":
        with pdfplumber.open(path) as pdf:
            return "\n".join(page.extract_text() or "" for page in pdf.pages)
    if path.suffix == ".xlsx":
        wb = load_workbook(path)
        lines = []
        for ws in wb.worksheets:
            lines.append(ws.title)
            for row in ws.iter_rows(values_only=True):
                lines.append("  ".join(str(v) for v in row if v is not None))
        return "\n".join(lines)
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"<style.*?</style>|<metadata.*?</metadata>|<[^>]+>", "\n", text,
                  flags=re.S)  # an SVG's metadata names matplotlib and the time
    return "\n".join(html.unescape(line) for line in text.splitlines() if line.strip())


def run_tools(lang: str, folder: Path) -> str:
    """The transcript: every command with its output, then each file's text."""
    folder.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in i18n.ENVIRONMENT}
    env.update(LANG=LANG.get(lang, f"{lang}.UTF-8"), COLUMNS="200",
               TT_EVENT=str(folder / "e.sqlite"), TT_SEASON=str(folder / "season.json"),
               TT_USER_DATA=str(folder / "data"), TT_BANLIST_CACHE=str(folder / "cache"))
    details = ("--first", "P1,P2", "--turns", "7,9")
    script: list[tuple[str, ...]] = [  # the ban list first: the event needs one cached
        ("banlist", "sync", "--url", str(BANLIST / "older.html")),
        ("banlist", "sync", "--url", str(BANLIST / "current.html")),
        ("banlist", "sync", "--url", str(BANLIST / "current.html")),
        ("banlist", "list"),
        ("banlist", "diff"),
        ("event", "create", "Copa", "--rounds", "2", "--top-cut", "0", "--seed", "7"),
        ("event", "register", "--from", str(SHEET)),
        ("event", "pair"),
        ("event", "report", "1", "2-0", *details),
        ("event", "report", "2", "0-2", *details),
        ("event", "report", "3", "2-0", *details),
        ("event", "pair"),
        ("event", "report", "1", "2-0", *details),
        ("event", "report", "2", "2-0", *details),
        ("event", "report", "3", "0-2", *details),
        ("stats", "e.sqlite"),
        ("stats", "export", "e.sqlite", "-o", "data_set"),
        ("stats", "report", "e.sqlite", "-o", "report.pdf", "--min-games", "2"),
        ("stats", "report", "e.sqlite", "-o", "report.html", "--min-games", "2"),
        ("season", "create", "Liga"),
        ("season", "add", "e.sqlite"),
        ("season", "standings", "--out", "season.pdf"),
        ("season", "standings", "--out", "season.xlsx"),
        ("cards", "show", "bt1-010", "bt1-085", "BT1-091"),
        ("cards", "search", "agumon", "--limit", "3"),
        ("cards", "sync", "--from", str(CARDS), "--out", "cards", "--force"),
        ("cards", "sync", "--from", str(CARDS), "--out", "cards"),
        ("cards", "import", str(GAME), "--game", "dmcg-1999"),
    ]
    out = []
    for args in script:
        done = subprocess.run([TT, *args], capture_output=True, text=True, env=env,
                              cwd=folder, timeout=120)
        out.append(f"$ tt {' '.join(args)} [{done.returncode}]\n{done.stdout}{done.stderr}")
    out.append(f"$ tt event serve\n{serve_lines(env, folder)}")
    for name in ("report.pdf", "report.html", "season.pdf", "season.xlsx"):
        path = folder / name
        out.append(f"$ tt file {name}\n{file_text(path) if path.exists() else 'MISSING'}\n")
    text = "".join(out).replace(str(folder), "DIR").replace(str(ROOT), "ROOT")
    text = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\S*", "TIME", text)
    return re.sub(r"\d{1,2}:\d\d(:\d\d)?( ?[AP]M)?( [A-Z]{3,4})?", "TIME", text)


def serve_lines(env: dict[str, str], folder: Path) -> str:
    """What ``tt event serve`` prints on starting (the server is then stopped); its port and
    token blanked out."""
    from serve_helpers import free_port

    proc = subprocess.Popen([TT, "event", "serve", "--port", str(free_port())],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env, cwd=folder)
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(6)]
    finally:
        proc.kill()
        proc.wait(10)
    text = re.sub(r"127\.0\.0\.1:\d+", "HOST", "".join(lines))
    return re.sub(r"[A-Za-z0-9_-]{40,}", "TOKEN", text)


def card_words() -> set[str]:
    """The words of every card name in the card database (commands list cards by name)."""
    from tt_organizer.cards import load_cards

    return {word for card in load_cards()
            for word in re.findall(r"[^\W\d_]+", card.name)}


def game_types() -> set[str]:
    """The card types of the imported game (``Evolution``): data, printed as written."""
    import csv

    with GAME.open(encoding="utf-8") as f:
        return {row["type"] for row in csv.DictReader(f)}


@pytest.fixture(scope="module")
def transcripts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("tools")
    langs = [i18n.DEFAULT, *languages()]
    with ThreadPoolExecutor(len(langs)) as pool:
        return dict(zip(langs, pool.map(lambda lang: run_tools(lang, folder / lang), langs),
                        strict=True))


def test_every_command_ran(transcripts: dict[str, str]) -> None:
    """The script does what it says in every language (a refused command would check
    nothing): every command exits 0 and every file is written."""
    for lang, text in transcripts.items():
        assert re.findall(r"^\$ tt .* \[[12]\]$", text, flags=re.M) == [], (lang, text)
        assert "MISSING" not in text, lang
        assert "TOKEN" in text.split("$ tt event serve")[1], lang  # the server started


@pytest.mark.parametrize("lang", languages())
def test_the_tools_print_no_english(transcripts: dict[str, str], lang: str) -> None:
    english, other = transcripts[i18n.DEFAULT], transcripts[lang]
    # "Tamers": the card type in the plural, as Spanish writes it too (a report's heading)
    names = name_words() | card_words() | game_types() | {"Liga", "Copa", "Tamers"}
    left = english_left(english, other, names)
    mixed = english_words_in_mixed_lines(english, other, names, catalog_words(lang))
    assert not left and not mixed, (
        f"{lang}: lines still in English:\n" + "\n".join(left)
        + "\nEnglish words inside translated lines:\n" + "\n".join(mixed)
        + f"\n(exceptions: {sorted(EXCEPTIONS)})")


def test_the_spanish_files_read_spanish(transcripts: dict[str, str]) -> None:
    """Words a reader meets in each file, in Spanish (the check above finds English; this
    finds that the files were read at all)."""
    text = transcripts["es"]
    for word in ("Calibración del formato", "Duración de la partida", "Clasificación de la "
                 "temporada", "Puesto", "Jugador", "Puntos", "Eventos"):
        assert word in text, word
