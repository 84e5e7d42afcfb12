"""A bordered table over as many pages as it needs, its header row repeated on each page.

Standings and the registration desk's deck checks are printed with it: numbers right-aligned
and text left-aligned, each with padding, so that a number never runs into the text beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tt_organizer.i18n import gettext as _
from tt_organizer.printing.layout import MARGIN, Sheet

PAD = 5.0
CONDENSE = 0.7
LINE = 1.2  # line height / type size of wrapped text
MAX_LINES = 6


@dataclass(frozen=True)
class GridColumn:
    """A column: header (as marked for the catalog, shown translated), share of the width,
    alignment (``left``/``right``/``center``); ``wrap`` False keeps its text on one line (set
    narrower, then cut with …)."""

    header: str
    share: float
    align: str = "left"
    wrap: bool = True


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
    bold on a tinted band. Long text wraps onto more lines of its row. Returns the page
    count."""
    c = sheet.canvas
    total = sum(col.share for col in columns)
    widths = [sheet.width * col.share / total for col in columns]
    pages = 0
    index = 0
    while True:
        more = _(" (continued, page {page})").format(page=pages + 1) if pages else ""
        y = sheet.heading(title + more)
        header = _lines(sheet, [_(col.header) if col.header else "" for col in columns],
                        widths, size * 0.85, True)
        y = _row(sheet, y, header, columns, widths, size * 0.85, header=True)
        while index < len(rows):
            bold = highlight(index)
            cells = _lines(sheet, rows[index], widths, size, bold, columns)
            height = _height(cells, size)
            if y - height < sheet.bottom and y < sheet.top - 80:  # the next page
                break
            if bold or index % 2:
                if bold:
                    c.setFillColorRGB(1.0, 0.93, 0.62)
                else:
                    c.setFillGray(0.95)
                c.rect(MARGIN, y - height, sheet.width, height, stroke=0, fill=1)
                c.setFillGray(0)
            y = _row(sheet, y, cells, columns, widths, size, bold=bold)
            index += 1
        sheet.new_page()
        pages += 1
        if index >= len(rows):
            return pages


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
         bold: bool = False) -> float:
    c = sheet.canvas
    row_h = _height(cells, size)
    if header:
        c.setFillGray(0.82)
        c.rect(MARGIN, y - row_h, sum(widths), row_h, stroke=0, fill=1)
        c.setFillGray(0)
    x = MARGIN
    first = y - (size * 1.55 - size) / 2 - size * 0.78
    for lines, col, w in zip(cells, columns, widths, strict=True):
        # a word too wide: set narrower (never smaller), then cut with …
        anchor = {"right": x + w - PAD, "center": x + w / 2}.get(col.align, x + PAD)
        for n, line in enumerate(lines):
            sheet.text(anchor, first - n * size * LINE, line, size, bold=header or bold,
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
