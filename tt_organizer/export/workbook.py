"""Excel export of a whole event (``tt event export``) and the same tables as CSV files.

Every sheet has a title row (event name, what the sheet shows, export time) and a bold, frozen
header row under it with an auto-filter; columns are sized to their content, percentages are
real numbers with a ``0.00%`` format, and the print layout fits the width of the page, repeats
the title and header rows on every page and names the event and export time in the page header.
"""

from __future__ import annotations

import functools
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tt_organizer.atomic import make_folder
from tt_organizer.events.models import EventSnapshot
from tt_organizer.export.cells import (
    cell_value,
    check_target,
    clean_text,
    header_text,
    put,
    save_workbook_atomic,
    write_csv_atomic,
)
from tt_organizer.export.rows import ENTRY, INT, PERCENT, TIME, Table, event_tables
from tt_organizer.export.sheetxml import DirectRows
from tt_organizer.i18n import Msg, Term, translate
from tt_organizer.localtime import shown_iso

NUMERIC = (INT, PERCENT)

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

TITLE_ROW = 1
HEADER_ROW = 2
FIRST_DATA_ROW = 3
PERCENT_FORMAT = "0.00%"
MAX_WIDTH = 60


@functools.lru_cache(maxsize=1)
def _styles() -> tuple[Any, Any, Any]:
    """Thin cell border, left- and right-aligned cell alignment (one indent of padding)."""
    from openpyxl.styles import Alignment, Border, Side

    thin = Side(style="thin", color="808080")
    return (Border(left=thin, right=thin, top=thin, bottom=thin),
            Alignment(horizontal="left", vertical="center", indent=1),
            Alignment(horizontal="right", vertical="center", indent=1))



def export_time(at: datetime | None = None) -> str:
    """The export time as shown in sheets, in local time (``2026-12-02 17:30 CET``)."""
    from tt_organizer.localtime import shown

    return shown(at)


def _display(value: object, kind: str) -> str:
    if value is None:
        return ""
    if kind == PERCENT and isinstance(value, float):
        return f"{value * 100:.2f}%"
    return str(value)


def fit_columns(ws: Worksheet, widths: list[int], *, scale: float = 1.0) -> None:
    """Set column widths from the longest text of each column (``scale`` for larger fonts)."""
    from openpyxl.utils import get_column_letter

    for index, width in enumerate(widths, start=1):
        size = min(max(width, 4) + 2, MAX_WIDTH) * scale
        ws.column_dimensions[get_column_letter(index)].width = round(size, 1)


SIDE_MARGIN = 0.3  # inches, left and right: the page width goes to the type
POINTS_PER_WIDTH_UNIT = 7.7  # a column width unit as LibreOffice prints it (measured)


def min_print_scale(font_size: float) -> float:
    """The least fit-to-width scale a sheet set in ``font_size`` may print at: body type
    (11 pt) at 10 pt or more, large wall type at 80 % or more of its size."""
    return max(10 / font_size, 0.8)


