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
    A late entry's missed rounds: ``losses`` (rule book: 0-point rounds of their record),
    ``ignored`` (Melee 2025: not counted at all) or ``losses-for-opponents`` (Melee since
    2025-11-13: 0-point rounds in the MW% their opponents see, and in their published
    losses; their own GW% and OMW% use only the rounds they played).
``own-gw``
    A player's own GW% as shown (and ranked by): ``floored`` (rule book, Melee until 2024
    and since 2025-11-13: at least the floor) or ``unfloored`` (Melee 2025: the plain ratio,
    0 for a player without a game). Opponents' OGW% use the floored figure either way.
``no-opponents``
    OMW%, OOMW% and OGW% of a player without an opponent yet (only a bye, or nothing
    played): ``0`` (rule book) or ``floor`` (Melee: the floor).
``no-games``
    The own GW% of a player without a game (registered, never played) when it is floored:
    ``floor`` (rule book) or ``0`` (Melee until 2024).
``opponent-decimals``
    Each opponent's MW% and GW% rounded half-up to this many decimals before the mean:
    ``none`` (exact) or a number (Melee since 2025-11-13: ``8``).
``decimals``
    Every figure (OMW%, OOMW%, GW%, OGW%) rounded half-up to this many decimals, as shown and
    as ranked: ``none`` (exact) or a number (Melee: ``6`` until 2024, ``8`` in 2025, ``7``
    since 2025-11-26).

