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
import io
import itertools
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tt_organizer.cards.numbers import NUMBER_IN_TEXT, normalize_number
from tt_organizer.decklist.links import is_link, parse_link
from tt_organizer.decklist.model import DeckLine, ParsedDecklist
from tt_organizer.decklist.sections import BANNER, SKIP, classify_header, names_only_tamers
from tt_organizer.errors import InputError
from tt_organizer.lazy_re import lazy_compile
from tt_organizer.tables import (
    MAX_FILE_BYTES,
    ZIP_MAGIC,
    cell_text,
    decode_text,
    read_file_bytes,
    read_workbook,
)

if TYPE_CHECKING:
    from pathlib import Path
    from typing import BinaryIO

Normalizer = Callable[[str], str | None]

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

MAX_COUNT = 99
MAX_TABLE_ROWS = 20_000  # card lines / rows / array entries of one decklist (a deck has ~60)
MAX_LINE_CHARS = 1_000  # a card line is far shorter; a longer one is refused unread
MAX_TABLE_COLUMNS = 64  # a decklist table has a handful of columns (count, number, name, zone)
# A card identifier with its printing suffix ("BT1-010 (Alternative Art)") is far shorter; a
# longer candidate is not a number, and is not handed to a normaliser's regex at all.
MAX_NUMBER_CHARS = 64

_CONTROL = lazy_compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")

# --- line reading -----------------------------------------------------------------------------

_X = "[xX×*]"
_START_COUNT = lazy_compile(
    # "2 X Antibody Proto Form": that X is the card's name, not a multiplier
    rf"^(?:(?P<sign>[-+−])?(?P<n>\d+)(?:\s*{_X}(?=\s)(?!\s+Antibody\b))?"
    rf"|{_X}\s*(?P<n2>[-+−]?\d+))\s+(?P<rest>\S.*)$"
)
_END_COUNT = lazy_compile(
    rf"^(?P<rest>.*?\S)\s+(?:(?:{_X}\s*)?(?P<n>[-+−]?\d+)|(?P<n2>[-+−]?\d+)\s*{_X})$"
)
_BULLETS = ("-", "*", "•")
_BULLET = lazy_compile(r"^[-*•]\s+")
_ALNUM = lazy_compile(r"[^\W_]")  # a character str.isalnum() accepts: \w is those and "_"
_NAME_LINE = lazy_compile(
    r"^(?://+|#+)?\s*(?:deck[\s_-]*name|deck|name|title)\s*[:=]\s*(?P<name>\S.*)$", re.IGNORECASE
)
# "Total: 58", "Deck size: 50", "Card count 8 cards" - summary lines some exporters append.
_SUMMARY_LINE = lazy_compile(
    r"^(?://+|#+)?\s*(?:total(?:\s+cards?)?|deck\s*size|card\s*count)\s*(?:[:=]\s*)?\d+"
    r"(?:\s*cards?)?$",
    re.IGNORECASE,
)
_BRACKETS = "()[]{}<>"
_NAME_TRIM = " \t-–—|:,;"
_DCG = lazy_compile(r"\(\s*DCG\s*\)$", re.IGNORECASE)


