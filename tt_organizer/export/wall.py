"""Pairings for the wall (``tt event pairings --round N [--top-cut] --print OUT.xlsx``).

Two sheets in large type: "By name" (what players look up: every paired player alphabetically
with table, seat and opponent; portrait) and "By table" (landscape). Both fit the page width
and repeat their title and header rows on every printed page.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from tt_organizer.errors import EventError
from tt_organizer.events.event_standings import points_before
from tt_organizer.events.models import EventSnapshot
from tt_organizer.export.cells import save_workbook_atomic
from tt_organizer.export.rows import (
    INT,
    PLAYER1,
    PLAYER2,
    TABLE,
    Column,
    Table,
    check_round,
    paired_matches,
)
from tt_organizer.export.workbook import export_time, new_workbook, write_table
from tt_organizer.i18n import N_, Msg
from tt_organizer.names import sort_key

WALL_FONT_SIZE = 16


def wall_tables(snapshot: EventSnapshot, round_number: int, stage: str = "swiss"
                ) -> tuple[Table, Table]:
    """The "By name" and "By table" tables of a round (of the top cut when ``stage`` is
    ``top-cut``: its players' points are their final Swiss points)."""
    if stage == "swiss":
        check_round(snapshot, round_number)
        label = Msg("Round {round}", round=round_number)
        points = points_before(snapshot.matches, snapshot.settings.scoring(), round_number)
    else:
        from tt_organizer.events.final_placings import round_names

        names = round_names(snapshot.matches, shown=True)
        if round_number not in names:
            raise EventError("top-cut-round-not-paired", round=round_number)
        label = Msg("Top cut {name}", name=names[round_number])
        points = points_before(snapshot.matches, snapshot.settings.scoring(),
                               snapshot.current_round + 1)
    matches = paired_matches(snapshot, round_number, stage)
    if not matches:
        raise EventError("round-no-pairings" if stage == "swiss" else "top-cut-round-no-pairings",
                         round=round_number)
    by_name: list[list[object]] = []
    by_table: list[list[object]] = []
    for m in matches:
        p1, p2 = snapshot.name(m.player1), snapshot.name(m.player2)
        by_table.append([
            m.table, p1, points.get(m.player1, 0), p2,
            points.get(m.player2, 0) if m.player2 is not None else None,
        ])
        by_name.append([p1, m.table, "P1" if m.player2 is not None else "", p2])
        if m.player2 is not None:
            by_name.append([p2, m.table, "P2", p1])
    by_name.sort(key=lambda r: (sort_key(str(r[0])), r[1]))
    name_table = Table(
        key=Msg("By name"),
        file_stem="by-name",
        title=Msg("{round} pairings by name", round=label),
        columns=(Column(N_("Player")), Column(TABLE, INT), Column(N_("Seat")),
                 Column(N_("Opponent"))),
        rows=by_name,
        landscape=False,
    )
    table_table = Table(
        key=Msg("By table"),
        file_stem="by-table",
        title=Msg("{round} pairings by table", round=label),
        columns=(Column(TABLE, INT), Column(PLAYER1), Column(N_("P1 points"), INT),
                 Column(PLAYER2), Column(N_("P2 points"), INT)),
        rows=by_table,
        landscape=True,
    )
    return name_table, table_table


def write_wall_pairings(
    snapshot: EventSnapshot,
    round_number: int,
    out_path: str | Path,
    *,
    exported_at: datetime | None = None,
    stage: str = "swiss",
) -> Path:
    """Write a print-ready workbook of round ``round_number``'s pairings (of the top cut when
    ``stage`` is ``top-cut``); returns the path."""
    from tt_organizer.i18n import using

    with using(snapshot.settings.language):  # sheet names, headers and titles
        tables = wall_tables(snapshot, round_number, stage)
        event = snapshot.settings.name
        exported = export_time(exported_at)
        wb = new_workbook(event, exported_at)
        for table in tables:
            ws = write_table(wb, table, event=event, exported=exported,
                             font_size=WALL_FONT_SIZE)
            ws.print_options.gridLines = True
    wb.active = 0
    return save_workbook_atomic(wb, out_path)
