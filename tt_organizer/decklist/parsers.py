"""Read the decklist shapes players paste or export into a :class:`ParsedDecklist`.

Shapes (``INPUT_FORMATS``), all auto-detected by :func:`detect_format` and forcible with
``input_format``:

* ``digimoncard.io`` - ``// Digimon Deck List`` then ``4 BlitzGreymon EX9-013``, ``// Egg Deck``;
* ``digimoncard.dev`` - ``// Digimon DeckList`` then ``1 DemiMeramon        BT15-006`` (padded);
* ``digimoncard.app`` - ``BT11-005 Koromon 4`` (number, name, count);
* ``digimonmeta`` - ``4 (BT22-002)``;
* ``untap`` - ``1 MetalTyrannomon     (DCG) (BT11-055)``;
* ``plain`` - ``4 BT1-010``, ``4x Agumon (BT1-010)``, ``BT1-010 x4``, a bare ``BT1-010`` (1 copy);
* ``tts`` - Tabletop Simulator: a JSON array of card numbers, one entry per copy, whose first
  element may be a header string (``"Exported from https://digimoncard.dev"``); copies are
  summed per (normalised) number in first-seen order, each DeckLine on its first entry's line;
* ``csv`` - ``count,number[,name][,section]`` rows, with or without a header row (``,`` ``;`` or,
  with a header row, tab separated); ``xlsx`` - the same columns on the first sheet.

All text shapes are read by one line reader (the shape only names the result): a count at the
start (``4``, ``4x``, ``4 x``, ``x4``) or at the end (``4``, ``x4``, ``4x``) of the line and a
card number at the other end of the rest, possibly in brackets or with a parallel suffix; what
remains is the name (``(DCG)`` dropped). With a count at the start the number is looked for at
the end first (``4 ADR-02 Searcher EX2-046``), with a count at the end at the start first; the
number is one to three tokens (``BT1-010``, ``BT1-010 P2``, ``ST2-03 (Alt Art)``), the
narrowest tried first on both ends. A line holding only a card number is one copy; a count
between the name and a number at the end (``Agumon x4 (BT1-010)``) is read too. The card
number is whatever ``normalize`` accepts, so another game's normaliser changes what a number
is.

Skipped: blank lines, lines without letters or digits (``-----``), comments (``#`` or ``//``
lines that name no section) and ``Name: ...``/``Deck name: ...`` lines (the first one names the
deck). Section headers: see :mod:`tt_organizer.decklist.sections`; a ``Sideboard`` section is
ignored up to the next header (neither format has a sideboard), and ``has_sections`` is set by
any header. Any other line that cannot be read raises :class:`InputError` with the file, the
1-based line (only ``\n``, ``\r\n`` and ``\r`` end a line) and the line's text; so does a
count outside 1-99. Input is bounded so that no file costs more than a fraction of a second:
1 MiB, :data:`MAX_LINE_CHARS` per card line, :data:`MAX_TABLE_ROWS` card lines / rows / array
entries and :data:`MAX_TABLE_COLUMNS` columns.
"""

from __future__ import annotations

import csv
import functools
import itertools
import os
import re
from typing import TYPE_CHECKING

from tt_organizer.cards.numbers import NUMBER_IN_TEXT, normalize_number
from tt_organizer.decklist.card_lines import (
    MAX_LINE_CHARS,
    NAME_LINE,
    SUMMARY_LINE,
    Normalizer,
    fail,
    parse_text,
    split_lines,
)
from tt_organizer.decklist.links import is_link, parse_link
from tt_organizer.decklist.parsed import ParsedDecklist
from tt_organizer.decklist.sections import classify_header
from tt_organizer.decklist.spreadsheets import (
    column_role,
    csv_delimiter,
    csv_rows,
    parse_table,
    table_count,
    xlsx_rows,
)
from tt_organizer.decklist.tts import WHITESPACE, line_of, parse_tts
from tt_organizer.i18n import Term
from tt_organizer.lazy_re import lazy_compile
from tt_organizer.sheets.reading import (
    MAX_FILE_BYTES,
    ZIP_MAGIC,
    decode_text,
    read_file_bytes,
)

if TYPE_CHECKING:
    from pathlib import Path
    from typing import BinaryIO

INPUT_FORMATS: tuple[str, ...] = (
    "digimoncard.io",
    "digimoncard.dev",
    "digimoncard.app",
    "digimonmeta",
    "untap",
    "plain",
    "tts",
    "csv",
    "xlsx",
    "link",
)

_CONTROL = lazy_compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")

# --- detection --------------------------------------------------------------------------------

_NUM = NUMBER_IN_TEXT.pattern  # the source text: compiles nothing


