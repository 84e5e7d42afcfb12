"""Standings as PDF: bordered rows, the winner marked, top-cut players noted.

:func:`placing_rows` is the one place that decides the order printed: once the top cut has
started, the final placings (bracket first, then the Swiss order; :mod:`events.final_placings`),
else -- or with ``swiss`` -- the Swiss standings (with the top cut's champion marked).
"""

from __future__ import annotations

from tt_organizer.events.models import EventSnapshot, paired_round
from tt_organizer.i18n import N_
from tt_organizer.i18n import gettext as _
from tt_organizer.printing.grid import GridColumn, draw_grid
from tt_organizer.printing.layout import Sheet
from tt_organizer.standings.tiebreakers import percent_text

COLUMNS = (
    GridColumn(N_("Rank"), 0.85, "right"),
    GridColumn(N_("Player"), 3.2),
    GridColumn(N_("Points"), 1.05, "right"),
    GridColumn(N_("W-L-D"), 1.1, "center"),
    GridColumn("OMW%", 1.35, "right"),
    GridColumn("OOMW%", 1.4, "right"),
    GridColumn("GW%", 1.35, "right"),
    GridColumn("", 1.5),
)


def champion_id(snapshot: EventSnapshot) -> int | None:
    """The top cut's winner, once its final is reported."""
    top = [m for m in snapshot.matches if m.stage == "top-cut"]
    if not top:
        return None
    last = max(m.round for m in top)
    final = [m for m in top if m.round == last]
    if len(final) != 1 or final[0].outcome not in ("p1", "p2"):
        return None
    m = final[0]
    return m.player1 if m.outcome == "p1" else m.player2


def shown_round(snapshot: EventSnapshot, round_number: int | None) -> int:
    """The round the standings are "after": ``round_number``, else the current round -- the
    library's one notion (:func:`~tt_organizer.events.models.paired_round`), the one
    ``tt event standings`` and the standings' figures use (every result reported up to that
    round, a round in progress included)."""
    return paired_round(round_number, snapshot.current_round, first=0)


def reported_tables(snapshot: EventSnapshot, round_number: int) -> tuple[int, int]:
    """Tables of a Swiss round with two players whose result is in, and all such tables."""
    tables = [m for m in snapshot.round_matches(round_number) if m.player2 is not None]
    return sum(m.outcome is not None for m in tables), len(tables)


def standings_title(snapshot: EventSnapshot, round_number: int) -> str:
    """``Standings after round N`` -- with ``(round N in progress: R of T tables reported)``
    while some of its results are still out, so the sheet says what its figures hold."""
    if not round_number:
        return _("Standings")
    title = _("Standings after round {round}").format(round=round_number)
    reported, tables = reported_tables(snapshot, round_number)
    if reported < tables:
        title = _("{title} (round {round} in progress: {reported} of {tables} tables "
                  "reported)").format(title=title, round=round_number, reported=reported,
                                      tables=tables)
    return title


def placing_rows(snapshot: EventSnapshot, round_number: int | None = None, *,
                 swiss: bool = False) -> tuple[str, str, list[list[object]], int | None]:
    """Title, the first column's label, rows (as :data:`COLUMNS`) and the index of the
    winner's row (or None). After the top cut has started, the final placings (the first
    column is the Place: 1, 2, 3-4, …), unless ``swiss`` or a ``round_number`` asks for the
    Swiss standings (the first column is the Rank)."""
    from tt_organizer.events.event_standings import snapshot_standings
    from tt_organizer.events.final_placings import Placing, snapshot_final_placings

    rows: list[list[object]] = []
    winner = champion_id(snapshot) if round_number is None else None
    in_top_cut = {pid for m in snapshot.matches if m.stage == "top-cut"
                  for pid in (m.player1, m.player2) if pid is not None}
    placed = None if swiss or round_number is not None else snapshot_final_placings(snapshot)
    lines = placed or [Placing(str(s.rank), s)
                       for s in snapshot_standings(snapshot, round_number)]
    marked: int | None = None
    for index, line in enumerate(lines):
        s = line.standing
        pid = int(s.player)
        notes = ([_("WINNER")] if pid == winner else
                 [_("top cut")] if pid in in_top_cut else [])
        if s.dropped:
            notes.append(_("dropped"))
        note = ", ".join(notes)
        if pid == winner:
            marked = index
        rows.append([line.place, snapshot.name(pid), s.points, f"{s.wins}-{s.losses}-{s.draws}",
                     percent_text(s.omw), percent_text(s.oomw), percent_text(s.gw), note])
    title = standings_title(snapshot, shown_round(snapshot, round_number))
    if placed:
        title = _("Final standings (top cut, then Swiss)")
    elif winner is not None:
        title = _("Final standings (Swiss order)")
    if winner is not None:
        title = _("{title} — winner {name}").format(title=title, name=snapshot.name(winner))
    return title, N_("Place") if placed else N_("Rank"), rows, marked


def draw_standings(sheet: Sheet, snapshot: EventSnapshot, round_number: int | None, *,
                   swiss: bool = False) -> int:
    """Draw the standings (see :func:`placing_rows`); returns the page count."""
    title, first, rows, marked = placing_rows(snapshot, round_number, swiss=swiss)
    columns = (GridColumn(first, 0.85, "right"), *COLUMNS[1:])
    return draw_grid(sheet, title, columns, rows, size=12.5,
                     highlight=lambda i: marked is not None and i == marked)
