"""``tt event`` commands for results: ``report`` (one table, or a results sheet with
``--from``), ``unreport``, ``correct`` and the ``top-cut`` bracket (``standings``:
:mod:`tt_organizer.cli.event_ranking`). Each renders the
:class:`~tt_organizer.events.result_changes.ResultChange` its library call returns."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from tt_organizer.cli.event_output import print_round, say
from tt_organizer.cli.options import POSITIVE, event_option, json_option
from tt_organizer.cli.output import escape, line, print_json, warn
from tt_organizer.events import result_changes, topcut
from tt_organizer.events.result_changes import ResultChange
from tt_organizer.events.result_words import shown as shown_result
from tt_organizer.events.store import Connection, connect
from tt_organizer.i18n import gettext as _
from tt_organizer.i18n import ngettext

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
    from tt_organizer.events import sheet_import, views  # openpyxl: --from only

    count = sheet_import.record_results_sheet(conn, path)
    if as_json:
        print_json(views.recorded_json(path, count))
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


# --- top cut ---------------------------------------------------------------------------------


@click.command("top-cut")
@json_option
@event_option
def top_cut(as_json: bool, event_path: str) -> None:
    """Seed the single-elimination bracket from the final standings and pair its rounds.

    Run it again after each bracket round is reported to pair the next one.
    """
    from tt_organizer.events.views import top_cut_json  # the standings' modules: not for report

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
        from tt_organizer.events.final_placings import bracket_round_name
        from tt_organizer.events.paired_rounds import shown_round

        label = bracket_round_name(len(matches) * 2, shown=True)
        print_round(shown_round(conn, matches[0].round, top_cut=True),
                    _("Top cut round {round}: {name}").format(round=matches[0].round,
                                                               name=label))