_NEWLINE = lazy_compile(r"\r\n|\r|\n")
_GLUED_BRACKET = lazy_compile(r"(?<=[^\s(\[])([(\[])")


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` as an editor numbers them: only ``\n``, ``\r\n`` and ``\r`` end
    a line (``str.splitlines`` also splits at U+2028, form feeds and the like, which put every
    later ``file:line`` of an error off by one)."""
    lines = _NEWLINE.split(text)
    if lines and not lines[-1]:
        lines.pop()
    return lines


def _fail(
    message: str, source: str, line: int | None = None, text: str | None = None
) -> InputError:
    return InputError(message, file=source, line=line, text=text)


def _strip_brackets(token: str) -> str:
    """``token`` without matching brackets around it (``((BT1-010))`` -> ``BT1-010``).

    Index arithmetic, not repeated slicing: a line of 500,000 ``(`` must not cost O(n²).
    """
    if token and token[0] not in "([{<" and not token[0].isspace() and not token[-1].isspace():
        return token  # the usual token: nothing to strip (the loops below would keep it whole)
    start, end = 0, len(token)
    while start < end and token[start].isspace():
        start += 1
    while end > start and token[end - 1].isspace():
        end -= 1
    while (
        end - start >= 2
        and token[start] in "([{<"
        and token[end - 1] == _BRACKETS[_BRACKETS.index(token[start]) + 1]
    ):
        start, end = start + 1, end - 1
        while start < end and token[start].isspace():
            start += 1
        while end > start and token[end - 1].isspace():
            end -= 1
    return token[start:end]


def _as_number(candidate: str, normalize: Normalizer) -> str | None:
    stripped = _strip_brackets(candidate)
    if not stripped or len(stripped) > MAX_NUMBER_CHARS:
        return None
    try:
        return normalize(stripped)
    except Exception:  # a caller's normaliser must not turn a bad line into a traceback
        return None


def _count(sign: str | None, digits: str) -> int:
    value = int(digits.replace("−", "-"))
    return -value if sign in ("-", "−") else value


def _split_count(text: str) -> tuple[int | None, str, str | None]:
    """(count, rest, where) with where ``start``/``end``/None (no count found)."""
    m = _START_COUNT.match(text)
    if m:
        if m.group("n") is not None:
            return _count(m.group("sign"), m.group("n")), m.group("rest"), "start"
        return _count(None, m.group("n2")), m.group("rest"), "start"
    m = _END_COUNT.match(text)
    if m:
        digits = m.group("n") if m.group("n") is not None else m.group("n2")
        return _count(None, digits), m.group("rest"), "end"
    return None, text, None


def _find_number(rest: str, normalize: Normalizer, prefer_end: bool) -> tuple[str, str] | None:
    """(number, name) found at one end of ``rest`` (a token, or a token and a suffix)."""
    if "(" in rest or "[" in rest:
        rest = _GLUED_BRACKET.sub(r" \1", rest)  # "BT1-010(P)" -> "BT1-010 (P)"
    tokens = rest.split()
    if not tokens:
        return None
    sides = ("end", "start") if prefer_end else ("start", "end")
    # Narrowest first, on both sides before a wider try: "St-02 - Gabumon" must not read as
    # the identifier "ST-02-GABUMON" (another game's normaliser accepts it).
    for width in (1, 2, 3):  # "BT1-010", "BT1-010 P2", "ST2-03 (Alt Art)", "bt1 - 010"
        if width > len(tokens):
            break
        for side in sides:
            if side == "end":
                chosen, others = tokens[-width:], tokens[:-width]
            else:
                chosen, others = tokens[:width], tokens[width:]
            candidate = (_strip_brackets(chosen[0]) if width == 1
                         else " ".join(_strip_brackets(t) for t in chosen))
            number = _as_number(candidate, normalize)
            if number is not None:
                return number, " ".join(others)
    return None


def _clean_name(name: str) -> str | None:
    name = name.strip()
    if name.endswith(")"):  # the only lines _DCG can change (most have no bracket)
        name = _DCG.sub("", name)
    name = name.strip(_NAME_TRIM)
    return name or None


def _check_count(count: int, source: str, line_no: int, text: str) -> None:
    if not 1 <= count <= MAX_COUNT:
        raise _fail(
            f"count {count} is out of range (1-{MAX_COUNT} copies per line)", source, line_no, text
        )


def _count_before_number(text: str, normalize: Normalizer) -> tuple[int, str, str | None] | None:
    """(count, number, name) of a line with the count between name and number
    (``Agumon x4 (BT1-010)``), else None."""
    found = _find_number(text, normalize, prefer_end=True)
    if found is None:
        return None
    number, rest = found
    count, name, where = _split_count(rest)
    if where != "end" or count is None:
        return None
    return count, number, _clean_name(name)


def _read_card_line(
    text: str, normalize: Normalizer, *, source: str, line_no: int, raw: str
) -> tuple[int, str, str | None]:
    """(count, number, name) of one card line, or InputError."""
    count, rest, where = _split_count(text)
    if where is None:
        number = _as_number(text, normalize)
        if number is None:
            middle = _count_before_number(text, normalize)
            if middle is not None:
                _check_count(middle[0], source, line_no, raw)
                return middle
            raise _fail(
                "cannot read this line as a card (expected a count and a card number, "
                "e.g. '4 Agumon BT1-010')",
                source,
                line_no,
                raw,
            )
        return 1, number, None
    found = _find_number(rest, normalize, prefer_end=(where == "start"))
    if found is None:
        # The "count" may belong to the number itself ("BT1 - 010"): one copy of it.
        number = _as_number(text, normalize)
        if number is not None:
            return 1, number, None
        raise _fail("no card number found on this line", source, line_no, raw)
    assert count is not None
    _check_count(count, source, line_no, raw)
    number, name = found
    return count, number, _clean_name(name)


def _parse_text(
    text: str, *, source: str, input_format: str, normalize: Normalizer
) -> ParsedDecklist:
    result = ParsedDecklist(source=source, input_format=input_format, lines=[])
    section: str | None = None
    skipping = by_type = False
    for line_no, raw_line in enumerate(split_lines(text), start=1):
        raw = raw_line.strip()
        line = raw.replace("\t", " ")
        if line.startswith(_BULLETS):
            line = _BULLET.sub("", line)
        line = line.strip()
        if _ALNUM.search(line) is None:  # nothing but punctuation and spaces
            continue
        kind = classify_header(line)
        if kind == BANNER:  # "// Digimon DeckList": the export's title, not a zone
            continue
        if kind is not None:
            result.has_sections = True
            skipping = kind == SKIP
            section = None if skipping else kind
            by_type = names_only_tamers(line)
            continue
        name_match = _NAME_LINE.match(line)
        if name_match:
            if result.name is None:
                result.name = name_match.group("name").strip()
            continue
        if line.startswith(("#", "//")) or skipping or _SUMMARY_LINE.match(line):
            continue
        if len(line) > MAX_LINE_CHARS:
            raise _fail(
                f"line too long for a card line ({len(line)} characters, limit {MAX_LINE_CHARS})",
                source,
                line_no,
                raw,
            )
        if len(result.lines) >= MAX_TABLE_ROWS:
            raise _fail(f"too many card lines (limit {MAX_TABLE_ROWS})", source, line_no)
        count, number, name = _read_card_line(
            line, normalize, source=source, line_no=line_no, raw=raw
        )
        result.lines.append(DeckLine(count, number, name, section, line_no, raw, by_type))
    return result


# --- Tabletop Simulator JSON ------------------------------------------------------------------

_WS = " \t\r\n"


def _line_of(text: str, pos: int) -> int:
    return len(_NEWLINE.findall(text, 0, pos)) + 1


def _json_elements(text: str, source: str) -> Iterator[tuple[object, int, str]]:
    """Yield (value, line, source text) of each element of a top-level JSON array."""
    decoder = json.JSONDecoder()
    pos = len(text) - len(text.lstrip(_WS))
    if pos >= len(text) or text[pos] != "[":
        raise _fail(
            "a JSON decklist must be an array of card-number strings (e.g. Tabletop Simulator "
            "export)",
            source,
            _line_of(text, pos),
        )
    pos += 1
    first = True
    counted, line = 0, 1  # newlines before ``counted``: elements are yielded in order

    def line_at(at: int) -> int:
        nonlocal counted, line
        line += len(_NEWLINE.findall(text, counted, at))
        counted = at
        return line

    while True:
        while pos < len(text) and text[pos] in _WS:
            pos += 1
        if pos >= len(text):
            raise _fail("invalid JSON: the array is not closed", source, _line_of(text, pos))
        if text[pos] == "]" and first:
            pos += 1
            break
        try:
            value, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as exc:
            raise _fail(f"invalid JSON: {exc.msg}", source, exc.lineno) from None
        except RecursionError:
            raise _fail("invalid JSON: nested too deeply", source, _line_of(text, pos)) from None
        except ValueError:  # int() refuses a number of more than 4,300 digits
            raise _fail("invalid JSON: a number too long", source, _line_of(text, pos)) from None
        yield value, line_at(pos), text[pos:end]
        first = False
        pos = end
        while pos < len(text) and text[pos] in _WS:
            pos += 1
        if pos >= len(text):
            raise _fail("invalid JSON: the array is not closed", source, _line_of(text, pos))
        if text[pos] == ",":
            pos += 1
            continue
        if text[pos] == "]":
            pos += 1
            break
        raise _fail("invalid JSON: expected ',' or ']'", source, _line_of(text, pos))
    rest = len(text[pos:]) - len(text[pos:].lstrip(_WS))
    if pos + rest < len(text):
        raise _fail("invalid JSON: data after the array", source, _line_of(text, pos + rest))


def _parse_tts(text: str, *, source: str, normalize: Normalizer) -> ParsedDecklist:
    result = ParsedDecklist(source=source, input_format="tts", lines=[])
    by_number: dict[str, DeckLine] = {}
    for index, (value, line_no, written) in enumerate(_json_elements(text, source)):
        if index > MAX_TABLE_ROWS:  # one entry per copy (and a header string)
            raise _fail(f"too many entries (limit {MAX_TABLE_ROWS})", source, line_no)
        if not isinstance(value, str):
            raise _fail(
                f"a JSON decklist must be an array of card-number strings, found "
                f"{type(value).__name__ if value is not None else 'null'}",
                source,
                line_no,
                written,
            )
        number = _as_number(value, normalize)
        if number is None:
            if index == 0:  # "Exported from https://digimoncard.dev"
                continue
            raise _fail(f"not a card number: {value!r}", source, line_no, written)
        entry = by_number.get(number)
        if entry is None:
            entry = DeckLine(0, number, None, None, line_no, written)
            by_number[number] = entry
            result.lines.append(entry)
        entry.count += 1
        if entry.count > MAX_COUNT:
            raise _fail(f"more than {MAX_COUNT} copies of {number}", source, line_no, written)
    return result


# --- CSV / spreadsheet tables -----------------------------------------------------------------

_COLUMN_SYNONYMS: dict[str, frozenset[str]] = {
    "count": frozenset({"count", "qty", "quantity", "copies", "amount", "numberofcopies", "x"}),
    "number": frozenset({"number", "cardnumber", "card", "id", "cardid", "no", "cardno", "nr"})
    | frozenset({"code", "cardcode", "num", "cardnum", "setnumber"}),
    "name": frozenset({"name", "cardname", "title"}),
    "section": frozenset({"section", "zone", "deck", "pile", "part", "board", "area"}),
}


@dataclass(slots=True)
class _Row:
    line: int
    cells: list[str]
    text: str


def _column_role(cell: str) -> str | None:
    key = re.sub(r"[^a-z0-9]", "", cell.lower())
    for role, names in _COLUMN_SYNONYMS.items():
        if key in names:
            return role
    return None


def _table_count(cell: str) -> int | None:
    # at most 12 digits: int() refuses a string of more than 4,300 (ValueError, a traceback)
    m = re.fullmatch(rf"\s*(?:{_X}\s*)?([-+−]?\d{{1,12}})\s*(?:{_X})?\s*", cell)
    if not m:
        m = re.fullmatch(r"\s*([-+−]?\d{1,12})\.0*\s*", cell)
    return int(m.group(1).replace("−", "-")) if m else None


def _parse_table(
    rows: Iterable[_Row], *, source: str, input_format: str, normalize: Normalizer
) -> ParsedDecklist:
    result = ParsedDecklist(source=source, input_format=input_format, lines=[])
    # (row, section in force, placed by type) for card rows; header, comment and name rows are
    # consumed.
    data: list[tuple[_Row, str | None, bool]] = []
    header: _Row | None = None
    section: str | None = None
    skipping = by_type = False
    for row in rows:
        row.cells = [c.strip() for c in row.cells]
        while row.cells and not row.cells[-1]:  # exporters pad rows with empty cells
            row.cells.pop()
        if not row.cells:
            continue
        if len(row.cells) > MAX_TABLE_COLUMNS:
            raise _fail(
                f"too many columns ({len(row.cells)}, limit {MAX_TABLE_COLUMNS}): a decklist "
                "table has count, card number, name and section columns",
                source,
                row.line,
                row.text,
            )
        filled = [c for c in row.cells if c]
        if len(filled) == 1:
            kind = classify_header(filled[0])
            if kind is not None:
                result.has_sections = True
                skipping = kind == SKIP
                section = None if skipping else kind
                by_type = names_only_tamers(filled[0])
                continue
            name_match = _NAME_LINE.match(filled[0])
            if name_match:
                result.name = result.name or name_match.group("name").strip()
                continue
        if filled[0].startswith(("#", "//")) or skipping:
            continue
        if header is None and not data and _is_header_row(filled, normalize):
            header = row
            continue
        if len(data) >= MAX_TABLE_ROWS:
            raise _fail(f"too many rows (limit {MAX_TABLE_ROWS})", source, row.line)
        if len(row.text) > MAX_LINE_CHARS:  # (and no count cell of 5,000 digits for int())
            raise _fail(
                f"row too long for a card row ({len(row.text)} characters, limit "
                f"{MAX_LINE_CHARS})",
                source,
                row.line,
                row.text,
            )
        data.append((row, section, by_type))
    card_rows = [row for row, _, _ in data]
    roles = _roles_from_header(header, source) if header else _infer_roles(card_rows, normalize)
    for row, row_section, row_by_type in data:
        line = _read_row(row, roles, normalize, source)
        if line is None:
            continue
        if line.section is None:
            line.section, line.by_type = row_section, row_by_type
        else:
            result.has_sections = True
        result.lines.append(line)
    return result


def _is_header_row(filled: list[str], normalize: Normalizer) -> bool:
    roles = [_column_role(c) for c in filled]
    if not any(r in ("count", "number") for r in roles):
        return False
    return not any(
        _table_count(c) is not None or (role is None and _as_number(c, normalize) is not None)
        for c, role in zip(filled, roles, strict=True)
    )


def _roles_from_header(header: _Row, source: str) -> dict[str, int | None]:
    roles: dict[str, int | None] = {"count": None, "number": None, "name": None, "section": None}
    for index, cell in enumerate(header.cells):
        role = _column_role(cell)
        if role is not None and roles[role] is None:
            roles[role] = index
    if roles["number"] is None:
        raise _fail(
            "the header row has no card-number column (expected e.g. 'number', 'card_number', "
            "'id')",
            source,
            header.line,
            header.text,
        )
    return roles


def _infer_roles(rows: list[_Row], normalize: Normalizer) -> dict[str, int | None]:
    """Column roles of a table without a header row, by what most rows hold."""
    width = max((len(r.cells) for r in rows), default=0)

    def cell(row: _Row, col: int) -> str:
        return row.cells[col] if col < len(row.cells) else ""

    def score(col: int, test: Callable[[str], bool]) -> int:
        return sum(1 for r in rows if cell(r, col) and test(cell(r, col)))

    roles: dict[str, int | None] = {"count": None, "number": None, "name": None, "section": None}
    count_scores = [score(c, lambda v: _table_count(v) is not None) for c in range(width)]
    if count_scores and max(count_scores) * 2 > len(rows):
        roles["count"] = count_scores.index(max(count_scores))
    number_scores = [
        -1 if c == roles["count"] else score(c, lambda v: _as_number(v, normalize) is not None)
        for c in range(width)
    ]
    if number_scores and max(number_scores) > 0:
        roles["number"] = number_scores.index(max(number_scores))
    for col in range(width):
        if col in (roles["count"], roles["number"]):
            continue
        values = [cell(r, col) for r in rows if cell(r, col)]
        if not values:
            continue
        if roles["section"] is None and all(classify_header(v) for v in values):
            roles["section"] = col
        elif roles["name"] is None:
            roles["name"] = col
    return roles


def _read_row(
    row: _Row, roles: dict[str, int | None], normalize: Normalizer, source: str
) -> DeckLine | None:
    def get(role: str) -> str:
        col = roles[role]
        return row.cells[col] if col is not None and col < len(row.cells) else ""

    section: str | None = None
    by_type = False
    section_text = get("section")
    if section_text:
        kind = classify_header(section_text)
        if kind is None:
            raise _fail(f"unknown section {section_text!r}", source, row.line, row.text)
        if kind == SKIP:
            return None
        section = kind
        by_type = names_only_tamers(section_text)
    if roles["number"] is None:
        raise _fail("no card number found in this row", source, row.line, row.text)
    raw_number = get("number")
    if not raw_number:
        raise _fail("no card number in this row", source, row.line, row.text)
    number = _as_number(raw_number, normalize)
    if number is None:
        raise _fail(f"not a card number: {raw_number!r}", source, row.line, row.text)
    count = 1
    if roles["count"] is not None:
        raw_count = get("count")
        parsed = _table_count(raw_count) if raw_count else None
        if parsed is None:
            raise _fail(
                f"not a card count: {raw_count!r}" if raw_count else "no count in this row",
                source,
                row.line,
                row.text,
            )
        count = parsed
    _check_count(count, source, row.line, row.text)
    name = _clean_name(get("name"))
    return DeckLine(count, number, name, section, row.line, row.text, by_type)


def _csv_rows(text: str, source: str) -> Iterator[_Row]:
    lines = split_lines(text)
    start = 0
    delimiter: str | None = None
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        sep = re.fullmatch(r"\s*sep=(.)\s*", line)
        if sep:  # Excel's "sep=;" first line
            delimiter, start = sep.group(1), index + 1
        break
    if delimiter is None:
        delimiter = _csv_delimiter(lines)
    reader = csv.reader(io.StringIO("\n".join(lines[start:])), delimiter=delimiter, strict=True)
    previous = 0
    try:
        for cells in reader:
            first, last = previous + 1, reader.line_num
            previous = reader.line_num
            text = "\n".join(lines[start + first - 1 : start + last]).strip()
            yield _Row(start + first, cells, text)
    except csv.Error as exc:
        at = start + previous + 1
        raise _fail(f"unreadable CSV: {exc}", source, at, _line_text(lines, at)) from None


def _line_text(lines: list[str], line: int) -> str | None:
    return lines[line - 1].strip() if 0 < line <= len(lines) else None


def _csv_delimiter(lines: list[str]) -> str:
    """The most frequent of ``,`` ``;`` tab on the first line holding any (``,`` by default)."""
    for line in lines:
        if line.lstrip().startswith(("#", "//")):
            continue
        counts = {d: line.count(d) for d in (",", ";", "\t")}
        best = max(counts, key=lambda d: counts[d])
        if counts[best]:
            return best
    return ","


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
    stripped = text.lstrip("\ufeff" + _WS)
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
            or _NAME_LINE.match(line)
            or _SUMMARY_LINE.match(line)
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
    delimiter = _csv_delimiter([head])
    try:
        first = next(csv.reader([head], delimiter=delimiter))
    except csv.Error:
        return False
    if len(first) >= 2 and any(_column_role(c) in ("count", "number") for c in first):
        return True
    if delimiter == "\t":
        return False
    for line in itertools.chain([head], body):
        try:
            cells = next(csv.reader([line], delimiter=delimiter))
        except csv.Error:
            return False
        if len(cells) < 2 or not any(_table_count(c) is not None for c in cells):
            return False
    return True


# --- entry points -----------------------------------------------------------------------------


def _check_format(input_format: str | None, source: str) -> None:
    if input_format is not None and input_format not in INPUT_FORMATS:
        raise _fail(
            f"unknown input format {input_format!r} (choose from {', '.join(INPUT_FORMATS)})",
            source,
        )


def _check_text(text: str, source: str) -> None:
    if len(text) > MAX_FILE_BYTES:
        raise _fail(f"file too large ({len(text)} characters, limit 1 MiB)", source)
    bad = _CONTROL.search(text)
    if bad:
        raise _fail("not a text decklist (binary data)", source, _line_of(text, bad.start()))


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
        raise _fail("an .xlsx workbook must be read from its file (read_decklist)", source)
    text = text.removeprefix("\ufeff")
    _check_text(text, source)
    fmt = input_format or detect_format(text)
    if fmt == "link":
        return parse_link(text, source=source, normalize=normalize)
    if fmt == "tts":
        parsed = _parse_tts(text, source=source, normalize=normalize)
    elif fmt == "csv":
        parsed = _parse_table(
            _csv_rows(text, source), source=source, input_format=fmt, normalize=normalize
        )
    else:
        parsed = _parse_text(text, source=source, input_format=fmt, normalize=normalize)
    if not parsed.lines:
        raise _fail("no cards found in the decklist (empty, or only comments and headers)", source)
    return parsed


def decode_bytes(data: bytes, source: str) -> str:
    """Text of a decklist file: UTF-16 with a BOM, UTF-8 (BOM or not), else Windows-1252."""
    return decode_text(data, source, "a text decklist")


def _xlsx_rows(data: bytes, source: str) -> list[_Row]:
    """The filled rows of the first sheet of a workbook, read by :mod:`tt_organizer.tables`
    (its limits) with at most :data:`MAX_TABLE_ROWS` filled rows."""
    sheet = read_workbook(data, source, first_only=True, max_rows=MAX_TABLE_ROWS)[0]
    rows = []
    for line, values in sheet.rows:
        cells = [cell_text(v) for v in values]
        rows.append(_Row(line, cells, ", ".join(c for c in cells if c)))
    return rows


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
        raise _fail(f"file too large ({len(data)} bytes, limit 1 MiB)", source)
    is_zip = data.startswith(ZIP_MAGIC)
    if input_format == "xlsx" or (input_format is None and is_zip):
        if not is_zip:
            raise _fail("not an .xlsx workbook", source)
        parsed = _parse_table(
            _xlsx_rows(data, source), source=source, input_format="xlsx", normalize=normalize
        )
        if not parsed.lines:
            raise _fail("no cards found in the decklist (empty sheet)", source)
        return parsed
    suffix = suffix.lower()
    if input_format is None and suffix in (".xls", ".ods", ".numbers"):
        raise _fail(f"{suffix} spreadsheets are not supported: save as .xlsx or .csv", source)
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
        raise _fail(f"cannot read: {exc.strerror or exc}", source) from None
    if len(data) > MAX_FILE_BYTES:
        raise _fail("input too large (limit 1 MiB)", source)
    return data
