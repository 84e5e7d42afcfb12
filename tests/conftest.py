"""Shared fixtures: the shipped card database, the formats, the shipped ban list, and a
builder for decks written as plain dictionaries."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from tt_organizer.banlist.announcement import BanList
from tt_organizer.banlist.cache import load_banlist
from tt_organizer.cards import CardDatabase, load_cards
from tt_organizer.decklist.parsed import MAIN, PILE, Deck, DeckLine, ParsedDecklist
from tt_organizer.formats.model import FormatDefinition
from tt_organizer.formats.registry import get_format
from tt_organizer.formats.zones import place_cards

# The suite reads tt's messages in English whatever the machine's language (LANGUAGE comes
# first for gettext and touches nothing else, e.g. the paper size); tests/test_i18n*.py set
# the language they test themselves.
os.environ["LANGUAGE"] = "en"

# A legal mono-red Tamer Tactics deck made of real cards.
LEGAL_MAIN = {
    "BT1-009": 4, "BT1-010": 4, "BT1-011": 4, "BT1-012": 4, "BT1-013": 4, "BT1-014": 4,
    "BT1-015": 4, "BT1-016": 4, "BT1-017": 4, "BT1-018": 4, "BT1-019": 4,
    "BT1-091": 2, "BT1-092": 2, "BT1-093": 2,
}
LEGAL_PILE = {
    "BT1-085": 1, "BT2-084": 1, "BT4-092": 1, "BT6-087": 1, "BT7-085": 1,
    "BT1-001": 3,
}

DeckBuilder = Callable[..., Deck]
SHIPPED_CACHE = Path(__file__).resolve().parents[1] / "banlist_cache"


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    """A copy of the shipped ban-list cache (the 2026-03-16 list)."""
    folder = tmp_path / "banlist_cache"
    shutil.copytree(SHIPPED_CACHE, folder)
    return folder


def with_changes(base: Mapping[str, int], **changes: int) -> dict[str, int]:
    """Copy ``base`` with counts replaced (``BT1_010=4``: ``_`` stands for ``-``; a count of 0
    removes the card)."""
    out = dict(base)
    for key, count in changes.items():
        number = key.replace("_", "-")
        if count:
            out[number] = count
        else:
            out.pop(number, None)
    return out


@pytest.fixture(scope="session")
def db() -> CardDatabase:
    return load_cards()


@pytest.fixture(scope="session")
def tt_format() -> FormatDefinition:
    return get_format("tamer-tactics-0.9.1")


@pytest.fixture(scope="session")
def std_format() -> FormatDefinition:
    return get_format("standard")


@pytest.fixture(scope="session")
def banlist() -> BanList:
    return load_banlist(pick="2026-03-16")


def parsed_from(
    main: Mapping[str, int], pile: Mapping[str, int] | None, *, sections: bool = True
) -> ParsedDecklist:
    """A ParsedDecklist as a parser would produce it from two sections."""
    lines: list[DeckLine] = []
    n = 0
    for section, cards in ((MAIN, main), (PILE, pile or {})):
        for number, count in cards.items():
            n += 1
            lines.append(DeckLine(count, number, None, section if sections else None, n,
                                  f"{count} {number}"))
    return ParsedDecklist(source="test-deck", input_format="plain", lines=lines,
                          has_sections=sections)


@pytest.fixture
def build_deck(db: CardDatabase, tt_format: FormatDefinition) -> DeckBuilder:
    def _build(
        main: Mapping[str, int] = LEGAL_MAIN,
        pile: Mapping[str, int] | None = LEGAL_PILE,
        *,
        fmt: FormatDefinition = tt_format,
        sections: bool = True,
        auto_zones: bool = False,
    ) -> Deck:
        return place_cards(parsed_from(main, pile, sections=sections), db, fmt,
                           auto_zones=auto_zones)

    return _build
