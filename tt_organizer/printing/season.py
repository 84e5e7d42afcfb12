"""The season standings as a print-ready PDF (landscape when there are many events)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from tt_organizer.printing.grid import GridColumn, draw_grid
from tt_organizer.printing.layout import MARGIN
from tt_organizer.season.file import Season
from tt_organizer.season.standings import SeasonStanding
from tt_organizer.season.workbook import standings_rows

MAX_EVENT_COLUMNS = 12  # more events than this: the PDF shows totals only (the xlsx has all)


def print_season(season: Season, lines: list[SeasonStanding], path: str | Path, *,
                 paper: str | None = None, printed_at: datetime | None = None
                 ) -> tuple[Path, int]:
    """Write the season standings PDF atomically; returns its path and page count."""
    from tt_organizer.localtime import shown
    from tt_organizer.printing.layout import Sheet, paper_from_locale

    header, rows = standings_rows(season, lines)
    events = len(season.events) if len(season.events) <= MAX_EVENT_COLUMNS else 0
    header = header[:6 + events]
    rows = [r[:6 + events] for r in rows]
    columns = [GridColumn("Rank", 0.8, "right"), GridColumn("Player", 3.4),
               GridColumn("Points", 1.1, "right"), GridColumn("Events", 1.0, "center"),
               GridColumn("Match wins", 1.3, "right"), GridColumn("Best", 0.9, "right")]
    columns += [GridColumn(f"#{i}", 0.9, "right") for i in range(1, events + 1)]
    sheet = Sheet(paper or paper_from_locale(), season.name, "season standings",
                  shown(printed_at), landscape=events > 4)
    scheme = season.scheme
    title = f"Season standings — {scheme.name}, {len(season.events)} event(s)"
    if scheme.best_of is not None:
        title += f", best {scheme.best_of} count"
    draw_grid(sheet, title, columns, rows, size=11.0)
    if events:  # draw_grid ended its last page
        y = sheet.heading("Events of the season")
        for i, e in enumerate(season.events, 1):
            if y < sheet.bottom + 14:
                sheet.new_page()
                y = sheet.heading("Events of the season")
            sheet.text(MARGIN, y - 14, f"#{i}  {e.date}  {e.name}  ({len(e.players)} players)",
                       11, width=sheet.width)
            y -= 16
    return sheet.finish(path)
