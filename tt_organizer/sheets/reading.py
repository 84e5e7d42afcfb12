"""Reading tables: CSV files and ``.xlsx`` workbooks, with one set of limits, for every
command that reads a sheet; their columns and rosters are in :mod:`tt_organizer.sheets.columns`.

Used by decklists (a card table on the first sheet), ``tt deck check-batch`` (rosters),
``tt event register --from`` (rosters) and ``tt event report --from`` (pairings sheets).

* Row numbers are the ones a spreadsheet shows: in a workbook the row's own number, in a CSV
  file the record's place (a blank line is a row; a quoted cell over three lines is one row).
* Workbooks are opened with ``read_only=True, data_only=True``: a formula cell gives its cached
  value (or nothing), it is never evaluated. Before openpyxl sees a workbook its parts are
  counted while they are inflated (:func:`check_workbook`): at most :data:`MAX_PARTS` parts,
  :data:`MAX_UNPACKED` bytes, :data:`MAX_SHARED_STRINGS` shared strings, :data:`MAX_SHEET_ROWS`
  rows and :data:`MAX_CELLS` cells, so a small file cannot cost seconds of work.
* A decklist file is at most :data:`MAX_FILE_BYTES`, a roster or pairings sheet
  :data:`MAX_SHEET_BYTES`; a directory, device or socket is refused and a named pipe is read
  without waiting for a writer (:func:`read_file_bytes`) — a decklist only: a sheet given to
  ``--from`` must be a regular file.
* Text is UTF-16 with a BOM, UTF-8 (BOM or not), else Windows-1252 (:func:`decode_text`).
* A text cell ``'=…`` written by our CSV export (formula escaping) reads back as ``=…``
  (:func:`tt_organizer.sheets.cell_text.unescape_text`).
"""

from __future__ import annotations

import csv
import io
import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tt_organizer.errors import InputError
from tt_organizer.i18n import N_, Term
from tt_organizer.lazy_re import lazy_compile
from tt_organizer.safe_files import read_limited
from tt_organizer.sheets.cell_text import unescape_text  # the CSV export's escaping, undone

if TYPE_CHECKING:
    from pathlib import Path
    from typing import IO

MAX_FILE_BYTES = 1 << 20  # one decklist file
MAX_SHEET_BYTES = 8 << 20  # one roster or pairings sheet (a roster holds hundreds of decklists)
MAX_UNPACKED = 32 << 20  # inflated bytes of one workbook's parts
MAX_PARTS = 1_000  # entries of one workbook (a workbook has a dozen or two)
MAX_SHARED_STRINGS = 100_000
MAX_SHEET_ROWS = 100_000  # row elements of one workbook, empty ones included
MAX_CELLS = 250_000  # cell elements of one workbook
MAX_COLUMNS = 65  # columns read of each row (a card table refuses more than 64)
MAX_ROWS = 10_000  # filled rows of a roster or pairings sheet
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
            raise InputError("binary-data", file=source, what=Term(what)) from None
    if b"\x00" in data:
        line = data.count(b"\n", 0, data.index(b"\x00")) + 1
        raise InputError("binary-data", file=source, line=line, what=Term(what))
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def _size(n: int) -> str:
    return f"{n >> 20} MiB" if n and not n % (1 << 20) else f"{n} bytes"


# --- files ------------------------------------------------------------------------------------

# what a file should have been, as the messages name it (marked for the catalog)
KINDS = (N_("a decklist file"), N_("a spreadsheet"), N_("a text file"),
         N_("a spreadsheet or CSV file"), N_("a text decklist"))
# a workbook's parts counted against their limits
PARTS = (N_("shared strings"), N_("rows"), N_("cells"))


def read_file_bytes(
    path: str | Path, source: str, what: str = "a decklist file", *,
    limit: int = MAX_FILE_BYTES,
    pipes: bool = True,
    dir_fd: int | None = None,
    follow: bool = True,
) -> bytes:
    """At most ``limit`` bytes of ``path``; a directory, a device or a larger file is refused;
    a named pipe (``<(curl ...)``) is read, never waited on forever (see ``safe_files``),
    unless ``pipes`` is False (then it is refused). ``dir_fd`` and ``follow=False``: ``path``
    is a name in that open folder, and a link there is refused, not followed."""
    if dir_fd is None and os.path.isdir(path):
        # code "directory": a front-end says what reads one
        raise InputError("directory", file=source, what=Term(what))
    return read_limited(path, limit, what=what.removeprefix("a "), source=source, pipes=pipes,
                        dir_fd=dir_fd, follow=follow)


# --- workbooks --------------------------------------------------------------------------------

