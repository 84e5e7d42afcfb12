"""``tt formats``: every deck format and its rules, rendered from the definitions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from tt_organizer.cards.games import DIGIMON_2020, load_game_cards
from tt_organizer.cli.options import json_option
from tt_organizer.cli.output import line, print_json, styled
from tt_organizer.formats.model import (
    ColorRule,
    CountRange,
    FormatDefinition,
    GroupRule,
    Requirement,
    ZoneRule,
)
from tt_organizer.formats.registry import DEFAULT_FORMAT, all_formats, get_format
from tt_organizer.i18n import ZONE, Msg, NMsg, Term, translate
from tt_organizer.i18n import gettext as _


class Said(Msg):
    """A rule sentence made of parts (messages, words, codes) joined as they stand: English in
    ``str()`` (what JSON carries), each part in the reader's language when translated."""

    __slots__ = ("parts",)

    def __init__(self, *parts: object) -> None:
        super().__init__("")
        self.parts = parts

    def __str__(self) -> str:
        return "".join(str(part) for part in self.parts)

    def translate(self) -> str:
        """The sentence in the current language."""
        return "".join(translate(part) for part in self.parts)


def _copies(limit: int, identity: str) -> Msg:
    if identity == "name":
        return NMsg("at most {n} card with the same name", "at most {n} cards with the same name",
                    limit, n=limit)
    return NMsg("at most {n} copy per card number", "at most {n} copies per card number",
                limit, n=limit)


def _count(size: CountRange, noun: object = None) -> Msg:
    noun = Msg("cards") if noun is None else noun
    if size.text() == "any number of":
        return Msg("any number of {noun}", noun=noun)
    return Msg("{count} {noun}", count=size.phrase(), noun=noun)


def _identity(fmt: FormatDefinition) -> str:
    return "name" if fmt.copy_identity == "name" else "card number"


def _codes(codes: Sequence[str | None]) -> str:
    return f" [{', '.join(c for c in codes if c)}]"


def zone_rule(fmt: FormatDefinition, zone: ZoneRule) -> Said:
    """One zone as a sentence: size, allowed types and copy limit."""
    types = ", ".join(zone.allowed_types) if zone.allowed_types else Msg("any card type")
    parts: list[object] = [Msg("{zone}: {count} ({types})", zone=Term(zone.label),
                               count=_count(zone.size), types=types)]
    if zone.copy_limit is not None:
        parts += ["; ", _copies(zone.copy_limit, _identity(fmt))]
    codes = [zone.size_code, zone.copies_code]
    if len(fmt.zones) == 1 and zone.allowed_types:
        codes.append("WRONG_ZONE")
    return Said(*parts, _codes(codes))


def group_rule(fmt: FormatDefinition, zone: ZoneRule, group: GroupRule) -> Said:
    """One group of a zone (e.g. the Tamers of the pile) as a sentence."""
    parts: list[object] = []
    if group.count is not None:
        parts.append(_count(group.count, Term(group.label)))
    if group.copy_limit == 1:
        parts.append(Msg("all different names") if _identity(fmt) == "name"
                     else Msg("all different card numbers"))
    elif group.copy_limit is not None:
        parts.append(_copies(group.copy_limit, _identity(fmt)))
    joined: list[object] = [Msg("{zone}, {group}: ", zone=Term(zone.label),
                                group=Term(group.label))]
    for i, part in enumerate(parts):
        joined += ["; ", part] if i else [part]
    codes = [c for c in (group.count_code, group.copies_code) if c]
    return Said(*joined, _codes(codes) if codes else "")


def requirement_rule(req: Requirement) -> Said:
    """A deck-wide requirement as a sentence, with the event setting that may cap it."""
    bounded = req.count.min is not None or req.count.max is not None
    parts: list[object] = [_count(req.count, Term(req.label)) if bounded else
                           Msg("{requirement}: no fixed limit", requirement=Term(req.label))]
    if req.max_setting:
        parts.append(Msg("; an event may cap the number (setting {setting}=N)",
                         setting=req.max_setting))
    return Said(*parts, _codes([req.code]))


def color_rule(fmt: FormatDefinition, rule: ColorRule) -> Said:
    """The colour requirement as a sentence."""
    providers: Msg | None = None
    for z, types in rule.providers.items():
        one = Msg("{types} of the {zone}", types="/".join(types),
                  zone=Term(getattr(fmt.zone(z), "label", z), ZONE))
        providers = one if providers is None else Msg("{a} or {b}", a=providers, b=one)
    excluded = (Msg(" (not {types})", types="/".join(rule.exclude_types))
                if rule.exclude_types else "")
    return Said(Msg("each colour of each {types}{excluded} must be carried by a {providers} "
                    "({severity} unless --strict-colors)", types="/".join(rule.check_types),
                    excluded=excluded, providers=providers or "", severity=Term(rule.severity)),
                _codes([rule.code]))


