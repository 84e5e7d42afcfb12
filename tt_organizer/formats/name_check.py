"""The name written on a decklist line against the card database's name for its number
(compared as :mod:`tt_organizer.cards.card_names` says). A mismatch is the warning
``NAME_MISMATCH`` naming both names and the nearest card number that does carry the written
name; ``strict`` makes it an error.
"""

from __future__ import annotations

from tt_organizer.cards.card_names import same_name
from tt_organizer.cards.database import CardDatabase
from tt_organizer.cards.numbers import split_number
from tt_organizer.decklist.parsed import ParsedDecklist
from tt_organizer.formats.validator import ERROR, WARNING, Violation
from tt_organizer.i18n import Msg
from tt_organizer.messages import WORDS

NAME_MISMATCH = "NAME_MISMATCH"


def nearest_named(cards: CardDatabase, written: str, number: str) -> str | None:
    """The card number closest to ``number`` (same set first, then by set order) whose name is
    ``written``; None when no card has that name."""
    matches = cards.numbers_named(written)
    if not matches:
        return None
    parts = split_number(number)
    if parts is None:
        return matches[0]
    set_code, index = parts

    def distance(candidate: str) -> tuple[int, int, str]:
        other = split_number(candidate)
        if other is None:
            return (2, 0, candidate)
        return (0 if other[0] == set_code else 1, abs(other[1] - index), candidate)

    return min(matches, key=distance)


def name_mismatches(
    parsed: ParsedDecklist, cards: CardDatabase, *, strict: bool = False
) -> list[Violation]:
    """One NAME_MISMATCH per line whose written name is not its number's card name."""
    out: list[Violation] = []
    for line in parsed.lines:
        if not line.name:
            continue
        card = cards.find(line.number)
        if card is None or same_name(line.name, card.name):
            continue
        nearest = nearest_named(cards, line.name, card.number)
        if nearest:
            message = Msg(WORDS["deck-line-names-but"], line=line.line, text=repr(line.text),
                          name=line.name, number=card.number, card=card.name, nearest=nearest)
        else:
            message = Msg(WORDS["deck-line-names-but-no"], line=line.line, text=repr(line.text),
                          name=line.name, number=card.number, card=card.name)
        out.append(Violation(
            NAME_MISMATCH, str(message), [card.number] + ([nearest] if nearest else []),
            ERROR if strict else WARNING, message,
        ))
    return out
