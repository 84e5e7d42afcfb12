"""Tiebreak policies: the rule choices behind OMW% / GW% / OGW%, as data.

Two organizers computing "OMW%" can mean different figures. The choices that differ between the
rule book (FORMAT.md) and Melee's published standings are each one rule of a
:class:`TiebreakPolicy`:

``floor``
    The lowest a match-win or game-win figure counts for: ``0.33`` (rule book) or ``1/3``.
``byes``
    ``excluded`` -- a bye is left out of the player's figure that feeds their opponents' OMW%
    (rule book); ``counted`` -- it stays in, as a won round (Melee).
``drawn-game``
    Game points of a drawn game: ``1`` (rule book, Melee since 2025) or ``0`` (Melee until
    2024). It counts as a game played either way.
``missed-rounds``
    A late entry's missed rounds: ``losses`` (rule book: 0-point rounds of their record) or
    ``ignored`` (Melee: not counted at all).
``own-gw``
    A player's own GW% as shown (and ranked by): ``floored`` (rule book, Melee until 2024:
    at least the floor) or ``unfloored`` (Melee since 2025: the plain ratio, 0 for a player
    without a game). Opponents' OGW% use the floored figure either way.

Presets: :data:`RULEBOOK` (the default of every event, and of files made before policies
existed), :data:`MELEE` (Melee's current rules, published since 2025) and :data:`MELEE_2024`
(Melee's figures until 2024). Pure: no database, no CLI.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

__all__ = ["MELEE", "MELEE_2024", "PRESETS", "RULEBOOK", "RULES", "TiebreakPolicy", "parse_rule",
           "split_rules"]

#: Rule names and the values each accepts (the floor takes any fraction or decimal 0-1).
RULES: dict[str, tuple[str, ...]] = {
    "floor": ("0.33", "1/3"),
    "byes": ("excluded", "counted"),
    "drawn-game": ("1", "0"),
    "missed-rounds": ("losses", "ignored"),
    "own-gw": ("floored", "unfloored"),
}
#: The value a stored policy made before a rule existed takes for it (what it computed then).
_BEFORE_RULE = {"own-gw": "floored"}


@dataclass(frozen=True)
class TiebreakPolicy:
    """How the tiebreak figures are computed (see the module docstring for each rule)."""

    name: str = "rulebook"
    floor: Fraction = Fraction(33, 100)
    byes_counted: bool = False
    drawn_game_points: int = 1
    missed_rounds_count: bool = True
    own_gw_floored: bool = True

    def __post_init__(self) -> None:
        if not 0 <= self.floor <= 1:
            raise ValueError(f"floor {self.floor} is not between 0 and 1")
        if self.drawn_game_points not in (0, 1):
            raise ValueError("a drawn game is worth 0 or 1 game points")

    def rules(self) -> dict[str, str]:
        """Every rule as ``name -> value`` text (what ``--tiebreak-rule`` takes)."""
        return {
            "floor": _fraction_text(self.floor),
            "byes": "counted" if self.byes_counted else "excluded",
            "drawn-game": str(self.drawn_game_points),
            "missed-rounds": "losses" if self.missed_rounds_count else "ignored",
            "own-gw": "floored" if self.own_gw_floored else "unfloored",
        }

    def to_json(self) -> dict[str, str]:
        """The stored form: the preset name (``custom`` once a rule differs) and every rule."""
        return {"name": self.name, **self.rules()}

    def with_rules(self, rules: Mapping[str, str]) -> TiebreakPolicy:
        """This policy with ``rules`` changed (ValueError for an unknown rule or value). The
        name becomes that of the preset whose every rule it now has, else
        ``<preset>+custom`` when a rule differs from the preset."""
        changes: dict[str, object] = {}
        for key, value in rules.items():
            changes.update(parse_rule(key, value))
        out = replace(self, **changes)  # type: ignore[arg-type]
        if out == self:
            return out
        for preset in PRESETS.values():
            if replace(out, name=preset.name) == preset:
                return preset
        return replace(out, name=f"{self.name.split('+', 1)[0]}+custom")

    @classmethod
    def from_json(cls, data: Mapping[str, str] | None) -> TiebreakPolicy:
        """Read the stored form; empty or missing = the rule book (files older than policies).
        A rule the stored form lacks (stored before the rule existed) takes the value that
        gave that file's figures then, so ``melee`` stored before 2025's rules reads back as
        ``melee-2024``."""
        if not data:
            return RULEBOOK
        stored = str(data.get("name", "rulebook"))
        base = PRESETS.get(stored.split("+", 1)[0], RULEBOOK)
        rules = {**_BEFORE_RULE, **{k: str(v) for k, v in data.items() if k != "name"}}
        out = base.with_rules(rules)
        return out if out.name in PRESETS else replace(out, name=f"{stored.split('+')[0]}+custom")


def _fraction_text(value: Fraction) -> str:
    if value.denominator in (1, 10, 100, 1000, 10000):
        return f"{float(value):g}"
    return f"{value.numerator}/{value.denominator}"


_ASCII_FRACTION = re.compile(r"[0-9]{1,6}(?:/[0-9]{1,6}|\.[0-9]{1,6})?")


def parse_rule(key: str, value: str) -> dict[str, object]:
    """One ``NAME=VALUE`` rule as dataclass fields (ValueError naming what is accepted)."""
    key = key.strip().lower()
    value = value.strip().lower()
    if key not in RULES:
        raise ValueError(f"unknown tiebreak rule {key!r} (one of {', '.join(RULES)})")
    if key == "floor":
        try:
            if not _ASCII_FRACTION.fullmatch(value):  # no other script's digits, no 1_000
                raise ValueError(value)
            floor = Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"floor={value}: a fraction or decimal such as 1/3 or 0.33") from None
        if not 0 <= floor <= 1:
            raise ValueError(f"floor={value}: must be between 0 and 1")
        return {"floor": floor}
    if value not in RULES[key]:
        raise ValueError(f"{key}={value}: one of {', '.join(RULES[key])}")
    if key == "byes":
        return {"byes_counted": value == "counted"}
    if key == "drawn-game":
        return {"drawn_game_points": int(value)}
    if key == "missed-rounds":
        return {"missed_rounds_count": value == "losses"}
    return {"own_gw_floored": value == "floored"}


def split_rules(items: Iterable[str]) -> dict[str, str]:
    """``["floor=1/3", "byes=counted"]`` (or comma-separated) as a dict (ValueError if not
    ``NAME=VALUE``)."""
    out: dict[str, str] = {}
    for item in items:
        for part in item.split(","):
            if not part.strip():
                continue
            key, sep, value = part.partition("=")
            if not sep or not key.strip() or not value.strip():
                raise ValueError(f"{part.strip()!r}: give a rule as NAME=VALUE, e.g. floor=1/3")
            out[key.strip().lower()] = value.strip()
    return out


#: The rule book (FORMAT.md): floor 0.33, byes out of the opponents' figure, a drawn game
#: 1 game point, missed rounds are losses.
RULEBOOK = TiebreakPolicy()
#: Melee's published figures since 2025: floor exactly 1/3, byes counted, a drawn game 1 game
#: point, a late entry's missed rounds not counted, a player's own GW% shown without the floor.
MELEE = TiebreakPolicy(name="melee", floor=Fraction(1, 3), byes_counted=True,
                       drawn_game_points=1, missed_rounds_count=False, own_gw_floored=False)
#: Melee's published figures until 2024: as :data:`MELEE`, but a drawn game 0 game points and
#: the own GW% floored.
MELEE_2024 = replace(MELEE, name="melee-2024", drawn_game_points=0, own_gw_floored=True)
PRESETS: dict[str, TiebreakPolicy] = {"rulebook": RULEBOOK, "melee": MELEE,
                                      "melee-2024": MELEE_2024}
