"""``tt event`` commands of the registration desk: ``deck`` (give or replace a player's deck)
and ``check-in`` (players, many at once or from a file, before round 1)."""

from __future__ import annotations

import sys

import click

from tt_organizer.cli.event_output import say
from tt_organizer.cli.options import event_option, json_option
from tt_organizer.cli.output import escape, print_json
from tt_organizer.events import check_in, players
from tt_organizer.events.check_in import Missing
from tt_organizer.events.source_words import source_words
from tt_organizer.events.store import connect
from tt_organizer.events.views import check_in_json, deck_change_json
from tt_organizer.i18n import Term, ngettext, translate
from tt_organizer.i18n import gettext as _


@click.command("deck")
@click.argument("name")
@click.argument("file", metavar="FILE|-")
@click.option("--allow-illegal", is_flag=True, help="Accept even an illegal deck (logged).")
@click.option("--override", is_flag=True,
              help="Change a deck after round 1 (from round 2 on, and in the top cut; logged).")
@json_option
@event_option
def deck_cmd(name: str, file: str, allow_illegal: bool, override: bool, as_json: bool,
             event_path: str) -> None:
    """Give NAME a deck, or replace theirs, from FILE (- reads standard input).

    The deck is checked against the event's format and ban list as at registration and the
    change is logged with the deck it replaces. Until round 2 is paired any deck may change;
    afterwards only with --override.
    """
    text = source = None
    path = None
    if file == "-":
        from tt_organizer.decklist.parsers import read_stream

        source = "<stdin>"
        text = read_stream(sys.stdin.buffer, source).decode("utf-8-sig", errors="replace")
    else:
        path = file
    with connect(event_path) as conn:
        change = players.give_deck(conn, name, deck_path=path, deck_text=text,
                                   deck_source=source, allow_illegal=allow_illegal,
                                   override=override)
    if as_json:
        print_json(deck_change_json(change))
        return

    p = change.player
    verdict = ("[green]" + _("legal") + "[/]" if p.deck_legal
               else _("[red]NOT LEGAL[/] ({codes}) — accepted with --allow-illegal "
                      "(logged)").format(codes=", ".join(p.deck_codes)))
    colours = translate(Term("/".join(p.deck_colors))) or "-"
    if change.replaced is not None:
        line = _("#{number} [bold]{name}[/] replaced {old} with deck {file}: {verdict} "
                 "({colours})")
    else:
        line = _("#{number} [bold]{name}[/] now has deck {file}: {verdict} ({colours})")
    say(line.format(number=p.id, name=escape(p.name), old=escape(source_words(change.replaced)),
                    file=escape(source_words(p.deck_source)), verdict=verdict, colours=colours)
        + (_(" [yellow](override, logged)[/]") if change.override else ""))


@click.command("check-in")
@click.argument("names", nargs=-1, metavar="[NAME]…")
@click.option("--from", "from_file", type=click.Path(dir_okay=False, path_type=str),
              default=None, help="Check in every name of a file: a .csv/.xlsx sheet (its name "
              "column; a sign-up sheet will do) or a text file, one name a line.")
@click.option("--no-show", is_flag=True,
              help="Mark the players as not here: set aside when round 1 is paired, deck kept "
                   "(a later `late-entry NAME` brings them back without a file).")
@click.option("--missing", is_flag=True,
              help="Change nothing: list who has not checked in yet (and the no-shows).")
@json_option
@event_option
def check_in_cmd(names: tuple[str, ...], from_file: str | None, no_show: bool, missing: bool,
                 as_json: bool, event_path: str) -> None:
    """Check players in before round 1: NAME…, or every name of --from FILE, at once.

    Once anyone is checked in, pairing round 1 sets aside every player not checked in (a
    no-show always); with nobody checked in, nobody is. A name that matches nobody refuses
    the whole list (nothing is changed). --missing lists who has not checked in yet.
    """
    if missing:
        if names or from_file or no_show:
            raise click.UsageError("--missing lists the players; it takes no NAME, --from "
                                   "or --no-show")
        with connect(event_path) as conn:
            _show_missing(check_in.missing(conn), as_json)
        return
    refs = list(names)
    if from_file:
        from tt_organizer.events.sheet_import import read_names

        refs += read_names(from_file)
    if not refs:
        raise click.UsageError("name the players (NAME…) or give --from FILE")
    with connect(event_path) as conn:
        done = check_in.check_in(conn, refs, no_show=no_show)
    if as_json:
        print_json(check_in_json(done))
        return

    what = _("no-show (set aside when round 1 is paired)") if no_show else _("checked in")
    shown = [p.name for p in done.players]
    if len(shown) == 1:
        say(f"{escape(shown[0])}: {what}")
    elif shown:
        counted = (ngettext("{n} no-show (set aside when round 1 is paired): {names}",
                            "{n} no-show (set aside when round 1 is paired): {names}",
                            len(shown)) if no_show else
                   ngettext("{n} checked in: {names}", "{n} checked in: {names}", len(shown)))
        say(counted.format(n=len(shown), names=escape(", ".join(shown))))
    if done.already:
        say((_("already a no-show: {names}") if no_show else
             _("already checked in: {names}")).format(names=escape(", ".join(done.already))))
    say(_("checked in {checked_in}/{players}").format(checked_in=done.checked_in,
                                                      players=done.registered))


def _show_missing(found: Missing, as_json: bool) -> None:
    """Print who has not checked in (``found``: a :class:`check_in.Missing`)."""
    if as_json:
        print_json(found.to_dict())
        return

    if found.over:
        say(_("round 1 is paired: check-in is over"))
    for title, people in ((ngettext("{n} not checked in:", "{n} not checked in:",
                                    len(found.waiting)), found.waiting),
                          (ngettext("{n} no-show:", "{n} no-shows:", len(found.no_shows)),
                           found.no_shows)):
        if people:
            say(title.format(n=len(people)))
            for p in people:
                say(f"  #{p.id} {escape(p.name)}"
                    + (f" ({escape(p.ext_id)})" if p.ext_id else ""))
    if found.set_aside:
        say(_("set aside when round 1 was paired (late-entry brings them back): "
              "{names}").format(names=escape(", ".join(found.set_aside))))
    if not found.waiting and not found.no_shows and not found.over:
        say(_("everyone has checked in") if found.registered else _("nobody is registered"))
    say(_("checked in {checked_in}/{players}").format(checked_in=found.checked_in,
                                                      players=found.registered))
