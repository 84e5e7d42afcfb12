"""``tt event`` commands that pair: ``pair`` (or ``pair --from FILE``, a round paired
elsewhere), ``repair`` with the fewest moves, and the constraint ``avoid``
(``register --bye-rounds`` lives with ``register``; ``check-in`` with the desk's commands,
:mod:`~tt_organizer.cli.event_desk`; a round's tables and changes by hand, ``pairings``, in
:mod:`~tt_organizer.cli.event_round`).

Each renders the library's read model of the round
(:class:`~tt_organizer.events.paired_rounds.PairedRound`): its tables, its ``to_json()``, its
warnings.
"""

from __future__ import annotations

import sys

import click

from tt_organizer.cli.event_output import print_round, say, warn_notices
from tt_organizer.cli.options import CountType, event_option, json_option
from tt_organizer.cli.output import escape, print_json, warn
from tt_organizer.events import constraints, rounds, store
from tt_organizer.events.views import avoid_json
from tt_organizer.i18n import gettext as _
from tt_organizer.i18n import ngettext


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
        pa, pb, until = constraints.avoid(conn, player_a, player_b, rounds)
    if as_json:
        print_json(avoid_json(pa, pb, until))
        return
    say((_("{a} and {b} are kept apart through round {round}") if until is not None
         else _("{a} and {b} are kept apart for the whole event")).format(
        a=escape(pa.name), b=escape(pb.name), round=until))