# an element's start tag, with or without a namespace prefix: <row , <x:c>, <si>; a row's
# number when it is the first attribute (as every spreadsheet program writes it)
_TAG = lazy_compile(rb'<(?:[A-Za-z_][\w.-]{0,15}:)?(si|row|c)(?:\s{1,4}r="(\d{1,12})")?[\s/>]')
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

    import zipfile  # here, not at the top: reading a text decklist needs neither
    import zlib


    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = archive.infolist()
            if len(parts) > MAX_PARTS:
                raise InputError("workbook-too-many-parts", file=source, parts=len(parts),
                                 limit=MAX_PARTS)
            unpacked = sum(info.file_size for info in parts)
            if unpacked > MAX_UNPACKED:
                raise InputError("workbook-unpacks-too-large", file=source, size=unpacked,
                                 limit=_size(MAX_UNPACKED))
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
                    raise InputError("workbook-inflates-too-large", file=source,
                                     limit=_size(MAX_UNPACKED))
                for tag in totals:
                    totals[tag] += counts[tag]
                if counts[b"last"] > MAX_SHEET_ROWS:
                    raise InputError("sheet-too-long-at", file=source, row=counts[b"last"],
                                     limit=MAX_SHEET_ROWS)
                for tag, what in zip((b"si", b"row", b"c"), PARTS, strict=True):
                    if totals[tag] > limits[tag]:
                        raise InputError("workbook-too-many", file=source, limit=limits[tag],
                                         what=Term(what))
    except InputError:
        raise
    except (zipfile.BadZipFile, zlib.error, OSError, ValueError, EOFError, RuntimeError,
            NotImplementedError) as exc:
        raise InputError("unreadable-workbook", file=source,
                         error=type(exc).__name__) from None


def read_workbook(
    data: bytes, source: str, *, first_only: bool = False, max_rows: int = MAX_ROWS
) -> list[Sheet]:
    """The sheets of an ``.xlsx`` workbook (only the first with ``first_only``), each with its
    non-empty rows, at most :data:`MAX_COLUMNS` cells a row and ``max_rows`` rows a sheet."""
    try:
        import openpyxl
    except ImportError:  # pragma: no cover - openpyxl is a dependency
        raise InputError("needs-openpyxl", file=source) from None
    import warnings

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
                raise InputError("workbook-no-sheets", file=source)
            for ws in worksheets[:1] if first_only else worksheets:
                if hasattr(ws, "reset_dimensions"):
                    ws.reset_dimensions()  # some writers store a wrong sheet size
                rows: list[tuple[int, list[object]]] = []
                # one tuple a row from row 1 on, missing rows filled in: enumerate numbers them
                for number, cells in enumerate(
                    ws.iter_rows(max_col=MAX_COLUMNS, values_only=True), start=1
                ):
                    if number > MAX_SHEET_ROWS:
                        raise InputError("sheet-too-long", file=source, line=number,
                                         limit=MAX_SHEET_ROWS)
                    values = [unescape_text(v) if isinstance(v, str) else v for v in cells]
                    if any(cell_text(v) for v in values):
                        if len(rows) >= max_rows:
                            raise InputError("too-many-rows", file=source, line=number,
                                             limit=max_rows)
                        rows.append((number, values))
                sheets.append(Sheet(ws.title, rows, hidden=ws.sheet_state != "visible"))
        finally:
            workbook.close()
    except InputError:
        raise
    except Exception as exc:  # openpyxl raises many types for a broken workbook
        raise InputError("unreadable-workbook", file=source,
                         error=type(exc).__name__) from None
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
                    raise InputError("too-many-rows", file=source, line=number,
                                     limit=max_rows)
                rows.append((number, [unescape_text(c) for c in record[:MAX_COLUMNS]]))
    except csv.Error as exc:
        raise InputError("unreadable-csv-file", file=source, line=number + 1,
                         error=str(exc)) from None
    return Sheet(name, rows)


def read_table_bytes(data: bytes, source: str, suffix: str, name: str) -> list[Sheet]:
    """The sheets of a file's bytes: the visible sheets of a workbook (all when every one is
    hidden), the one of a CSV file."""
    suffix = suffix.lower()
    if data.startswith(ZIP_MAGIC):
        if suffix in UNSUPPORTED_SUFFIXES:
            raise InputError("unsupported-spreadsheet", file=source, suffix=suffix)
        sheets = read_workbook(data, source)
        # a hidden sheet (an old round, a lookup table) is not what the organizer sees and fills
        return [s for s in sheets if not s.hidden] or sheets
    if suffix in (".xlsx", ".xlsm"):
        raise InputError("xlsx-not-zip", file=source)
    if suffix in UNSUPPORTED_SUFFIXES:
        raise InputError("unsupported-spreadsheet", file=source, suffix=suffix)
    if suffix not in TEXT_SUFFIXES:
        raise InputError("not-a-table-file", file=source)
    if not data.strip():
        raise InputError("file-empty", file=source)
    return [read_csv(decode_text(data, source, "a spreadsheet or CSV file"), source, name)]


def read_table(path: str | Path) -> list[Sheet]:
    """Every sheet of an ``.xlsx`` workbook, or the one table of a CSV file."""
    from pathlib import Path

    path = Path(path)
    source = str(path)
    data = read_file_bytes(path, source, "a spreadsheet", limit=MAX_SHEET_BYTES, pipes=False)
    if not data.strip():
        raise InputError("file-empty", file=source)
    return read_table_bytes(data, source, path.suffix, path.stem)
