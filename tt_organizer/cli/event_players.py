"""``tt event`` commands for the players: ``register`` (one, or a sign-up sheet with
``--from``), ``late-entry``, ``players``, ``drop`` and ``undrop``."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from tt_organizer.cli.advice import describe
from tt_organizer.cli.event_output import say
from tt_organizer.cli.options import event_option, json_option
from tt_organizer.cli.output import colour_on, escape, line, paint, print_json, warn
from tt_organizer.cli.render import print_table
from tt_organizer.errors import EXIT_INVALID, EventError
from tt_organizer.events import drops, entries, renaming
from tt_organizer.events.event_reads import stored_players
from tt_organizer.events.players import Registration
from tt_organizer.events.source_words import source_words
from tt_organizer.events.store import Connection, connect
from tt_organizer.events.views import deck_verdict, players_json, sheet_row_json, sign_up_json
from tt_organizer.i18n import N_, Term, ngettext, translate
from tt_organizer.i18n import gettext as _

if TYPE_CHECKING:
    from tt_organizer.events.sheet_import import SheetRow


def _registration_line(reg: Registration, colour: bool) -> str:
    """One registration as a plain line (ANSI styles when ``colour``), for ``line()``."""
    p = reg.player
    ident = _(" (id {id})").format(id=p.ext_id) if p.ext_id else ""
    line = _("Registered #{number} {name}").format(number=p.id,
                                                   name=paint(p.name, "1", colour)) + ident
    if reg.report is None:
        line += _(": no deck")
    elif p.deck_legal:
        colors = translate(Term("/".join(p.deck_colors))) or "-"
        line += _(": deck {file} {legal} ({colours})").format(
            file=source_words(p.deck_source), legal=paint(_("legal"), "32", colour), colours=colors)
    else:
        line += _(": deck {file} {verdict} ({codes}) — accepted with --allow-illegal "
                  "(logged)").format(file=source_words(p.deck_source),
                                     verdict=paint(_("NOT LEGAL"), "31", colour),
                                     codes=", ".join(p.deck_codes))
    if reg.missed_rounds:
        line += ngettext("; late entry, a loss for round(s) {rounds}",
                         "; late entry, a loss for round(s) {rounds}",
                         len(reg.missed_rounds)).format(
            rounds=", ".join(map(str, reg.missed_rounds)))
    if reg.seated is not None:
        line += _("; seated at table {table} of round {round} (it was the bye)").format(
            table=reg.seated.table, round=reg.seated.round)
    return line


def _register_from(
    conn: Connection, path: str, allow_illegal: bool, late: bool, as_json: bool
) -> int:
    """``register --from``: the sheet registered by the library, its outcome shown per row."""
    from tt_organizer.events.sheet_import import register_sheet  # openpyxl/csv: --from only

    outcome = register_sheet(conn, path, allow_illegal=allow_illegal, late=late)
    for note in outcome.notes:  # a column that looks like decklists, not read
        warn(note)
    if as_json:
        print_json(sign_up_json([
            sheet_row_json(r.row, r.name, r.registration,
                           describe(r.error, shown=False) if r.error else None,
                           action=r.action, replaced_by=r.replaced_by)
            for r in outcome.rows]))
    else:  # plain lines: rich would render each one's markup
        colour = colour_on(sys.stdout)
        lines = [_sheet_row_line(r, colour) for r in outcome.rows]
        if lines:
            line("\n".join(lines))
        counts = [_counted(a, outcome.count(a)) for a in ("new", "updated", "unchanged")]
        counts += [_counted(a, outcome.count(a)) for a in ("replaced", "refused")
                   if outcome.count(a)]
        line(", ".join(counts))
    return EXIT_INVALID if outcome.refused else 0


def _counted(action: str, n: int) -> str:
    """``3 new``: how many rows of a sign-up sheet had ``action``, in the reader's language."""
    shown = {
        "new": ngettext("{n} new", "{n} new", n),
        "updated": ngettext("{n} updated", "{n} updated", n),
        "unchanged": ngettext("{n} unchanged", "{n} unchanged", n),
        "replaced": ngettext("{n} replaced", "{n} replaced", n),
        "refused": ngettext("{n} refused", "{n} refused", n),
    }
    return shown[action].format(n=n)


