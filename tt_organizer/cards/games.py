"""Card lists of the other games an organizer runs (no database is shipped for them).

An organizer imports a CSV card list per game (``tt cards import FILE.csv --game G``); it is
stored as ``user_data_dir()/games/<game>.json`` in the same row layout as the shipped Digimon
database and looked up with that game's identifier normaliser. Card types are free strings.
"""

from __future__ import annotations

import csv
import difflib
import io
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from tt_organizer.cards.card import DIGIMON_2020, Card
from tt_organizer.cards.database import CardDatabase, read_card_file
from tt_organizer.errors import InputError, UnknownCardError
from tt_organizer.paths import user_data_dir
from tt_organizer.typed_numbers import is_count

Normalizer = Callable[[str], "str | None"]

GAMES_FOLDER = "games"
SCHEMA = 1
MAX_ROWS = 50_000

_GAME_ID = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}")
_IDENTIFIER = re.compile(r"[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?")


def normalize_identifier(raw: str) -> str | None:
    """Canonical card identifier of another game, or None if ``raw`` is not shaped like one.

    Whitespace is stripped and collapsed (also around hyphens: ``st - 01`` → ``ST-01``) and
    letters are upper-cased (``1-001h`` → ``1-001H``). An identifier is one token of letters,
    digits and inner hyphens holding at least one digit; a token of digits only is refused
    (it cannot be told from a count)."""
    text = re.sub(r"\s*-\s*", "-", " ".join(raw.split())).upper()
    if not _IDENTIFIER.fullmatch(text) or text.isdigit():
        return None
    if not any(ch.isdigit() for ch in text) or "--" in text:
        return None
    return text


def normalizer_for(game: str) -> Normalizer:
    """The identifier normaliser of ``game`` (every other game uses the generic one)."""
    if game == DIGIMON_2020:
        from tt_organizer.cards.numbers import normalize_number

        return normalize_number
    return normalize_identifier


def _loose(number: str) -> str:
    """``1-001H`` → ``1-001``: the identifier without a trailing rarity letter."""
    return number.rstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ") or number


class GameCardDatabase(CardDatabase):
    """A card list of another game, looked up through that game's normaliser.

    A number written without its trailing letters (``1-001`` for ``1-001H``) finds the card
    when exactly one card of the list has that stem."""

    def __init__(
        self, cards: Iterable[Card], *, game: str, normalize: Normalizer = normalize_identifier
    ) -> None:
        super().__init__(cards, game=game)
        self.normalize = normalize
        stems: dict[str, str | None] = {}
        for number in self._cards:
            stem = _loose(number)
            if stem != number:
                stems[stem] = None if stem in stems else number
        self._stems = stems

    def _key(self, raw: str) -> str:
        return self.normalize(raw) or " ".join(raw.split()).upper()

    def find(self, raw: str) -> Card | None:
        """The card for any spelling of its identifier, or None."""
        card = self._cards.get(raw)
        if card is not None:
            return card
        key = self._key(raw)
        card = self._cards.get(key)
        if card is None and _loose(key) == key:
            stem_of = self._stems.get(key)
            card = self._cards.get(stem_of) if stem_of else None
        return card

    def get(self, raw: str) -> Card:
        """The card for ``raw``; UnknownCardError (with the closest identifiers) if none."""
        card = self.find(raw)
        if card is None:
            raise UnknownCardError(self._key(raw), self.suggest(raw))
        return card

    def suggest(self, raw: str, n: int = 3, name: str | None = None) -> list[str]:
        """Closest known identifiers to ``raw`` by spelling, those of the cards called ``name``
        (the name on the decklist line, when given) first."""
        key = self._key(raw)
        named = sorted(self.names().get(fold_name(name), []) if name else [],
                       key=lambda x: -difflib.SequenceMatcher(None, key, x).ratio())
        spelled = difflib.get_close_matches(key, list(self._cards), n=n, cutoff=0.6)
        return list(dict.fromkeys([*named, *spelled]))[:n]

    def names(self) -> dict[str, list[str]]:
        """Folded card name -> identifiers carrying it."""
        out: dict[str, list[str]] = {}
        for card in self._cards.values():
            out.setdefault(fold_name(card.name), []).append(card.number)
        return out


def fold_name(name: str) -> str:
    """Case- and whitespace-folded card name (``Agumon `` and ``agumon`` are one name)."""
    return " ".join(name.split()).casefold()


# --- storage ----------------------------------------------------------------------------------


def check_game_id(game: str) -> str:
    """``game`` if it is a usable game id (lower-case letters, digits, ``.``, ``_``, ``-``)."""
    if not _GAME_ID.fullmatch(game):
        raise InputError("bad-game-id", game=repr(game))
    return game


def game_cards_path(game: str) -> Path:
    """Where the imported card list of ``game`` is stored."""
    return user_data_dir() / GAMES_FOLDER / f"{check_game_id(game)}.json"


@lru_cache(maxsize=16)
def _load(path: str, game: str, _mtime_ns: int, _size: int) -> GameCardDatabase:
    return GameCardDatabase(read_card_file(Path(path)), game=game, normalize=normalizer_for(game))


def load_game_cards(game: str) -> GameCardDatabase | None:
    """The organizer's imported card list of ``game``, or None when none was imported."""
    path = game_cards_path(game)
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    return _load(str(path), game, stat.st_mtime_ns, stat.st_size)


def game_cards_and_normalizer(game: str) -> tuple[CardDatabase | None, Normalizer]:
    """The card list (None when none was imported) and identifier normaliser of ``game``."""
    if game == DIGIMON_2020:
        from tt_organizer.cards.database import load_cards

        return load_cards(), normalizer_for(game)
    return load_game_cards(game), normalizer_for(game)


