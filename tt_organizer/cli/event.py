"""``tt event``: run an event from one SQLite file — players, Swiss rounds, results, top cut.

A thin layer over :mod:`tt_organizer.events.service`; every command is one transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

import click

from tt_organizer.cli.options import event_option, json_option, setting_option
from tt_organizer.errors import EXIT_INVALID, EventError, TTError
from tt_organizer.numbers import COUNT, POSITIVE, is_count, parse_count, parse_count_list


def _out(item: Any) -> None:
    """Print a line (never wrapped: lines are copied into logs and docs) or a table."""
    from tt_organizer.cli.output import console

    console.print(item, soft_wrap=isinstance(item, str))


def _player_json(p: Any) -> dict[str, Any]:
    """JSON form of a player (as ``tt event players --json`` prints it)."""
    return {"id": p.id, "name": p.name, "ext_id": p.ext_id, "dropped": p.dropped,
            "dropped_round": p.dropped_round, "late_entry_round": p.late_entry_round,
            "deck": p.deck_source, "legal": p.deck_legal, "codes": list(p.deck_codes),
            "colors": list(p.deck_colors)}


def _matches_json(conn: sqlite3.Connection, matches: Sequence[Any]) -> list[dict[str, Any]]:
    """The ``pairings --json`` shape: table, player1, player2 (null for the bye), result."""
    from tt_organizer.events import store

    names = {p.id: p.name for p in store.read_players(conn)}
    return [
        {"table": m.table, "player1": names[m.player1],
         "player2": None if m.player2 is None else names[m.player2], "result": m.result}
        for m in matches
    ]


def _pct(value: float | None) -> str:
    return "" if value is None else f"{value * 100:.2f}%"


def _frac(value: float | None) -> float | None:
    return None if value is None else round(float(value), 4)


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


@click.group()
def event() -> None:
    """Run an event: players, Swiss rounds, results, standings, top cut.

    Every command works on one event database (--event FILE, env TT_EVENT, default
    ./event.sqlite) and is one transaction: a refused command changes nothing.
    """


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
@click.option("--tiebreakers", default="omw,oomw,gw", show_default=True,
              help="Tiebreakers after match points, in order.")
@click.option("--banlist", default=None, metavar="DATE",
              help="Pin this cached ban list (default the newest cached now).")
@click.option("--strict-colors", is_flag=True,
              help="Colour requirement is an error, not a warning.")
@click.option("--points", default="3,1,0,3", show_default=True, metavar="W,D,L,BYE",
              help="Match points for a win, draw, loss and bye.")
@setting_option
@json_option
@event_option
def create(
    name: str, format_id: str | None, rounds: str, best_of: str, top_cut: str,
    seed: int | None, unfinished: str, tiebreakers: str, banlist: str | None,
    strict_colors: bool, points: str, settings: dict[str, int], as_json: bool, event_path: str,
) -> None:
    """Create the event database with its settings."""
    from tt_organizer.cli.output import escape
    from tt_organizer.events.service import MAX_POINTS, create_event

    if len(points.split(",")) != 4:
        raise click.BadParameter(f"{points!r}: four numbers W,D,L,BYE", param_hint="--points")
    w, d, loss, bye = parse_count_list(points, "--points", count=4, maximum=MAX_POINTS)
    s = create_event(
        event_path, name, format_id=format_id, banlist=banlist, best_of=int(best_of),
        rounds=_int_or_auto(rounds, "--rounds"),
        top_cut=_int_or_auto(top_cut, "--top-cut", (0, 4, 8, 16)), seed=seed,
        unfinished=unfinished, tiebreakers=tiebreakers.split(","), strict_colors=strict_colors,
        win_points=w, draw_points=d, loss_points=loss, bye_points=bye,
        format_settings=settings,
    )
    if as_json:
        from dataclasses import asdict

        from tt_organizer.cli.output import print_json

        print_json({"event": event_path, "settings": asdict(s)})
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
    if s.format_settings:
        shown = ", ".join(f"{k}={v}" for k, v in sorted(s.format_settings.items()))
        _out(f"  format settings: {shown}")


# --- players ---------------------------------------------------------------------------------


def _registration_line(reg: Any) -> str:
    from tt_organizer.cli.output import escape

    p = reg.player
    ident = f" (id {escape(p.ext_id)})" if p.ext_id else ""
    line = f"Registered #{p.id} [bold]{escape(p.name)}[/]{ident}"
    if reg.report is None:
        line += ": no deck"
    elif p.deck_legal:
        colors = "/".join(p.deck_colors) or "-"
        line += f": deck {escape(p.deck_source or '')} [green]legal[/] ({colors})"
    else:
        line += (f": deck {escape(p.deck_source or '')} [red]NOT LEGAL[/] "
                 f"({', '.join(p.deck_codes)}) — accepted with --allow-illegal (logged)")
    if reg.missed_rounds:
        line += f"; late entry, a loss for round(s) {', '.join(map(str, reg.missed_rounds))}"
    return line


def _register_from(
    conn: sqlite3.Connection, path: str, allow_illegal: bool, late: bool, as_json: bool
) -> int:
    from pathlib import Path

    from tt_organizer.cli.output import escape
    from tt_organizer.events.service import register_player
    from tt_organizer.export.importing import read_registrations

    rows = read_registrations(path)
    base = Path(path).parent
    refused = 0
    results: list[dict[str, Any]] = []
    for row in rows:
        try:
            deck_path = None
            if row.deck_path:
                deck_path = Path(row.deck_path)
                if not deck_path.is_absolute():
                    deck_path = base / deck_path
            reg = register_player(
                conn, row.name, ext_id=row.ext_id, deck_text=row.deck_text, deck_path=deck_path,
                deck_source=None if deck_path else f"{Path(path).name} row {row.row}",
                allow_illegal=allow_illegal, late=late,
            )
        except TTError as exc:
            refused += 1
            results.append({"row": row.row, "name": row.name, "status": "refused",
                            "error": str(exc)})
            if not as_json:
                _out(f"row {row.row}: [red]refused[/] — {escape(str(exc))}")
            continue
        verdict = "legal" if reg.player.deck_legal else (
            "no deck" if reg.player.deck_legal is None else "illegal")
        results.append({"row": row.row, "name": row.name, "status": verdict,
                        "player": _player_json(reg.player)})
        if not as_json:
            _out(f"row {row.row}: {verdict} — {_registration_line(reg)}")
    if as_json:
        from tt_organizer.cli.output import print_json

        print_json(results)
    else:
        _out(f"{len(rows) - refused} registered, {refused} refused")
    return EXIT_INVALID if refused else 0


def _register(
    ctx: click.Context, name: str | None, deck: str | None, ext_id: str | None,
    allow_illegal: bool, from_file: str | None, event_path: str, late: bool,
    as_json: bool = False,
) -> None:
    from tt_organizer.events import service, store

    with store.connect(event_path) as conn:
        if from_file:
            if name or deck or ext_id:
                raise click.UsageError("--from registers the file's rows; give no NAME/--deck/--id")
            ctx.exit(_register_from(conn, from_file, allow_illegal, late, as_json))
        if not name:
            raise click.UsageError("give a NAME (or --from FILE)")
        reg = service.register_player(conn, name, deck_path=deck, ext_id=ext_id,
                                      allow_illegal=allow_illegal, late=late)
    if as_json:
        from tt_organizer.cli.output import print_json

        print_json({**_player_json(reg.player), "missed_rounds": list(reg.missed_rounds),
                    "deck_report": reg.report.to_dict() if reg.report is not None else None})
        return
    _out(_registration_line(reg))


@event.command("register")
@click.argument("name", required=False)
@click.option("--deck", type=click.Path(dir_okay=False, path_type=str), default=None,
              help="Decklist file, checked against the event's format and ban list.")
@click.option("--id", "ext_id", default=None, help="The player's membership / organizer id.")
@click.option("--allow-illegal", is_flag=True, help="Register even an illegal deck (logged).")
@click.option("--from", "from_file", type=click.Path(dir_okay=False, path_type=str), default=None,
              help="Register every row of a .xlsx/.csv sign-up sheet.")
@json_option
@event_option
@click.pass_context
def register(ctx: click.Context, name: str | None, deck: str | None, ext_id: str | None,
             allow_illegal: bool, from_file: str | None, as_json: bool, event_path: str) -> None:
    """Register a player (and their deck) before the first pairing.

    With --from, each row is registered in its own transaction; exit 1 if any was refused.
    """
    _register(ctx, name, deck, ext_id, allow_illegal, from_file, event_path, late=False,
              as_json=as_json)


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
        print_json([_player_json(p) for p in rows])
        return
    table = Table(title=f"{len(rows)} players", title_justify="left")
    for col in ("#", "Name", "ID", "Deck", "Legal", "Colours", "Status"):
        table.add_column(col, justify="right" if col == "#" else "left")
    for p in rows:
        legal = {None: "-", True: "yes", False: f"NO ({', '.join(p.deck_codes)})"}[p.deck_legal]
        state = f"dropped after R{p.dropped_round}" if p.dropped else "active"
        if p.late_entry_round:
            state += f", late (from R{p.late_entry_round})"
        table.add_row(str(p.id), escape(p.name), escape(p.ext_id or ""),
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
    from tt_organizer.cli.output import escape, warn
    from tt_organizer.events import service, store

    ref, by_id = _player_ref(name, ext_id)
    with store.connect(event_path) as conn:
        p = service.drop(conn, ref, by_id=by_id)
        pending = service.pending_in_current_round(conn, p.id)
    if as_json:
        from tt_organizer.cli.output import print_json

        print_json({**_player_json(p), "still_paired_at_table":
                    pending.table if pending is not None else None})
        return
    if pending is not None and pending.stage == service.TOP_CUT:
        _out(f"Dropped {escape(p.name)} during top-cut round {pending.round}")
        warn(f"{p.name} is still in the bracket at table {pending.table}; report that table "
             "as a loss for them (the opponent advances)")
        return
    when = (f"during round {p.dropped_round}" if pending
            else f"after round {p.dropped_round}" if p.dropped_round else "before round 1")
    _out(f"Dropped {escape(p.name)} {when}")
    if pending is not None:
        warn(f"{p.name} is still paired at table {pending.table} of round {pending.round}; "
             "report it, or `tt event repair` to pair that round's open tables again")


@event.command("undrop")
@click.argument("name", required=False)
@click.option("--id", "ext_id", default=None, help="Match the player by id instead of name.")
@json_option
@event_option
def undrop_cmd(name: str | None, ext_id: str | None, as_json: bool, event_path: str) -> None:
    """Take back a drop; the player is paired again from the next pairing."""
    from tt_organizer.cli.output import escape
    from tt_organizer.events import service, store

    ref, by_id = _player_ref(name, ext_id)
    with store.connect(event_path) as conn:
        p = service.undrop(conn, ref, by_id=by_id)
    if as_json:
        from tt_organizer.cli.output import print_json

        print_json(_player_json(p))
        return
    _out(f"{escape(p.name)} is back in the event")


# --- pairings --------------------------------------------------------------------------------


def _print_round(conn: sqlite3.Connection, matches: Sequence[Any], title: str) -> None:
    from rich.table import Table

    from tt_organizer.cli.output import escape
    from tt_organizer.events import service, store

    names = {p.id: p.name for p in store.read_players(conn)}
    points: dict[int, int] = {}
    if matches and matches[0].stage == service.SWISS:
        before = matches[0].round - 1
        if before:
            points = {s.player: s.points for s in service.standings(conn, before)}
    elif matches:  # top cut: the final Swiss points
        points = {s.player: s.points for s in service.standings(conn)}
    table = Table(title=title, title_justify="left")
    for col in ("Table", "Player 1", "Pts", "Player 2", "Pts", "Result"):
        table.add_column(col, justify="right" if col in ("Table", "Pts") else "left")
    for m in matches:
        p2 = "BYE" if m.player2 is None else escape(names[m.player2])
        table.add_row(
            str(m.table), escape(names[m.player1]), str(points.get(m.player1, 0)), p2,
            "" if m.player2 is None else str(points.get(m.player2, 0)), m.result or "",
        )
    _out(table)


@event.command("pair")
@click.option("--seeded", is_flag=True,
              help="Round 1 by registration order (1 v 2, 3 v 4, …) instead of at random.")
@json_option
@event_option
def pair(seeded: bool, as_json: bool, event_path: str) -> None:
    """Pair the next Swiss round (all results of the current round must be in)."""
    from tt_organizer.events import service, store

    with store.connect(event_path) as conn:
        matches = service.pair_next_round(conn, seeded=seeded)
        if seeded and matches[0].round > 1:
            from tt_organizer.cli.output import warn

            warn("--seeded orders round 1 only; later rounds pair by the standings")
        if as_json:
            from tt_organizer.cli.output import print_json

            print_json(_matches_json(conn, matches))
            return
        total = store.read_settings(conn).rounds
        _print_round(conn, matches, f"Round {matches[0].round} of {total}")


@event.command("repair")
@json_option
@event_option
def repair(as_json: bool, event_path: str) -> None:
    """Pair the current round's unreported tables again (e.g. after dropping a no-show)."""
    from tt_organizer.events import service, store

    with store.connect(event_path) as conn:
        matches = service.repair_round(conn)
        if as_json:
            from tt_organizer.cli.output import print_json

            print_json(_matches_json(conn, matches))
            return
        _print_round(conn, matches, f"Round {matches[0].round} (re-paired)")


