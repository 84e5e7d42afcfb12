"""Reading tables: CSV files and ``.xlsx`` workbooks, with one set of limits and one list of
column names, for every command that reads a sheet.

Used by decklists (a card table on the first sheet), ``tt deck check-batch`` (rosters),
``tt event register --from`` (rosters) and ``tt event report --from`` (pairings sheets).

* Row numbers are the ones a spreadsheet shows: in a workbook the row's own number, in a CSV
  file the record's place (a blank line is a row; a quoted cell over three lines is one row).
* Workbooks are opened with ``read_only=True, data_only=True``: a formula cell gives its cached
  value (or nothing), it is never evaluated. Before openpyxl sees a workbook its parts are
  counted while they are inflated (:func:`check_workbook`): at most :data:`MAX_PARTS` parts,
  :data:`MAX_UNPACKED` bytes, :data:`MAX_SHARED_STRINGS` shared strings, :data:`MAX_SHEET_ROWS`
  rows and :data:`MAX_CELLS` cells, so a small file cannot cost seconds of work.
* A file is at most :data:`MAX_FILE_BYTES`; a directory, device or socket is refused and a named
  pipe is read without waiting for a writer (:func:`read_file_bytes`).
* Text is UTF-16 with a BOM, UTF-8 (BOM or not), else Windows-1252 (:func:`decode_text`).
* A text cell ``'=…`` written by our CSV export (formula escaping) reads back as ``=…``
  (:func:`tt_organizer.export.cells.unescape_text`).

A *roster* is a sheet with one player per row (:func:`find_roster`): a header row, among the
first :data:`HEADER_SCAN_ROWS`, names a player column (:data:`ROSTER_COLUMNS`) and no card
column (:data:`CARD_COLUMNS`: such a sheet is a decklist table).
"""

from __future__ import annotations

import csv
import io
import os
import re
import stat
import warnings
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from tt_organizer.errors import InputError
from tt_organizer.export.cells import unescape_text  # the CSV export's escaping, undone

MAX_FILE_BYTES = 1 << 20  # one decklist file
MAX_SHEET_BYTES = 8 << 20  # one roster or pairings sheet (a roster holds hundreds of decklists)
MAX_UNPACKED = 32 << 20  # inflated bytes of one workbook's parts
MAX_PARTS = 1_000  # entries of one workbook (a workbook has a dozen or two)
MAX_SHARED_STRINGS = 100_000
MAX_SHEET_ROWS = 100_000  # row elements of one workbook, empty ones included
MAX_CELLS = 250_000  # cell elements of one workbook
MAX_COLUMNS = 65  # columns read of each row (a card table refuses more than 64)
MAX_ROWS = 10_000  # filled rows of a roster or pairings sheet
HEADER_SCAN_ROWS = 10
ZIP_MAGIC = b"PK\x03\x04"
TEXT_SUFFIXES = (".csv", ".tsv", ".txt")
UNSUPPORTED_SUFFIXES = (".xls", ".ods", ".numbers")


@dataclass
class Sheet:
    """The non-empty rows of one sheet: (row number as a spreadsheet shows it, cell values)."""

    name: str
    rows: list[tuple[int, list[object]]]
    hidden: bool = False


# --- cells and text ---------------------------------------------------------------------------


def cell_text(value: object) -> str:
    """A cell value as stripped text (``3.0`` -> ``3``)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, str):
        return value.strip()
    return str(value)


def decode_text(data: bytes, source: str, what: str = "a text file") -> str:
    """Text of a file: UTF-16 with a BOM, UTF-8 (BOM or not), else Windows-1252 / Latin-1.

    Binary data (a NUL byte) is refused, naming ``what`` the file should have been.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise InputError(f"not {what} (binary data)", file=source) from None
    if b"\x00" in data:
        line = data.count(b"\n", 0, data.index(b"\x00")) + 1
        raise InputError(f"not {what} (binary data)", file=source, line=line)
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def _size(n: int) -> str:
    return f"{n >> 20} MiB" if n and not n % (1 << 20) else f"{n} bytes"


# --- files ------------------------------------------------------------------------------------

