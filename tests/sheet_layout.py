"""A check the sheet tests share: a worksheet's print layout fits the page width."""

from __future__ import annotations

from typing import Any

from tt_organizer.export.workbook import pages_wide


def fits_wide(ws: Any) -> bool:
    """Fitted to the page width: one page, or (where one page would set the type under 10 pt)
    as many pages as the layout asks, the first column repeated on each."""
    pages = ws.page_setup.fitToWidth
    size = ws["A3"].font.sz or 11  # the first body row's type
    wanted = pages_wide(ws, landscape=ws.page_setup.orientation == "landscape", font_size=size)
    return bool(pages == wanted and (pages == 1 or ws.print_title_cols))
