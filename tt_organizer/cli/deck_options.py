"""The deck-check options of ``tt deck validate`` and ``tt deck check-batch``, defined once,
and the check context they ask for."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import click

from tt_organizer.cli.options import as_of_option, banlist_option, cache_option, setting_option

if TYPE_CHECKING:
    import datetime as dt

    from tt_organizer.banlist.model import BanList
    from tt_organizer.formats.check import CheckContext

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



@dataclass(frozen=True)
class DeckCheckOptions:
    """What the deck-check options of ``tt deck validate`` / ``check-batch`` asked for."""

    format_id: str | None = None
    banlist_pick: str | None = None
    as_of: dt.date | None = None
    cache: str | None = None
    strict_colors: bool = False
    strict_names: bool = False
    auto_zones: bool = False
    input_format: str | None = None
    settings: dict[str, int] = field(default_factory=dict)
    sync_first: bool = False


def load_check_context(opts: DeckCheckOptions) -> CheckContext:
    """Load the format, card data and ban list the options name (syncing first with --sync);
    warn when the list was derived for --as-of."""
    from tt_organizer.formats.check import load_context

    if opts.sync_first:  # the HTTP and page-parsing modules load only when asked to sync
        from tt_organizer.banlist.sync import sync_before_validate
        from tt_organizer.cli.advice import describe
        from tt_organizer.cli.output import escape, warn

        if failed := sync_before_validate(opts.cache, words=describe):
            warn(escape(failed))
    check = load_context(
        opts.format_id,
        cache=opts.cache,
        banlist_pick=opts.banlist_pick,
        as_of=opts.as_of,
        strict_colors=opts.strict_colors,
        strict_names=opts.strict_names,
        auto_zones=opts.auto_zones,
        input_format=opts.input_format,
        settings=opts.settings,
    )
    note_derived(check.banlist)
    return check


def note_derived(bl: BanList | None) -> None:
    """Warn when the list was derived for --as-of rather than announced as such."""
    from tt_organizer.cli.output import warn

    if bl is not None and bl.note:
        warn(bl.note)


def deck_check_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Add every deck-check option to a command; it receives them as ``check_options``."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        as_of = kwargs.pop("as_of")
        opts = DeckCheckOptions(
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
