"""A bordered table over as many pages as it needs, its header row repeated on each page.

Standings and the registration desk's deck checks are printed with it: numbers right-aligned
and text left-aligned, each with padding, so that a number never runs into the text beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tt_organizer.printing.layout import MARGIN, Sheet, fit_size

PAD = 5.0


@dataclass(frozen=True)
class GridColumn:
    """A column: header, share of the width, alignment (``left``/``right``/``center``)."""

    header: str
    share: float
    align: str = "left"


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
    bold on a tinted band. Returns the page count."""
    c = sheet.canvas
    total = sum(col.share for col in columns)
    widths = [sheet.width * col.share / total for col in columns]
    row_h = size * 1.55
    pages = 0
    index = 0
    while True:
        y = sheet.heading(title + (f" (continued, page {pages + 1})" if pages else ""))
        y = _row(sheet, y, [col.header for col in columns], columns, widths, size * 0.85,
                 row_h, header=True)
        while index < len(rows) and y - row_h >= sheet.bottom:
            if highlight(index):
                c.setFillColorRGB(1.0, 0.93, 0.62)
                c.rect(MARGIN, y - row_h, sheet.width, row_h, stroke=0, fill=1)
                c.setFillGray(0)
            elif index % 2:
                c.setFillGray(0.95)
                c.rect(MARGIN, y - row_h, sheet.width, row_h, stroke=0, fill=1)
                c.setFillGray(0)
            y = _row(sheet, y, rows[index], columns, widths, size, row_h,
                     bold=highlight(index))
            index += 1
        sheet.new_page()
        pages += 1
        if index >= len(rows):
            return pages


def _row(sheet: Sheet, y: float, values: Sequence[object], columns: Sequence[GridColumn],
         widths: Sequence[float], size: float, row_h: float, *, header: bool = False,
         bold: bool = False) -> float:
    c = sheet.canvas
    f = sheet.fonts
    if header:
        c.setFillGray(0.82)
        c.rect(MARGIN, y - row_h, sum(widths), row_h, stroke=0, fill=1)
        c.setFillGray(0)
    x = MARGIN
    base = y - row_h + (row_h - size) / 2 + size * 0.22
    for value, col, w in zip(values, columns, widths, strict=True):
        text = "" if value is None else str(value)
        font = f.bold if header or bold else f.regular
        fitted = fit_size(f.clean(text), font, size, w - 2 * PAD, size * 0.75)
        if col.align == "right":
            sheet.text(x + w - PAD, base, text, fitted, bold=header or bold, align="right",
                       width=w - 2 * PAD)
        elif col.align == "center":
            sheet.text(x + w / 2, base, text, fitted, bold=header or bold, align="center",
                       width=w - 2 * PAD)
        else:
            sheet.text(x + PAD, base, text, fitted, bold=header or bold, width=w - 2 * PAD)
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