@functools.cache
def _shapes() -> dict[str, re.Pattern[str]]:
    """The card-line pattern of each builder's shape, in the order tried; compiled on first
    use (a list under a builder's banner, the usual paste, never needs them)."""
    return {
        "digimonmeta": re.compile(rf"^\d+\s+\(\s*{_NUM}\s*\)$", re.IGNORECASE),
        "untap": re.compile(rf"^\d+\s.*\(\s*DCG\s*\)\s*\(\s*{_NUM}\s*\)$", re.IGNORECASE),
        "digimoncard.app": re.compile(rf"^{_NUM}\s+\S.*\s\d+$", re.IGNORECASE),
        "digimoncard.dev": re.compile(rf"^\d+ \S.*?\S {{2,}}{_NUM}$", re.IGNORECASE),
        "digimoncard.io": re.compile(rf"^\d+ \S(?:.*\S)? {_NUM}$", re.IGNORECASE),
    }


_DETECT_LINES = 1_000
_DEV_HEADER = lazy_compile(r"^//\s*digimon\s+decklist\b", re.IGNORECASE)
_IO_HEADER = lazy_compile(r"^//\s*digimon\s+deck\s+list\b", re.IGNORECASE)


def detect_format(text: str) -> str:
    """The input-format id that ``text`` looks like.

    A JSON array (or object) is ``tts``; a ``// Digimon DeckList`` / ``// Digimon Deck List``
    header means digimoncard.dev / .io; comma or semicolon rows with a count cell each (or a
    header row naming the columns) are ``csv``; otherwise the shape every card line shares
    (``digimonmeta``, ``untap``, ``digimoncard.app``, ``.dev``, ``.io``), and ``plain`` when
    the lines are mixed or none of these.
    """
    stripped = text.lstrip("\ufeff" + WHITESPACE)
    if stripped.startswith(("[", "{")):
        return "tts"
    if is_link(stripped):
        return "link"
    lines = [ln.strip() for ln in split_lines(stripped) if ln.strip()]
    for line in lines:
        if _DEV_HEADER.match(line):
            return _deck_list_banner_shape(lines)
        if _IO_HEADER.match(line):
            return "digimoncard.io"
    if _looks_like_csv(lines):
        return "csv"
    shapes: set[str] = set()
    # The shape only names the result (one reader reads every text shape): the first lines
    # decide it, so a 60,000-line paste is not matched line by line against every shape.
    for line in lines[:_DETECT_LINES]:
        line = line.replace("\t", " ")
        if (
            line.startswith(("#", "//"))
            or not any(ch.isalnum() for ch in line)
            or classify_header(line) is not None
            or NAME_LINE.match(line)
            or SUMMARY_LINE.match(line)
        ):
            continue
        shape = next((s for s, pattern in _shapes().items() if pattern.match(line)), "plain")
        shapes.add(shape)
        if shape == "plain" or len(shapes) > 1:
            return "plain"
    return shapes.pop() if shapes else "plain"


def _deck_list_banner_shape(lines: list[str]) -> str:
    """Which builder wrote a list under ``// Digimon DeckList``: digimoncard.dev pads the name
    column (``1 DemiMeramon        BT15-006``); digimoncard.app writes ``BT11-005 Koromon 4``
    (its older exports ``4 Agumon BT1-010``, one space)."""
    for line in lines[:_DETECT_LINES]:
        if line.startswith(("#", "//")) or classify_header(line) is not None:
            continue
        line = line.replace("\t", " ")
        shapes = _shapes()
        if shapes["digimoncard.dev"].match(line):
            return "digimoncard.dev"
        if shapes["digimoncard.app"].match(line) or shapes["digimoncard.io"].match(line):
            return "digimoncard.app"
    return "digimoncard.dev"


def _looks_like_csv(lines: list[str]) -> bool:
    body = (ln for ln in lines if not ln.startswith(("#", "//")) and classify_header(ln) is None)
    head = next(body, None)
    if head is None or len(head) > MAX_LINE_CHARS:
        return False
    if re.fullmatch(r"sep=.", head):
        return True
    delimiter = csv_delimiter([head])
    try:
        first = next(csv.reader([head], delimiter=delimiter))
    except csv.Error:
        return False
    if len(first) >= 2 and any(column_role(c) in ("count", "number") for c in first):
        return True
    if delimiter == "\t":
        return False
    for line in itertools.chain([head], body):
        try:
            cells = next(csv.reader([line], delimiter=delimiter))
        except csv.Error:
            return False
        if len(cells) < 2 or not any(table_count(c) is not None for c in cells):
            return False
    return True


# --- entry points -----------------------------------------------------------------------------