_DIRECTORY = "is a directory, not {what} (`tt deck check-batch` checks a folder)"


def read_file_bytes(
    path: Path, source: str, what: str = "a decklist file", *, limit: int = MAX_FILE_BYTES
) -> bytes:
    """At most ``limit`` bytes of ``path``; a directory, a device or a larger file is refused;
    a named pipe (``<(curl ...)``) is read, never waited on forever."""
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise InputError(_DIRECTORY.format(what=what), file=source)
        if stat.S_ISFIFO(info.st_mode):
            data = _read_pipe(path, limit)
        elif not stat.S_ISREG(info.st_mode):
            raise InputError(f"not a regular file (a device or socket), not {what}", file=source)
        elif info.st_size > limit:
            raise InputError(f"file too large ({info.st_size} bytes, limit {_size(limit)})",
                             file=source)
        else:
            with path.open("rb") as handle:
                data = handle.read(limit + 1)
    except FileNotFoundError:
        raise InputError("file not found", file=source) from None
    except PermissionError:
        raise InputError("permission denied", file=source) from None
    except IsADirectoryError:
        raise InputError(_DIRECTORY.format(what=what), file=source) from None
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}", file=source) from None
    if len(data) > limit:
        raise InputError(f"file too large (limit {_size(limit)})", file=source)
    return data


