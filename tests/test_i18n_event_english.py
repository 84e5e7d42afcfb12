"""A whole event in the reader's language: the issue's "English check" for a scripted event.

The same event is run through the real ``tt`` command twice, under ``LANG=C`` and under each
other language with a catalog (``i18n.available()``: a catalog added later is checked with no
change here). A line of the translated run that is identical to a line of the English run
(stdout and stderr, after the run's folder and the clock are blanked out) fails when it still
holds a word of three or more Latin letters that is not one of:

- a player's, the event's or the season's name, or a word of a card's name (read from the
  decklists the event uses: card names stay as printed);
- a code: an ALL-CAPS word (``MAIN_SIZE``, ``OMW%``); a token with a digit, ``=``, ``/``,
  ``.`` inside, a backtick, quotes or braces, or ``-`` between lower-case letters (card
  numbers, the format id, ids such as ``store-league``, settings, file names); a command
  quoted in backticks; the audit log's stored JSON;
- an option (``--event``) or a command name the line quotes;
- the documented exceptions in ``EXCEPTIONS`` (the card types as printed on the cards, the
  user name the judge's log records, the words of table headings that are codes).

A line that differs from every English line fails too when it holds a word of the English run
that no translation of the language uses (``mazo formulario.csv row 2``: English built into a
translated sentence). Every failure of every language is reported at once.
"""

from __future__ import annotations

import csv
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tt_organizer import i18n

ROOT = Path(__file__).resolve().parent.parent
TT = str(Path(sys.executable).with_name("tt"))
SHEET = ROOT / "tests" / "fixtures" / "real" / "sheets" / "formulario-inscripcion.csv"
ILLEGAL = ROOT / "samples" / "illegal-deck.txt"
LANG = {"en": "C", "es": "es_ES.UTF-8", "zh": "zh_CN.UTF-8"}  # else "<code>.UTF-8"

# Words that are not English sentences though they look like it (documented in
# docs/languages.md): the card types as the cards print them, untranslated in every
# language; the system user the logs record.
EXCEPTIONS = {"Digimon", "Tamer", "Option", "Digi", "Egg", "root"}

CODE = re.compile(r"^-|[=/`\"{}\[\]@\d_]|\w\.\w|\w:\w|[a-z]-[a-z]")
CARD_LINE = re.compile(r"^\s*\d+\s+(.+?)\s+[A-Z]+\d*-\d+\s*$")


def languages() -> list[str]:
    return [code for code in i18n.available() if code != i18n.DEFAULT]


def name_words() -> set[str]:
    """The words of every name the run prints: players, event, season, cards."""
    names = {"Copa", "Liga", "Pepe", "Hugo Pérez"}
    with SHEET.open(encoding="utf-8") as sheet:
        rows = list(csv.reader(sheet))
    texts = [ILLEGAL.read_text(encoding="utf-8")]
    for row in rows[1:]:
        names.add(row[2])
        texts.append(row[4])
    for text in texts:
        for line in text.splitlines():
            if match := CARD_LINE.match(line):
                names.add(match.group(1))
    return {word for name in names for word in re.findall(r"[^\W\d_]+", name)}


def run_event(lang: str, folder: Path) -> str:
    """The transcript of the scripted event (every command, its exit code and output)."""
    folder.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in i18n.ENVIRONMENT}
    env.update(LANG=LANG.get(lang, f"{lang}.UTF-8"), COLUMNS="200",
               TT_EVENT=str(folder / "e.sqlite"), TT_SEASON=str(folder / "season.json"))
    draw = "empate" if lang == "es" else "draw"
    script: list[tuple[str, ...]] = [
        ("event", "create", "Copa", "--rounds", "2", "--top-cut", "4", "--seed", "7"),
        ("event", "register", "--from", str(SHEET)),
        ("event", "register", "Nicolás Álvarez"),  # refused: already registered
        ("event", "register", "Hugo Pérez", "--deck", str(ILLEGAL)),  # refused: not legal
        ("deck", "validate", str(ILLEGAL)),
        ("event", "check-in", "--missing"),
        ("event", "check-in", "--from", str(SHEET)),
        ("event", "pair"),
        ("event", "report", "1", "2-0"),
        ("event", "report", "2", draw),
        ("event", "report", "3", "2-x"),  # refused: not a result
        ("event", "report", "3", "--winner", "Pepe"),  # refused: not at the table
        ("event", "status"),
        ("event", "pair"),  # refused: results missing
        ("event", "settings"),
        ("event", "report", "3", "0-2"),
        ("event", "report", "3", "2-0"),  # refused: already reported
        ("event", "correct", "1", "1", "0-2"),
        ("event", "penalty", "Sofía Pérez", "missed-trigger", "warning"),
        ("event", "penalty", "Sofía Pérez", "missed-triger", "warning"),  # refused: unknown
        ("event", "penalties"),
        ("event", "drop", "Camila Núñez"),
        ("event", "drop", "Camila Núñez"),  # refused: already dropped
        ("event", "top-cut"),  # refused: Swiss rounds not over
        ("event", "pair"),
        ("event", "report", "1", "2-1"),
        ("event", "report", "2", "1-2"),
        ("event", "standings"),
        ("event", "top-cut"),
        ("event", "pairings", "--top-cut"),
        ("event", "report", "1", "2-0"),
        ("event", "report", "2", "0-2"),
        ("event", "top-cut"),
        ("event", "report", "1", "2-1"),
        ("event", "standings"),
        ("event", "players"),
        ("event", "export", "out.xlsx", "--csv", "csv"),
        ("event", "print", "standings"),
        ("event", "publish", "copa2026"),
        ("season", "schemes"),
        ("season", "create", "Liga"),
        ("season", "add", "e.sqlite"),
        ("season", "standings"),
        ("event", "status"),
        ("event", "log"),
    ]
    out = []
    for args in script:
        done = subprocess.run([TT, *args], capture_output=True, text=True, env=env,
                              cwd=folder, timeout=60)
        out.append(f"$ tt {' '.join(args)} [{done.returncode}]\n{done.stdout}{done.stderr}")
    text = "".join(out).replace(str(folder), "DIR")
    return re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\S*", "TIME", text)


