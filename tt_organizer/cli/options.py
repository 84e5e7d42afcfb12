"""The options and parameter types of the command line, each defined once: the options
several commands share, the click types of counts and seconds (the rules live in
:mod:`tt_organizer.typed_numbers`, which imports no click), and the deck-check options of
``tt deck validate`` and ``tt deck check-batch``."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import click

from tt_organizer.typed_numbers import MAX_VALUE, NumberError, is_count, parse_count, parse_decimal

# --- shared options ----------------------------------------------------------------------

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


# --- parameter types ---------------------------------------------------------------------


class CountType(click.ParamType):
    """A click parameter of bounded ASCII digits (see :func:`parse_count`): every integer
    option and argument of the command line is one (exit 2 and a message naming the option
    and the range otherwise)."""

    name = "integer"

    def __init__(self, minimum: int = 0, maximum: int = MAX_VALUE) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            text: object = value
        else:
            text = str(value)
        try:
            return parse_count(text, "value", minimum=self.minimum, maximum=self.maximum)
        except NumberError as exc:
            self.fail(exc.message.removeprefix("value: "), param, ctx)

    def __repr__(self) -> str:
        return f"CountType({self.minimum}, {self.maximum})"


class SecondsType(click.ParamType):
    """A click parameter of seconds: ASCII digits and at most one dot, within a range (see
    :func:`parse_decimal`)."""

    name = "seconds"

    def __init__(self, minimum: float, maximum: float) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        if isinstance(value, float):
            return value
        try:
            return parse_decimal(str(value), "value", minimum=self.minimum,
                                 maximum=self.maximum)
        except NumberError as exc:
            self.fail(exc.message.removeprefix("value: "), param, ctx)

    def __repr__(self) -> str:
        return f"SecondsType({self.minimum}, {self.maximum})"


COUNT = CountType()
"""Any count 0..MAX_VALUE (a round, a table, a seed)."""

POSITIVE = CountType(minimum=1)
"""A count from 1 (a table, a round)."""

PORT = CountType(1, 65535)
"""A TCP port."""

RETRIES = CountType(0, 20)
"""How many times a download is tried again."""


# --- the deck-check options --------------------------------------------------------------

format_option = click.option(
    "--format",
    "format_id",
    default=None,
    metavar="FORMAT",
    help="Format definition id (default tamer-tactics-0.9.1; see `tt formats`).",
)

# The decklist shapes of tt_organizer.decklist.parsers.INPUT_FORMATS, spelled out here so that
# defining the option does not import the parsers (a test keeps the two equal).
INPUT_SHAPES = (
    "digimoncard.io", "digimoncard.dev", "digimoncard.app", "digimonmeta", "untap", "plain",
    "tts", "csv", "xlsx", "link",
)

input_format_option = click.option(
    "--input-format",
    type=click.Choice(INPUT_SHAPES, case_sensitive=False),
    default=None,
    help="Force the decklist shape instead of auto-detecting it.",
)

strict_colors_option = click.option(
    "--strict-colors", is_flag=True, help="Make COLOR_REQUIREMENT an error instead of a warning."
)

strict_names_option = click.option(
    "--strict-names",
    is_flag=True,
    help="Make NAME_MISMATCH (a line's card name is not its number's) an error, not a warning.",
)

auto_zones_option = click.option(
    "--auto-zones",
    is_flag=True,
    help="Ignore section headers and place every card in its zone by card type.",
)

sync_option = click.option(
    "--sync",
    "sync_first",
    is_flag=True,
    help="Refresh the ban list from Bandai first; if that fails, warn and use the cache.",
)

_DECK_CHECK_OPTIONS = (
    format_option,
    banlist_option,
    as_of_option,
    cache_option,
    strict_colors_option,
    strict_names_option,
    auto_zones_option,
    input_format_option,
    setting_option,
    sync_option,
)


def deck_check_options(func: Callable[..., object]) -> Callable[..., object]:
    """Add every deck-check option to a command; it receives them as ``check_options`` (a
    :class:`~tt_organizer.formats.check.CheckOptions`)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> object:
        # formats.check loads the card, format and decklist models: 15 ms of `tt event
        # report`'s start-up (python -X importtime), which tests/test_startup.py keeps out
        from tt_organizer.formats.check import CheckOptions

        as_of = kwargs.pop("as_of")
        opts = CheckOptions(
            format_id=kwargs.pop("format_id"),
            banlist_pick=kwargs.pop("banlist_pick"),
            as_of=as_of.date() if as_of else None,
            cache=kwargs.pop("cache"),
            strict_colors=kwargs.pop("strict_colors"),
            strict_names=kwargs.pop("strict_names"),
            auto_zones=kwargs.pop("auto_zones"),
            input_format=kwargs.pop("input_format"),
            settings=kwargs.pop("settings"),
            sync_first=kwargs.pop("sync_first"),
        )
        return func(*args, check_options=opts, **kwargs)

    for option in reversed(_DECK_CHECK_OPTIONS):
        wrapper = option(wrapper)
    return wrapper