@event.command("pairings")
@click.option("--round", "round_number", type=COUNT, default=None,
              help="Round number (default the current one).")
@click.option("--top-cut", "top", is_flag=True, help="A round of the top-cut bracket.")
@click.option("--print", "print_path", type=click.Path(dir_okay=False, path_type=str),
              default=None, help="Write wall pairings for printing to this .xlsx file.")
@json_option
@event_option
def pairings(round_number: int | None, top: bool, print_path: str | None, as_json: bool,
             event_path: str) -> None:
    """Show a round's pairings (JSON: table, player1, player2 — null for the bye —, result)."""
    from tt_organizer.cli.output import print_json
    from tt_organizer.events import service, store

    stage = service.TOP_CUT if top else service.SWISS
    with store.connect(event_path) as conn:
        current = store.current_round(conn, stage)
        rnd = current if round_number is None else round_number
        if not current:
            raise EventError("the top cut has not started" if top else "no round is paired yet")
        if not 1 <= rnd <= current:
            raise EventError(f"round {rnd} is not paired (current round {current})")
        if print_path:
            from tt_organizer.export.wall import write_wall_pairings

            snap = store.read_snapshot(conn, event_path)
            out = write_wall_pairings(snap, rnd, print_path)
            _out(f"Wrote wall pairings of round {rnd} to {out}")
            return
        matches = [m for m in store.read_matches(conn)
                   if m.stage == stage and m.round == rnd and m.table > 0]
        if as_json:
            print_json(_matches_json(conn, matches))
            return
        label = "Top-cut round" if top else "Round"
        _print_round(conn, matches, f"{label} {rnd}")


