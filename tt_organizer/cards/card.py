"""The facts of one card that deck checks need."""

from __future__ import annotations

from dataclasses import dataclass

from tt_organizer.i18n import N_, NP_

CARD_TYPES = ("Digimon", "Tamer", "Option", "Digi-Egg", "Dual")
COLORS = (N_("Red"), N_("Blue"), N_("Yellow"), N_("Green"), N_("Black"), N_("Purple"),
          N_("White"))
# the colours as adjectives inside a sentence (Spanish agrees them: "Option blanca", "Digimon
# blanco"); contexts as i18n.CARD_COLOUR and i18n.BEING_COLOUR
CARD_COLOURS = (NP_("colour of a card", "Red"), NP_("colour of a card", "Blue"),
                NP_("colour of a card", "Yellow"), NP_("colour of a card", "Green"),
                NP_("colour of a card", "Black"), NP_("colour of a card", "Purple"),
                NP_("colour of a card", "White"))
BEING_COLOURS = (NP_("colour of a Digimon or Tamer", "Red"),
                 NP_("colour of a Digimon or Tamer", "Blue"),
                 NP_("colour of a Digimon or Tamer", "Yellow"),
                 NP_("colour of a Digimon or Tamer", "Green"),
                 NP_("colour of a Digimon or Tamer", "Black"),
                 NP_("colour of a Digimon or Tamer", "Purple"),
                 NP_("colour of a Digimon or Tamer", "White"))
DIGIMON_2020 = "digimon-2020"  # the game of the shipped card list
# the files of a card folder (here, light, so that loading cards imports no importer)
CARDS_FILE = "cards.json"
COPY_LIMITS_FILE = "copy_limits.json"
OVERRIDES_FILE = "card_overrides.json"


@dataclass(frozen=True, slots=True)
class Card:
    """One card number: parallel and alternate-art printings fold into it."""

    number: str
    name: str
    card_type: str
    colors: tuple[str, ...]
    level: int | None = None
    rarity: str | None = None
    set_code: str = ""
    copy_limit: int | None = None  # a card whose own text allows more copies (e.g. 50)

    @property
    def color_text(self) -> str:
        """Colours joined with ``/`` (``Red/Blue``)."""
        return "/".join(self.colors)

    def has_type(self, card_type: str) -> bool:
        """True if the card is of ``card_type``; a Dual card is both a Digimon and an Option."""
        if self.card_type == card_type:
            return True
        return self.card_type == "Dual" and card_type in ("Digimon", "Option")

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "number": self.number,
            "name": self.name,
            "type": self.card_type,
            "colors": list(self.colors),
            "level": self.level,
            "rarity": self.rarity,
            "set": self.set_code,
            "copy_limit": self.copy_limit,
        }
