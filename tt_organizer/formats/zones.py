"""Place the lines of a parsed decklist into the zones of a format."""

from __future__ import annotations

from tt_organizer.cards.database import CardDatabase
from tt_organizer.decklist.parsed import MAIN, Deck, ParsedDecklist
from tt_organizer.formats.model import FormatDefinition

MAX_SUGGESTED = 20  # unknown card numbers of one deck that get "closest known" suggestions
NO_SECTIONS_NOTE = "the list has no section headers: each card was placed in its zone by card type"


def place_cards(
    parsed: ParsedDecklist,
    cards: CardDatabase | None,
    fmt: FormatDefinition,
    *,
    auto_zones: bool = False,
) -> Deck:
    """Turn a parsed list into a Deck: sections are respected when present, otherwise (or with
    ``auto_zones``, or under a header naming only Tamers) every card goes to the zone its type
    belongs in."""
    zone_ids = [z.id for z in fmt.zones]
    deck = Deck(
        source=parsed.source,
        input_format=parsed.input_format,
        zones={z: {} for z in zone_ids},
        name=parsed.name,
    )
    by_type = not parsed.has_sections or auto_zones
    if not parsed.has_sections and len(zone_ids) > 1:
        deck.notes.append(NO_SECTIONS_NOTE)
    moved: dict[tuple[str, str, str], None] = {}
    for line in parsed.lines:
        card = cards.find(line.number) if cards is not None else None
        number = card.number if card else line.number
        if card:
            deck.cards[number] = card
        elif cards is not None and number not in deck.unknown:
            # suggestions cost ~10 ms each (a spelling search): a list of 2,000 made-up
            # numbers took 26 s, so only the first few unknown numbers get them
            few = len(deck.unknown) < MAX_SUGGESTED
            near = cards.suggest(number, name=line.name) if few else []
            deck.unknown[number] = [_named(cards, n) for n in near]
        section = fmt.section_aliases.get(line.section or "", line.section)
        if section not in zone_ids:
            section = None
        home = fmt.home_zone(card.card_type) if card else None
        if by_type or section is None or line.by_type:
            fallback = MAIN if MAIN in zone_ids else zone_ids[0]
            zone = home.id if home else (section or fallback)
            if auto_zones and section is not None and zone != section:
                moved[(number, section, zone)] = None
        else:
            zone = section
        deck.zones[zone][number] = deck.zones[zone].get(number, 0) + line.count
    deck.moved = list(moved)
    for number, src, dst in deck.moved:
        deck.notes.append(
            f"--auto-zones moved {_label(deck, number)} from the {_zone_label(fmt, src)} "
            f"to the {_zone_label(fmt, dst)}"
        )
    return deck


def _named(cards: CardDatabase, number: str) -> str:
    """A suggested number with its card's name (``BT13-009 Huckmon``)."""
    card = cards.find(number)
    return f"{number} {card.name}" if card else number


def _label(deck: Deck, number: str) -> str:
    card = deck.cards.get(number)
    return f"{number} {card.name}" if card else number


def _zone_label(fmt: FormatDefinition, zone_id: str) -> str:
    rule = fmt.zone(zone_id)
    return rule.label if rule else zone_id
