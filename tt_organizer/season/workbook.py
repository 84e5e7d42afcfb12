"""The season standings as an .xlsx workbook: the standings, then every event's points."""

from __future__ import annotations

from pathlib import Path

from tt_organizer.season.file import Season
from tt_organizer.season.standings import SeasonStanding


def standings_rows(season: Season, lines: list[SeasonStanding]) -> tuple[list[str],
                                                                          list[list[object]]]:
    """Header and rows of the standings table, as the workbook and the PDF show it: one column
    per event with the player's points there (in brackets when best-of leaves them out)."""
    header = ["Rank", "Player", "Points", "Events", "Match wins", "Best place"]
    header += [f"{e.date} {e.name}" for e in season.events]
    rows: list[list[object]] = []
    for line in lines:
        cells: list[object] = ["" for _ in season.events]
        for s in line.scores:
            cells[s.event] = s.points if s.counted else f"({s.points})"
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
    ws.title = "Season standings"
    header, rows = standings_rows(season, lines)
    put_row(ws, 1, list(header))
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for r, values in enumerate(rows, start=2):
        put_row(ws, r, values)
    ws.freeze_panes = "C2"
    ws.column_dimensions["B"].width = 28
    events = wb.create_sheet("Events")
    put_row(events, 1, ["Date", "Event", "Players", "Finished", "File"])
    for cell in events[1]:
        cell.font = Font(bold=True)
    for r, e in enumerate(season.events, start=2):
        put_row(events, r, [e.date, e.name, len(e.players), "yes" if e.finished else "no",
                            e.path])
    scheme = wb.create_sheet("Scheme")
    put_row(scheme, 1, ["Points scheme", season.scheme.name])
    put_row(scheme, 2, ["Description", season.scheme.description])
    m = season.scheme.match
    put_row(scheme, 3, ["Match win / draw / loss / bye",
                        f"{m['win']} / {m['draw']} / {m['loss']} / {m['bye']}"])
    put_row(scheme, 4, ["Taking part", season.scheme.participation])
    bands = ", ".join(f"up to {b.up_to}: {b.points}" for b in season.scheme.placings)
    put_row(scheme, 5, ["Final place", bands or "none"])
    put_row(scheme, 6, ["Events counted", "every event" if season.scheme.best_of is None
                        else f"best {season.scheme.best_of}"])
    put_row(scheme, 7, ["Ties broken by", ", ".join(season.scheme.tiebreakers) or "none"])
    return save_workbook_atomic(wb, target)