def _check_format(input_format: str | None, source: str) -> None:
    if input_format is not None and input_format not in INPUT_FORMATS:
        raise fail("unknown-input-format", source, input_format=repr(input_format),
                   choices=", ".join(INPUT_FORMATS))


def _check_text(text: str, source: str) -> None:
    if len(text) > MAX_FILE_BYTES:
        raise fail("file-too-many-characters", source, length=len(text))
    bad = _CONTROL.search(text)
    if bad:
        raise fail("binary-data", source, line_of(text, bad.start()),
                   what=Term("a text decklist"))


def parse_decklist(
    text: str,
    *,
    source: str = "<text>",
    input_format: str | None = None,
    normalize: Normalizer = normalize_number,
) -> ParsedDecklist:
    """Parse decklist text in any text shape (auto-detected unless ``input_format`` is given).

    ``normalize`` turns a card identifier into its canonical form or None; raises InputError
    with file, line and text for anything that cannot be read, or when no card is found.
    """
    _check_format(input_format, source)
    if input_format == "xlsx":
        raise fail("xlsx-from-text", source)
    text = text.removeprefix("\ufeff")
    _check_text(text, source)
    fmt = input_format or detect_format(text)
    if fmt == "link":
        return parse_link(text, source=source, normalize=normalize)
    if fmt == "tts":
        parsed = parse_tts(text, source=source, normalize=normalize)
    elif fmt == "csv":
        parsed = parse_table(
            csv_rows(text, source), source=source, input_format=fmt, normalize=normalize
        )
    else:
        parsed = parse_text(text, source=source, input_format=fmt, normalize=normalize)
    if not parsed.lines:
        raise fail("no-cards-in-decklist", source)
    return parsed


def decode_bytes(data: bytes, source: str) -> str:
    """Text of a decklist file: UTF-16 with a BOM, UTF-8 (BOM or not), else Windows-1252."""
    return decode_text(data, source, "a text decklist")


def parse_decklist_bytes(
    data: bytes,
    *,
    source: str,
    input_format: str | None = None,
    normalize: Normalizer = normalize_number,
    suffix: str = "",
) -> ParsedDecklist:
    """Parse the bytes of a decklist file (text in any encoding, ``.json``, ``.csv``, ``.xlsx``)
    read from disk, a zip member or standard input; every problem is InputError.

    The shape comes from ``input_format``, else from the content (an .xlsx workbook is
    recognised by its bytes) and ``suffix`` (the file name's: ``.json`` is a Tabletop
    Simulator export).
    """
    _check_format(input_format, source)
    if len(data) > MAX_FILE_BYTES:
        raise fail("file-too-many-bytes", source, size=len(data))
    is_zip = data.startswith(ZIP_MAGIC)
    if input_format == "xlsx" or (input_format is None and is_zip):
        if not is_zip:
            raise fail("not-xlsx", source)
        parsed = parse_table(
            xlsx_rows(data, source), source=source, input_format="xlsx", normalize=normalize
        )
        if not parsed.lines:
            raise fail("no-cards-in-sheet", source)
        return parsed
    suffix = suffix.lower()
    if input_format is None and suffix in (".xls", ".ods", ".numbers"):
        raise fail("unsupported-decklist-spreadsheet", source, suffix=suffix)
    text = decode_bytes(data, source)
    if input_format is None and suffix == ".json":
        input_format = "tts"
    return parse_decklist(text, source=source, input_format=input_format, normalize=normalize)


def read_decklist(
    path: str | Path,
    *,
    input_format: str | None = None,
    normalize: Normalizer = normalize_number,
) -> ParsedDecklist:
    """Read a decklist file (text, ``.json``, ``.csv``, ``.xlsx``); every problem is InputError.

    The shape comes from ``input_format``, else from the content (an .xlsx workbook is
    recognised by its bytes, a ``.json`` file is read as a Tabletop Simulator export).
    """
    source = str(path)
    _check_format(input_format, source)
    return parse_decklist_bytes(
        read_file_bytes(path, source),
        source=source,
        input_format=input_format,
        normalize=normalize,
        suffix=_suffix(source),
    )


def _suffix(path: str) -> str:
    """pathlib's ``Path(path).suffix``, without importing pathlib (start-up)."""
    name = os.path.basename(path.rstrip("/"))
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def read_stream(stream: BinaryIO, source: str) -> bytes:
    """At most 1 MiB of decklist bytes from ``stream`` (standard input); InputError if more."""
    try:
        data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise fail("cannot-read", source, error=exc.strerror or str(exc)) from None
    if len(data) > MAX_FILE_BYTES:
        raise fail("input-too-large", source)
    return data