# --- results ---------------------------------------------------------------------------------


def _result_json(conn: sqlite3.Connection, m: Any) -> dict[str, Any]:
    """JSON form of one recorded result, with its games."""
    row = _matches_json(conn, [m])[0]
    return {"round": m.round, "stage": m.stage, **row, "outcome": m.outcome,
            "games": [g.__dict__ for g in getattr(m, "games", ())]}


def _report_from(conn: sqlite3.Connection, path: str, as_json: bool = False) -> int:
    from tt_organizer.events import service, store
    from tt_organizer.export.importing import read_results

    rows = read_results(path, store.read_snapshot(conn, ""))
    errors: list[str] = []
    with store.transaction(conn):
        for row in rows:
            try:
                service.report_result(conn, row.table, row.result, round_number=row.round,
                                      first=row.first, winners=row.winners, turns=row.turns)
            except EventError as exc:
                errors.append(f"row {row.row}: {exc}")
        if errors:
            raise EventError(
                f"{path}: nothing recorded; {len(errors)} row(s) refused:\n  "
                + "\n  ".join(errors)
            )
    if as_json:
        from tt_organizer.cli.output import print_json

        print_json({"file": path, "recorded": len(rows)})
    else:
        _out(f"Recorded {len(rows)} result(s) from {path}")
    return 0


