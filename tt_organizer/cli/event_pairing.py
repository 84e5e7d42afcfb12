"""``tt event`` commands for the rounds: ``pair`` (or ``pair --from FILE``, a round paired
elsewhere), ``pairings`` (a round's tables, or a change of the current round by hand with
``--swap / --set / --bye / --unpair``), ``repair`` with the fewest moves, and the constraints
``avoid`` (``register --bye-rounds`` lives with ``register``; ``check-in`` with the desk's
commands, :mod:`~tt_organizer.cli.event_desk`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from tt_organizer.cli.event_desk import warn_without_deck
from tt_organizer.cli.event_output import (
    matches_json,
    print_round,
    say,
    warn_unpaired,
    warn_withdrawn,
)
from tt_organizer.cli.options import COUNT, POSITIVE, CountType, event_option, json_option
from tt_organizer.i18n import N_, ngettext
from tt_organizer.i18n import gettext as _
from tt_organizer.numbers import NumberError, parse_count

if TYPE_CHECKING:
    from tt_organizer.events.store import Connection

STALE_SHEETS = N_("printed pairings of round {round} are out of date; print them again")


@click.command("pair")
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
            if seeded:
                raise click.UsageError("--from enters the file's pairings; drop --seeded")
            pair_from(conn, from_file, as_json)
            return
        matches, points = rounds.pair_round_and_points(conn, seeded=seeded)
        removed = [a for a in store.read_audit(conn)
                   if a.action == "no-show"] if matches[0].round == 1 else []
        if removed and not as_json:
            from tt_organizer.cli.output import warn

            warn(ngettext("removed before round 1 (not checked in; set aside: `late-entry NAME` "
                          "brings one back): {n} player(s): {names}",
                          "removed before round 1 (not checked in; set aside: `late-entry NAME` "
                          "brings one back): {n} player(s): {names}", len(removed)).format(
                       n=len(removed), names=", ".join(a.subject.split(" ", 2)[2]
                                                       for a in removed)))
        warn_without_deck(conn)
        if seeded and matches[0].round > 1:
            from tt_organizer.cli.output import warn

            warn(_("--seeded orders round 1 only; later rounds pair by the standings"))
        if as_json:
            from tt_organizer.cli.output import print_json

            print_json(matches_json(conn, matches))
            return
        total = store.read_settings(conn).rounds
        print_round(conn, matches, _("Round {round} of {total}").format(
            round=matches[0].round, total=total), points)


@click.command("repair")
@click.option("--yes", is_flag=True, help="Apply without asking (a terminal is asked).")
@json_option
@event_option
def repair(yes: bool, as_json: bool, event_path: str) -> None:
    """Re-pair only what must change in the current round (e.g. after dropping a no-show):
    the tables of dropped players and players without a seat, freeing the fewest other
    tables (the bye first). Lists the tables that move and asks on a terminal; without a
    terminal (scripts, --json) it applies at once."""
    from tt_organizer.events import store

    with store.connect(event_path) as conn:
        repair_round(conn, yes=yes, as_json=as_json)


@click.command("pairings")
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
    from tt_organizer.events import store

    with store.connect(event_path) as conn:
        manual_change(conn, swap=swap, set_table=set_table, bye=bye, unpair=unpair,
                      as_json=as_json)


def show_pairings(*, round_number: int | None, top: bool, print_path: str | None,
                  as_json: bool, event_path: str) -> None:
    """``tt event pairings`` without a change by hand: a round's tables (JSON: table,
    player1, player2 -- null for the bye --, result), or its wall sheet with ``print_path``."""
    from tt_organizer.cli.output import print_json
    from tt_organizer.events import setup, store
    from tt_organizer.events.views import round_matches

    stage = setup.TOP_CUT if top else setup.SWISS
    with store.connect(event_path) as conn:
        matches = round_matches(conn, round_number, top)
        current = store.current_round(conn, stage)
        rnd = current if round_number is None else round_number
        if print_path:
            from tt_organizer.export.wall import write_wall_pairings

            snap = store.read_snapshot(conn, event_path)
            out = write_wall_pairings(snap, rnd, print_path, stage=stage)
            what = (_("top-cut round {round}") if top else _("round {round}")).format(round=rnd)
            say(_("Wrote wall pairings of {what} to {file}").format(what=what, file=out))
            return
        if as_json:
            print_json(matches_json(conn, matches))
            return
        if top:
            from tt_organizer.events.final_placings import round_names

            name = round_names(store.read_matches(conn), shown=True)[rnd]
            print_round(conn, matches, _("Top-cut round {round}: {name}").format(
                round=rnd, name=name))
            return
        print_round(conn, matches, _("Round {round}").format(round=rnd))
        if rnd == current:
            from tt_organizer.events.manual import unpaired_players

            warn_unpaired(unpaired_players(conn))


def manual_change(conn: Connection, *, swap: tuple[str, str] | None,
                  set_table: tuple[str, str, str] | None, bye: str | None,
                  unpair: int | None, as_json: bool) -> None:
    """Run one manual change of the current round and print what changed."""
    from tt_organizer.cli.output import print_json, warn
    from tt_organizer.events import manual

    if swap:
        change = manual.swap(conn, *swap)
    elif set_table:
        table, a, b = set_table
        try:
            number = parse_count(table, "TABLE")  # 0: the library says tables start at 1
        except NumberError as exc:
            raise click.BadParameter(exc.message, param_hint="--set") from None
        change = manual.set_table(conn, number, a, b)
    elif bye:
        change = manual.give_bye(conn, bye)
    else:
        assert unpair is not None
        change = manual.unpair(conn, unpair)
    warn_withdrawn(conn, change.withdrawn)
    if as_json:
        from tt_organizer.events.views import change_json

        print_json(change_json(conn, change))
        return
    if change.changed:
        print_round(conn, change.changed,
                    _("Round {round}: changed tables").format(round=change.round))
    if change.removed:
        say(ngettext("Removed table(s) {tables}", "Removed table(s) {tables}",
                     len(change.removed)).format(tables=", ".join(map(str, change.removed))))
    met = _rematches(conn, change.changed)
    if met:
        warn(ngettext("rematch at table(s) {tables} (these players met before)",
                      "rematch at table(s) {tables} (these players met before)",
                      len(met)).format(
            tables=", ".join(map(str, met))))
    warn_unpaired(change.unpaired)
    warn(_(STALE_SHEETS).format(round=change.round))


def _describe(conn: Connection, matches: Sequence[Any]) -> list[str]:
    return [_("table {table}: {p1} v {p2}").format(table=m["table"], p1=m["player1"],
                                                   p2=m["player2"] or _("BYE"))
            for m in matches_json(conn, matches)]


def repair_round(conn: Connection, *, yes: bool, as_json: bool) -> None:
    """``tt event repair``: show the tables that move, confirm on a terminal, apply."""
    from tt_organizer.cli.output import escape, print_json, warn
    from tt_organizer.events import lookup, manual, setup

    plan = manual.plan_repair(conn)
    if not as_json:
        say(ngettext("Round {round}: {before} table(s) taken apart, {after} new, {unchanged} "
                     "unchanged",
                     "Round {round}: {before} table(s) taken apart, {after} new, {unchanged} "
                     "unchanged", len(plan.before)).format(
                         round=plan.round, before=len(plan.before), after=len(plan.after),
                         unchanged=plan.unchanged))
        for line in _describe(conn, plan.before):
            say(_("  was  {table}").format(table=escape(line)))
        for line in _describe(conn, plan.after):
            say(_("  now  {table}").format(table=escape(line)))
        if not yes and sys.stdin.isatty() and not click.confirm(_("Apply?"), default=True):
            raise click.Abort()
    applied = manual.repair(conn)
    warn_withdrawn(conn, applied.withdrawn)
    if as_json:
        print_json(matches_json(conn, lookup.round_matches(conn, setup.SWISS, applied.round)))
        return
    print_round(conn, applied.after,
                _("Round {round} (re-paired tables)").format(round=applied.round))
    warn(_(STALE_SHEETS).format(round=applied.round))


def pair_from(conn: Connection, path: str, as_json: bool) -> None:
    """``tt event pair --from FILE``."""
    from tt_organizer.cli.output import print_json, warn
    from tt_organizer.events import manual, store

    rows = manual.read_pairings_file(path)
    matches = manual.pair_from_rows(conn, rows, source=path)
    met = _rematches(conn, matches)
    warn_without_deck(conn)
    if as_json:
        print_json(matches_json(conn, matches))
        return
    total = store.read_settings(conn).rounds
    print_round(conn, matches, _("Round {round} of {total} (entered from {file})").format(
        round=matches[0].round, total=total, file=path))
    if met:
        warn(ngettext("rematch(es) at table(s) {tables}, as the file pairs them",
                      "rematch(es) at table(s) {tables}, as the file pairs them",
                      len(met)).format(
            tables=", ".join(map(str, met))))


def _rematches(conn: Connection, matches: Sequence[Any]) -> list[int]:
    from tt_organizer.events import store

    rnd = matches[0].round if matches else 0
    earlier = {frozenset((m.player1, m.player2)) for m in store.read_matches(conn)
               if m.stage == "swiss" and m.round < rnd and m.player2 is not None}
    return [m.table for m in matches
            if m.player2 is not None and frozenset((m.player1, m.player2)) in earlier]


@click.command("avoid")
@click.argument("player_a", metavar="A")
@click.argument("player_b", metavar="B")
@click.option("--rounds", type=CountType(1, 1000), default=None,
              help="Only for the next N rounds (default: the whole event).")
@json_option
@event_option
def avoid_cmd(player_a: str, player_b: str, rounds: int | None, as_json: bool,
              event_path: str) -> None:
    """Keep A and B apart (family, same car): honoured whenever a pairing without their
    table exists, like a rematch."""
    from tt_organizer.cli.output import escape, print_json
    from tt_organizer.events import manual, store

    with store.connect(event_path) as conn:
        pa, pb, until = manual.avoid(conn, player_a, player_b, rounds)
    if as_json:
        from tt_organizer.events.views import avoid_json

        print_json(avoid_json(pa, pb, until))
        return
    say((_("{a} and {b} are kept apart through round {round}") if until is not None
         else _("{a} and {b} are kept apart for the whole event")).format(
        a=escape(pa.name), b=escape(pb.name), round=until))
