"""``tt event``: run an event from one SQLite file — players, Swiss rounds, results, top cut.

A thin layer over the event library (:mod:`tt_organizer.events`); every command is one transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from tt_organizer.cli.event_base import _matches_json, _out, _print_round, event
from tt_organizer.cli.event_work import drop_player, report_table, show_pairings, show_standings
from tt_organizer.cli.options import event_option, json_option, setting_option
from tt_organizer.cli.params import COUNT, POSITIVE
from tt_organizer.errors import EXIT_INVALID
from tt_organizer.numbers import is_count, parse_count, parse_count_list


def _int_or_auto(value: str, flag: str, allowed: Sequence[int] | None = None) -> int | None:
    if value.strip().lower() == "auto":
        return None
    if not is_count(value):
        raise click.BadParameter(f"{value!r} is neither a number nor auto", param_hint=flag)
    number = parse_count(value, flag)
    if allowed is not None and number not in allowed:
        raise click.BadParameter(
            f"{number} is not one of {', '.join(map(str, allowed))}, auto", param_hint=flag
        )
    return number


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


# --- create ----------------------------------------------------------------------------------


@event.command("create")
@click.argument("name")
@click.option("--format", "format_id", default=None, metavar="FORMAT",
              help="Format id (default tamer-tactics-0.9.1).")
@click.option("--rounds", default="auto", show_default=True, metavar="N|auto",
              help="Swiss rounds; auto = the book's table by player count at the first pairing.")
@click.option("--best-of", type=click.Choice(["1", "3"]), default="3", show_default=True)
@click.option("--top-cut", default="auto", show_default=True, metavar="0|4|8|16|auto",
              help="Top-cut size; auto = by player count (under 16 none, 16–31 top 4, …).")
@click.option("--seed", type=COUNT, default=None, help="Pairing seed (default random; stored).")
@click.option("--unfinished", type=click.Choice(["draw", "double-loss"]), default="draw",
              show_default=True, help="How a drawn / unfinished match scores.")
@click.option("--tiebreakers", default=None, metavar="omw,oomw,gw,ogw",
              help="Tiebreakers after match points, in order (default omw,oomw,gw; with "
                   "--tiebreak-preset melee omw,gw,ogw).")
@click.option("--banlist", default=None, metavar="DATE",
              help="Pin this cached ban list (default the newest cached now).")
@click.option("--strict-colors", is_flag=True,
              help="Colour requirement is an error, not a warning.")
@click.option("--points", default="3,1,0,3", show_default=True, metavar="W,D,L,BYE",
              help="Match points for a win, draw, loss and bye.")
@click.option("--tiebreak-preset", type=click.Choice(["rulebook", "melee"]), default="rulebook",
              show_default=True,
              help="How OMW%/GW%/OGW% are computed: the rule book's figures or Melee's.")
@click.option("--tiebreak-rule", "tiebreak_rules", multiple=True, metavar="NAME=VALUE",
              help="Change one rule of the preset: floor=0.33|1/3, byes=excluded|counted, "
                   "drawn-game=1|0, missed-rounds=losses|ignored (repeatable).")
@setting_option
@json_option
@event_option
def create(
    name: str, format_id: str | None, rounds: str, best_of: str, top_cut: str,
    seed: int | None, unfinished: str, tiebreakers: str | None, banlist: str | None,
    strict_colors: bool, points: str, tiebreak_preset: str, tiebreak_rules: tuple[str, ...],
    settings: dict[str, int], as_json: bool, event_path: str,
) -> None:
    """Create the event database with its settings."""
    from tt_organizer.cli.output import escape
    from tt_organizer.events.setup import MAX_POINTS, create_event

    if len(points.split(",")) != 4:
        raise click.BadParameter(f"{points!r}: four numbers W,D,L,BYE", param_hint="--points")
    w, d, loss, bye = parse_count_list(points, "--points", count=4, maximum=MAX_POINTS)
    from tt_organizer.standings.policy import split_rules

    try:
        rules = split_rules(tiebreak_rules)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--tiebreak-rule") from None
    s = create_event(
        event_path, name, format_id=format_id, banlist=banlist, best_of=int(best_of),
        rounds=_int_or_auto(rounds, "--rounds"),
        top_cut=_int_or_auto(top_cut, "--top-cut", (0, 4, 8, 16)), seed=seed,
        unfinished=unfinished, strict_colors=strict_colors,
        tiebreakers=tiebreakers.split(",") if tiebreakers is not None else None,
        win_points=w, draw_points=d, loss_points=loss, bye_points=bye,
        format_settings=settings, tiebreak_preset=tiebreak_preset, tiebreak_rules=rules,
    )
    policy = s.tiebreak_policy
    if as_json:
        from tt_organizer.cli.output import print_json
        from tt_organizer.events.views import created_json

        print_json(created_json(event_path, s))
        return
    _out(f"Created event [bold]{escape(s.name)}[/] in {escape(event_path)}")
    _out(
        f"  format {s.format_id}, ban list {s.banlist_date or '-'}, best-of-{s.best_of}, "
        f"rounds {s.rounds or 'auto'}, top cut "
        f"{'auto' if s.top_cut is None else s.top_cut or 'none'}, seed {s.seed}"
    )
    _out(
        f"  points W{s.win_points}/D{s.draw_points}/L{s.loss_points}/bye {s.bye_points}, "
        f"unfinished = {s.unfinished}, tiebreakers {', '.join(s.tiebreakers)}"
    )
    _out(f"  tiebreak policy {policy.name}: "
         + ", ".join(f"{k}={v}" for k, v in policy.rules().items()))
    if s.format_settings:
        shown = ", ".join(f"{k}={v}" for k, v in sorted(s.format_settings.items()))
        _out(f"  format settings: {shown}")


# --- players ---------------------------------------------------------------------------------


def _registration_line(reg: Any, colour: bool) -> str:
    """One registration as a plain line (ANSI styles when ``colour``), for ``line()``."""
    from tt_organizer.cli.output import paint

    p = reg.player
    ident = f" (id {p.ext_id})" if p.ext_id else ""
    line = f"Registered #{p.id} {paint(p.name, '1', colour)}{ident}"
    if reg.report is None:
        line += ": no deck"
    elif p.deck_legal:
        colors = "/".join(p.deck_colors) or "-"
        line += f": deck {p.deck_source or ''} {paint('legal', '32', colour)} ({colors})"
    else:
        line += (f": deck {p.deck_source or ''} {paint('NOT LEGAL', '31', colour)} "
                 f"({', '.join(p.deck_codes)}) — accepted with --allow-illegal (logged)")
    if reg.missed_rounds:
        line += f"; late entry, a loss for round(s) {', '.join(map(str, reg.missed_rounds))}"
    return line


def _register_from(
    conn: Connection, path: str, allow_illegal: bool, late: bool, as_json: bool
) -> int:
    """``register --from``: the sheet registered by the library, its outcome shown per row."""
    import sys

    from tt_organizer.cli.advice import describe
    from tt_organizer.cli.output import colour_on, line, warn
    from tt_organizer.events.sheets import register_sheet
    from tt_organizer.events.views import sheet_row_json

    outcome = register_sheet(conn, path, allow_illegal=allow_illegal, late=late)
    for note in outcome.notes:  # a column that looks like decklists, not read
        warn(note)
    if as_json:
        from tt_organizer.cli.output import print_json

        print_json([sheet_row_json(r.row, r.name, r.registration,
                                   describe(r.error) if r.error else None)
                    for r in outcome.rows])
    else:  # plain lines: rich would render each one's markup
        colour = colour_on(sys.stdout)
        lines = [_sheet_row_line(r, colour) for r in outcome.rows]
        if lines:
            line("\n".join(lines))
        line(f"{outcome.registered} registered, {outcome.refused} refused")
    return EXIT_INVALID if outcome.refused else 0


def _sheet_row_line(r: SheetRow, colour: bool) -> str:
    """One row of a sign-up sheet as ``register --from`` prints it."""
    from tt_organizer.cli.advice import describe
    from tt_organizer.cli.output import paint
    from tt_organizer.events.views import deck_verdict

    if r.error is not None:
        return f"row {r.row}: {paint('refused', '31', colour)} — {describe(r.error)}"
    assert r.registration is not None  # a row not refused was registered
    return (f"row {r.row}: {deck_verdict(r.registration.player)} — "
            f"{_registration_line(r.registration, colour)}")


def _register(
    ctx: click.Context, name: str | None, deck: str | None, ext_id: str | None,
    allow_illegal: bool, from_file: str | None, event_path: str, late: bool,
    as_json: bool = False, bye_rounds: Sequence[int] = (),
) -> None:
    from tt_organizer.events import manual, players, store

    with store.connect(event_path) as conn:
        if from_file:
            if name or deck or ext_id or bye_rounds:
                raise click.UsageError("--from registers the file's rows; give no "
                                       "NAME/--deck/--id/--bye-rounds")
            ctx.exit(_register_from(conn, from_file, allow_illegal, late, as_json))
        if not name:
            raise click.UsageError("give a NAME (or --from FILE)")
        with store.transaction(conn):
            reg = players.register_player(conn, name, deck_path=deck, ext_id=ext_id,
                                          allow_illegal=allow_illegal, late=late)
            if bye_rounds:
                manual.set_bye_rounds(conn, reg.player.name, bye_rounds)
    if as_json:
        from tt_organizer.cli.output import print_json
        from tt_organizer.events.views import registration_json

        print_json(registration_json(reg, bye_rounds))
        return
    import sys

    from tt_organizer.cli.output import colour_on, line

    line(_registration_line(reg, colour_on(sys.stdout)))
    if bye_rounds:
        _out(f"  a bye in round(s) {', '.join(map(str, bye_rounds))} (invited)")


@event.command("register")
@click.argument("name", required=False)
@click.option("--deck", type=click.Path(dir_okay=False, path_type=str), default=None,
              help="Decklist file, checked against the event's format and ban list.")
@click.option("--id", "ext_id", default=None, help="The player's membership / organizer id.")
@click.option("--allow-illegal", is_flag=True, help="Register even an illegal deck (logged).")
@click.option("--from", "from_file", type=click.Path(dir_okay=False, path_type=str), default=None,
              help="Register every row of a .xlsx/.csv sign-up sheet.")
@click.option("--bye-rounds", default=None, metavar="N,N,…",
              help="Grant byes in these rounds (invited players), e.g. 1,2.")
@json_option
@event_option
@click.pass_context
def register(ctx: click.Context, name: str | None, deck: str | None, ext_id: str | None,
             allow_illegal: bool, from_file: str | None, bye_rounds: str | None,
             as_json: bool, event_path: str) -> None:
    """Register a player (and their deck) before the first pairing.

    With --from, the whole sheet is registered in one transaction (a refused row is left
    out, the others registered); exit 1 if any was refused.
    """
    from tt_organizer.cli.event_pairing import check_bye_rounds

    _register(ctx, name, deck, ext_id, allow_illegal, from_file, event_path, late=False,
              as_json=as_json, bye_rounds=check_bye_rounds(bye_rounds))


@event.command("late-entry")
@click.argument("name")
@click.option("--deck", type=click.Path(dir_okay=False, path_type=str), default=None)
@click.option("--id", "ext_id", default=None)
@click.option("--allow-illegal", is_flag=True, help="Register even an illegal deck (logged).")
@json_option
@event_option
@click.pass_context
def late_entry(ctx: click.Context, name: str, deck: str | None, ext_id: str | None,
               allow_illegal: bool, as_json: bool, event_path: str) -> None:
    """Add a player after pairing began: a loss for every round already paired."""
    _register(ctx, name, deck, ext_id, allow_illegal, None, event_path, late=True,
              as_json=as_json)


@event.command("players")
@json_option
@event_option
def players(as_json: bool, event_path: str) -> None:
    """List the players and their decks."""
    from rich.table import Table

    from tt_organizer.cli.output import escape, print_json
    from tt_organizer.events.store import connect, read_players

    with connect(event_path) as conn:
        rows = read_players(conn)
    if as_json:
        from tt_organizer.events.views import players_json

        print_json(players_json(rows))
        return
    table = Table(title=f"{len(rows)} players", title_justify="left")
    for col in ("#", "Name", "ID", "PIN", "Deck", "Legal", "Colours", "Status"):
        table.add_column(col, justify="right" if col == "#" else "left")
    for p in rows:
        legal = {None: "-", True: "yes", False: f"NO ({', '.join(p.deck_codes)})"}[p.deck_legal]
        state = f"dropped after R{p.dropped_round}" if p.dropped else "active"
        if p.late_entry_round:
            state += f", late (from R{p.late_entry_round})"
        table.add_row(str(p.id), escape(p.name), escape(p.ext_id or ""), p.pin or "",
                      escape(p.deck_source or ""), legal, "/".join(p.deck_colors), state)
    _out(table)


def _player_ref(name: str | None, ext_id: str | None) -> tuple[str, bool]:
    if (name is None) == (ext_id is None):
        raise click.UsageError("give a NAME or --id ID")
    return (name, False) if name is not None else (str(ext_id), True)


@event.command("drop")
@click.argument("name", required=False)
@click.option("--id", "ext_id", default=None, help="Match the player by id instead of name.")
@json_option
@event_option
def drop_cmd(name: str | None, ext_id: str | None, as_json: bool, event_path: str) -> None:
    """Drop a player from the next pairing on (they stay in the standings)."""
    _player_ref(name, ext_id)
    drop_player(name=name, ext_id=ext_id, as_json=as_json, event_path=event_path)


@event.command("undrop")
@click.argument("name", required=False)
@click.option("--id", "ext_id", default=None, help="Match the player by id instead of name.")
@json_option
@event_option
def undrop_cmd(name: str | None, ext_id: str | None, as_json: bool, event_path: str) -> None:
    """Take back a drop; the player is paired again from the next pairing."""
    from tt_organizer.cli.output import escape
    from tt_organizer.events import players, store

    ref, by_id = _player_ref(name, ext_id)
    with store.connect(event_path) as conn:
        p = players.undrop(conn, ref, by_id=by_id)
    if as_json:
        from tt_organizer.cli.output import print_json

        print_json(p.to_dict())
        return
    _out(f"{escape(p.name)} is back in the event")


# --- pairings --------------------------------------------------------------------------------


@event.command("pair")
@click.option("--seeded", is_flag=True,
              help="Round 1 by registration order (1 v 2, 3 v 4, …) instead of at random.")
@click.option("--from", "from_file", type=click.Path(dir_okay=False, path_type=str),
              default=None, help="Enter the round as paired elsewhere: a .json/.csv/.xlsx "
              "file shaped like `pairings --json` or the wall sheet (Table, Player 1, "
              "Player 2; BYE or empty for the bye; a Result column is recorded too).")
@json_option
@event_option
def pair(seeded: bool, from_file: str | None, as_json: bool, event_path: str) -> None:
    """Pair the next Swiss round (all results of the current round must be in)."""
    from tt_organizer.events import rounds, store

    with store.connect(event_path) as conn:
        if from_file:
            from tt_organizer.cli.event_pairing import pair_from

            if seeded:
                raise click.UsageError("--from enters the file's pairings; drop --seeded")
            pair_from(conn, from_file, as_json)
            return
        matches, points = rounds.pair_round_and_points(conn, seeded=seeded)
        removed = [a for a in store.read_audit(conn)
                   if a.action == "no-show"] if matches[0].round == 1 else []
        if removed and not as_json:
            from tt_organizer.cli.output import warn

            warn(f"removed before round 1 (not checked in): {len(removed)} player(s): "
                 + ", ".join(a.subject.split(" ", 2)[2] for a in removed))
        if seeded and matches[0].round > 1:
            from tt_organizer.cli.output import warn

            warn("--seeded orders round 1 only; later rounds pair by the standings")
        if as_json:
            from tt_organizer.cli.output import print_json

            print_json(_matches_json(conn, matches))
            return
        total = store.read_settings(conn).rounds
        _print_round(conn, matches, f"Round {matches[0].round} of {total}", points)


@event.command("repair")
@click.option("--yes", is_flag=True, help="Apply without asking (a terminal is asked).")
@json_option
@event_option
def repair(yes: bool, as_json: bool, event_path: str) -> None:
    """Re-pair only what must change in the current round (e.g. after dropping a no-show):
    the tables of dropped players and players without a seat, freeing the fewest other
    tables (the bye first). Lists the tables that move and asks on a terminal; without a
    terminal (scripts, --json) it applies at once."""
    from tt_organizer.cli.event_pairing import repair_round
    from tt_organizer.events import store

    with store.connect(event_path) as conn:
        repair_round(conn, yes=yes, as_json=as_json)


@event.command("pairings")
@click.option("--round", "round_number", type=COUNT, default=None,
              help="Round number (default the current one).")
@click.option("--top-cut", "top", is_flag=True, help="A round of the top-cut bracket.")
@click.option("--print", "print_path", type=click.Path(dir_okay=False, path_type=str),
              default=None, help="Write wall pairings for printing to this .xlsx file.")
@click.option("--swap", nargs=2, default=None, metavar="A B",
              help="Exchange two players' seats in the current unreported round.")
@click.option("--set", "set_table", nargs=3, default=None, metavar="TABLE A B",
              help="Seat A and B at TABLE (whoever they leave is unpaired).")
@click.option("--bye", default=None, metavar="NAME", help="Give NAME the bye.")
@click.option("--unpair", type=POSITIVE, default=None, metavar="TABLE",
              help="Take a table apart (its players are unpaired).")
@json_option
@event_option
def pairings(round_number: int | None, top: bool, print_path: str | None,
             swap: tuple[str, str] | None, set_table: tuple[str, str, str] | None,
             bye: str | None, unpair: int | None, as_json: bool, event_path: str) -> None:
    """Show a round's pairings (JSON: table, player1, player2 — null for the bye —, result).

    --swap/--set/--bye/--unpair change the current round by hand (one transaction, logged;
    refused when a player would sit twice, a dropped player would be seated or a reported
    table would change) and print the tables that changed."""
    edits = [x for x in (swap, set_table, bye, unpair) if x]
    if len(edits) > 1 or (edits and (print_path or round_number is not None or top)):
        raise click.UsageError("one of --swap, --set, --bye, --unpair at a time, on the "
                               "current Swiss round (no --round, --top-cut, --print)")
    if not edits:
        show_pairings(round_number=round_number, top=top, print_path=print_path,
                      as_json=as_json, event_path=event_path)
        return
    from tt_organizer.cli.event_pairing import manual_change
    from tt_organizer.events import store

    with store.connect(event_path) as conn:
        manual_change(conn, swap=swap, set_table=set_table, bye=bye, unpair=unpair,
                      as_json=as_json)


# --- results ---------------------------------------------------------------------------------


def _report_from(conn: Connection, path: str, as_json: bool = False) -> int:
    from tt_organizer.events.sheets import record_results_sheet

    count = record_results_sheet(conn, path)
    if as_json:
        from tt_organizer.cli.output import print_json
        from tt_organizer.events.views import recorded_json

        print_json(recorded_json(path, count))
    else:
        _out(f"Recorded {count} result(s) from {path}")
    return 0


@event.command("report")
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
    that fits the match (1-1, 0-0-3, 1-0-1 …) — from seat P1's side. Or name the winner:
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


@event.command("unreport")
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
        names = {p.id: p.name for p in store.read_players(conn)}
        if as_json:
            from tt_organizer.cli.output import print_json
            from tt_organizer.events.views import result_json

            print_json(result_json(conn, m, cleared=True))
            return
    _out(f"Cleared {escape(entering.describe(m, names))}; the table is open for a report")


@event.command("correct")
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
        names = {p.id: p.name for p in store.read_players(conn)}
        later = entering.rounds_paired_on(conn, round_number, top_cut=top)
        if as_json:
            from tt_organizer.cli.output import print_json
            from tt_organizer.events.views import result_json

            print_json(result_json(conn, m, old_result=before.result if before else None,
                                   override=override, paired_on_old_result=later))
            return
    old = before.result if before else "?"
    label = "Top-cut round" if m.stage == setup.TOP_CUT else "Round"
    _out(
        f"{label} {m.round} table {m.table}: {escape(names[m.player1])} v "
        f"{escape(names[m.player2 or 0])} corrected {old} → {m.result}"
        + (" (override)" if override else "")
    )
    if later:
        from tt_organizer.cli.output import warn

        warn(f"{', '.join(later)} {'was' if len(later) == 1 else 'were'} paired on the old "
             f"result {old}; those pairings stay as they are")


# --- standings -------------------------------------------------------------------------------


@event.command("standings")
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
    show_standings(round_number=round_number, final=final, as_json=as_json,
                   event_path=event_path)


# --- top cut ---------------------------------------------------------------------------------


@event.command("top-cut")
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
            _out(f"The top cut is over: [bold]{escape(winner.name)}[/] wins the event")
            return
        matches = topcut.advance_top_cut(conn)
        from tt_organizer.events.final_placings import bracket_round_name

        label = bracket_round_name(len(matches) * 2)
        _print_round(conn, matches, f"Top cut round {matches[0].round}: {label}")


# --- status / log / export -------------------------------------------------------------------


@event.command("status")
@json_option
@event_option
def status(as_json: bool, event_path: str) -> None:
    """Where the event stands: round, reported / missing tables, players."""
    from tt_organizer.cli.output import escape, print_json
    from tt_organizer.events import status, store

    with store.connect(event_path) as conn:
        st = status.status(conn)  # = views.status_json, the shape /api/status serves
    if as_json:
        print_json(st)
        return
    _out(f"[bold]{escape(st['event'])}[/] — {st['format']}, ban list "
                  f"{st['banlist'] or '-'}, best-of-{st['best_of']}")
    _out(f"  players: {st['players']} registered, {st['active']} active"
                  + (f", dropped: {escape(', '.join(st['dropped']))}" if st["dropped"] else ""))
    if st["illegal_decks"]:
        _out(f"  [red]illegal decks[/]: {escape(', '.join(st['illegal_decks']))}")
    if st["stage"] == "registration":
        _out(f"  registration open; {st['rounds']} Swiss rounds"
                      + (" (auto)" if st["rounds_auto"] else "")
                      + f", top cut {st['top_cut'] or 'none'}")
        return
    label = "Top-cut round" if st["stage"] == "top-cut" else "Swiss round"
    of = f" of {st['rounds']}" if st["stage"] == "swiss" else f" ({st['round_name']})"
    _out(f"  {label} {st['round']}{of}: {len(st['reported'])}/{st['tables']} tables "
                  "reported" + (f", missing: {', '.join(map(str, st['missing']))}"
                                if st["missing"] else ""))
    if st["champion"]:
        _out(f"  winner: [bold]{escape(st['champion'])}[/]")


@event.command("log")
@json_option
@event_option
def log(as_json: bool, event_path: str) -> None:
    """The audit log: every change, who made it and when, old and new value."""
    from tt_organizer.cli.output import escape, print_json
    from tt_organizer.events.store import connect, read_audit

    with connect(event_path) as conn:
        entries = read_audit(conn)
    if as_json:
        from tt_organizer.events.views import log_json

        print_json(log_json(entries))
        return
    for e in entries:
        change = f"{e.old} → {e.new}" if e.old is not None else (e.new or "")
        _out(f"{e.id:>4} {e.at} {escape(e.actor)} {e.action} {escape(e.subject)}: "
             f"{escape(change)}")


@event.command("export")
@click.argument("out", type=click.Path(dir_okay=False, path_type=str))
@click.option("--round", "round_number", type=COUNT, default=None,
              help="Pairings/standings as of this round (default the current one).")
@click.option("--csv", "csv_dir", type=click.Path(file_okay=False, path_type=str), default=None,
              help="Also write one CSV file per sheet into this folder.")
@json_option
@event_option
def export(out: str, round_number: int | None, csv_dir: str | None, as_json: bool,
           event_path: str) -> None:
    """Write the event to an Excel workbook (players, pairings, results, standings, log)."""
    from tt_organizer.events.store import load_snapshot
    from tt_organizer.export.workbook import export_csv, export_event

    snap = load_snapshot(event_path)
    written = [export_event(snap, out, round_number=round_number)]
    if csv_dir:
        written += export_csv(snap, csv_dir, round_number=round_number)
    if as_json:
        from tt_organizer.cli.output import print_json
        from tt_organizer.events.views import written_json

        print_json(written_json(written))
        return
    for path in written:
        _out(f"Wrote {path}")



# --- print -----------------------------------------------------------------------------------


@event.command("print")
@click.argument("what", type=click.Choice(["pairings", "slips", "standings", "decklists",
                                           "registration"]))
@click.option("--round", "round_number", type=COUNT, default=None,
              help="Round of pairings/slips (default the current one) or standings after it.")
@click.option("--top-cut", "top", is_flag=True, help="Pairings/slips of a top-cut round.")
@click.option("-o", "--out", "out", type=click.Path(dir_okay=False, path_type=str),
              default=None, help="PDF file to write (default EVENT-WHAT[-rN].pdf here).")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default=None,
              help="Paper size (default from the locale: letter in the US, Canada, …).")
@json_option
@event_option
def print_cmd(what: str, round_number: int | None, top: bool, out: str | None,
              paper: str | None, as_json: bool, event_path: str) -> None:
    """Write a print-ready PDF: wall pairings, match slips, standings, deck-check sheets
    (decklists) or the registration desk's deck checks."""
    from tt_organizer.cli.output import escape
    from tt_organizer.events.store import load_snapshot
    from tt_organizer.printing import print_event

    printed = print_event(load_snapshot(event_path), what, out, round_number=round_number,
                          top_cut=top, paper=paper)
    if as_json:
        from tt_organizer.cli.output import print_json

        print_json(printed.to_dict())
        return
    _out(f"Wrote {printed.kind} ({printed.pages} page{'s' if printed.pages != 1 else ''}, "
         f"{printed.paper}) to {escape(str(printed.path))}")


from tt_organizer.cli.serve import serve as _serve  # noqa: E402  (tt event serve, issue 16)

event.add_command(_serve)

from tt_organizer.cli.publish import publish as _publish  # noqa: E402

event.add_command(_publish)

from tt_organizer.cli import penalties as _penalties  # noqa: E402

event.add_command(_penalties.penalty)
event.add_command(_penalties.penalties)
event.add_command(_penalties.infractions_cmd, "infractions")

# Commands and options that control pairings by hand live in their own module.
from tt_organizer.cli import event_pairing as _event_pairing  # noqa: E402

if TYPE_CHECKING:
    from tt_organizer.events.sheets import SheetRow
    from tt_organizer.events.store import Connection

__all__ = ["_event_pairing", "event"]
