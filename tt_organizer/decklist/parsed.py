"""What a decklist parser produces and what zone placement turns it into."""

from __future__ import annotations

from dataclasses import dataclass, field

from tt_organizer.cards.card import Card

MAIN = "main"
PILE = "pile"


@dataclass(slots=True)
class DeckLine:
    """One card line of a decklist as written (before zone placement)."""

    count: int
    number: str  # normalised card number (Digimon) or the identifier as written (other games)
    name: str | None
    section: str | None  # MAIN / PILE when under a section header, else None
    line: int  # 1-based line in the source (for JSON arrays: the element's line)
    text: str  # the line as written
    by_type: bool = False  # under a header naming only a card type (``Tamers``): placed by type


@dataclass(slots=True)
class ParsedDecklist:
    """A decklist read from one file, in the order written."""

    source: str
    input_format: str
    lines: list[DeckLine]
    has_sections: bool = False
    name: str | None = None


@dataclass(slots=True)
class Deck:
    """A deck with every card placed in a zone (``main`` / ``pile``), ready to validate."""

    source: str
    input_format: str
    zones: dict[str, dict[str, int]]
    cards: dict[str, Card] = field(default_factory=dict)  # known cards by number
    unknown: dict[str, list[str]] = field(default_factory=dict)  # number -> suggestions
    notes: list[str] = field(default_factory=list)
    moved: list[tuple[str, str, str]] = field(default_factory=list)  # (number, from, to)
    name: str | None = None

    def count(self, number: str) -> int:
        """Copies of ``number`` across all zones."""
        return sum(z.get(number, 0) for z in self.zones.values())

    def numbers(self) -> set[str]:
        """Every card number in the deck."""
        return {n for z in self.zones.values() for n in z}

    def zone(self, zone: str) -> dict[str, int]:
        """Card number -> count for ``zone`` (empty if the zone holds nothing)."""
        return self.zones.get(zone, {})