def _read_pipe(path: Path, limit: int) -> bytes:
    """At most ``limit`` + 1 bytes of a named pipe: opened non-blocking, so a pipe that no
    program writes to reads as empty instead of hanging, then read to the writer's end."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with open(fd, "rb") as handle:
        os.set_blocking(fd, True)
        return handle.read(limit + 1)


# --- workbooks --------------------------------------------------------------------------------

# an element's start tag, with or without a namespace prefix: <row , <x:c>, <si>; a row's
# number when it is the first attribute (as every spreadsheet program writes it)
_TAG = re.compile(rb'<(?:[A-Za-z_][\w.-]{0,15}:)?(si|row|c)(?:\s{1,4}r="(\d{1,12})")?[\s/>]')
_TAG_SPAN = 64  # longer than any match of _TAG


def _count_tags(
    stream: IO[bytes], budget: int, limits: dict[bytes, int]
) -> tuple[dict[bytes, int], int]:
    """Counts of ``si``/``row``/``c`` start tags in an XML part, the highest row number
    (``b"last"``) and the bytes read (at most ``budget`` + one chunk); it stops early once a
    count passes its limit."""
    counts: dict[bytes, int] = {b"si": 0, b"row": 0, b"c": 0, b"last": 0}

    def count(match: re.Match[bytes]) -> None:
        counts[match.group(1)] += 1
        if match.group(2) and match.group(1) == b"row":
            counts[b"last"] = max(counts[b"last"], int(match.group(2)))

    tail = b""
    read = 0
    while read <= budget:
        chunk = stream.read(1 << 16)
        if not chunk:
            break
        read += len(chunk)
        buffer = tail + chunk
        cut = max(0, len(buffer) - _TAG_SPAN)
        for match in _TAG.finditer(buffer):
            if match.start() >= cut:
                break
            count(match)
        tail = buffer[cut:]
        if any(counts[tag] > limit for tag, limit in limits.items()):
            return counts, read
    for match in _TAG.finditer(tail):
        count(match)
    return counts, read


def check_workbook(data: bytes, source: str) -> None:
    """Refuse a workbook that would cost more work than a roster or a decklist can need: too
    many parts, too many bytes inflated, shared strings, rows or cells (InputError).

    Every part is inflated here (never beyond its declared size: zipfile checks it) and its
    ``<si>``, ``<row>`` and ``<c>`` tags counted, so what openpyxl reads after is bounded.
    """

    def refuse(what: str) -> InputError:
        return InputError(f"workbook too large: {what}", file=source)

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = archive.infolist()
            if len(parts) > MAX_PARTS:
                raise refuse(f"{len(parts)} parts (limit {MAX_PARTS})")
            unpacked = sum(info.file_size for info in parts)
            if unpacked > MAX_UNPACKED:
                raise InputError(f"workbook too large when unpacked: it unpacks to {unpacked} "
                                 f"bytes (limit {_size(MAX_UNPACKED)})", file=source)
            totals = {b"si": 0, b"row": 0, b"c": 0}
            limits = {b"si": MAX_SHARED_STRINGS, b"row": MAX_SHEET_ROWS, b"c": MAX_CELLS,
                      b"last": MAX_SHEET_ROWS}
            budget = MAX_UNPACKED
            # every part, whatever its name: the workbook's relations, not the names, tell
            # openpyxl which part is a sheet or the shared strings
            for info in parts:
                left = {tag: limit - totals.get(tag, 0) for tag, limit in limits.items()}
                with archive.open(info) as part:
                    counts, read = _count_tags(part, budget, left)
                budget -= read
                if budget < 0:
                    raise InputError(f"workbook too large when unpacked (more than "
                                     f"{_size(MAX_UNPACKED)})", file=source)
                for tag in totals:
                    totals[tag] += counts[tag]
                if counts[b"last"] > MAX_SHEET_ROWS:
                    raise InputError(f"the sheet is too long (row {counts[b'last']}, limit "
                                     f"{MAX_SHEET_ROWS} rows)", file=source)
                for tag, what in ((b"si", "shared strings"), (b"row", "rows"), (b"c", "cells")):
                    if totals[tag] > limits[tag]:
                        raise refuse(f"more than {limits[tag]} {what}")
    except InputError:
        raise
    except (zipfile.BadZipFile, zlib.error, OSError, ValueError, EOFError, RuntimeError,
            NotImplementedError) as exc:
        raise InputError(f"not a readable .xlsx workbook ({type(exc).__name__})",
                         file=source) from None


def read_workbook(
    data: bytes, source: str, *, first_only: bool = False, max_rows: int = MAX_ROWS
) -> list[Sheet]:
    """The sheets of an ``.xlsx`` workbook (only the first with ``first_only``), each with its
    non-empty rows, at most :data:`MAX_COLUMNS` cells a row and ``max_rows`` rows a sheet."""
    try:
        import openpyxl
    except ImportError:  # pragma: no cover - openpyxl is a dependency
        raise InputError("reading .xlsx needs openpyxl (pip install openpyxl)",
                         file=source) from None
    check_workbook(data, source)
    sheets: list[Sheet] = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # a file object: openpyxl would refuse a file name without an .xlsx extension
            workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            worksheets = workbook.worksheets
            if not worksheets:
                raise InputError("the workbook has no sheet", file=source)
            for ws in worksheets[:1] if first_only else worksheets:
                if hasattr(ws, "reset_dimensions"):
                    ws.reset_dimensions()  # some writers store a wrong sheet size
                rows: list[tuple[int, list[object]]] = []
                # one tuple a row from row 1 on, missing rows filled in: enumerate numbers them
                for number, cells in enumerate(
                    ws.iter_rows(max_col=MAX_COLUMNS, values_only=True), start=1
                ):
                    if number > MAX_SHEET_ROWS:
                        raise InputError(f"the sheet is too long (limit {MAX_SHEET_ROWS} rows)",
                                         file=source, line=number)
                    values = [unescape_text(v) if isinstance(v, str) else v for v in cells]
                    if any(cell_text(v) for v in values):
                        if len(rows) >= max_rows:
                            raise InputError(f"too many rows (limit {max_rows})", file=source,
                                             line=number)
                        rows.append((number, values))
                sheets.append(Sheet(ws.title, rows, hidden=ws.sheet_state != "visible"))
        finally:
            workbook.close()
    except InputError:
        raise
    except Exception as exc:  # openpyxl raises many types for a broken workbook
        raise InputError(f"not a readable .xlsx workbook ({type(exc).__name__})",
                         file=source) from None
    return sheets


# --- CSV --------------------------------------------------------------------------------------


def _delimiter(text: str) -> str:
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = {d: first.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def read_csv(text: str, source: str, name: str, *, max_rows: int = MAX_ROWS) -> Sheet:
    """The one sheet of a CSV text (``,`` ``;`` or tab separated), numbered as a spreadsheet
    numbers its rows."""
    text = text.removeprefix("\ufeff")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    rows: list[tuple[int, list[object]]] = []
    number = 0
    try:
        for number, record in enumerate(reader, start=1):
            if any(cell.strip() for cell in record):
                if len(rows) >= max_rows:
                    raise InputError(f"too many rows (limit {max_rows})", file=source,
                                     line=number)
                rows.append((number, [unescape_text(c) for c in record[:MAX_COLUMNS]]))
    except csv.Error as exc:
        raise InputError(f"not a readable CSV file ({exc})", file=source,
                         line=number + 1) from None
    return Sheet(name, rows)


def read_table_bytes(data: bytes, source: str, suffix: str, name: str) -> list[Sheet]:
    """The sheets of a file's bytes: the visible sheets of a workbook (all when every one is
    hidden), the one of a CSV file."""
    suffix = suffix.lower()
    if data.startswith(ZIP_MAGIC):
        if suffix in UNSUPPORTED_SUFFIXES:
            raise InputError(f"{suffix} files are not supported: save as .xlsx or .csv",
                             file=source)
        sheets = read_workbook(data, source)
        # a hidden sheet (an old round, a lookup table) is not what the organizer sees and fills
        return [s for s in sheets if not s.hidden] or sheets
    if suffix in (".xlsx", ".xlsm"):
        raise InputError("not an .xlsx workbook (the file is not a zip archive)", file=source)
    if suffix in UNSUPPORTED_SUFFIXES:
        raise InputError(f"{suffix} files are not supported: save as .xlsx or .csv", file=source)
    if suffix not in TEXT_SUFFIXES:
        raise InputError("not a workbook (.xlsx) or CSV file", file=source)
    if not data.strip():
        raise InputError("the file is empty", file=source)
    return [read_csv(decode_text(data, source, "a spreadsheet or CSV file"), source, name)]


def read_table(path: str | Path) -> list[Sheet]:
    """Every sheet of an ``.xlsx`` workbook, or the one table of a CSV file."""
    path = Path(path)
    source = str(path)
    data = read_file_bytes(path, source, "a spreadsheet", limit=MAX_SHEET_BYTES)
    if not data.strip():
        raise InputError("the file is empty", file=source)
    return read_table_bytes(data, source, path.suffix, path.stem)


# --- columns ----------------------------------------------------------------------------------

# Column names by role, in order of preference, compared after case folding with anything but
# letters and digits as one space. ``x*`` matches a header starting with ``x``, ``*x*`` one
# holding ``x`` as whole words; exact names are matched first, before any pattern.
ROSTER_COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name", "player", "player name", "full name", "participant", "participant name",
             "entrant", "name of player", "your name", "your full name", "first and last name",
             "*full name*", "*player name*"),
    "ext_id": ("player id", "membership", "membership id", "membership number", "member id",
               "bandai id", "bandai membership id", "bandai tcg id", "id"),
    "deck_path": ("deck file", "deck path", "decklist file", "decklist path", "file", "path"),
    "deck": ("deck", "decklist", "deck list", "deck text", "decklist text", "list",
             "paste your decklist here", "paste your deck list here", "*decklist*",
             "*deck list*"),
}
ROSTER_LABELS = {"name": "Name", "ext_id": "Player ID", "deck": "Decklist",
                 "deck_path": "Deck file"}
# a header naming one of these is a decklist table (count, card number, …), not a roster
CARD_COLUMNS = frozenset({"count", "qty", "quantity", "copies", "number", "card number", "card",
                          "card no", "card id"})
RESULT_COLUMNS: dict[str, tuple[str, ...]] = {
    "round": ("round", "rnd", "round no", "round number"),
    "table": ("table", "table no", "table number", "tbl"),
    "player1": ("player 1", "player1", "p1"),
    "player2": ("player 2", "player2", "p2"),
    "result": ("result", "score", "match result"),
    "first": ("first*", "went first"),
    "winners": ("winners", "winner", "game winners", "winner per game"),
    "turns": ("turns", "turn", "turns per game"),
}
RESULT_REQUIRED = ("table", "player1", "player2", "result")
RESULT_LABELS = {"table": "Table", "player1": "Player 1", "player2": "Player 2",
                 "result": "Result"}


def header_key(text: str) -> str:
    """A header as compared with column names: case-folded words of letters and digits."""
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.casefold()).split())


def _matches(key: str, name: str) -> bool:
    if not key:
        return False
    if name.startswith("*") and name.endswith("*"):
        return f" {name[1:-1]} " in f" {key} "
    if name.endswith("*"):
        return key.startswith(name[:-1])
    return key == name


def column_roles(keys: list[str], synonyms: dict[str, tuple[str, ...]]) -> dict[str, int]:
    """Role -> column index for one header row (each column serves one role at most)."""
    roles: dict[str, int] = {}
    taken: set[int] = set()
    for patterns in (False, True):  # exact names first, then the patterns
        for role, names in synonyms.items():
            if role in roles:
                continue
            for name in names:
                if ("*" in name) != patterns:
                    continue
                hit = next((i for i, k in enumerate(keys)
                            if i not in taken and _matches(k, name)), None)
                if hit is not None:
                    roles[role] = hit
                    taken.add(hit)
                    break
    return roles


def find_columns(
    sheet: Sheet, synonyms: dict[str, tuple[str, ...]], required: tuple[str, ...]
) -> tuple[int, dict[str, int]] | None:
    """The header row (its index in ``sheet.rows``) and role -> column index, or None: the
    first of the first :data:`HEADER_SCAN_ROWS` rows that names every ``required`` role."""
    for index, (_number, values) in enumerate(sheet.rows[:HEADER_SCAN_ROWS]):
        roles = column_roles([header_key(cell_text(v)) for v in values], synonyms)
        if all(r in roles for r in required):
            return index, roles
    return None


def missing_columns(
    sheet: Sheet, synonyms: dict[str, tuple[str, ...]], required: tuple[str, ...],
    labels: dict[str, str], source: str,
) -> InputError:
    """The error for a sheet without a header row naming every ``required`` role."""
    if not sheet.rows:
        return InputError(f"sheet {sheet.name!r} is empty", file=source)
    best: list[str] = []
    line = sheet.rows[0][0]
    for number, values in sheet.rows[:HEADER_SCAN_ROWS]:
        roles = column_roles([header_key(cell_text(v)) for v in values], synonyms)
        found = [r for r in required if r in roles]
        if len(found) > len(best):
            best, line = found, number
    missing = [labels[r] for r in required if r not in best]
    return InputError(
        f"sheet {sheet.name!r}: missing column{'s' if len(missing) > 1 else ''} "
        f"{', '.join(repr(m) for m in missing)} (no header row in the first "
        f"{HEADER_SCAN_ROWS} rows names {', '.join(labels[r] for r in required)})",
        file=source,
        line=line,
    )


def cell_value(values: list[object], roles: dict[str, int], role: str) -> object:
    """The value of ``role``'s column in a row (None when the sheet has no such column)."""
    index = roles.get(role)
    if index is None or index >= len(values):
        return None
    return values[index]


