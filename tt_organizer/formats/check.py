"""Check decklist files end to end: parse, place into zones, validate. Used by the CLI, the
batch check and event registration alike."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tt_organizer.banlist.announcement import BanList
from tt_organizer.cards.card import DIGIMON_2020
from tt_organizer.cards.database import CardDatabase, load_cards
from tt_organizer.cards.numbers import normalize_number
from tt_organizer.decklist.parsed import ParsedDecklist
from tt_organizer.formats.model import FormatDefinition
from tt_organizer.formats.name_check import name_mismatches
from tt_organizer.formats.registry import get_format
from tt_organizer.formats.validator import ERROR, ValidationReport, validate_deck
from tt_organizer.formats.zones import place_cards

if TYPE_CHECKING:
    import datetime as dt
    from pathlib import Path
    from typing import Any

    from tt_organizer.errors import TTError


@dataclass
class CheckContext:
    """Everything a deck check needs, loaded once and reused for many decks."""

    fmt: FormatDefinition
    cards: CardDatabase | None
    banlist: BanList | None
    normalize: Callable[[str], str | None] = normalize_number
    strict_colors: bool = False
    auto_zones: bool = False
    input_format: str | None = None
    settings: Mapping[str, int] = field(default_factory=dict)
    strict_names: bool = False  # NAME_MISMATCH an error instead of a warning
    warnings: tuple[str, ...] = ()  # what loading it warned of (a failed sync, a derived list)


def cards_for_game(game: str) -> tuple[CardDatabase | None, Callable[[str], str | None]]:
    """The card database and number normaliser of ``game`` (None when no card list exists)."""
    if game == DIGIMON_2020:
        return load_cards(), normalize_number
    from tt_organizer.cards.games import game_cards_and_normalizer

    return game_cards_and_normalizer(game)


def load_context(
    format_id: str | None = None,
    *,
    cache: str | Path | None = None,
    banlist_pick: str | None = None,
    as_of: dt.date | None = None,
    strict_colors: bool = False,
    auto_zones: bool = False,
    input_format: str | None = None,
    settings: Mapping[str, int] | None = None,
    strict_names: bool = False,
) -> CheckContext:
    """Load the format, its card data and the ban list in force (newest cached by default);
    InputError for settings the format does not have."""
    fmt = get_format(format_id)
    fmt.check_settings(settings or {})
    cards, normalize = cards_for_game(fmt.game)
    banlist = None
    if fmt.use_banlist:
        from tt_organizer.banlist.cache import load_banlist

        banlist = load_banlist(cache, pick=banlist_pick, as_of=as_of)
    return CheckContext(
        fmt=fmt,
        cards=cards,
        banlist=banlist,
        normalize=normalize,
        strict_colors=strict_colors,
        auto_zones=auto_zones,
        input_format=input_format,
        settings=dict(settings or {}),
        strict_names=strict_names,
    )


@dataclass(frozen=True)
class CheckOptions:
    """What a deck check was asked for (``tt deck validate`` / ``check-batch``'s options)."""

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


def open_check(opts: CheckOptions, *, words: Callable[[TTError], str] = str) -> CheckContext:
    """The check context ``opts`` ask for: the ban list synced first when asked (a failed sync
    is a warning, worded by ``words``, and the check goes on with the cached list), then
    :func:`load_context`; its ``warnings`` say what the sync or a list derived for
    ``as_of`` (its note) gives the reader to know."""
    warnings: list[str] = []
    if opts.sync_first:  # the HTTP and page-parsing modules load only when asked to sync
        from tt_organizer.banlist.page_sync import sync_before_validate

        if failed := sync_before_validate(opts.cache, words=words):
            warnings.append(failed)
    ctx = load_context(opts.format_id, cache=opts.cache, banlist_pick=opts.banlist_pick,
                       as_of=opts.as_of, strict_colors=opts.strict_colors,
                       strict_names=opts.strict_names, auto_zones=opts.auto_zones,
                       input_format=opts.input_format, settings=opts.settings)
    if ctx.banlist is not None and ctx.banlist.note:
        warnings.append(ctx.banlist.note)
    ctx.warnings = tuple(warnings)
    return ctx


def check_parsed(parsed: ParsedDecklist, ctx: CheckContext) -> ValidationReport:
    """Place and validate an already parsed decklist."""
    deck = place_cards(parsed, ctx.cards, ctx.fmt, auto_zones=ctx.auto_zones)
    report = validate_deck(
        deck,
        ctx.fmt,
        ctx.banlist,
        strict_colors=ctx.strict_colors,
        settings=ctx.settings,
        have_card_data=ctx.cards is not None,
    )
    if ctx.cards is not None:
        for issue in name_mismatches(parsed, ctx.cards, strict=ctx.strict_names):
            (report.errors if issue.severity == ERROR else report.warnings).append(issue)
    return report


def unreadable_json(source: str, ctx: CheckContext, error: str) -> dict[str, Any]:
    """The ``tt deck validate --json`` entry of a file that could not be read (beside the
    reports' :meth:`ValidationReport.to_dict` entries); ``error`` is the front-end's wording
    of the refusal."""
    return {"file": source, "format": ctx.fmt.id, "legal": None, "error": error}


def check_file(path: str | Path, ctx: CheckContext) -> ValidationReport:
    """Read, place and validate one decklist file (InputError if it cannot be read)."""
    from tt_organizer.decklist.parsers import read_decklist

    parsed = read_decklist(path, input_format=ctx.input_format, normalize=ctx.normalize)
    return check_parsed(parsed, ctx)


def check_text(text: str, ctx: CheckContext, *, source: str = "<text>") -> ValidationReport:
    """Parse, place and validate decklist text (InputError if it cannot be read)."""
    from tt_organizer.decklist.parsers import parse_decklist

    parsed = parse_decklist(text, source=source, input_format=ctx.input_format,
                            normalize=ctx.normalize)
    return check_parsed(parsed, ctx)


def check_bytes(
    data: bytes, ctx: CheckContext, *, source: str, suffix: str = ""
) -> ValidationReport:
    """Parse, place and validate the bytes of a decklist file (a zip member, standard input);
    ``suffix`` is the file name's (``.json``, ``.xlsx``). InputError if it cannot be read."""
    from tt_organizer.decklist.parsers import parse_decklist_bytes

    parsed = parse_decklist_bytes(data, source=source, input_format=ctx.input_format,
                                  normalize=ctx.normalize, suffix=suffix)
    return check_parsed(parsed, ctx)
