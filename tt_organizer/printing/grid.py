"""A bordered table over as many pages as it needs, its header row repeated on each page.

Standings and the registration desk's deck checks are printed with it: numbers right-aligned
and text left-aligned, each with padding, so that a number never runs into the text beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tt_organizer.i18n import gettext as _
from tt_organizer.printing.layout import MARGIN, Sheet, wrap_text

PAD = 5.0
CONDENSE = 0.7
LINE = 1.2  # line height / type size of wrapped text
MAX_LINES = 6
MIN_SQUEEZE = 0.9  # rows may be set this much shorter (not smaller) to keep a last row company


@dataclass(frozen=True)
class GridColumn:
    """A column: header (as marked for the catalog, shown translated), share of the width,
    alignment (``left``/``right``/``center``); ``wrap`` False keeps its text on one line (set
    narrower, then cut with …); ``breaks`` wraps between characters too, never set narrower
    (an id: whole and legible); ``width`` in points, when set, instead of a share."""

    header: str
    share: float
    align: str = "left"
    wrap: bool = True
    breaks: bool = False
    width: float | None = None


def draw_grid(
    sheet: Sheet,
    title: str,
    columns: Sequence[GridColumn],
    rows: Sequence[Sequence[object]],
    *,
    size: float = 12.0,
    highlight: Callable[[int], bool] = lambda _i: False,
) -> int:
    """Draw ``rows`` under a repeated header; rows for which ``highlight(index)`` holds are
    bold on a tinted band. Long text wraps onto more lines of its row. A last row is never
    left alone on a page (see :func:`page_rows`). Returns the page count."""
    c = sheet.canvas
    widths = column_widths(sheet.width, columns)
    cells = [_lines(sheet, row, widths, size, highlight(i), columns)
             for i, row in enumerate(rows)]
    heights = [_height(cell, size) for cell in cells]
    pages = 0
    index = 0
    while True:
        more = _(" (continued, page {page})").format(page=pages + 1) if pages else ""
        y = sheet.heading(title + more)
        header = _lines(sheet, [_(col.header) if col.header else "" for col in columns],
                        widths, size * 0.85, True)
        y = _row(sheet, y, header, columns, widths, size * 0.85, header=True)
        count, squeeze = page_rows(heights[index:], y - sheet.bottom)
        for k in range(index, index + count):
            bold = highlight(k)
            height = heights[k] * squeeze
            if bold or k % 2:
                if bold:
                    c.setFillColorRGB(1.0, 0.93, 0.62)
                else:
                    c.setFillGray(0.95)
                c.rect(MARGIN, y - height, sheet.width, height, stroke=0, fill=1)
                c.setFillGray(0)
            y = _row(sheet, y, cells[k], columns, widths, size, bold=bold, squeeze=squeeze)
        index += count
        sheet.new_page()
        pages += 1
        if index >= len(rows):
            return pages


def column_widths(width: float, columns: Sequence[GridColumn]) -> list[float]:
    """Each column's width: its own ``width``, else its share of what those leave."""
    fixed = sum(col.width or 0.0 for col in columns)
    total = sum(col.share for col in columns if col.width is None) or 1.0
    return [col.width if col.width is not None else (width - fixed) * col.share / total
            for col in columns]


def page_rows(heights: Sequence[float], room: float) -> tuple[int, float]:
    """How many of the rows still to draw (their ``heights``) go on this page, and the factor
    their heights are set at. As many as fit ``room`` (at least one: a row taller than a page
    is drawn anyway). No widow: when one row alone would be left for the next page, the
    page's rows are set up to :data:`MIN_SQUEEZE` shorter (the type keeps its size) so that
    it fits; when that is not enough, two rows go over instead of one."""
    count = 0
    used = 0.0
    while count < len(heights) and (used + heights[count] <= room or count == 0):
        used += heights[count]
        count += 1
    if len(heights) - count == 1 and count >= 1:
        need = used + heights[count]
        if need * MIN_SQUEEZE <= room:
            return count + 1, room / need
        if count >= 2:
            return count - 1, 1.0
    return count, 1.0


def _lines(sheet: Sheet, values: Sequence[object], widths: Sequence[float], size: float,
           bold: bool, columns: Sequence[GridColumn] = ()) -> list[list[str]]:
    """Each cell's text split into the lines that fit its column (at most :data:`MAX_LINES`;
    one line in a column that does not wrap)."""
    from reportlab.lib.utils import simpleSplit

    font = sheet.fonts.bold if bold else sheet.fonts.regular
    out = []
    for k, (value, w) in enumerate(zip(values, widths, strict=True)):
        text = sheet.fonts.clean("" if value is None else value)
        if columns and not columns[k].wrap:
            out.append([text])
            continue
        if columns and columns[k].breaks:
            lines = wrap_text(text, font, size, w - 2 * PAD)
            out.append(lines if len(lines) <= MAX_LINES else
                       [*lines[:MAX_LINES - 1], "".join(lines[MAX_LINES - 1:])])
            continue
        # wrap only what does not fit even set narrower
        lines = simpleSplit(text, font, size, (w - 2 * PAD) / CONDENSE) if text else [""]
        if len(lines) > MAX_LINES:
            lines = [*lines[:MAX_LINES - 1], " ".join(lines[MAX_LINES - 1:])]
        out.append(lines or [""])
    return out


def _height(cells: Sequence[Sequence[str]], size: float) -> float:
    return size * 1.55 + (max(len(lines) for lines in cells) - 1) * size * LINE


def _row(sheet: Sheet, y: float, cells: Sequence[Sequence[str]], columns: Sequence[GridColumn],
         widths: Sequence[float], size: float, *, header: bool = False,
         bold: bool = False, squeeze: float = 1.0) -> float:
    c = sheet.canvas
    row_h = _height(cells, size) * squeeze
    if header:
        c.setFillGray(0.82)
        c.rect(MARGIN, y - row_h, sum(widths), row_h, stroke=0, fill=1)
        c.setFillGray(0)
    x = MARGIN
    first = y - (size * 1.55 * squeeze - size) / 2 - size * 0.78
    for lines, col, w in zip(cells, columns, widths, strict=True):
        # a word too wide: set narrower (never smaller), then cut with …
        anchor = {"right": x + w - PAD, "center": x + w / 2}.get(col.align, x + PAD)
        for n, line in enumerate(lines):
            sheet.text(anchor, first - n * size * LINE * squeeze, line, size, bold=header or bold,
                       align=col.align, width=w - 2 * PAD, condense=CONDENSE)
        x += w
    c.setLineWidth(0.5)
    c.setStrokeGray(0.45)
    c.rect(MARGIN, y - row_h, sum(widths), row_h, stroke=1, fill=0)
    x = MARGIN
    for w in widths[:-1]:
        x += w
        c.line(x, y, x, y - row_h)
    c.setStrokeGray(0)
    return y - row_h
