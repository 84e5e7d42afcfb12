"""The season standings as a print-ready PDF (landscape when there are many events)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from tt_organizer.i18n import N_, ngettext
from tt_organizer.i18n import gettext as _
from tt_organizer.printing.grid import GridColumn, draw_grid
from tt_organizer.printing.layout import MARGIN
from tt_organizer.season.file import Season
from tt_organizer.season.ranking import SeasonStanding
from tt_organizer.season.season_workbook import standings_rows

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
    columns = [GridColumn(N_("Rank"), 0.8, "right"), GridColumn(N_("Player"), 3.4),
               GridColumn(N_("Points"), 1.1, "right"), GridColumn(N_("Events"), 1.0, "center"),
               GridColumn(N_("Match wins"), 1.3, "right"), GridColumn(N_("Best"), 0.9, "right")]
    columns += [GridColumn(f"#{i}", 0.9, "right") for i in range(1, events + 1)]
    sheet = Sheet(paper or paper_from_locale(), season.name, _("season standings"),
                  shown(printed_at), landscape=events > 4)
    scheme = season.scheme
    n = len(season.events)
    title = _("Season standings — {scheme}, {events}").format(
        scheme=_(scheme.name) if scheme.name else "",
        events=ngettext("{n} event(s)", "{n} event(s)", n).format(n=n))
    if scheme.best_of is not None:
        title += ngettext(", best {n} count", ", best {n} count", scheme.best_of).format(
            n=scheme.best_of)
    draw_grid(sheet, title, columns, rows, size=11.0)
    if events:  # draw_grid ended its last page
        y = sheet.heading(_("Events of the season"))
        for i, e in enumerate(season.events, 1):
            if y < sheet.bottom + 14:
                sheet.new_page()
                y = sheet.heading(_("Events of the season"))
            players = ngettext("({n} player)", "({n} players)", len(e.players)).format(
                n=len(e.players))
            sheet.text(MARGIN, y - 14, f"#{i}  {e.date}  {e.name}  {players}",
                       11, width=sheet.width)
            y -= 16
    return sheet.finish(path)
