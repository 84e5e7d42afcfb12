"""The season standings as an .xlsx workbook: the standings, then every event's points."""

from __future__ import annotations

from pathlib import Path

from tt_organizer.i18n import N_, ngettext
from tt_organizer.i18n import gettext as _
from tt_organizer.season.file import Season
from tt_organizer.season.ranking import SeasonStanding


def standings_rows(season: Season, lines: list[SeasonStanding]) -> tuple[list[str],
                                                                          list[list[object]]]:
    """Header and rows of the standings table, as the workbook and the PDF show it: one column
    per event with the player's points there (in brackets when best-of leaves them out)."""
    header = [_(word) for word in STANDINGS_COLUMNS]
    header += [f"{e.date} {e.name}" for e in season.events]
    rows: list[list[object]] = []
    for line in lines:
        cells: list[object] = ["" for _ in season.events]
        for s in line.scores:
            cells[s.event] = s.points if s.counted else f"({s.points})"  # not counted
        rows.append([line.rank, line.player, line.points,
                     f"{line.events_counted}/{line.events_played}", line.match_wins,
                     line.best_place, *cells])
    return header, rows


def write_workbook(season: Season, lines: list[SeasonStanding], path: str | Path) -> Path:
    """Write the workbook atomically; player and event names are stored as text, never as
    formulas (:mod:`tt_organizer.export.cells`)."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    from tt_organizer.export.cells import check_target, put_row, save_workbook_atomic

    target = check_target(path, (".xlsx",))
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = _("Season standings")
    header, rows = standings_rows(season, lines)
    put_row(ws, 1, list(header))
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for r, values in enumerate(rows, start=2):
        put_row(ws, r, values)
    ws.freeze_panes = "C2"
    ws.column_dimensions["B"].width = 28
    events = wb.create_sheet(_("Events"))
    put_row(events, 1, [_(word) for word in EVENT_COLUMNS])
    for cell in events[1]:
        cell.font = Font(bold=True)
    for r, e in enumerate(season.events, start=2):
        put_row(events, r, [e.date, e.name, len(e.players), _("yes") if e.finished else _("no"),
                            e.path])
    scheme = wb.create_sheet(_("Scheme"))
    for r, (label, value) in enumerate(scheme_rows(season), start=1):
        put_row(scheme, r, [label, value])
    return save_workbook_atomic(wb, target)


STANDINGS_COLUMNS = (N_("Rank"), N_("Player"), N_("Points"), N_("Events"), N_("Match wins"),
                     N_("Best place"))
EVENT_COLUMNS = (N_("Date"), N_("Event"), N_("Players"), N_("Finished"), N_("File"))


# a scheme's tiebreakers (season.scheme.TIEBREAKERS) in words
TIEBREAKER_WORDS = {"best_place": N_("best place"), "match_wins": N_("match wins"),
                    "events_played": N_("events played")}


def scheme_rows(season: Season) -> list[tuple[str, object]]:
    """The points scheme as label/value rows in the reader's words (the workbook's «Scheme»
    sheet); a shipped scheme's name and description through the catalog."""
    scheme = season.scheme
    m = scheme.match
    bands = ", ".join(_("up to {place}: {points}").format(place=b.up_to, points=b.points)
                      for b in scheme.placings)
    counted = (_("every event") if scheme.best_of is None
               else ngettext("best {n}", "best {n}", scheme.best_of).format(n=scheme.best_of))
    return [
        (_("Points scheme"), _(scheme.name) if scheme.name else scheme.name),
        (_("Description"), _(scheme.description) if scheme.description else ""),
        (_("Match win / draw / loss / bye"),
         f"{m['win']} / {m['draw']} / {m['loss']} / {m['bye']}"),
        (_("Taking part"), scheme.participation),
        (_("Final place"), bands or _("none")),
        (_("Events counted"), counted),
        (_("Ties broken by"), ", ".join(_(TIEBREAKER_WORDS[t]) if t in TIEBREAKER_WORDS else t
                                         for t in scheme.tiebreakers) or _("none")),
    ]
