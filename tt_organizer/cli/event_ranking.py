"""``tt event standings``: the Swiss standings after a round, or the final placings, printed
from one read (:class:`~tt_organizer.events.standings_lines.StandingsLines`) as a table or as
its JSON. Its own module: the result commands' library (phone reports, result parsing) is
not loaded for it (``benchmarks/cli.py``: standings at 4,096 players within 3× ``tt --help``)."""

from __future__ import annotations

import gc

import click

from tt_organizer.cli.event_output import say
from tt_organizer.cli.options import COUNT, event_option, json_option
from tt_organizer.cli.output import print_json
from tt_organizer.cli.render import print_table
from tt_organizer.cli.setting_words import policy_name
from tt_organizer.events.standings_lines import read_standings
from tt_organizer.events.store import connect
from tt_organizer.i18n import N_
from tt_organizer.i18n import gettext as _
from tt_organizer.standings.tiebreakers import TIEBREAK_LABELS, percent_text


@click.command("standings")
@click.option("--round", "round_number", type=COUNT, default=None,
              help="Standings after this round (default: all results so far).")
@click.option("--final", is_flag=True,
              help="Final placings: the top-cut bracket (1st, 2nd, 3rd-4th, 5th-8th, …), "
                   "then the Swiss order.")
@json_option
@event_option
def standings_cmd(round_number: int | None, final: bool, as_json: bool, event_path: str) -> None:
    """Swiss standings with every tiebreaker in use, in order (JSON percentages are fractions
    0–1; with --final each line also has its "place", e.g. "3-4")."""
    if final and round_number is not None:
        raise click.UsageError("--final covers the whole event; give no --round")
    # a big event's matches, standings and rows (tens of thousands of objects, no reference
    # cycles) are made once and kept to the end: the cyclic collector's passes over them
    # cost a tenth of the command and free nothing
    collecting = gc.isenabled()
    gc.disable()
    try:
        show_standings(round_number=round_number, final=final, as_json=as_json,
                       event_path=event_path)
    finally:
        if collecting:
            gc.enable()


def show_standings(*, round_number: int | None, final: bool, as_json: bool,
                   event_path: str) -> None:
    """``tt event standings``: the Swiss standings after ``round_number`` (default all
    results so far), or with ``final`` (no round) the final placings — one read
    (:class:`~tt_organizer.events.standings_lines.StandingsLines`), printed as a table or
    as its JSON."""
    with connect(event_path) as conn:
        shown = read_standings(conn, round_number, final=final)
    if as_json:
        print_json(shown.to_json())
        return
    tbs = shown.tiebreakers
    title = (_("Final standings (tiebreak policy {policy})") if final else
             _("Standings after round {round} (tiebreak policy {policy})")).format(
                 round=shown.after_round, policy=policy_name(shown.policy))
    cols = [N_("Place")] if final else []
    cols += [N_("Rank"), N_("Player"), N_("Pts"), N_("W-L-D"),
             *(TIEBREAK_LABELS[t] for t in tbs), ""]
    # the table a column at a time (thousands of lines)
    lines, names = shown.standings, shown.names
    cells = [[p.place for p in shown.lines]] if final else []
    cells += [[str(s.rank) for s in lines], [names[s.player] for s in lines],
              [str(s.points) for s in lines], [f"{s.wins}-{s.losses}-{s.draws}" for s in lines]]
    for t in tbs:
        figures = [getattr(s, t) for s in lines]
        text = {v: percent_text(v) for v in set(figures)}  # a few hundred distinct figures
        cells.append([text[v] for v in figures])
    dropped = _("dropped")
    cells.append([dropped if s.dropped else "" for s in lines])
    print_table(title, [(_(c) if c else c, "left" if c in ("Player", "") else "right")
                        for c in cols], list(zip(*cells, strict=True)))
    if shown.top_cut_played and not final:
        say(_("  the top cut has been played: `tt event standings --final` gives the final "
              "placings"))