Presets: :data:`RULEBOOK` (the default of every event, and of files made before policies
existed), :data:`MELEE` (Melee's rules now, published since 2025-11-13), :data:`MELEE_2025`
(Melee's figures from 2025-02 to 2025-11-12) and :data:`MELEE_2024` (Melee's figures until
2024). Pure: no database, no CLI.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from tt_organizer.errors import BadValue

__all__ = ["MELEE", "MELEE_2024", "MELEE_2025", "PERIODS", "PRESETS", "RULEBOOK", "RULES",
           "TiebreakPolicy", "parse_rule", "split_rules"]

#: Rule names and the values each accepts (the floor takes any fraction or decimal 0-1).
RULES: dict[str, tuple[str, ...]] = {
    "floor": ("0.33", "1/3"),
    "byes": ("excluded", "counted"),
    "drawn-game": ("1", "0"),
    "missed-rounds": ("losses", "ignored", "losses-for-opponents"),
    "own-gw": ("floored", "unfloored"),
    "no-opponents": ("0", "floor"),
    "no-games": ("floor", "0"),
    "opponent-decimals": ("none", "1-12"),
    "decimals": ("none", "1-12"),
}
#: The value a stored policy made before a rule existed takes for it (what it computed then).
_BEFORE_RULE = {"own-gw": "floored", "no-opponents": "0", "no-games": "floor",
                "opponent-decimals": "none", "decimals": "none"}


@dataclass(frozen=True)
class TiebreakPolicy:
    """How the tiebreak figures are computed (see the module docstring for each rule)."""

    name: str = "rulebook"
    floor: Fraction = Fraction(33, 100)
    byes_counted: bool = False
    drawn_game_points: int = 1
    missed_rounds_count: bool = True
    own_gw_floored: bool = True
    missed_rounds_for_opponents: bool = False
    no_opponents_floor: bool = False
    no_games_gw_floor: bool = True
    opponent_decimals: int | None = None
    decimals: int | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.floor <= 1:
            raise BadValue("floor-range", floor=self.floor)
        if self.drawn_game_points not in (0, 1):
            raise BadValue("drawn-game-points")
        if self.missed_rounds_count and self.missed_rounds_for_opponents:
            raise BadValue("missed-rounds-choice")
        for places in (self.opponent_decimals, self.decimals):
            if places is not None and not 1 <= places <= 12:
                raise BadValue("decimals-range")

    def rules(self) -> dict[str, str]:
        """Every rule as ``name -> value`` text (what ``--tiebreak-rule`` takes)."""
        return {
            "floor": _fraction_text(self.floor),
            "byes": "counted" if self.byes_counted else "excluded",
            "drawn-game": str(self.drawn_game_points),
            "missed-rounds": ("losses" if self.missed_rounds_count else
                              "losses-for-opponents" if self.missed_rounds_for_opponents
                              else "ignored"),
            "own-gw": "floored" if self.own_gw_floored else "unfloored",
            "no-opponents": "floor" if self.no_opponents_floor else "0",
            "no-games": "floor" if self.no_games_gw_floor else "0",
            "opponent-decimals": _places_text(self.opponent_decimals),
            "decimals": _places_text(self.decimals),
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
        ``melee-2024`` (and one stored before a later rule as ``<nearest preset>+custom``)."""
        if not data:
            return RULEBOOK
        stored = str(data.get("name", "rulebook"))
        base = PRESETS.get(stored.split("+", 1)[0], RULEBOOK)
        given = {k: str(v) for k, v in data.items() if k != "name"}
        out = base.with_rules({**_BEFORE_RULE, **given})
        if out.name in PRESETS:
            return out
        if set(_BEFORE_RULE) - set(given):
            # the file predates a rule, which took its old value: name the nearest preset
            return replace(out, name=f"{_nearest(out)}+custom")
        return replace(out, name=f"{stored.split('+')[0]}+custom")


def _nearest(policy: TiebreakPolicy) -> str:
    """The preset that differs from ``policy`` in the fewest rules (the first on a tie)."""
    mine = policy.rules()
    return min(PRESETS, key=lambda name: sum(
        mine[k] != v for k, v in PRESETS[name].rules().items()))


def _places_text(value: int | None) -> str:
    return "none" if value is None else str(value)


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
        raise BadValue("unknown-tiebreak-rule", rule=repr(key), rules=", ".join(RULES))
    if key == "floor":
        try:
            if not _ASCII_FRACTION.fullmatch(value):  # no other script's digits, no 1_000
                raise ValueError(value)
            floor = Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise BadValue("floor-not-fraction", value=value) from None
        if not 0 <= floor <= 1:
            raise BadValue("floor-value-range", value=value)
        return {"floor": floor}
    if key in ("opponent-decimals", "decimals"):
        if value == "none":
            places = None
        elif value.isascii() and value.isdigit() and 1 <= int(value) <= 12:
            places = int(value)
        else:
            raise BadValue("decimals-value", key=key, value=value)
        return {key.replace("-", "_"): places}
    if value not in RULES[key]:
        raise BadValue("tiebreak-rule-value", key=key, value=value, values=", ".join(RULES[key]))
    if key == "byes":
        return {"byes_counted": value == "counted"}
    if key == "drawn-game":
        return {"drawn_game_points": int(value)}
    if key == "missed-rounds":
        return {"missed_rounds_count": value == "losses",
                "missed_rounds_for_opponents": value == "losses-for-opponents"}
    if key == "no-opponents":
        return {"no_opponents_floor": value == "floor"}
    if key == "no-games":
        return {"no_games_gw_floor": value == "floor"}
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
                raise BadValue("tiebreak-rule-shape", part=repr(part.strip()))
            out[key.strip().lower()] = value.strip()
    return out


#: The rule book (FORMAT.md): floor 0.33, byes out of the opponents' figure, a drawn game
#: 1 game point, missed rounds are losses, 0 without opponents, exact figures.
RULEBOOK = TiebreakPolicy()
#: Melee's published figures from 2025-11-13 on ("Melee's rules now"): floor exactly 1/3,
#: byes counted (a won round, 2-0 in games), a drawn game 1 game point, a late entry's missed
#: rounds 0-point rounds for their opponents only, the own GW% floored, the floor without
#: opponents, each opponent's figure rounded half-up to 8 decimals and the mean to 7.
MELEE = TiebreakPolicy(name="melee", floor=Fraction(1, 3), byes_counted=True,
                       drawn_game_points=1, missed_rounds_count=False, own_gw_floored=True,
                       missed_rounds_for_opponents=True, no_opponents_floor=True,
                       opponent_decimals=8, decimals=7)
#: Melee's published figures from 2025-02 to 2025-11-12: missed rounds not counted at all,
#: the own GW% shown without the floor (0 without a game), 8 decimals, no rounding before
#: the mean.
MELEE_2025 = replace(MELEE, name="melee-2025", missed_rounds_for_opponents=False,
                     own_gw_floored=False, opponent_decimals=None, decimals=8)
#: Melee's published figures until 2024: as :data:`MELEE_2025`, but a drawn game 0 game
#: points, the own GW% floored (0 for a registered player who never played), 6 decimals.
MELEE_2024 = replace(MELEE_2025, name="melee-2024", drawn_game_points=0, own_gw_floored=True,
                     no_games_gw_floor=False, decimals=6)
PRESETS: dict[str, TiebreakPolicy] = {"rulebook": RULEBOOK, "melee": MELEE,
                                      "melee-2025": MELEE_2025, "melee-2024": MELEE_2024}
#: The period of Melee's published figures each preset follows (docs, ``--help``).
PERIODS = {"melee": "since 2025-11-13", "melee-2025": "2025-02 to 2025-11-12",
           "melee-2024": "until 2024"}