def _sheet_row_line(r: SheetRow, colour: bool) -> str:
    """One row of a sign-up sheet as ``register --from`` prints it."""
    if r.error is not None:
        return _("row {row}: {refused} — {error}").format(
            row=r.row, refused=paint(_("refused"), "31", colour), error=describe(r.error))
    if r.action == "replaced":
        return _("row {row}: replaced — {name}'s later answer on row {later} counts").format(
            row=r.row, name=r.name, later=r.replaced_by)
    assert r.registration is not None  # a row not refused was registered
    if r.action == "new":
        return _("row {row}: {verdict} — {registration}").format(
            row=r.row, verdict=_(deck_verdict(r.registration.player)),
            registration=_registration_line(r.registration, colour))
    p = r.registration.player
    what = _("unchanged") if r.action == "unchanged" else paint(_("updated"), "33", colour)
    if r.registration.report is not None:  # the deck was replaced
        detail = _("new deck {file} {verdict} ({colours})").format(
            file=source_words(p.deck_source), verdict=_(deck_verdict(p)),
            colours=translate(Term("/".join(p.deck_colors))) or "-")
    else:  # "deck legal", or "no deck" (not "deck no deck")
        verdict = deck_verdict(p)
        detail = (_(verdict) if p.deck_legal is None else
                  _("deck {verdict}").format(verdict=_(verdict))) + (
            _(", id {id}").format(id=p.ext_id) if r.action == "updated" else "")
    return _("row {row}: {what} — #{number} {name}: {detail}").format(
        row=r.row, what=what, number=p.id, name=paint(p.name, "1", colour), detail=detail)


def _register(
    ctx: click.Context, name: str | None, deck: str | None, ext_id: str | None,
    allow_illegal: bool, from_file: str | None, event_path: str, late: bool,
    as_json: bool = False, bye_rounds: Sequence[int] = (),
) -> None:
    with connect(event_path) as conn:
        if from_file:
            if name or deck or ext_id or bye_rounds:
                raise click.UsageError("--from registers the file's rows; give no "
                                       "NAME/--deck/--id/--bye-rounds")
            ctx.exit(_register_from(conn, from_file, allow_illegal, late, as_json))
        if not name:
            raise click.UsageError("give a NAME (or --from FILE)")
        entry = entries.enter_player(conn, name, deck_path=deck, ext_id=ext_id,
                                     allow_illegal=allow_illegal, late=late,
                                     bye_rounds=bye_rounds)
    if as_json:
        print_json(entry.to_json())
        return
    reg = entry.registration
    line(_registration_line(reg, colour_on(sys.stdout)))
    warn_look_alikes(reg)
    if bye_rounds:
        say(ngettext("  a bye in round(s) {rounds} (invited)",
                     "  a bye in round(s) {rounds} (invited)", len(bye_rounds)).format(
            rounds=", ".join(map(str, bye_rounds))))


def warn_look_alikes(reg: Registration) -> None:
    """Warn when a registered name is the new one without case and accents (the same person
    twice?)."""
    if reg.look_alikes:
        warn(_("{names} is registered too, the same name without case and accents: the same "
               "person twice? (see `tt event players`; commands now need each name as "
               "registered)").format(names=" / ".join(reg.look_alikes)))


