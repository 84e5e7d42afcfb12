"""``tt event settings``: the event's language (what it prints, exports and shows) and
whether players may report an intentional draw on their phones."""

from __future__ import annotations

import click

from tt_organizer.cli.event_output import say
from tt_organizer.cli.options import event_option, json_option
from tt_organizer.cli.output import print_json
from tt_organizer.cli.setting_words import language_name
from tt_organizer.events.event_reads import stored_settings
from tt_organizer.events.setup import change_intentional_draws, change_language
from tt_organizer.events.store import connect
from tt_organizer.events.views import language_json
from tt_organizer.i18n import gettext as _


@click.command("settings")
@click.option("--language", default=None, metavar="LANG",
              help="Change the language of what the event prints, exports and shows (en, or one "
                   "tt has a catalog for, such as es or zh).")
@click.option("--intentional-draws", type=click.Choice(["yes", "no"]), default=None,
              help="Let players report an intentional draw (0-0-0: a draw, no game played) "
                   "on their phones (default no; the organizer's own entry always accepts "
                   "it).")
@json_option
@event_option
def settings_command(language: str | None, intentional_draws: str | None, as_json: bool,
                     event_path: str) -> None:
    """Show the event's language and whether phones offer an intentional draw; change them
    with --language and --intentional-draws."""
    with connect(event_path) as conn:
        s = change_language(conn, language) if language else stored_settings(conn)
        if intentional_draws is not None:
            s = change_intentional_draws(conn, intentional_draws == "yes")
    if as_json:
        print_json(language_json(event_path, s))
        return
    say(_("Event language: {language}").format(language=language_name(s.language)))
    say(_("Intentional draws reported on phones: {allowed}").format(
        allowed=_("yes") if s.intentional_draws else _("no")))
