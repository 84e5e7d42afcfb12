"""Wall pairings as PDF: by name in large type (two or three columns to a page when they fit),
then by table.

The by-name pages are what players read from a distance: the largest type (at least
:data:`MIN_WALL_SIZE` points) at which the whole list fits one page, trying portrait and
landscape with one to four columns; a longer list continues onto more pages at that minimum.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tt_organizer.events.models import EventSnapshot
from tt_organizer.export.wall import wall_tables
from tt_organizer.i18n import gettext as _
from tt_organizer.i18n import ngettext
from tt_organizer.printing.layout import FOOTER, MARGIN, Sheet, page_size, text_width

MIN_WALL_SIZE = 20.0
MAX_WALL_SIZE = 40.0
LEADING = 1.08  # row height / type size (alternate rows are shaded)
TABLE_LEADING = 1.3
CONDENSE = 0.8  # a long name may be set this much narrower (never smaller) …
MOST_CONDENSED = 0.62  # … and one of the few longest (an eighth of the list) this much
GAP = 16.0  # between columns
HEADING = 16.0
# (landscape, columns) tried at each size; the first that fits wins
_SHAPES = ((False, 1), (False, 2), (True, 2), (False, 3), (True, 3), (True, 4))


@dataclass(frozen=True)
class WallEntry:
    """One player's line on the wall: name, table (``BYE`` for the bye) and seat."""

    name: str
    table: str
    seat: str


@dataclass(frozen=True)
class WallLayout:
    """How the by-name list is set: orientation, columns, type size and rows per column."""

    landscape: bool
    columns: int
    size: float
    rows: int

    @property
    def per_page(self) -> int:
        """Entries on one page."""
        return self.columns * self.rows


def wall_entries(snapshot: EventSnapshot, round_number: int, stage: str = "swiss"
                 ) -> tuple[list[WallEntry], list[list[object]]]:
    """The by-name entries and the by-table rows of a round (as the wall workbook has them)."""
    by_name, by_table = wall_tables(snapshot, round_number, stage)
    entries = [
        WallEntry(str(name), "BYE" if opponent == "BYE" else str(table), str(seat or ""))
        for name, table, seat, opponent in by_name.rows
    ]
    return entries, by_table.rows


def _first_baseline(top: float, size: float, extra: float = 0.0) -> float:
    """The first row's baseline under a heading ``extra`` points taller than one line."""
    return top - HEADING - 14 - extra - size * 0.95


def _rows_fit(sheet_height: float, size: float, leading: float = LEADING,
              extra: float = 0.0) -> int:
    """Rows of type ``size`` between the heading (``extra`` points taller than one line) and
    the footer of a page."""
    first = _first_baseline(sheet_height - MARGIN, size, extra)
    last = MARGIN + FOOTER + size * 0.3
    return max(1, math.floor((first - last) / (size * leading)) + 1)


def _name_room(paper: str, landscape: bool, columns: int, size: float, bold: str,
               longest_table: str) -> float:
    width = page_size(paper, landscape=landscape)[0] - 2 * MARGIN
    col = (width - GAP * (columns - 1)) / columns
    return col - text_width(longest_table, bold, size) - size * 0.6


def choose_layout(entries: Sequence[WallEntry], paper: str, fonts_bold: str, fonts_regular: str,
                  heading_extra: Callable[[bool], float] = lambda _landscape: 0.0
                  ) -> WallLayout:
    """The largest type at which every name fits its column (set at most :data:`CONDENSE`
    narrower, the longest eighth at most :data:`MOST_CONDENSED`) and the list fits one page;
    at :data:`MIN_WALL_SIZE` with the fewest pages when nothing does. A name longer still is
    cut with ``…`` (never set smaller). ``heading_extra(landscape)``: how much taller than
    one line the page's title is on that paper (a long title wraps)."""
    count = max(1, len(entries))
    longest_table = max((e.table for e in entries), key=len, default="00")
    widths = sorted((text_width(e.name, fonts_regular, 1.0) for e in entries), reverse=True)
    outliers = len(widths) // 8

    def fits_names(landscape: bool, columns: int, size: float) -> bool:
        if not widths:
            return True
        room = _name_room(paper, landscape, columns, size, fonts_bold, longest_table)
        usual = widths[outliers] if outliers < len(widths) else 0.0
        return widths[0] * size * MOST_CONDENSED <= room and usual * size * CONDENSE <= room

    size = MAX_WALL_SIZE
    while size >= MIN_WALL_SIZE:
        for landscape, columns in _SHAPES:
            rows = _rows_fit(page_size(paper, landscape=landscape)[1], size,
                             extra=heading_extra(landscape))
            if rows * columns >= count and fits_names(landscape, columns, size):
                return WallLayout(landscape, columns, size, math.ceil(count / columns))
        size -= 1
    best: WallLayout | None = None
    for landscape, columns in _SHAPES:
        rows = _rows_fit(page_size(paper, landscape=landscape)[1], MIN_WALL_SIZE,
                         extra=heading_extra(landscape))
        shape = WallLayout(landscape, columns, MIN_WALL_SIZE, rows)
        if fits_names(landscape, columns, MIN_WALL_SIZE) and (
            best is None or shape.per_page > best.per_page
        ):
            best = shape
    if best is None:  # a name too long for even one column: it is cut with …
        best = WallLayout(False, 1, MIN_WALL_SIZE, _rows_fit(page_size(paper)[1], MIN_WALL_SIZE,
                                                             extra=heading_extra(False)))
    return best


