"""Offline card lookup: load the shipped ``data/cards.json`` once, look up by any spelling."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from tt_organizer.cards.card import (
    CARD_TYPES,
    CARDS_FILE,
    COLORS,
    COPY_LIMITS_FILE,
    OVERRIDES_FILE,
    Card,
)
from tt_organizer.cards.card_names import name_key
from tt_organizer.cards.numbers import normalize_number, split_number
from tt_organizer.errors import InputError, UnknownCardError
from tt_organizer.i18n import N_, Term
from tt_organizer.paths import data_folder
from tt_organizer.records import matches_record

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any


class LazyCards(Mapping[str, Card]):
    """The rows of a card file by number, each made a :class:`Card` when first looked up (a
    deck check builds only the cards its deck names)."""

    def __init__(self, rows: list[list[Any]] | Mapping[str, Any], copy_limits: dict[str, int],
                 overrides: dict[str, dict[str, Any]] | None = None) -> None:
        # number -> row, or the row's JSON text (see read_card_index)
        self._rows = rows if isinstance(rows, Mapping) else {str(r[0]): r for r in rows}
        self._limits = copy_limits
        self._fixes = overrides or {}
        self._built: dict[str, Card] = {}

    def __getitem__(self, number: str) -> Card:
        card = self._built.get(number)
        if card is None:
            row = self._rows[number]
            if isinstance(row, str):
                row = json.loads(row)
            card = self._built[number] = _card(row, self._limits, self._fixes)
        return card

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def __contains__(self, number: object) -> bool:
        return number in self._rows


class CardDatabase:
    """All cards of one game, keyed by canonical card number."""

    def __init__(self, cards: Iterable[Card] | LazyCards, *, game: str = "digimon-2020"
                 ) -> None:
        self.game = game
        self._cards: Mapping[str, Card] = (
            cards if isinstance(cards, LazyCards) else {c.number: c for c in cards}
        )
        self._by_set: dict[str, list[Card]] | None = None
        self._by_name: dict[str, list[str]] | None = None

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards.values())

    def __contains__(self, number: object) -> bool:
        return isinstance(number, str) and self.find(number) is not None

    def find(self, raw: str) -> Card | None:
        """The card for any spelling of its number, or None."""
        card = self._cards.get(raw)
        if card is not None:
            return card
        number = normalize_number(raw)
        if number is None:
            return self._cards.get(raw.strip().upper())
        return self._cards.get(number)

    def get(self, raw: str) -> Card:
        """The card for ``raw``; UnknownCardError (with the closest numbers) if none."""
        card = self.find(raw)
        if card is None:
            number = normalize_number(raw) or raw.strip().upper()
            raise UnknownCardError(number, self.suggest(raw))
        return card

    def suggest(self, raw: str, n: int = 3, name: str | None = None) -> list[str]:
        """Closest known card numbers to ``raw``: first the cards called ``name`` (the name on
        the decklist line, when given; those of ``raw``'s set first, then by spelling), then
        neighbours in its set, else numbers by spelling."""
        import difflib  # only when a number is unknown

        key = normalize_number(raw) or raw.strip().upper()
        parts = split_number(raw)
        named = self.numbers_named(name) if name else []
        if named:
            set_code = parts[0] if parts is not None else ""
            named = sorted(named, key=lambda number: (
                not number.startswith(f"{set_code}-"),
                -difflib.SequenceMatcher(None, key, number).ratio(), number))
        if parts is not None:
            set_code, index = parts
            same_set = self.by_set().get(set_code, [])
            if same_set:
                near = sorted(same_set, key=lambda c: abs(int(c.number.rsplit("-", 1)[1]) - index))
                return list(dict.fromkeys([*named, *(c.number for c in near[:n])]))[:n]
        spelled = difflib.get_close_matches(key, list(self._cards), n=n, cutoff=0.5)
        return list(dict.fromkeys([*named, *spelled]))[:n]

    def by_set(self) -> dict[str, list[Card]]:
        """Cards grouped by set code, each group in number order."""
        if self._by_set is None:
            groups: dict[str, list[Card]] = {}
            for card in self._cards.values():
                groups.setdefault(card.set_code or card.number.split("-")[0], []).append(card)
            self._by_set = groups
        return self._by_set

    def numbers_named(self, name: str) -> list[str]:
        """Card numbers whose name is ``name`` (compared by :func:`names.name_key`)."""
        if self._by_name is None:
            index: dict[str, list[str]] = {}
            for card in self._cards.values():
                index.setdefault(name_key(card.name), []).append(card.number)
            self._by_name = index
        return self._by_name.get(name_key(name), [])

    def search(
        self,
        text: str = "",
        *,
        color: str | None = None,
        card_type: str | None = None,
        level: int | None = None,
        set_code: str | None = None,
    ) -> list[Card]:
        """Cards matching every word of ``text`` (a colour, a type, a set or part of the name)
        and every given filter, in number order. An unknown ``color`` or ``card_type`` is an
        InputError (it would silently match nothing)."""
        colors = {c.lower(): c for c in COLORS}
        types = {t.lower(): t for t in CARD_TYPES}
        types.update({"egg": "Digi-Egg", "digiegg": "Digi-Egg", "eggs": "Digi-Egg"})
        want_colors = {_choose(color, colors, N_("colour"))} if color else set()
        want_type = _choose(card_type, types, N_("card type")) if card_type else None
        words: list[str] = []
        for word in text.split():
            low = word.lower()
            if low in colors:
                want_colors.add(colors[low])
            elif low in types and want_type is None:
                want_type = types[low]
            else:
                words.append(low)
        out = []
        for card in self._cards.values():
            if want_type and not card.has_type(want_type):
                continue
            if want_colors and not want_colors <= set(card.colors):
                continue
            if level is not None and card.level != level:
                continue
            if set_code and card.set_code.upper() != set_code.upper():
                continue
            hay = f"{card.name} {card.number}".lower()
            if all(w in hay for w in words):
                out.append(card)
        return out


def _choose(value: str, choices: dict[str, str], what: str) -> str:
    """The canonical spelling of ``value`` among ``choices`` (lower-case key -> spelling)."""
    key = value.strip().lower()
    if key not in choices:
        known = ", ".join(dict.fromkeys(choices.values()))
        raise InputError("unknown-choice", what=Term(what), value=repr(value), choices=known)
    return choices[key]


def _card(r: list[Any], limits: dict[str, int], fixes: dict[str, dict[str, Any]]) -> Card:
    """One row of a card file as a card: its copy limit from the row (the source's max-count
    field or rule text) unless ``limits`` (copy_limits.json) overrides it, and any field a
    local fix (card_overrides.json) gives replaced."""
    card = Card(
        number=r[0],
        name=r[1],
        card_type=r[2],
        colors=tuple(r[3].split("/")) if r[3] else (),
        level=r[4],
        rarity=r[5],
        set_code=r[6],
        copy_limit=limits.get(r[0], r[7] if len(r) > 7 else None),
    )
    return apply_override(card, fixes[r[0]]) if r[0] in fixes else card


def read_card_index(path: str | Path) -> Mapping[str, Any]:
    """Card number -> row of a ``cards.json``. A file whose bytes match the checksum recorded
    when it was written and checked (by the importer, a sync or
    ``scripts/record_checksums.py``), in the writer's one-row-a-line layout, is indexed by its
    lines (:class:`CardLines`) and each row found and parsed when looked up: a deck check
    parses the rows its deck names, not 4,000. Any other file is parsed and checked whole
    (:func:`read_card_rows`)."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except FileNotFoundError:
        raise InputError("no-card-database", file=str(path)) from None
    if matches_record(path, data):
        lines = CardLines.of(data.decode("utf-8", errors="replace"))
        if lines is not None:
            return lines
    return {str(r[0]): r for r in read_card_rows(path, data)}


_ROWS_START = '\n "cards": [\n'


class CardLines(Mapping[str, str]):
    """Number -> JSON text of each row of a trusted file written by
    :func:`tt_organizer.atomic.write_json_atomic` (``compact``: one row a line, ``  ["number",
    ...``; a row's text holds no raw newline, JSON escapes it). A look-up searches the text for
    its line; the full index is built to list every number, or on the first miss."""

    def __init__(self, text: str, start: int) -> None:
        self._text = text
        self._start = start
        self._all: dict[str, str] | None = None

    @classmethod
    def of(cls, text: str) -> CardLines | None:
        """The rows of ``text``, or None when it is not in the writer's layout."""
        start = text.find(_ROWS_START)
        if start < 0 or not text.startswith('  ["', start + len(_ROWS_START)):
            return None
        return cls(text, start + len(_ROWS_START) - 1)

    def __getitem__(self, number: str) -> str:
        if self._all is not None:
            return self._all[number]
        at = -1
        if '"' not in number and "\\" not in number and "\n" not in number:
            at = self._text.find(f'\n  ["{number}"', self._start)
        if at < 0:  # a miss searched the whole text: index it all once (a batch misses often)
            return self._index()[number]
        end = self._text.find("\n", at + 1)
        return self._text[at + 1:end].rstrip(",")

    def _index(self) -> dict[str, str]:
        if self._all is None:
            end = self._text.find("\n ]", self._start)
            lines = self._text[self._start + 1:end].split("\n")
            self._all = {line[4:line.index('"', 4)]: line.rstrip(",") for line in lines}
        return self._all

    def __iter__(self) -> Iterator[str]:
        return iter(self._index())

    def __len__(self) -> int:
        return len(self._index())


def read_card_rows(path: str | Path, data: bytes | None = None) -> list[list[Any]]:
    """The rows of a ``cards.json`` written by the importer or a sync (number, name, type,
    colours, level, rarity, set, copy limit), all parsed and checked; ``data``: its bytes, if
    read already."""
    try:
        if data is None:
            with open(path, "rb") as file:
                data = file.read()
        payload = json.loads(data.decode("utf-8"))
        rows = payload["cards"]
        if not isinstance(rows, list) or not all(isinstance(r, list) and len(r) >= 7
                                                 for r in rows):
            raise InputError("card-rows-damaged", file=str(path))
    except FileNotFoundError:
        raise InputError("no-card-database", file=str(path)) from None
    except (ValueError, KeyError, TypeError) as exc:
        raise InputError("card-database-damaged", file=str(path), error=str(exc)) from None
    return rows


def read_card_file(
    path: Path,
    *,
    copy_limits: dict[str, int] | None = None,
    overrides: dict[str, dict[str, Any]] | None = None,
) -> list[Card]:
    """Read a ``cards.json`` written by the importer or a sync; ``copy_limits``
    (copy_limits.json) and ``overrides`` (card_overrides.json) as :func:`_card` applies them."""
    limits = copy_limits or {}
    fixes = overrides or {}
    return [_card(r, limits, fixes) for r in read_card_rows(path)]


_OVERRIDABLE = {"name": str, "card_type": str, "level": int, "rarity": str, "copy_limit": int}


def apply_override(card: Card, fix: dict[str, Any]) -> Card:
    """``card`` with the fields a local fix gives (``colors`` as ``"Red/Blue"``)."""
    changes: dict[str, Any] = {}
    for key, value in fix.items():
        if key == "colors" and isinstance(value, str):
            changes["colors"] = tuple(value.split("/"))
        elif key in _OVERRIDABLE and (value is None or isinstance(value, _OVERRIDABLE[key])):
            changes[key] = value
    return replace(card, **changes)


def read_overrides(folder: str | Path) -> dict[str, dict[str, Any]]:
    """Local fixes kept beside the cards (``card_overrides.json``): never written by a sync,
    applied on every load, so they survive a resync."""
    path = os.path.join(folder, OVERRIDES_FILE)
    if not os.path.exists(path):
        return {}
    try:
        with open(path, encoding="utf-8") as file:
            payload = json.load(file)
        cards = payload["cards"]
        return {str(k): dict(v) for k, v in cards.items()}
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise InputError("card-overrides-damaged", file=path, error=str(exc)) from None


def read_copy_limits(folder: str | Path) -> dict[str, int]:
    """Card-specific copy limits kept beside the cards (``copy_limits.json``)."""
    path = os.path.join(folder, COPY_LIMITS_FILE)
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as file:
        payload = json.load(file)
    return {str(k): int(v) for k, v in payload.get("limits", {}).items()}


@lru_cache(maxsize=4)
def _load(folder: str) -> CardDatabase:
    return CardDatabase(LazyCards(read_card_index(os.path.join(folder, CARDS_FILE)),
                                  read_copy_limits(folder), read_overrides(folder)))


def load_cards(folder: Path | None = None) -> CardDatabase:
    """The shipped card database (cached per process)."""
    return _load(str(folder or data_folder()))
