"""Card database of the Digimon Card Game (2020): model, number normalisation, lookup.

The names below load their module on first use, so that importing one submodule (say
``tt_organizer.cards.numbers``) does not load the others."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

    from tt_organizer.cards.card import CARD_TYPES, COLORS, Card
    from tt_organizer.cards.database import CardDatabase, load_cards
    from tt_organizer.cards.numbers import normalize_number

_WHERE = {
    "CardDatabase": "database", "load_cards": "database", "CARD_TYPES": "card",
    "COLORS": "card", "Card": "card", "normalize_number": "numbers",
}
__all__ = ["CARD_TYPES", "COLORS", "Card", "CardDatabase", "load_cards", "normalize_number"]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