# --- import -----------------------------------------------------------------------------------

_COLUMNS: dict[str, frozenset[str]] = {
    "number": frozenset(
        {"number", "cardnumber", "no", "cardno", "id", "cardid", "code", "cardcode", "serial",
         "num", "nr"}
    ),
    "name": frozenset({"name", "cardname", "title"}),
    "type": frozenset({"type", "cardtype", "kind", "category"}),
    "level": frozenset({"level", "lv", "lvl", "cardlevel"}),
    "colors": frozenset({"color", "colors", "colour", "colours", "element", "elements"}),
    "rarity": frozenset({"rarity", "rar"}),
    "set": frozenset({"set", "setcode", "series", "booster", "expansion"}),
}
REQUIRED_COLUMNS = ("number", "name", "type")

_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7}
_STAGES = {
    "fresh": 1, "baby": 1, "babyi": 1, "intraining": 2, "babyii": 2, "rookie": 3, "child": 3,
    "champion": 4, "adult": 4, "ultimate": 5, "perfect": 5, "mega": 6, "ultra": 7,
}


def parse_level(text: str) -> int | None:
    """A level as an int: ``3``, ``III``, ``Lv 3``, ``Lv.III``, ``Level III``, ``Rookie`` → 3;
    blank or ``-`` → None. Raises ValueError for anything else."""
    raw = text.strip()
    if raw in ("", "-", "–", "—"):
        return None
    key = re.sub(r"^(?:level|lvl|lv)\.?\s*", "", raw, flags=re.IGNORECASE).strip()
    if is_count(key):
        return int(key)
    if key.upper() in _ROMAN:
        return _ROMAN[key.upper()]
    stage = re.sub(r"[^a-z]", "", key.lower())
    if stage in _STAGES:
        return _STAGES[stage]
    raise ValueError(raw)


def _role(cell: str) -> str | None:
    key = re.sub(r"[^a-z0-9]", "", cell.lower())
    return next((role for role, names in _COLUMNS.items() if key in names), None)


def _natural_key(number: str) -> list[tuple[int, int | str]]:
    return [(0, int(p)) if p.isdigit() else (1, p) for p in re.findall(r"\d+|\D+", number)]


@dataclass
class ImportResult:
    """What ``import_game_cards`` wrote."""

    game: str
    path: Path
    count: int
    types: dict[str, int] = field(default_factory=dict)  # card type -> cards
    warnings: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"game": self.game, "path": str(self.path), "count": self.count,
                "types": dict(self.types), "warnings": list(self.warnings)}


def parse_game_cards_csv(
    text: str,
    *,
    source: str = "cards.csv",
    normalize: Normalizer = normalize_identifier,
    known_types: Sequence[str] = (),
) -> list[list[object]]:
    """Read an organizer's card list: a header row naming at least ``number``, ``name`` and
    ``type`` (``level``, ``color``, ``rarity``, ``set`` optional, other columns ignored), ``,``
    ``;`` or tab separated. Types are matched case-insensitively against ``known_types`` and
    otherwise kept as written. Returns rows ``[number, name, type, colors, level, rarity,
    set]`` in identifier order; raises InputError naming the line of a bad row."""
    lines = text.splitlines()
    first = next((ln for ln in lines if ln.strip()), "")
    delimiter = max((",", ";", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    spelling = {t.casefold(): t for t in known_types}
    roles: dict[str, int] = {}
    rows: dict[str, list[object]] = {}
    try:
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            if not roles:
                for index, cell in enumerate(cells):
                    role = _role(cell)
                    if role is not None and role not in roles:
                        roles[role] = index
                missing = [c for c in REQUIRED_COLUMNS if c not in roles]
                if missing:
                    raise InputError("card-list-missing-columns", file=source, line=line,
                                     text=first, columns=", ".join(missing))
                continue
            if len(rows) >= MAX_ROWS:
                raise InputError("too-many-cards", file=source, line=line, limit=MAX_ROWS)

            def get(role: str, cells: list[str] = cells) -> str:
                index = roles.get(role)
                return cells[index].strip() if index is not None and index < len(cells) else ""

            row_text = delimiter.join(cells)
            raw_number = get("number")
            number = normalize(raw_number) if raw_number else None
            if number is None:
                raise InputError("not-a-card-identifier", file=source, line=line,
                                 text=row_text, value=repr(raw_number))
            if number in rows:
                raise InputError("card-listed-twice", file=source, line=line, text=row_text,
                                 number=number)
            name = " ".join(get("name").split())
            if not name:
                raise InputError("card-without-name", file=source, line=line, text=row_text)
            card_type = " ".join(get("type").split())
            if not card_type:
                raise InputError("card-without-type", file=source, line=line, text=row_text)
            card_type = spelling.get(card_type.casefold(), card_type)
            try:
                level = parse_level(get("level"))
            except ValueError:
                raise InputError("bad-level-choices", file=source, line=line, text=row_text,
                                 value=repr(get("level"))) from None
            colors = [c.strip().title() for c in re.split(r"[/|,]", get("colors")) if c.strip()]
            rows[number] = [
                number,
                name,
                card_type,
                "/".join(colors),
                level,
                get("rarity") or None,
                get("set") or number.rsplit("-", 1)[0],
            ]
    except csv.Error as exc:
        raise InputError("unreadable-csv", file=source, line=reader.line_num,
                         error=str(exc)) from None
    if not roles:
        raise InputError("card-list-empty", file=source)
    if not rows:
        raise InputError("no-cards-in-card-list", file=source)
    return [rows[k] for k in sorted(rows, key=_natural_key)]