@click.command("register")
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
    out, the others registered); exit 1 if any was refused. A name answered twice counts by
    its latest answer (the Timestamp column, else the lower row). Import the sheet again as
    it grows: new rows are registered, changed decks replaced, the rest left alone
    ("N new, N updated, N unchanged").
    """
    _register(ctx, name, deck, ext_id, allow_illegal, from_file, event_path, late=False,
              as_json=as_json, bye_rounds=check_bye_rounds(bye_rounds))


@click.command("late-entry")
@click.argument("name")
@click.option("--deck", type=click.Path(dir_okay=False, path_type=str), default=None)
@click.option("--id", "ext_id", default=None)
@click.option("--allow-illegal", is_flag=True, help="Register even an illegal deck (logged).")
@json_option
@event_option
@click.pass_context
def late_entry(ctx: click.Context, name: str, deck: str | None, ext_id: str | None,
               allow_illegal: bool, as_json: bool, event_path: str) -> None:
    """Add a player after pairing began: a loss for every round already paired.

    While the current round is played, a late player takes its bye: they are seated against
    the bye player (that table becomes a match) and play this round. A no-show set aside at
    check-in comes back with the deck they registered (no --deck needed).
    """
    _register(ctx, name, deck, ext_id, allow_illegal, None, event_path, late=True,
              as_json=as_json)


@click.command("players")
@json_option
@event_option
def players(as_json: bool, event_path: str) -> None:
    """List the players and their decks."""
    with connect(event_path) as conn:
        rows = stored_players(conn)
    if as_json:
        print_json(players_json(rows))
        return
    shown = []
    for p in rows:
        legal = {None: "-", True: _("yes"),
                 False: _("NO ({codes})").format(codes=", ".join(p.deck_codes))}[p.deck_legal]
        state = (_("dropped after R{round}").format(round=p.dropped_round) if p.dropped
                 else _("active"))
        if p.late_entry_round:
            state += _(", late (from R{round})").format(round=p.late_entry_round)
        shown.append((str(p.id), p.name, p.ext_id or "", p.pin or "", source_words(p.deck_source),
                      legal, translate(Term("/".join(p.deck_colors))), state))
    print_table(_("{n} players").format(n=len(rows)),
                [(_(col), "right" if col == "#" else "left") for col in
                 ("#", N_("Name"), N_("ID"), N_("PIN"), N_("Deck"), N_("Legal"), N_("Colours"),
                  N_("Status"))], shown)


def _player_ref(name: str | None, ext_id: str | None) -> tuple[str, bool]:
    if (name is None) == (ext_id is None):
        raise click.UsageError("give a NAME or --id ID")
    return (name, False) if name is not None else (str(ext_id), True)


@click.command("drop")
@click.argument("name", required=False)
@click.option("--id", "ext_id", default=None, help="Match the player by id instead of name.")
@json_option
@event_option
def drop_cmd(name: str | None, ext_id: str | None, as_json: bool, event_path: str) -> None:
    """Drop a player from the next pairing on (they stay in the standings)."""
    _player_ref(name, ext_id)
    drop_player(name=name, ext_id=ext_id, as_json=as_json, event_path=event_path)


def drop_player(*, name: str | None, ext_id: str | None, as_json: bool,
                event_path: str) -> None:
    """``tt event drop NAME`` / ``--id ID`` (exactly one of them): drop a player from the next
    pairing on, warning when they are still seated in the current round (one
    :class:`~tt_organizer.events.drops.DropChange`, shown as the console shows it)."""
    by_id = name is None
    with connect(event_path) as conn:
        done = drops.drop(conn, str(ext_id) if by_id else str(name), by_id=by_id)
    for n in done.notices:
        warn(n.shown() + (_(", or `tt event repair` to re-pair just their opponent")
                          if n.code == "drop-still-paired" else ""))
    if as_json:
        print_json(done.to_json())
        return
    line(done.headline.shown())


@click.command("undrop")
@click.argument("name", required=False)
@click.option("--id", "ext_id", default=None, help="Match the player by id instead of name.")
@json_option
@event_option
def undrop_cmd(name: str | None, ext_id: str | None, as_json: bool, event_path: str) -> None:
    """Take back a drop; the player is paired again from the next pairing."""
    ref, by_id = _player_ref(name, ext_id)
    with connect(event_path) as conn:
        done = drops.undrop(conn, ref, by_id=by_id)
    if as_json:
        print_json(done.to_json())
        return
    line(done.headline.shown())


@click.command("rename")
@click.argument("old")
@click.argument("new")
@json_option
@event_option
def rename_cmd(old: str, new: str, as_json: bool, event_path: str) -> None:
    """Rename the player OLD to NEW (logged): a name spelt better, or corrected.

    OLD is found as every command finds a name (case and accents aside). Refused when NEW is
    another player's name, case and accents aside. Results, deck and PIN stay the player's.
    """
    with connect(event_path) as conn:
        done = renaming.rename_player(conn, old, new)
    if as_json:
        print_json(done.to_dict())
        return
    if not done.changed:
        say(_("#{id} is already called {name}: nothing changed").format(
            id=done.player_id, name=escape(done.new)))
        return
    say(_("#{id} {old} is now {new}").format(id=done.player_id, old=escape(done.old),
                                              new=escape(done.new)))


def check_bye_rounds(text: str | None) -> list[int]:
    """Parse ``register --bye-rounds`` (usage error when malformed)."""
    if text is None:
        return []
    from tt_organizer.events import constraints

    try:
        return constraints.parse_rounds(text)
    except EventError as exc:
        raise click.BadParameter(describe(exc), param_hint="--bye-rounds") from None