def draw_by_name(sheet: Sheet, entries: Sequence[WallEntry], title: str, layout: WallLayout
                 ) -> int:
    """Draw the by-name pages (name at the left, table number at the right of each column);
    returns how many pages they took."""
    f = sheet.fonts
    size = layout.size
    col_w = (sheet.width - GAP * (layout.columns - 1)) / layout.columns
    longest_table = max((e.table for e in entries), key=len, default="00")
    room = col_w - text_width(longest_table, f.bold, size) - size * 0.6
    pages = max(1, math.ceil(len(entries) / layout.per_page))
    for page in range(pages):
        chunk = entries[page * layout.per_page:(page + 1) * layout.per_page]
        more = f" ({page + 1}/{pages})" if pages > 1 else ""
        extra = sheet.top - HEADING - 14 - sheet.heading(f"{title}{more}", HEADING)
        rows_here = math.ceil(len(chunk) / layout.columns)
        for col in range(layout.columns):
            x = MARGIN + col * (col_w + GAP)
            y = _first_baseline(sheet.top, size, extra)
            for index, entry in enumerate(chunk[col * rows_here:(col + 1) * rows_here]):
                if index % 2 == 0:
                    sheet.canvas.setFillGray(0.88)
                    sheet.canvas.rect(x - 3, y - size * 0.3, col_w + 6, size * LEADING,
                                      stroke=0, fill=1)
                    sheet.canvas.setFillGray(0)
                sheet.text(x, y, entry.name, size, width=room, condense=MOST_CONDENSED)
                sheet.text(x + col_w, y, entry.table, size, bold=True, align="right")
                y -= size * LEADING
        sheet.new_page()
    return pages


def _points(points: object) -> str:
    """``3 pts`` in the reader's language (its plural: ``1 punto``, ``3 puntos``)."""
    n = points if isinstance(points, int) else 2  # a fraction reads as a plural
    return ngettext("{points} pts", "{points} pts", n).format(points=points)


def draw_by_table(sheet: Sheet, rows: Sequence[Sequence[object]], title: str) -> int:
    """Draw the by-table pages (table, player 1 and points, player 2 and points): the largest
    type up to 24 points at which the names fit and the tables fit one page (14 at least)."""
    f = sheet.fonts
    count = max(1, len(rows))
    widest = max((text_width(f.clean(name), f.regular, 1.0)
                  for row in rows for name in (row[1], row[3])), default=0.0)
    label_room = 12.0  # the column labels under the heading
    # the tallest the title can be (a long one wraps): with a page number
    extra = sheet.heading_layout(f"{title} (99/99)", HEADING).extra(HEADING)

    def shape(size: float) -> tuple[float, float, float, int]:
        table_w = max(text_width(_("Table"), f.regular, 9), text_width("88", f.bold, size)) + 14
        pts_w = text_width(_points(888), f.regular, size * 0.7) + 10
        name_w = (sheet.width - table_w - 2 * pts_w) / 2
        per_page = _rows_fit(sheet.size[1] - label_room, size, TABLE_LEADING, extra)
        return table_w, pts_w, name_w, per_page

    size = 24.0
    while size > 14:
        _t, _p, name_w, per_page = shape(size)
        if per_page >= count and widest * size * MOST_CONDENSED <= name_w - 6:
            break
        size -= 1
    table_w, pts_w, name_w, per_page = shape(size)
    pages = max(1, math.ceil(len(rows) / per_page))
    for page in range(pages):
        y = sheet.heading(title + (f" ({page + 1}/{pages})" if pages > 1 else ""), HEADING)
        x_p1 = MARGIN + table_w
        x_p2 = x_p1 + name_w + pts_w
        for x, label in ((MARGIN, _("Table")), (x_p1, _("Player 1")), (x_p2, _("Player 2"))):
            sheet.text(x, y - 4, label, 9, gray=0.35)
        y = _first_baseline(sheet.top, size, sheet.top - HEADING - 14 - y) - label_room
        for index, (table, p1, pts1, p2, pts2) in enumerate(
            rows[page * per_page:(page + 1) * per_page]
        ):
            if index % 2 == 0:
                sheet.canvas.setFillGray(0.9)
                sheet.canvas.rect(MARGIN - 3, y - size * 0.3, sheet.width + 6,
                                  size * TABLE_LEADING, stroke=0, fill=1)
                sheet.canvas.setFillGray(0)
            sheet.text(MARGIN + table_w - 14, y, table, size, bold=True, align="right")
            for x, name, pts in ((x_p1, p1, pts1), (x_p2, p2, pts2)):
                sheet.text(x, y, name, size, width=name_w - 6, condense=MOST_CONDENSED)
                if pts is not None:
                    sheet.text(x + name_w + pts_w - 10, y,
                               _points(pts), size * 0.7,
                               align="right", gray=0.3)
            y -= size * TABLE_LEADING
        sheet.new_page()
    return pages