def card_data_rule(fmt: FormatDefinition) -> Msg:
    """Where the format's card data comes from, and whether it is there."""
    if fmt.game == DIGIMON_2020:
        return Msg("card data: the shipped Digimon Card Game database")
    try:
        db = load_game_cards(fmt.game)
    except Exception as exc:  # a damaged import must not hide the format list
        return Msg("card data: the imported card list of {game} cannot be read ({error})",
                   game=fmt.game, error=exc)
    if db is None:
        return Msg("card data: none imported (`tt cards import FILE.csv --game {game}`); "
                   "without it only rules needing no card data are checked", game=fmt.game)
    return Msg("card data: organizer's card list of {game}, {n} cards", game=fmt.game,
               n=len(db))


def format_rule_words(fmt: FormatDefinition) -> list[Msg]:
    """Every rule of ``fmt`` as a sentence kept for the reader's language (``str()``: the
    English of :func:`format_rules`)."""
    rules: list[Msg] = []
    for zone in fmt.zones:
        rules.append(zone_rule(fmt, zone))
        rules += [group_rule(fmt, zone, g) for g in zone.groups]
    if len(fmt.zones) > 1:
        homes = [Msg("{types} only in the {zone}", types=", ".join(z.allowed_types),
                     zone=Term(z.label, ZONE)) for z in fmt.zones if z.allowed_types]
        if homes:
            joined: list[object] = [Msg("card types: ")]
            for i, home in enumerate(homes):
                joined += ["; ", home] if i else [home]
            rules.append(Said(*joined, " [WRONG_ZONE]"))
    rules += [requirement_rule(r) for r in fmt.requirements]
    if fmt.color_rule is not None:
        rules.append(color_rule(fmt, fmt.color_rule))
    if fmt.use_banlist:
        rules.append(Said(Msg("Bandai's banned / restricted / banned-pair list applies"),
                          " [BANNED, RESTRICTED, BANNED_PAIR]"))
    else:
        rules.append(Msg("no ban list"))
    if fmt.card_copy_limits:
        rules.append(Said(Msg("a card whose own text allows more copies may exceed the copy "
                              "limit"), " [CARD_COPIES]"))
    return rules


def format_rules(fmt: FormatDefinition) -> list[str]:
    """Every rule of ``fmt`` as a sentence, read from its structured definition (English)."""
    return [str(rule) for rule in format_rule_words(fmt)]


def format_summary(fmt: FormatDefinition) -> dict[str, Any]:
    """JSON-ready description of ``fmt``: identity, rendered rules and the full definition."""
    return {
        "id": fmt.id,
        "name": fmt.name,
        "version": fmt.version,
        "game": fmt.game,
        "description": fmt.description,
        "copy_identity": fmt.copy_identity,
        "rules": format_rules(fmt),
        "card_data": str(card_data_rule(fmt)),
        "rules_text": list(fmt.rules_text),
        "definition": fmt.to_dict(as_json=True),
    }


@click.command("formats")
@click.argument("format_ids", nargs=-1, metavar="[FORMAT]...")
@json_option
def formats(format_ids: tuple[str, ...], as_json: bool) -> None:
    """List every deck format (or only FORMAT...) with its rules, read from the definitions."""
    if format_ids:
        chosen = [get_format(f) for f in format_ids]
    else:  # the default first, then the other Digimon Card Game formats, then other games
        chosen = sorted(
            all_formats().values(),
            key=lambda f: (f.id != DEFAULT_FORMAT, f.game != DIGIMON_2020, f.id),
        )
    if as_json:
        print_json([format_summary(f) for f in chosen])
        return
    for fmt in chosen:
        default = _(" (default)") if fmt.id == DEFAULT_FORMAT else ""
        version = f" {fmt.version}" if fmt.version else ""
        line()
        line(f"{styled(fmt.id, 'bold')}{default} — {fmt.name}{version} "
             + styled(_("(game {game})").format(game=fmt.game), "dim"))
        if fmt.description:
            line(f"  {styled(_(fmt.description), 'dim')}")
        for rule in format_rule_words(fmt):
            line(f"  • {rule.translate()}")
        line(f"  • {card_data_rule(fmt).translate()}")
