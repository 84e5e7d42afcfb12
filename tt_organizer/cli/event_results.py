"""``tt event`` commands for results: ``report`` (one table, or a results sheet with
``--from``), ``unreport``, ``correct``, ``standings`` and the ``top-cut`` bracket."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import TypeVar

import click

from tt_organizer.cli.event_output import print_round, say
from tt_organizer.cli.options import event_option, json_option
from tt_organizer.cli.output import escape, line, print_json, warn
from tt_organizer.cli.params import COUNT, POSITIVE
from tt_organizer.cli.render import print_table
from tt_organizer.cli.setting_words import policy_name
from tt_organizer.events import result_changes, topcut
from tt_organizer.events.final_placings import bracket_round_name
from tt_organizer.events.result_changes import ResultChange
from tt_organizer.events.result_words import shown as shown_result
from tt_organizer.events.standings_lines import read_standings
from tt_organizer.events.store import Connection, connect
from tt_organizer.events.views import recorded_json, top_cut_json
from tt_organizer.i18n import N_, ngettext
from tt_organizer.i18n import gettext as _

Command = TypeVar("Command", bound=Callable[..., object])


game_options = [
    click.option("--first", default=None, metavar="P1,P2,…",
                 help="Who went first in each game, by seat (calibration log)."),
    click.option("--winners", default=None, metavar="P1,P2,…",
                 help="Winner of each game by seat, D for a drawn game (calibration log)."),
    click.option("--turns", default=None, metavar="N,N,…",
                 help="Turn on which each game ended (calibration log)."),
]


def with_game_options(func: Command) -> Command:
    """Add --first/--winners/--turns."""
    for option in reversed(game_options):
        func = option(func)
    return func



def _report_from(conn: Connection, path: str, as_json: bool = False) -> int:
    from tt_organizer.events.sheets import record_results_sheet  # openpyxl: --from only

    count = record_results_sheet(conn, path)
    if as_json:
        print_json(recorded_json(path, count))
    else:
        say(ngettext("Recorded {n} result(s) from {file}", "Recorded {n} result(s) from {file}",
                     count).format(n=count, file=path))
    return 0


@click.command("report")
@click.argument("table", type=POSITIVE, required=False)
@click.argument("result", required=False)
@click.option("--winner", default=None, metavar="NAME",
              help="Who won (RESULT, if given, is then the score from the winner's side; "
                   "default a clean win). Refused when NAME is not at TABLE.")
@click.option("--draw", is_flag=True, help="The match was drawn (RESULT optional: 1-1, 0-0-3 …).")
@with_game_options
@click.option("--round", "round_number", type=POSITIVE, default=None,
              help="Refuse unless this is the current round (a guard against stale slips).")
@click.option("--from", "from_file", type=click.Path(dir_okay=False, path_type=str), default=None,
              help="Record every row of a results sheet (.xlsx) — all or nothing.")
@json_option
@event_option
def report(table: int | None, result: str | None, winner: str | None, draw: bool,
           first: str | None, winners: str | None, turns: str | None, round_number: int | None,
           from_file: str | None, as_json: bool, event_path: str) -> None:
    """Report the RESULT of TABLE in the current round.

    RESULT: best-of-one 1-0, 0-1, draw, double-loss; best-of-three 2-0, 2-1, 1-2, 0-2,
    1-0, 0-1 (one game finished), 1-1-1, draw, double-loss, or any games won-lost[-drawn]
    that fits the match (1-1, 0-0-3, 1-0-1 …) — from seat P1's side; 0-0-0 (or id) is a
    drawn match with no game played (an intentional draw). Or name the winner:
    `report 6 --winner Ann 2-1` (score from Ann's side), `report 6 --draw 1-1`.
    """
    if from_file:
        if table is not None or result is not None:
            raise click.UsageError("--from reports the file's rows; give no TABLE/RESULT")
        with connect(event_path) as conn:
            _report_from(conn, from_file, as_json)
        return
    if table is None and (winner is not None or draw):
        raise click.UsageError("give TABLE with --winner/--draw")
    if table is None or (result is None and winner is None and not draw):
        raise click.UsageError("give TABLE and RESULT, --winner NAME or --draw (or --from FILE)")
    report_table(table=table, result=result, winner=winner, draw=draw, first=first,
                 winners=winners, turns=turns, round_number=round_number, as_json=as_json,
                 event_path=event_path)


def warn_notices(change: ResultChange) -> None:
    """The change's warnings on stderr (also with --json), in the reader's language."""
    for n in change.notices:
        warn(n.shown())


def report_table(*, table: int, result: str | None, winner: str | None, draw: bool,
                 first: str | None, winners: str | None, turns: str | None,
                 round_number: int | None, as_json: bool, event_path: str) -> None:
    """``tt event report TABLE RESULT`` (or ``--winner NAME`` / ``--draw``): record one
    table's result and say who won and how many tables are left."""
    with connect(event_path) as conn:
        change = result_changes.report(conn, table, result, winner=winner, draw=draw,
                                       round_number=round_number, first=first,
                                       winners=winners, turns=turns)
    warn_notices(change)
    if as_json:
        print_json(change.to_json())
        return
    m, won, left = change.match, change.winner, change.missing_tables
    where = (_("top-cut round {round}") if change.top_cut
             else _("round {round}")).format(round=m.round)
    verdict = (_("{name} wins").format(name=won) if won else
               _("recorded as double-loss") if m.outcome == "double-loss" else _("a draw"))
    line(f"{change.summary(shown=True)}  ({where}; {verdict})")  # plain text: no markup
    line(ngettext("  {n} table(s) still to report", "  {n} table(s) still to report",
                  len(left)).format(n=len(left)) if left
         else _("  round complete"))


@click.command("unreport")
@click.argument("round_number", metavar="ROUND", type=POSITIVE)
@click.argument("table", type=POSITIVE)
@click.option("--top-cut", "top", is_flag=True, help="ROUND is a top-cut round.")
@json_option
@event_option
def unreport(round_number: int, table: int, top: bool, as_json: bool, event_path: str) -> None:
    """Clear the reported result of TABLE in ROUND (logged), e.g. a slip typed against the
    wrong table. Refused once a later round (or the top cut) has been paired on it: use
    `tt event correct` then."""
    with connect(event_path) as conn:
        change = result_changes.unreport(conn, round_number, table, top_cut=top)
    warn_notices(change)
    if as_json:
        print_json(change.to_json())
        return
    say(_("Cleared {match}; the table is open for a report").format(
        match=escape(change.summary())))


@click.command("correct")
@click.argument("round_number", metavar="ROUND", type=POSITIVE)
@click.argument("table", type=POSITIVE)
@click.argument("result")
@with_game_options
@click.option("--override", is_flag=True, help="Correct outside the correction window (logged).")
@click.option("--top-cut", "top", is_flag=True, help="ROUND is a top-cut round.")
@json_option
@event_option
def correct(round_number: int, table: int, result: str, first: str | None, winners: str | None,
            turns: str | None, override: bool, top: bool, as_json: bool,
            event_path: str) -> None:
    """Change the result of TABLE in ROUND (logged; standings follow)."""
    with connect(event_path) as conn:
        change = result_changes.correct(conn, round_number, table, result, override=override,
                                        top_cut=top, first=first, winners=winners, turns=turns)
    if as_json:
        warn_notices(change)
        print_json(change.to_json())
        return
    m = change.match
    label = (_("Top-cut round {round}") if change.top_cut
             else _("Round {round}")).format(round=m.round)
    say(
        _("{round} table {table}: {p1} v {p2} corrected {old} → {new}").format(
            round=label, table=m.table, p1=escape(change.name(m.player1)),
            p2=escape(change.name(m.player2)), old=shown_result(change.old_result or "?"),
            new=shown_result(m.result or "?"))
        + (_(" (override)") if override else "")
    )
    warn_notices(change)


# --- standings -------------------------------------------------------------------------------


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
    from tt_organizer.standings.tiebreakers import TIEBREAK_LABELS, percent_text  # not for one row

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


# --- top cut ---------------------------------------------------------------------------------


@click.command("top-cut")
@json_option
@event_option
def top_cut(as_json: bool, event_path: str) -> None:
    """Seed the single-elimination bracket from the final standings and pair its rounds.

    Run it again after each bracket round is reported to pair the next one.
    """
    with connect(event_path) as conn:
        winner = topcut.champion(conn)
        if as_json:
            matches = topcut.advance_top_cut(conn) if winner is None else []
            print_json(top_cut_json(conn, winner, matches))
            return
        if winner is not None:
            say(_("The top cut is over: [bold]{name}[/] wins the event").format(
                name=escape(winner.name)))
            return
        matches = topcut.advance_top_cut(conn)
        label = bracket_round_name(len(matches) * 2, shown=True)
        print_round(conn, matches, _("Top cut round {round}: {name}").format(
            round=matches[0].round, name=label))

