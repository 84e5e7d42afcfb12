"""``tt formats``: every deck format and its rules, rendered from the definitions."""

from __future__ import annotations

from typing import Any

import click

from tt_organizer.cards.games import DIGIMON_2020
from tt_organizer.cli.options import json_option
from tt_organizer.formats.model import (
    ColorRule,
    CountRange,
    FormatDefinition,
    GroupRule,
    Requirement,
    ZoneRule,
)


def _copies(limit: int, identity: str) -> str:
    if identity == "name":
        return f"at most {limit} {'card' if limit == 1 else 'cards'} with the same name"
    return f"at most {limit} {'copy' if limit == 1 else 'copies'} per {identity}"


def _count(size: CountRange, noun: str = "cards") -> str:
    text = size.text()
    return f"{text} {noun}" if text != "any number of" else f"any number of {noun}"


def _identity(fmt: FormatDefinition) -> str:
    return "name" if fmt.copy_identity == "name" else "card number"


def zone_rule(fmt: FormatDefinition, zone: ZoneRule) -> str:
    """One zone as a sentence: size, allowed types and copy limit."""
    types = ", ".join(zone.allowed_types) if zone.allowed_types else "any card type"
    text = f"{zone.label}: {_count(zone.size)} ({types})"
    if zone.copy_limit is not None:
        text += f"; {_copies(zone.copy_limit, _identity(fmt))}"
    codes = [zone.size_code, zone.copies_code]
    if len(fmt.zones) == 1 and zone.allowed_types:
        codes.append("WRONG_ZONE")
    return text + f" [{', '.join(c for c in codes if c)}]"


def group_rule(fmt: FormatDefinition, zone: ZoneRule, group: GroupRule) -> str:
    """One group of a zone (e.g. the Tamers of the pile) as a sentence."""
    parts = []
    if group.count is not None:
        parts.append(_count(group.count, group.label))
    if group.copy_limit == 1:
        parts.append(f"all different {_identity(fmt)}s")
    elif group.copy_limit is not None:
        parts.append(_copies(group.copy_limit, _identity(fmt)))
    codes = ", ".join(c for c in (group.count_code, group.copies_code) if c)
    return f"{zone.label}, {group.label}: {'; '.join(parts)}" + (f" [{codes}]" if codes else "")


def requirement_rule(req: Requirement) -> str:
    """A deck-wide requirement as a sentence, with the event setting that may cap it."""
    bounded = req.count.min is not None or req.count.max is not None
    text = f"{_count(req.count, req.label)}" if bounded else f"{req.label}: no fixed limit"
    if req.max_setting:
        text += f"; an event may cap the number (setting {req.max_setting}=N)"
    return text + f" [{req.code}]"


def color_rule(fmt: FormatDefinition, rule: ColorRule) -> str:
    """The colour requirement as a sentence."""
    providers = " or ".join(
        f"{'/'.join(types)} of the {getattr(fmt.zone(z), 'label', z)}"
        for z, types in rule.providers.items()
    )
    excluded = f" (not {'/'.join(rule.exclude_types)})" if rule.exclude_types else ""
    return (
        f"each colour of each {'/'.join(rule.check_types)}{excluded} must be carried by a "
        f"{providers} ({rule.severity} unless --strict-colors) [{rule.code}]"
    )


def card_data_rule(fmt: FormatDefinition) -> str:
    """Where the format's card data comes from, and whether it is there."""
    if fmt.game == DIGIMON_2020:
        return "card data: the shipped Digimon Card Game database"
    from tt_organizer.cards.games import load_game_cards

    try:
        db = load_game_cards(fmt.game)
    except Exception as exc:  # a damaged import must not hide the format list
        return f"card data: the imported card list of {fmt.game} cannot be read ({exc})"
    if db is None:
        return (
            f"card data: none imported (`tt cards import FILE.csv --game {fmt.game}`); "
            "without it only rules needing no card data are checked"
        )
    return f"card data: organizer's card list of {fmt.game}, {len(db)} cards"


def format_rules(fmt: FormatDefinition) -> list[str]:
    """Every rule of ``fmt`` as a sentence, read from its structured definition."""
    rules: list[str] = []
    for zone in fmt.zones:
        rules.append(zone_rule(fmt, zone))
        rules += [group_rule(fmt, zone, g) for g in zone.groups]
    if len(fmt.zones) > 1:
        homes = [f"{', '.join(z.allowed_types)} only in the {z.label}" for z in fmt.zones
                 if z.allowed_types]
        if homes:
            rules.append("card types: " + "; ".join(homes) + " [WRONG_ZONE]")
    rules += [requirement_rule(r) for r in fmt.requirements]
    if fmt.color_rule is not None:
        rules.append(color_rule(fmt, fmt.color_rule))
    if fmt.use_banlist:
        rules.append("Bandai's banned / restricted / banned-pair list applies "
                     "[BANNED, RESTRICTED, BANNED_PAIR]")
    else:
        rules.append("no ban list")
    if fmt.card_copy_limits:
        rules.append("a card whose own text allows more copies may exceed the copy limit "
                     "[CARD_COPIES]")
    return rules


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
        "card_data": card_data_rule(fmt),
        "rules_text": list(fmt.rules_text),
        "definition": fmt.model_dump(mode="json"),
    }


@click.command("formats")
@click.argument("format_ids", nargs=-1, metavar="[FORMAT]...")
@json_option
def formats(format_ids: tuple[str, ...], as_json: bool) -> None:
    """List every deck format (or only FORMAT...) with its rules, read from the definitions."""
    from tt_organizer.cli.output import console, escape, print_json
    from tt_organizer.formats.registry import DEFAULT_FORMAT, all_formats, get_format

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
        default = " (default)" if fmt.id == DEFAULT_FORMAT else ""
        version = f" {fmt.version}" if fmt.version else ""
        console.print(
            f"\n[bold]{escape(fmt.id)}[/]{default} — {escape(fmt.name)}{escape(version)} "
            f"[dim](game {escape(fmt.game)})[/]"
        )
        if fmt.description:
            console.print(f"  [dim]{escape(fmt.description)}[/]")
        for rule in format_rules(fmt):
            console.print(f"  • {escape(rule)}")
        console.print(f"  • {escape(card_data_rule(fmt))}")