@event.command("report")
@click.argument("table", type=POSITIVE, required=False)
@click.argument("result", required=False)
@with_game_options
@click.option("--round", "round_number", type=POSITIVE, default=None,
              help="Refuse unless this is the current round (a guard against stale slips).")
@click.option("--from", "from_file", type=click.Path(dir_okay=False, path_type=str), default=None,
              help="Record every row of a results sheet (.xlsx) — all or nothing.")
@json_option
@event_option
def report(table: int | None, result: str | None, first: str | None, winners: str | None,
           turns: str | None, round_number: int | None, from_file: str | None,
           as_json: bool, event_path: str) -> None:
    """Report the RESULT of TABLE in the current round.

    RESULT: best-of-one 1-0, 0-1, draw, double-loss; best-of-three 2-0, 2-1, 1-2, 0-2,
    1-0, 0-1 (one game finished), 1-1-1, draw, double-loss — from seat P1's side.
    """
    from tt_organizer.cli.output import escape
    from tt_organizer.events import service, store

    with store.connect(event_path) as conn:
        if from_file:
            if table is not None or result is not None:
                raise click.UsageError("--from reports the file's rows; give no TABLE/RESULT")
            _report_from(conn, from_file, as_json)
            return
        if table is None or result is None:
            raise click.UsageError("give TABLE and RESULT (or --from FILE)")
        m = service.report_result(conn, table, result, round_number=round_number, first=first,
                                  winners=winners, turns=turns)
        snap_names = {p.id: p.name for p in store.read_players(conn)}
        left = service.status(conn)["missing"]
        if as_json:
            from tt_organizer.cli.output import print_json

            print_json({**_result_json(conn, m), "missing_tables": list(left)})
            return
    label = "Top-cut round" if m.stage == service.TOP_CUT else "Round"
    _out(
        f"{label} {m.round} table {m.table}: {escape(snap_names[m.player1])} {m.result} "
        f"{escape(snap_names[m.player2 or 0] if m.player2 else 'BYE')}"
        + (f" (recorded as {m.outcome})" if m.outcome == "double-loss" and m.result != m.outcome
           else "")
    )
    _out(f"  {len(left)} table(s) still to report" if left else "  round complete")


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
    from tt_organizer.events import service, store

    with store.connect(event_path) as conn:
        stage = service.TOP_CUT if top else service.SWISS
        before = next((m for m in store.read_matches(conn) if m.stage == stage
                       and m.round == round_number and m.table == table), None)
        m = service.correct_result(conn, round_number, table, result, override=override,
                                   top_cut=top, first=first, winners=winners, turns=turns)
        names = {p.id: p.name for p in store.read_players(conn)}
        if as_json:
            from tt_organizer.cli.output import print_json

            print_json({**_result_json(conn, m), "old_result": before.result if before else None,
                        "override": override})
            return
    old = before.result if before else "?"
    label = "Top-cut round" if m.stage == service.TOP_CUT else "Round"
    _out(
        f"{label} {m.round} table {m.table}: {escape(names[m.player1])} v "
        f"{escape(names[m.player2 or 0])} corrected {old} → {m.result}"
        + (" (override)" if override else "")
    )


