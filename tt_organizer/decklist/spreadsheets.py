"""Decklists as tables: ``count,number[,name][,section]`` rows of a CSV file (with or without
a header row; ``,`` ``;`` or, with a header row, tab separated) or of an xlsx workbook's first
sheet."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from tt_organizer.decklist.card_lines import (
    MAX_LINE_CHARS,
    MAX_TABLE_COLUMNS,
    MAX_TABLE_ROWS,
    NAME_LINE,
    TIMES,
    Normalizer,
    as_number,
    check_count,
    clean_name,
    fail,
    split_lines,
)
from tt_organizer.decklist.parsed import DeckLine, ParsedDecklist
from tt_organizer.decklist.sections import SKIP, classify_header, names_only_tamers
from tt_organizer.sheets.reading import cell_text, read_workbook

_COLUMN_SYNONYMS: dict[str, frozenset[str]] = {
    "count": frozenset({"count", "qty", "quantity", "copies", "amount", "numberofcopies", "x"}),
    "number": frozenset({"number", "cardnumber", "card", "id", "cardid", "no", "cardno", "nr"})
    | frozenset({"code", "cardcode", "num", "cardnum", "setnumber"}),
    "name": frozenset({"name", "cardname", "title"}),
    "section": frozenset({"section", "zone", "deck", "pile", "part", "board", "area"}),
}


@dataclass(slots=True)
class Row:
    line: int
    cells: list[str]
    text: str


def column_role(cell: str) -> str | None:
    key = re.sub(r"[^a-z0-9]", "", cell.lower())
    for role, names in _COLUMN_SYNONYMS.items():
        if key in names:
            return role
    return None


def table_count(cell: str) -> int | None:
    # at most 12 digits: int() refuses a string of more than 4,300 (ValueError, a traceback)
    m = re.fullmatch(rf"\s*(?:{TIMES}\s*)?([-+−]?\d{{1,12}})\s*(?:{TIMES})?\s*", cell)
    if not m:
        m = re.fullmatch(r"\s*([-+−]?\d{1,12})\.0*\s*", cell)
    return int(m.group(1).replace("−", "-")) if m else None


def parse_table(
    rows: Iterable[Row], *, source: str, input_format: str, normalize: Normalizer
) -> ParsedDecklist:
    result = ParsedDecklist(source=source, input_format=input_format, lines=[])
    # (row, section in force, placed by type) for card rows; header, comment and name rows are
    # consumed.
    data: list[tuple[Row, str | None, bool]] = []
    header: Row | None = None
    section: str | None = None
    skipping = by_type = False
    for row in rows:
        row.cells = [c.strip() for c in row.cells]
        while row.cells and not row.cells[-1]:  # exporters pad rows with empty cells
            row.cells.pop()
        if not row.cells:
            continue
        if len(row.cells) > MAX_TABLE_COLUMNS:
            raise fail("too-many-columns", source, row.line, row.text, columns=len(row.cells),
                       limit=MAX_TABLE_COLUMNS)
        filled = [c for c in row.cells if c]
        if len(filled) == 1:
            kind = classify_header(filled[0])
            if kind is not None:
                result.has_sections = True
                skipping = kind == SKIP
                section = None if skipping else kind
                by_type = names_only_tamers(filled[0])
                continue
            name_match = NAME_LINE.match(filled[0])
            if name_match:
                result.name = result.name or name_match.group("name").strip()
                continue
        if filled[0].startswith(("#", "//")) or skipping:
            continue
        if header is None and not data and _is_header_row(filled, normalize):
            header = row
            continue
        if len(data) >= MAX_TABLE_ROWS:
            raise fail("too-many-rows", source, row.line, limit=MAX_TABLE_ROWS)
        if len(row.text) > MAX_LINE_CHARS:  # (and no count cell of 5,000 digits for int())
            raise fail("card-row-too-long", source, row.line, row.text, length=len(row.text),
                       limit=MAX_LINE_CHARS)
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
    roles = [column_role(c) for c in filled]
    if not any(r in ("count", "number") for r in roles):
        return False
    return not any(
        table_count(c) is not None or (role is None and as_number(c, normalize) is not None)
        for c, role in zip(filled, roles, strict=True)
    )


def _roles_from_header(header: Row, source: str) -> dict[str, int | None]:
    roles: dict[str, int | None] = {"count": None, "number": None, "name": None, "section": None}
    for index, cell in enumerate(header.cells):
        role = column_role(cell)
        if role is not None and roles[role] is None:
            roles[role] = index
    if roles["number"] is None:
        raise fail("no-number-column", source, header.line, header.text)
    return roles


def _infer_roles(rows: list[Row], normalize: Normalizer) -> dict[str, int | None]:
    """Column roles of a table without a header row, by what most rows hold."""
    width = max((len(r.cells) for r in rows), default=0)

    def cell(row: Row, col: int) -> str:
        return row.cells[col] if col < len(row.cells) else ""

    def score(col: int, test: Callable[[str], bool]) -> int:
        return sum(1 for r in rows if cell(r, col) and test(cell(r, col)))

    roles: dict[str, int | None] = {"count": None, "number": None, "name": None, "section": None}
    count_scores = [score(c, lambda v: table_count(v) is not None) for c in range(width)]
    if count_scores and max(count_scores) * 2 > len(rows):
        roles["count"] = count_scores.index(max(count_scores))
    number_scores = [
        -1 if c == roles["count"] else score(c, lambda v: as_number(v, normalize) is not None)
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
    row: Row, roles: dict[str, int | None], normalize: Normalizer, source: str
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
            raise fail("unknown-section", source, row.line, row.text,
                       section=repr(section_text))
        if kind == SKIP:
            return None
        section = kind
        by_type = names_only_tamers(section_text)
    if roles["number"] is None:
        raise fail("no-number-found-in-row", source, row.line, row.text)
    raw_number = get("number")
    if not raw_number:
        raise fail("no-number-in-row", source, row.line, row.text)
    number = as_number(raw_number, normalize)
    if number is None:
        raise fail("not-a-card-number", source, row.line, row.text, value=repr(raw_number))
    count = 1
    if roles["count"] is not None:
        raw_count = get("count")
        parsed = table_count(raw_count) if raw_count else None
        if parsed is None:
            if raw_count:
                raise fail("not-a-card-count", source, row.line, row.text,
                           value=repr(raw_count))
            raise fail("no-count-in-row", source, row.line, row.text)
        count = parsed
    check_count(count, source, row.line, row.text)
    name = clean_name(get("name"))
    return DeckLine(count, number, name, section, row.line, row.text, by_type)


def csv_rows(text: str, source: str) -> Iterator[Row]:
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
        delimiter = csv_delimiter(lines)
    reader = csv.reader(io.StringIO("\n".join(lines[start:])), delimiter=delimiter, strict=True)
    previous = 0
    try:
        for cells in reader:
            first, last = previous + 1, reader.line_num
            previous = reader.line_num
            text = "\n".join(lines[start + first - 1 : start + last]).strip()
            yield Row(start + first, cells, text)
    except csv.Error as exc:
        at = start + previous + 1
        raise fail("unreadable-csv", source, at, _line_text(lines, at), error=str(exc)) from None


def _line_text(lines: list[str], line: int) -> str | None:
    return lines[line - 1].strip() if 0 < line <= len(lines) else None


def csv_delimiter(lines: list[str]) -> str:
    """The most frequent of ``,`` ``;`` tab on the first line holding any (``,`` by default)."""
    for line in lines:
        if line.lstrip().startswith(("#", "//")):
            continue
        counts = {d: line.count(d) for d in (",", ";", "\t")}
        best = max(counts, key=lambda d: counts[d])
        if counts[best]:
            return best
    return ","


def xlsx_rows(data: bytes, source: str) -> list[Row]:
    """The filled rows of the first sheet of a workbook, read by :mod:`tt_organizer.sheets.reading`
    (its limits) with at most :data:`MAX_TABLE_ROWS` filled rows."""
    sheet = read_workbook(data, source, first_only=True, max_rows=MAX_TABLE_ROWS)[0]
    rows = []
    for line, values in sheet.rows:
        cells = [cell_text(v) for v in values]
        rows.append(Row(line, cells, ", ".join(c for c in cells if c)))
    return rows
