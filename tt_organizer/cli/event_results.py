"""``tt event`` commands for results: ``report`` (one table, or a results sheet with
``--from``), ``unreport``, ``correct``, ``standings`` and the ``top-cut`` bracket."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from tt_organizer.cli.event_output import print_round, say, warn_withdrawn
from tt_organizer.cli.options import COUNT, POSITIVE, event_option, json_option
from tt_organizer.i18n import N_, ngettext
from tt_organizer.i18n import gettext as _

if TYPE_CHECKING:
    from tt_organizer.events.store import Connection


game_options = [
    click.option("--first", default=None, metavar="P1,P2,…",
                 help="Who went first in each game, by seat (calibration log)."),
    click.option("--winners", default=None, metavar="P1,P2,…",
                 help="Winner of each game by seat, D for a drawn game (calibration log)."),
    click.option("--turns", default=None, metavar="N,N,…",
                 help="Turn on which each game ended (calibration log)."),
]


def with_game_options(func: Any) -> Any:
    """Add --first/--winners/--turns."""
    for option in reversed(game_options):
        func = option(func)
    return func



def _report_from(conn: Connection, path: str, as_json: bool = False) -> int:
    from tt_organizer.events.sheets import record_results_sheet

    count = record_results_sheet(conn, path)
    if as_json:
        from tt_organizer.cli.output import print_json
        from tt_organizer.events.views import recorded_json

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
        from tt_organizer.events import store

        with store.connect(event_path) as conn:
            _report_from(conn, from_file, as_json)
        return
    if table is None and (winner is not None or draw):
        raise click.UsageError("give TABLE with --winner/--draw")
    if table is None or (result is None and winner is None and not draw):
        raise click.UsageError("give TABLE and RESULT, --winner NAME or --draw (or --from FILE)")
    report_table(table=table, result=result, winner=winner, draw=draw, first=first,
                 winners=winners, turns=turns, round_number=round_number, as_json=as_json,
                 event_path=event_path)


def report_table(*, table: int, result: str | None, winner: str | None, draw: bool,
                 first: str | None, winners: str | None, turns: str | None,
                 round_number: int | None, as_json: bool, event_path: str) -> None:
    """``tt event report TABLE RESULT`` (or ``--winner NAME`` / ``--draw``): record one
    table's result and say who won and how many tables are left."""
    from tt_organizer.cli.output import line
    from tt_organizer.events import entering, setup, status, store

    with store.connect(event_path) as conn:
        if winner is not None or draw:
            m = entering.report_by_name(conn, table, winner=winner, draw=draw, score=result,
                                         round_number=round_number, first=first,
                                         winners=winners, turns=turns)
        else:
            assert result is not None  # the click command and the fast path ask for it
            m = entering.report_result(conn, table, result, round_number=round_number,
                                      first=first, winners=winners, turns=turns)
        warn_withdrawn(conn)
        snap_names = store.player_names(conn, (m.player1, m.player2))
        left = status.missing_tables(conn)
        text = entering.describe(m, snap_names)
        won = entering.winner_name(m, snap_names)
        if as_json:
            from tt_organizer.cli.output import print_json
            from tt_organizer.events.views import result_json

            print_json(result_json(conn, m, missing_tables=list(left), winner=won,
                                   summary=text, withdrawn_reports=_withdrawn(conn)))
            return
    where = (_("top-cut round {round}") if m.stage == setup.TOP_CUT
             else _("round {round}")).format(round=m.round)
    verdict = (_("{name} wins").format(name=won) if won else
               _("recorded as double-loss") if m.outcome == "double-loss" else _("a draw"))
    shown = entering.describe(m, snap_names, shown=True)
    line(f"{shown}  ({where}; {verdict})")  # plain text: no markup, so rich is not loaded
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
    from tt_organizer.cli.output import escape
    from tt_organizer.events import entering, store

    with store.connect(event_path) as conn:
        m = entering.unreport_result(conn, round_number, table, top_cut=top)
        warn_withdrawn(conn)
        names = {p.id: p.name for p in store.read_players(conn)}
        if as_json:
            from tt_organizer.cli.output import print_json
            from tt_organizer.events.views import result_json

            print_json(result_json(conn, m, cleared=True,
                                   withdrawn_reports=_withdrawn(conn)))
            return
    say(_("Cleared {match}; the table is open for a report").format(
        match=escape(entering.describe(m, names))))


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
    from tt_organizer.cli.output import escape
    from tt_organizer.events import entering, setup, store

    with store.connect(event_path) as conn:
        stage = setup.TOP_CUT if top else setup.SWISS
        before = next((m for m in store.read_matches(conn) if m.stage == stage
                       and m.round == round_number and m.table == table), None)
        m = entering.correct_result(conn, round_number, table, result, override=override,
                                   top_cut=top, first=first, winners=winners, turns=turns)
        warn_withdrawn(conn)
        names = {p.id: p.name for p in store.read_players(conn)}
        later = entering.rounds_paired_on_words(conn, round_number, top_cut=top)
        if as_json:
            from tt_organizer.cli.output import print_json
            from tt_organizer.events.views import result_json

            print_json(result_json(conn, m, old_result=before.result if before else None,
                                   override=override,
                                   paired_on_old_result=[str(r) for r in later],
                                   withdrawn_reports=_withdrawn(conn)))
            return
    from tt_organizer.events.result_words import shown as shown_result

    old = (before.result if before else None) or "?"
    label = (_("Top-cut round {round}") if m.stage == setup.TOP_CUT
             else _("Round {round}")).format(round=m.round)
    say(
        _("{round} table {table}: {p1} v {p2} corrected {old} → {new}").format(
            round=label, table=m.table, p1=escape(names[m.player1]),
            p2=escape(names[m.player2 or 0]), old=shown_result(old),
            new=shown_result(m.result or "?"))
        + (_(" (override)") if override else "")
    )
    if later:
        from tt_organizer.cli.output import warn
        from tt_organizer.i18n import ngettext

        warn(ngettext("{rounds} was paired on the old result {old}; those pairings stay as "
                      "they are", "{rounds} were paired on the old result {old}; those "
                      "pairings stay as they are", len(later)).format(
                          rounds=", ".join(r.translate() for r in later),
                          old=shown_result(old)))


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
    import gc

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
    results so far), or with ``final`` (no round) the final placings."""
    from tt_organizer.cli.output import print_json
    from tt_organizer.events import event_standings, setup, store
    from tt_organizer.events.models import paired_round
    from tt_organizer.standings.tiebreakers import TIEBREAK_LABELS

    with store.connect(event_path) as conn, store.read_transaction(conn):  # one state
        if as_json:
            from tt_organizer.events.views import standings_json

            print_json(standings_json(conn, round_number, final=final))
            return
        settings = store.read_settings(conn)
        if final:
            from tt_organizer.events.final_placings import event_final_placings

            placed = [(p.place, p.standing) for p in event_final_placings(conn)]
            names = store.player_names(conn)
        else:
            roster = store.read_roster(conn)
            placed = [("", s) for s in event_standings.standings(conn, round_number,
                                                                players=roster)]
            names = {p.id: p.name for p in roster}
        # the round the standings are after: the one notion the sheets and exports use too
        shown = paired_round(round_number, store.current_round(conn), first=0)
        top_played = store.current_round(conn, setup.TOP_CUT) > 0
    from tt_organizer.cli.render import print_table
    from tt_organizer.standings.tiebreakers import percent_text

    tbs = settings.tiebreakers
    from tt_organizer.cli.setting_words import policy_name

    policy = policy_name(settings.tiebreak_policy.name)
    title = (_("Final standings (tiebreak policy {policy})") if final else
             _("Standings after round {round} (tiebreak policy {policy})")).format(
                 round=shown, policy=policy)
    cols = [N_("Place")] if final else []
    cols += [N_("Rank"), N_("Player"), N_("Pts"), N_("W-L-D"),
             *(TIEBREAK_LABELS[t] for t in tbs), ""]
    # the table a column at a time (thousands of lines)
    lines = [s for _place, s in placed]
    cells = [[place for place, _s in placed]] if final else []
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
    if top_played and not final:
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
    from tt_organizer.cli.output import escape
    from tt_organizer.events import store, topcut

    with store.connect(event_path) as conn:
        winner = topcut.champion(conn)
        if as_json:
            from tt_organizer.cli.output import print_json
            from tt_organizer.events.views import top_cut_json

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


def _withdrawn(conn: Connection) -> list[dict[str, Any]]:
    """The ``withdrawn_reports`` of a result command's JSON: what the change withdrew."""
    from tt_organizer.events import phone_reports
    from tt_organizer.events.views import withdrawn_json

    return withdrawn_json(conn, phone_reports.withdrawn(conn))
