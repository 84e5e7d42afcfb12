"""``tt event pairings``: a round's tables (text with the players' points before it, or
``--json``, or the wall sheet with ``--print``), or a change of the current round by hand
with ``--swap / --set / --bye / --unpair``. Each renders the library's read model of the round
(:class:`~tt_organizer.events.paired_rounds.PairedRound`); showing a round loads none of the
pairing's modules (``pairings --json`` is a hot command, ``benchmarks/cli.py``).
"""

from __future__ import annotations

import click

from tt_organizer.cli.event_output import print_round, say, warn_notices
from tt_organizer.cli.options import COUNT, POSITIVE, event_option, json_option
from tt_organizer.cli.output import print_json
from tt_organizer.events import paired_rounds, store
from tt_organizer.events.event_reads import load_event
from tt_organizer.events.store import Connection
from tt_organizer.i18n import gettext as _
from tt_organizer.i18n import ngettext
from tt_organizer.typed_numbers import NumberError, parse_count


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
        shown = paired_rounds.shown_round(conn, round_number, top_cut=top,
                                   json_only=as_json or bool(print_path))
    if print_path:
        from tt_organizer.export.wall import write_wall_pairings  # openpyxl: only to write

        out = write_wall_pairings(load_event(event_path), shown.round, print_path,
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
    from tt_organizer.events import manual, rounds  # the pairing's modules: not to show one

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
    changed = rounds.change_round(conn, change)
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
