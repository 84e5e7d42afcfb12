"""``tt event settings``: the event's language (what it prints, exports and shows)."""

from __future__ import annotations

import click

from tt_organizer.cli.event_output import say
from tt_organizer.cli.options import event_option, json_option


@click.command("settings")
@click.option("--language", default=None, metavar="LANG",
              help="Change the language of what the event prints, exports and shows (en, es).")
@json_option
@event_option
def settings_command(language: str | None, as_json: bool, event_path: str) -> None:
    """Show the event's language, or change it with --language."""
    from tt_organizer.events import store
    from tt_organizer.events.setup import change_language

    with store.connect(event_path) as conn:
        s = change_language(conn, language) if language else store.read_settings(conn)
    if as_json:
        from tt_organizer.cli.output import print_json
        from tt_organizer.events.views import language_json

        print_json(language_json(event_path, s))
        return
    from tt_organizer.cli.setting_words import language_name
    from tt_organizer.i18n import gettext as _

    say(_("Event language: {language}").format(language=language_name(s.language)))
