"""Card database of the Digimon Card Game (2020): model, number normalisation, lookup."""

from tt_organizer.cards.database import CardDatabase, load_cards
from tt_organizer.cards.model import CARD_TYPES, COLORS, Card
from tt_organizer.cards.numbers import normalize_number

__all__ = ["CARD_TYPES", "COLORS", "Card", "CardDatabase", "load_cards", "normalize_number"]