# --- rosters ----------------------------------------------------------------------------------

_CARD_LINE = re.compile(r"\d")


def _looks_like_decklist(value: object) -> bool:
    """A cell holding a pasted decklist: three or more lines, most of them with a digit."""
    if not isinstance(value, str):
        return False
    lines = [ln for ln in value.splitlines() if ln.strip()]
    return len(lines) >= 3 and sum(1 for ln in lines if _CARD_LINE.search(ln)) * 2 > len(lines)


@dataclass
class Roster:
    """One player a row: the sheet, its header row's index and the columns by role.

    ``notes`` names each column that is not read but looks like decklists (pasted lists).
    """

    sheet: Sheet
    header: int
    roles: dict[str, int]
    notes: list[str] = field(default_factory=list)

    def rows(self) -> Iterator[tuple[int, list[object]]]:
        """(row number, values) of each filled row below the header."""
        yield from self.sheet.rows[self.header + 1:]

    def entries(self, base: Path | None) -> Iterator[RosterEntry]:
        """Each row with a player, an id or a deck, read as :class:`RosterEntry`.

        A deck file (its own column, or a path in the decklist column) is relative to
        ``base``, the sheet's folder, and must stay inside it; with ``base`` None (a sheet
        inside an archive) deck files are not read.
        """
        for number, values in self.rows():
            raw_name = cell_text(cell_value(values, self.roles, "name"))
            ext_id = cell_text(cell_value(values, self.roles, "ext_id")) or None
            deck = cell_text(cell_value(values, self.roles, "deck"))
            deck_file = cell_text(cell_value(values, self.roles, "deck_path"))
            if not any((raw_name, ext_id, deck, deck_file)):
                continue
            # runs of spaces, also no-break and ideographic ones pasted from a web form, are
            # one space (tabs and line breaks are left for the caller to refuse)
            entry = RosterEntry(number, _SPACES.sub(" ", raw_name), ext_id)
            file_cell = deck_file or (deck if _looks_like_path(deck, base) else "")
            if deck and deck_file:
                entry.problem = "both a decklist and a deck file; keep one"
            elif file_cell and base is None:
                entry.problem = f"deck file {file_cell!r} is not read from inside an archive"
            elif file_cell and base is not None:
                resolved = _deck_path(file_cell, base)
                if _inside(resolved, base):
                    entry.deck_path = resolved
                else:
                    entry.problem = (f"deck file {file_cell!r} is outside the sheet's folder "
                                     f"{base}")
            elif deck:
                entry.deck_text = str(cell_value(values, self.roles, "deck")).replace("\r\n", "\n")
            yield entry