def pages_wide(ws: Worksheet, *, landscape: bool, font_size: float = 11) -> int:
    """How many pages wide the sheet must print for its type to stay as large as
    :func:`min_print_scale` allows (Letter, the narrower of Letter and A4, with
    :data:`SIDE_MARGIN`)."""
    from openpyxl.utils import get_column_letter

    total = sum(ws.column_dimensions[get_column_letter(i)].width or 8.43
                for i in range(1, ws.max_column + 1))
    page = (11 if landscape else 8.5) * 72 - 2 * SIDE_MARGIN * 72
    needed = total * POINTS_PER_WIDTH_UNIT * min_print_scale(font_size)
    return max(1, -(-int(needed) // int(page)))


def print_layout(
    ws: Worksheet, *, event: str, exported: str, landscape: bool, header_rows: str,
    font_size: float = 11,
) -> None:
    """Fit to the page width — turned to landscape, or to as many pages wide as keep the type
    at 10 points or more, the first column repeated on each — repeat ``header_rows``, name the
    event and time in the header."""
    ws.page_margins.left = ws.page_margins.right = SIDE_MARGIN
    pages = pages_wide(ws, landscape=landscape, font_size=font_size)
    if pages > 1 and not landscape and pages_wide(ws, landscape=True, font_size=font_size) == 1:
        landscape, pages = True, 1  # one page turned beats two pages side by side
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.page_setup.fitToWidth = pages
    if pages > 1:
        ws.print_title_cols = "A:A"
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_title_rows = header_rows
    ws.print_options.horizontalCentered = True
    ws.oddHeader.left.text = header_text(event)
    from tt_organizer.i18n import gettext as _

    ws.oddHeader.right.text = header_text(_("Exported {time}").format(time=exported))
    # &P and &N: the page number and count, filled in by the spreadsheet
    ws.oddFooter.center.text = _("Page &P of &N")


def write_table(
    wb: Workbook, table: Table, *, event: str, exported: str, font_size: int | None = None
) -> Worksheet:
    """Add ``table`` as a sheet: title row, frozen bold filtered header, formatted cells.

    ``font_size`` enlarges every cell (and the column widths and row heights with it).
    """
    from openpyxl.styles import Alignment, Font, PatternFill
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.pagebreak import Break

    from tt_organizer.i18n import gettext as _

    ws = wb.create_sheet(table.key.translate()[:31])
    headers = [_(h) for h in table.headers]
    border, left, right = _styles()
    bold = Font(bold=True, size=font_size) if font_size else Font(bold=True)
    body = Font(size=font_size) if font_size else None
    fill = PatternFill("solid", fgColor="DDEBF7")
    widths = [len(h) for h in headers]
    for col, header in enumerate(headers, start=1):
        cell = put(ws, HEADER_ROW, col, header)
        cell.font = bold
        cell.fill = fill
        cell.border = border
        cell.alignment = Alignment(vertical="center", wrap_text=False, indent=1,
                                   horizontal="right" if table.columns[col - 1].kind in NUMERIC
                                   else "left")
    row_no = FIRST_DATA_ROW
    block_font = Font(bold=True, size=12)
    direct = DirectRows(ws)  # the data rows skip openpyxl's cell objects (see sheetxml)

    breaks: list[Break] = []  # set once: openpyxl's append copies all before each

    def data_style(cell: Any, key: tuple[str, bool, bool]) -> None:
        kind, whole, quoted = key
        if quoted:
            cell.quotePrefix = True
        if body is not None:
            cell.font = body
        cell.border = border
        # numbers right, text left, both one indent from the border: never touching
        cell.alignment = right if kind in NUMERIC else left
        if kind == PERCENT:
            cell.number_format = PERCENT_FORMAT
        elif kind == ENTRY:
            cell.number_format = "@"  # typed "2-1" stays text instead of a date
        elif whole:
            cell.number_format = "0"

    kinds = [c.kind for c in table.columns]
    style_ids: dict[tuple[str, bool, bool], int] = {}
    for index, values in enumerate(table.rows):
        if index in table.block_titles:
            if index:
                row_no += 1  # a blank row between blocks, and each block on a new page
                breaks.append(Break(id=row_no - 1))
            put(ws, row_no, 1, table.block_titles[index].translate()).font = block_font
            if len(table.columns) > 1:  # merged: the title never widens the printed area
                merge_row(ws, row_no, len(table.columns))
            row_no += 1
        for col, (kind, value) in enumerate(zip(kinds, values, strict=True), start=1):
            if isinstance(value, Msg | Term):  # a word from data, in the sheet's language
                value = translate(value)
            if kind == TIME and isinstance(value, str):
                value = shown_iso(value)
            stored, quoted = cell_value(value)
            key = (kind, kind == INT and isinstance(value, int), quoted)
            style = style_ids.get(key)
            if style is None:
                style = style_ids[key] = direct.style_id(key, data_style)
            direct.cell(row_no, col, stored, style)
            lines = _display(value, kind).splitlines()
            longest = len(lines[0]) if len(lines) == 1 else max(map(len, lines), default=0)
            if longest > widths[col - 1]:
                widths[col - 1] = longest
        row_no += 1
    if breaks:
        ws.row_breaks.brk = breaks
    last_row = max(row_no - 1, HEADER_ROW)
    last_col = get_column_letter(len(table.columns))
    if any(c.kind == ENTRY for c in table.columns):
        # rows the organizer may add stay text too
        for col, column in enumerate(table.columns, start=1):
            if column.kind == ENTRY:
                for r in range(row_no, row_no + 20):
                    ws.cell(row=r, column=col).number_format = "@"
    ws.freeze_panes = f"A{FIRST_DATA_ROW}"
    ws.auto_filter.ref = f"A{HEADER_ROW}:{last_col}{last_row}"
    scale = (font_size or 11) / 11
    fit_columns(ws, [w + 2 for w in widths], scale=scale)  # + the two indents
    title_size = (font_size or 11) + 2
    _title(ws, _("{event} — {title} — exported {time}").format(
        event=event, title=table.title.translate(), time=exported), len(table.columns),
        title_size)
    if font_size:
        for r in range(HEADER_ROW, last_row + 1):
            ws.row_dimensions[r].height = round((font_size + 2) * 1.45, 1)
    print_layout(ws, event=event, exported=exported, landscape=table.landscape,
                 header_rows=f"{TITLE_ROW}:{HEADER_ROW}", font_size=font_size or 11)
    return ws


def merge_row(ws: Worksheet, row: int, columns: int) -> None:
    """Merge the first ``columns`` cells of ``row``, as ``ws.merge_cells`` does but without
    its check against every range merged before (quadratic: seconds for the Decklists sheet
    of a large event, one merged title per player); the rows merged here never overlap."""
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.merge import MergedCellRange

    merged = MergedCellRange(ws, f"A{row}:{get_column_letter(columns)}{row}")
    ws.merged_cells.ranges.add(merged)
    ws._clean_merge_range(merged)


def _title(ws: Worksheet, text: str, columns: int, size: int) -> None:
    """The title in row 1, merged over the table's columns and wrapped there: a long title
    never reaches past the table, so it never widens the printed area (and with it shrinks
    the type when the sheet is fitted to the page width)."""
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter

    cell = put(ws, TITLE_ROW, 1, text)
    cell.font = Font(bold=True, size=size)
    cell.alignment = Alignment(wrap_text=True, vertical="center", horizontal="left")
    if columns > 1:
        merge_row(ws, TITLE_ROW, columns)
    width = sum((ws.column_dimensions[get_column_letter(c)].width or 9)
                for c in range(1, columns + 1))
    chars_per_line = max(1.0, width * 11 / size)  # column width counts 11-point characters
    lines = -(-len(text) // int(chars_per_line))
    ws.row_dimensions[TITLE_ROW].height = round(size * 1.4 * max(1, lines) + 4, 1)


def new_workbook(event: str, exported_at: datetime | None = None) -> Workbook:
    """An empty workbook (no default sheet) with its document properties set."""
    from openpyxl import Workbook

    wb = Workbook()
    wb.remove(wb.active)
    wb.properties.title = clean_text(event)
    wb.properties.creator = "tt-organizer"
    at = exported_at or datetime.now(timezone.utc)
    if at.tzinfo is not None:
        at = at.astimezone(timezone.utc).replace(tzinfo=None)
    wb.properties.created = at
    return wb


def export_event(
    snapshot: EventSnapshot,
    out_path: str | Path,
    *,
    round_number: int | None = None,
    swiss: bool = False,
    exported_at: datetime | None = None,
) -> Path:
    """Write the event workbook to ``out_path`` (atomically) and return the path.

    Sheets: Standings, Pairings R1..RN, Top cut (when there is one and no round is given),
    Results, Players, Decklists, Audit. ``round_number`` limits standings, pairings and
    results to the Swiss rounds up to N. The Standings sheet lists the final placings once
    the top cut has started, the Swiss order with ``swiss``.
    """
    from tt_organizer.i18n import using

    with using(snapshot.settings.language):  # sheet names, headers and titles
        tables = event_tables(snapshot, round_number, swiss=swiss)
        exported = export_time(exported_at)
        event = snapshot.settings.name
        wb = new_workbook(event, exported_at)
        for table in tables:
            write_table(wb, table, event=event, exported=exported)
    wb.active = 0
    return save_workbook_atomic(wb, out_path)


def export_csv(
    snapshot: EventSnapshot, out_dir: str | Path, *, round_number: int | None = None,
    swiss: bool = False,
) -> list[Path]:
    """Write each table of the export as ``OUT_DIR/<table>.csv`` (UTF-8, header row first).

    Columns are those of the workbook; percentages are fractions (``0.6667``); text that a
    spreadsheet would read as a formula starts with ``'``. Each file is written atomically.
    """
    folder = make_folder(out_dir)
    tables = event_tables(snapshot, round_number, swiss=swiss)
    for table in tables:  # refuse before writing any file rather than leave a partial set
        check_target(folder / f"{table.file_stem}.csv", (".csv",))
    return [write_csv_atomic(folder / f"{t.file_stem}.csv", t.headers, t.rows) for t in tables]