def catalog_words(lang: str) -> set[str]:
    """Every word of the language's translations (a word written in them is that
    language's, even when English spells it alike: «legal», «bye», «check-in»)."""
    path = Path(i18n.LOCALE_DIR) / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with path.open("rb") as po:
        catalog = read_po(po)
    words: set[str] = set()
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            text = re.sub(r"\{[^{}]*\}|`[^`]*`|--[\w-]+", " ", string or "")  # not words
            words.update(re.findall(r"[^\W\d_]+", text))
    return words


def english_words_in_mixed_lines(english: str, other: str, names: set[str],
                                 own: set[str]) -> list[str]:
    """Lines of ``other`` not in the English run that hold a word of the English run which no
    translation of the language uses (``mazo … row 2``: a word built in English mid-sentence)."""
    said = {word for line in english.splitlines() if not line.startswith("$ tt ")
            for word in words_of(line)}
    lines = set(english.splitlines())
    return [line for line in other.splitlines()
            if line not in lines and not line.startswith("$ tt ")
            and any(word in said and word not in own | names | EXCEPTIONS
                    for word in words_of(line))]


def words_of(line: str) -> list[str]:
    """The words of ``line`` outside codes (see the module's docstring) with three or more
    Latin letters."""
    line = re.sub(r"\{.*\}|`[^`]*`", " ", line)  # the audit log's stored JSON, commands
    return [word for token in line.split() if not CODE.search(token)
            and not token.strip(".,;:()!?'").isupper()
            for word in re.findall(r"[^\W\d_]+", token)
            if re.search(r"[A-Za-z]{3}", word)]


def english_left(english: str, other: str, names: set[str]) -> list[str]:
    """The lines of ``other`` identical to a line of ``english`` that hold an English word."""
    lines = set(english.splitlines())
    left = []
    for line in other.splitlines():
        if line not in lines or line.startswith("$ tt "):
            continue
        if any(word not in names | EXCEPTIONS for word in words_of(line)):
            left.append(line)
    return left


@pytest.fixture(scope="module")
def transcripts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The event run in English and in every other language, side by side (the runs are
    independent folders: together they take the time of one)."""
    folder = tmp_path_factory.mktemp("event")
    langs = [i18n.DEFAULT, *languages()]
    with ThreadPoolExecutor(len(langs)) as pool:
        return dict(zip(langs, pool.map(lambda lang: run_event(lang, folder / lang), langs),
                        strict=True))


@pytest.mark.parametrize("lang", languages())
def test_a_whole_event_prints_no_english(transcripts: dict[str, str], lang: str) -> None:
    english, other = transcripts[i18n.DEFAULT], transcripts[lang]
    assert other != english
    names = name_words()
    left = english_left(english, other, names)
    left += english_words_in_mixed_lines(english, other, names, catalog_words(lang))
    assert left == [], f"{len(left)} English line(s) under {lang}:\n" + "\n".join(left)


def test_the_check_finds_an_english_line() -> None:
    """A sentence left in English fails; names, codes and numbers alone do not."""
    english = "\n".join([
        "Table 1: Sofía Pérez 2-0 Camila Núñez  (round 1; Sofía Pérez wins)",
        "  ✗ MAIN_SIZE Main deck has 51 cards",
        "│ 4 │ BT14-012 │ Greymon │ Digimon │",
        "error: see `tt event players` in DIR/e.sqlite",
        "Copa — tamer-tactics-0.9.1, 2026-03-16",
    ])
    other = english.replace("Main deck has", "el mazo principal tiene")
    assert english_left(english, other, name_words()) == [
        "Table 1: Sofía Pérez 2-0 Camila Núñez  (round 1; Sofía Pérez wins)",
        "error: see `tt event players` in DIR/e.sqlite"]


def test_a_sheet_row_as_a_deck_source_is_in_words() -> None:
    """What ``tt event players`` shows for a deck pasted into a sign-up sheet (stored in
    English, as JSON carries it)."""
    from tt_organizer.events.source_words import source_words

    with i18n.using("es"):
        assert source_words("formulario.csv row 12") == "formulario.csv fila 12"
        assert source_words("deck.txt") == "deck.txt"
        assert source_words(None) == ""
    with i18n.using("en"):
        assert source_words("formulario.csv row 12") == "formulario.csv row 12"
