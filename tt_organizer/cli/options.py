"""Options shared by several commands, defined once."""

from __future__ import annotations

import click

from tt_organizer.numbers import is_count, parse_count

json_option = click.option(
    "--json", "as_json", is_flag=True, help="Print JSON for machines instead of tables."
)

cache_option = click.option(
    "--cache",
    "cache",
    type=click.Path(file_okay=False, path_type=str),
    envvar="TT_BANLIST_CACHE",
    default=None,
    help="Ban-list cache folder (env TT_BANLIST_CACHE; default the shipped banlist_cache/).",
)

banlist_option = click.option(
    "--banlist",
    "banlist_pick",
    default=None,
    metavar="DATE|FILE",
    help="Validate against this cached announcement (YYYY-MM-DD) or ban-list JSON file.",
)

as_of_option = click.option(
    "--as-of",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    default=None,
    help="Use the ban list that was in force on this date (YYYY-MM-DD).",
)

event_option = click.option(
    "--event",
    "event_path",
    type=click.Path(dir_okay=False, path_type=str),
    envvar="TT_EVENT",
    default="event.sqlite",
    show_default=True,
    help="Event database file (env TT_EVENT).",
)


def _parse_settings(
    ctx: click.Context, param: click.Parameter, values: tuple[str, ...]
) -> dict[str, int]:
    settings: dict[str, int] = {}
    for item in values:
        key, sep, value = item.partition("=")
        key = key.strip()
        number = parse_count(value, key) if is_count(value) else None
        if not sep or not key or number is None:
            raise click.BadParameter(f"{item!r}: expected KEY=NUMBER, e.g. max_ultimates=2")
        settings[key] = number
    return settings


setting_option = click.option(
    "--setting",
    "settings",
    multiple=True,
    metavar="KEY=VALUE",
    callback=_parse_settings,
    help="A format setting, e.g. max_ultimates=2 (repeatable; see `tt formats`).",
)
