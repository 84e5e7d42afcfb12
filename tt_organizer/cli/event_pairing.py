"""``tt event`` commands for the rounds: ``pair`` (or ``pair --from FILE``, a round paired
elsewhere), ``pairings`` (a round's tables, or a change of the current round by hand with
``--swap / --set / --bye / --unpair``), ``repair`` with the fewest moves, and the constraints
``avoid`` (``register --bye-rounds`` lives with ``register``; ``check-in`` with the desk's
commands, :mod:`~tt_organizer.cli.event_desk`).

Each renders the library's read model of the round
(:class:`~tt_organizer.events.paired_rounds.PairedRound`): its tables, its ``to_json()``, its
warnings.
"""

from __future__ import annotations

import sys

import click

from tt_organizer.cli.event_output import print_round, say, warn_notices
from tt_organizer.cli.options import event_option, json_option
from tt_organizer.cli.output import escape, print_json, warn
from tt_organizer.cli.params import COUNT, POSITIVE, CountType
from tt_organizer.events import manual, rounds, store
from tt_organizer.events.paired_rounds import PairedRound
from tt_organizer.events.store import Connection, load_snapshot
from tt_organizer.events.views import avoid_json
from tt_organizer.i18n import gettext as _
from tt_organizer.i18n import ngettext
from tt_organizer.numbers import NumberError, parse_count


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
    if from_file and seeded:
        raise click.UsageError("--from enters the file's pairings; drop --seeded")
    with store.connect(event_path) as conn:
        paired = (rounds.pair_from_file(conn, from_file) if from_file
                  else rounds.pair(conn, seeded=seeded))
    warn_notices(paired.notices)
    if seeded and not paired.seeded:
        warn(_("--seeded orders round 1 only; later rounds pair by the standings"))
    if as_json:
        print_json(paired.to_json())
        return
    title = (_("Round {round} of {total} (entered from {file})") if from_file
             else _("Round {round} of {total}"))
    print_round(paired, title.format(round=paired.round, total=paired.total, file=from_file))


@click.command("repair")
@click.option("--yes", is_flag=True, help="Apply without asking (a terminal is asked).")
@json_option
@event_option
def repair(yes: bool, as_json: bool, event_path: str) -> None:
    """Re-pair only what must change in the current round (e.g. after dropping a no-show):
    the tables of dropped players and players without a seat, freeing the fewest other
    tables (the bye first). Lists the tables that move and asks on a terminal; without a
    terminal (scripts, --json) it applies at once."""
    with store.connect(event_path) as conn:
        if not as_json:
            plan = rounds.repair_round(conn, dry_run=True)
            say(ngettext("Round {round}: {before} table(s) taken apart, {after} new, "
                         "{unchanged} unchanged",
                         "Round {round}: {before} table(s) taken apart, {after} new, "
                         "{unchanged} unchanged", len(plan.before)).format(
                             round=plan.round, before=len(plan.before),
                             after=len(plan.tables), unchanged=plan.unchanged))
            for was, now in (("  was  {table}", plan.before), ("  now  {table}", plan.tables)):
                for t in now:
                    say(_(was).format(table=escape(_("table {table}: {p1} v {p2}").format(
                        table=t.table, p1=t.name1, p2=t.name2 or _("BYE")))))
            if not yes and sys.stdin.isatty() and not click.confirm(_("Apply?"), default=True):
                raise click.Abort()
        applied = rounds.repair_round(conn)
    warn_notices(applied.notices)
    if as_json:
        print_json(applied.to_json())
        return
    print_round(applied, _("Round {round} (re-paired tables)").format(round=applied.round))


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
    with store.connect(event_path) as conn:
        manual_change(conn, swap=swap, set_table=set_table, bye=bye, unpair=unpair,
                      as_json=as_json)


def show_pairings(*, round_number: int | None, top: bool, print_path: str | None,
                  as_json: bool, event_path: str) -> None:
    """``tt event pairings`` without a change by hand: a round's tables (JSON: table,
    player1, player2 -- null for the bye --, result), or its wall sheet with ``print_path``."""
    with store.connect(event_path) as conn:
        # the JSON and the wall sheet need the tables alone
        shown = rounds.shown_round(conn, round_number, top_cut=top,
                                   json_only=as_json or bool(print_path))
    if print_path:
        from tt_organizer.export.wall import write_wall_pairings  # openpyxl: only to write

        out = write_wall_pairings(load_snapshot(event_path), shown.round, print_path,
                                  stage=shown.stage)
        what = (_("top-cut round {round}") if top else _("round {round}")).format(
            round=shown.round)
        say(_("Wrote wall pairings of {what} to {file}").format(what=what, file=out))
        return
    if as_json:
        print_json(shown.to_json())
        return
    print_round(shown, (_("Top-cut round {round}: {name}") if top else _("Round {round}"))
                .format(round=shown.round, name=shown.round_name() if top else ""))
    warn_notices(shown.notices)


def manual_change(conn: Connection, *, swap: tuple[str, str] | None,
                  set_table: tuple[str, str, str] | None, bye: str | None,
                  unpair: int | None, as_json: bool) -> None:
    """Run one manual change of the current round and print what changed."""
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
    changed: PairedRound = rounds.change_round(conn, change)
    if as_json:
        warn_notices(changed.notices)
        print_json(changed.to_json())
        return
    if changed.tables:
        print_round(changed, _("Round {round}: changed tables").format(round=changed.round))
    if changed.removed:
        say(ngettext("Removed table(s) {tables}", "Removed table(s) {tables}",
                     len(changed.removed)).format(tables=", ".join(map(str, changed.removed))))
    warn_notices(changed.notices)


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
    with store.connect(event_path) as conn:
        pa, pb, until = manual.avoid(conn, player_a, player_b, rounds)
    if as_json:
        print_json(avoid_json(pa, pb, until))
        return
    say((_("{a} and {b} are kept apart through round {round}") if until is not None
         else _("{a} and {b} are kept apart for the whole event")).format(
        a=escape(pa.name), b=escape(pb.name), round=until))
