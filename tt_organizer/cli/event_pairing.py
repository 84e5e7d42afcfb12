"""``tt event`` commands that let the organizer control pairings (a thin layer over
:mod:`tt_organizer.events.manual`): manual changes of the current round (``pairings --swap /
--set / --bye / --unpair``), ``repair`` with the fewest moves, ``pair --from FILE``, and the
constraints ``avoid`` and ``check-in`` (``register --bye-rounds`` lives with ``register``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from tt_organizer.cli.event_base import _matches_json, _out, _print_round, event
from tt_organizer.cli.event_work import warn_unpaired
from tt_organizer.cli.options import event_option, json_option
from tt_organizer.cli.params import CountType
from tt_organizer.errors import EventError
from tt_organizer.numbers import NumberError, parse_count

if TYPE_CHECKING:
    from tt_organizer.events.store import Connection

STALE_SHEETS = "printed pairings of round {round} are out of date; print them again"


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
    if as_json:
        from tt_organizer.events.views import change_json

        print_json(change_json(conn, change))
        return
    if change.changed:
        _print_round(conn, change.changed, f"Round {change.round}: changed tables")
    if change.removed:
        _out(f"Removed table(s) {', '.join(map(str, change.removed))}")
    met = _rematches(conn, change.changed)
    if met:
        warn(f"rematch at table(s) {', '.join(map(str, met))} (these players met before)")
    warn_unpaired(change.unpaired)
    warn(STALE_SHEETS.format(round=change.round))


def _describe(conn: Connection, matches: Sequence[Any]) -> list[str]:
    return [f"table {m['table']}: {m['player1']} v {m['player2'] or 'BYE'}"
            for m in _matches_json(conn, matches)]


def repair_round(conn: Connection, *, yes: bool, as_json: bool) -> None:
    """``tt event repair``: show the tables that move, confirm on a terminal, apply."""
    from tt_organizer.cli.output import escape, print_json, warn
    from tt_organizer.events import lookup, manual, setup

    plan = manual.plan_repair(conn)
    if not as_json:
        _out(f"Round {plan.round}: {len(plan.before)} table(s) taken apart, "
             f"{len(plan.after)} new, {plan.unchanged} unchanged")
        for line in _describe(conn, plan.before):
            _out(f"  was  {escape(line)}")
        for line in _describe(conn, plan.after):
            _out(f"  now  {escape(line)}")
        if not yes and sys.stdin.isatty() and not click.confirm("Apply?", default=True):
            raise click.Abort()
    applied = manual.repair(conn)
    if as_json:
        print_json(_matches_json(conn, lookup.round_matches(conn, setup.SWISS, applied.round)))
        return
    _print_round(conn, applied.after, f"Round {applied.round} (re-paired tables)")
    warn(STALE_SHEETS.format(round=applied.round))


def pair_from(conn: Connection, path: str, as_json: bool) -> None:
    """``tt event pair --from FILE``."""
    from tt_organizer.cli.output import print_json, warn
    from tt_organizer.events import manual, store

    rows = manual.read_pairings_file(path)
    matches = manual.pair_from_rows(conn, rows, source=path)
    met = _rematches(conn, matches)
    if as_json:
        print_json(_matches_json(conn, matches))
        return
    total = store.read_settings(conn).rounds
    _print_round(conn, matches, f"Round {matches[0].round} of {total} (entered from {path})")
    if met:
        warn(f"rematch(es) at table(s) {', '.join(map(str, met))}, as the file pairs them")


def _rematches(conn: Connection, matches: Sequence[Any]) -> list[int]:
    from tt_organizer.events import store

    rnd = matches[0].round if matches else 0
    earlier = {frozenset((m.player1, m.player2)) for m in store.read_matches(conn)
               if m.stage == "swiss" and m.round < rnd and m.player2 is not None}
    return [m.table for m in matches
            if m.player2 is not None and frozenset((m.player1, m.player2)) in earlier]


@event.command("avoid")
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
    span = f"through round {until}" if until is not None else "for the whole event"
    _out(f"{escape(pa.name)} and {escape(pb.name)} are kept apart {span}")


@event.command("check-in")
@click.argument("name")
@click.option("--no-show", is_flag=True, help="Mark the player as not here instead.")
@json_option
@event_option
def check_in_cmd(name: str, no_show: bool, as_json: bool, event_path: str) -> None:
    """Check a player in before round 1. Once anyone is checked in, pairing round 1 removes
    every player not checked in (and a --no-show always); with nobody checked in, nobody is
    removed."""
    from tt_organizer.cli.output import escape, print_json
    from tt_organizer.events import manual, store

    with store.connect(event_path) as conn:
        p = manual.check_in(conn, name, no_show=no_show)
        state = manual.check_in_state(conn)
    here = sum(1 for v in state.values() if v)
    if as_json:
        from tt_organizer.events.views import check_in_json

        print_json(check_in_json(p, not no_show, state))
        return
    what = "is a no-show (removed when round 1 is paired)" if no_show else "is checked in"
    _out(f"{escape(p.name)} {what}; {here} of {len(state)} checked in")


def check_bye_rounds(text: str | None) -> list[int]:
    """Parse ``register --bye-rounds`` (usage error when malformed)."""
    from tt_organizer.events import manual

    if text is None:
        return []
    from tt_organizer.cli.advice import describe

    try:
        return manual.parse_rounds(text)
    except EventError as exc:
        raise click.BadParameter(describe(exc), param_hint="--bye-rounds") from None