# --- standings -------------------------------------------------------------------------------


@event.command("standings")
@click.option("--round", "round_number", type=COUNT, default=None,
              help="Standings after this round (default: all results so far).")
@json_option
@event_option
def standings_cmd(round_number: int | None, as_json: bool, event_path: str) -> None:
    """Swiss standings with tiebreakers (JSON percentages are fractions 0–1)."""
    from rich.table import Table

    from tt_organizer.cli.output import escape, print_json
    from tt_organizer.events import service, store

    with store.connect(event_path) as conn:
        rows = service.standings(conn, round_number)
        names = {p.id: p.name for p in store.read_players(conn)}
        shown = round_number if round_number is not None else store.current_round(conn)
    if as_json:
        print_json([
            {"rank": s.rank, "player": names[s.player], "points": s.points, "wins": s.wins,
             "losses": s.losses, "draws": s.draws, "omw": _frac(s.omw), "oomw": _frac(s.oomw),
             "gw": _frac(s.gw), "dropped": s.dropped}
            for s in rows
        ])
        return
    table = Table(title=f"Standings after round {shown}", title_justify="left")
    for col in ("Rank", "Player", "Pts", "W-L-D", "OMW%", "OOMW%", "GW%", ""):
        table.add_column(col, justify="left" if col in ("Player", "") else "right")
    for s in rows:
        table.add_row(str(s.rank), escape(names[s.player]), str(s.points),
                      f"{s.wins}-{s.losses}-{s.draws}", _pct(s.omw), _pct(s.oomw), _pct(s.gw),
                      "dropped" if s.dropped else "")
    _out(table)