@dataclass
class RosterEntry:
    """One row of a roster: ``deck_text`` (a pasted list) or ``deck_path`` (an absolute path
    inside the sheet's folder), or ``problem`` saying why the deck cannot be read."""

    row: int
    name: str
    ext_id: str | None
    deck_text: str | None = None
    deck_path: Path | None = None
    problem: str | None = None


_SPACES = re.compile(r"[^\S\t\n\r\x0b\x0c]+")
DECK_FILE_SUFFIXES = (".txt", ".csv", ".json", ".xlsx", ".dek", ".deck", ".tts")


def _deck_path(text: str, base: Path) -> Path:
    path = Path(text).expanduser()
    return path if path.is_absolute() else base / path


def _inside(path: Path, base: Path) -> bool:
    try:
        path.resolve().relative_to(base.resolve())
    except (ValueError, OSError):
        return False
    return True


def _looks_like_path(text: str, base: Path | None) -> bool:
    if "\n" in text or not text:
        return False
    if text.lower().endswith(DECK_FILE_SUFFIXES):
        return True
    if base is None:
        return False
    try:
        return _deck_path(text, base).is_file()
    except OSError:
        return False


def _is_card_table(keys: list[str]) -> bool:
    return any(k in CARD_COLUMNS for k in keys)


def find_roster(sheets: list[Sheet]) -> Roster | None:
    """The roster in ``sheets``: the first sheet whose header row names a player column and no
    card column; None if there is none."""
    for sheet in sheets:
        for index, (_number, values) in enumerate(sheet.rows[:HEADER_SCAN_ROWS]):
            keys = [header_key(cell_text(v)) for v in values]
            roles = column_roles(keys, ROSTER_COLUMNS)
            if "name" not in roles:
                continue
            if _is_card_table(keys):
                return None
            roster = Roster(sheet, index, roles)
            roster.notes = _ignored_decklists(roster, values)
            return roster
    return None


def _ignored_decklists(roster: Roster, header: list[object]) -> list[str]:
    """Notes on columns not read whose cells look like decklists."""
    used = set(roster.roles.values())
    sample = roster.sheet.rows[roster.header + 1:roster.header + 51]
    notes = []
    for index, title in enumerate(header):
        if index in used:
            continue
        values = [v[index] for _n, v in sample if index < len(v) and cell_text(v[index])]
        if values and sum(1 for v in values if _looks_like_decklist(v)) * 2 > len(values):
            deck = roster.roles.get("deck")
            where = (f"the decklists are read from column {cell_text(header[deck])!r}"
                     if deck is not None else "name it 'Decklist' to have them read")
            notes.append(f"column {cell_text(title)!r} looks like decklists but is not read "
                         f"({where})")
    return notes
