"""Safe cell writing and atomic saving, shared by every spreadsheet the toolkit writes.

Formula injection: a spreadsheet treats text that starts with ``=``, ``+``, ``-``, ``@``, a tab
or a carriage return as a formula. Player and deck names come from players, so they never reach
a cell as a formula:

* in ``.xlsx`` files (:func:`put`) the text is stored as an inline *string* cell (``t="inlineStr"``,
  never an ``<f>`` element — openpyxl would otherwise turn any ``"=..."`` string into a formula)
  and, when it starts with one of those characters, the cell gets the ``quotePrefix`` style: the
  invisible apostrophe Excel and LibreOffice show when a user types ``'=...``, so the text stays
  text even when someone edits the cell and presses Enter. The value read back is the exact text.
* in ``.csv`` files (:func:`safe_text`) there are no types, so the text gets a leading ``'``
  (the OWASP recommendation); :func:`unescape_text` removes it again on import.
  Both live in :mod:`tt_organizer.sheets.cell_text` (the base layer: ``tables.py`` reads with them).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tt_organizer.atomic import atomic_write
from tt_organizer.errors import InputError
from tt_organizer.i18n import Msg
from tt_organizer.sheets.cell_text import FORMULA_STARTS as FORMULA_STARTS
from tt_organizer.sheets.cell_text import MAX_CELL_CHARS as MAX_CELL_CHARS
from tt_organizer.sheets.cell_text import clean_text as clean_text
from tt_organizer.sheets.cell_text import is_formula_like as is_formula_like
from tt_organizer.sheets.cell_text import safe_text as safe_text
from tt_organizer.sheets.cell_text import unescape_text as unescape_text

if TYPE_CHECKING:  # openpyxl is imported lazily: the CLI loads this module only when needed
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

def put(ws: Worksheet, row: int, column: int, value: object) -> Any:
    """Write ``value`` to a cell; text is always a string cell, never a formula.

    Numbers, booleans and ``None`` are written as they are; anything else becomes text.
    Returns the cell.
    """
    cell = ws.cell(row=row, column=column)
    stored, quoted = cell_value(value)
    cell.value = stored
    if isinstance(stored, str):
        cell.data_type = "s"  # "=..." would be 'f' and "#N/A" would be 'e' otherwise
    if quoted:
        cell.quotePrefix = True
    return cell


def cell_value(value: object) -> tuple[object, bool]:
    """What a cell stores for ``value``, and whether it gets the quote prefix: numbers,
    booleans and ``None`` as they are; anything else as text (:func:`clean_text`), quoted
    when a spreadsheet would read it as a formula."""
    if value is None or isinstance(value, bool | int | float):
        return value, False
    text = clean_text(value)
    return text, is_formula_like(text)


def put_row(ws: Worksheet, row: int, values: Sequence[object], *, start: int = 1) -> None:
    """Write ``values`` to one row with :func:`put`."""
    for offset, value in enumerate(values):
        put(ws, row, start + offset, value)


def header_text(text: str, limit: int = 80) -> str:
    """Text for a print header/footer section: ``&`` (a control character there) doubled,
    cut to ``limit`` characters (Excel refuses headers over 255 characters in all)."""
    text = " ".join(clean_text(text).split())  # no line break, tab or CR in a print header
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text.replace("&", "&&")


def check_target(path: str | Path, suffixes: tuple[str, ...]) -> Path:
    """``path`` if a file may be written there (right suffix, folder exists, not a folder, not
    a read-only file); InputError otherwise."""
    out = Path(path)
    if suffixes and out.suffix.lower() not in suffixes:
        ending: Msg | str = suffixes[0] if len(suffixes) == 1 else Msg(
            "{a} or {b}", a=", ".join(suffixes[:-1]), b=suffixes[-1])
        raise InputError("file-suffix", suffixes=ending, file=str(out))
    if out.is_dir():
        raise InputError("file-is-directory", file=str(out))
    if not out.parent.is_dir():
        raise InputError("folder-missing", folder=str(out.parent), file=str(out))
    try:
        mode = out.stat().st_mode
    except OSError:
        mode = None
    if mode is not None and not mode & 0o222:
        # the rename would replace it regardless of its permissions (and root may write it)
        raise InputError("file-read-only", file=str(out))
    return out


def save_workbook_atomic(wb: Workbook, path: str | Path) -> Path:
    """Save ``wb`` to ``path`` through a temporary file in the same folder and ``os.replace``.

    The data is fsynced before the rename; if anything fails the temporary file is removed and
    a file already at ``path`` is left as it was.
    """
    out = check_target(path, (".xlsx",))  # an .xlsm without macros is refused by Excel
    data = _workbook_bytes(wb, out)
    with atomic_write(out) as tmp:
        tmp.write_bytes(data)
    return out


def _workbook_bytes(wb: Workbook, out: Path) -> bytes:
    """The saved workbook, built in memory. openpyxl streams each sheet through a temporary
    file: on a full disk its half-written streams fail again when collected and print an
    "Exception ignored" traceback after our message, so they are collected here, quietly."""
    import gc
    import io
    import sys

    from tt_organizer.export.sheetxml import finish, splice_rows

    finish(wb)
    buffer = io.BytesIO()
    failure: str | None = None
    hook = sys.unraisablehook
    sys.unraisablehook = lambda _unraisable: None
    try:
        try:
            wb.save(buffer)
        except OSError as exc:
            failure = exc.strerror or str(exc)
        if failure is not None:
            gc.collect()  # the failed save's frames are gone: finalise its streams now
    finally:
        sys.unraisablehook = hook
    if failure is not None:
        raise InputError("file-write-failed", failure=failure, file=str(out))
    return splice_rows(wb, buffer.getvalue())


def write_bytes_atomic(path: str | Path, data: bytes, suffixes: tuple[str, ...]) -> Path:
    """Write ``data`` to ``path`` atomically (as :func:`save_workbook_atomic` does)."""
    out = check_target(path, suffixes)
    with atomic_write(out) as tmp:
        tmp.write_bytes(data)
    return out


def write_csv_atomic(
    path: str | Path, header: Sequence[str], rows: Iterable[Sequence[object]]
) -> Path:
    """Write a UTF-8 CSV file atomically; text fields are escaped with :func:`safe_text`."""
    out = check_target(path, (".csv",))
    with atomic_write(out) as tmp, open(tmp, "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow([safe_text(h) for h in header])
        for row in rows:
            writer.writerow([_csv_field(v) for v in row])
    return out


def _csv_field(value: object) -> object:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return value
    return safe_text(value)