# --- top cut ---------------------------------------------------------------------------------


@event.command("top-cut")
@json_option
@event_option
def top_cut(as_json: bool, event_path: str) -> None:
    """Seed the single-elimination bracket from the final standings and pair its rounds.

    Run it again after each bracket round is reported to pair the next one.
    """
    from tt_organizer.cli.output import escape
    from tt_organizer.events import service, store

    with store.connect(event_path) as conn:
        winner = service.champion(conn)
        if as_json:
            from tt_organizer.cli.output import print_json

            if winner is not None:
                print_json({"champion": winner.name, "pairings": []})
            else:
                matches = service.advance_top_cut(conn)
                print_json({"champion": None, "round": matches[0].round,
                            "pairings": _matches_json(conn, matches)})
            return
        if winner is not None:
            _out(f"The top cut is over: [bold]{escape(winner.name)}[/] wins the event")
            return
        matches = service.advance_top_cut(conn)
        size = len(matches) * 2
        label = {2: "Final", 4: "Semi-finals", 8: "Quarter-finals"}.get(size, f"Top {size}")
        _print_round(conn, matches, f"Top cut round {matches[0].round}: {label}")


# --- status / log / export -------------------------------------------------------------------


@event.command("status")
@json_option
@event_option
def status(as_json: bool, event_path: str) -> None:
    """Where the event stands: round, reported / missing tables, players."""
    from tt_organizer.cli.output import escape, print_json
    from tt_organizer.events import service, store

    with store.connect(event_path) as conn:
        st = service.status(conn)
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
    of = f" of {st['rounds']}" if st["stage"] == "swiss" else ""
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
        print_json([e.__dict__ for e in entries])
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

        print_json({"written": [str(p) for p in written]})
        return
    for path in written:
        _out(f"Wrote {path}")

