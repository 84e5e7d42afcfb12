"""A deck format as data: zones, counts, copy limits, requirements and colour rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from tt_organizer.i18n import Msg
from tt_organizer.messages import WORDS
from tt_organizer.records import Record


class DefinitionError(ValueError):
    """A format definition that breaks a rule: a code of :mod:`tt_organizer.messages` and its
    parameters (a ValueError, so that pydantic reports it as one of the definition's problems;
    its ``words`` in the reader's language)."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.words = Msg(WORDS[code], **params)
        super().__init__(str(self.words))


@dataclass(kw_only=True)
class CountRange(Record):
    """An inclusive range; a missing bound is unbounded."""

    min: int | None = None
    max: int | None = None

    def contains(self, n: int) -> bool:
        """True if ``n`` lies in the range."""
        return (self.min is None or n >= self.min) and (self.max is None or n <= self.max)

    def text(self) -> str:
        """Human form: ``exactly 50``, ``6–12``, ``at least 1``, ``at most 5``."""
        return str(self.phrase())

    def phrase(self) -> Msg:
        """:meth:`text` kept for translation (:mod:`tt_organizer.i18n`)."""
        if self.min is not None and self.min == self.max:
            return Msg(WORDS["deck-exactly"], n=self.min)
        if self.min is not None and self.max is not None:
            return Msg(WORDS["deck-count-range"], min=self.min, max=self.max)
        if self.min is not None:
            return Msg(WORDS["deck-at-least"], n=self.min)
        if self.max is not None:
            return Msg(WORDS["deck-at-most"], n=self.max)
        return Msg(WORDS["deck-any-number"])


@dataclass(kw_only=True)
class GroupRule(Record):
    """A rule over the cards of some types inside one zone (e.g. the Tamers of the pile)."""

    label: str
    types: list[str]
    count: CountRange | None = None
    count_code: str | None = None
    copy_limit: int | None = None
    copies_code: str | None = None


@dataclass(kw_only=True)
class ZoneRule(Record):
    """One zone of the deck (``main``, ``pile``)."""

    id: str
    label: str
    size: CountRange
    size_code: str
    allowed_types: list[str]
    copy_limit: int | None = None
    copies_code: str | None = None
    groups: list[GroupRule] = field(default_factory=list)


@dataclass(kw_only=True)
class Requirement(Record):
    """A deck-wide count of the cards matching a filter (e.g. at least one level III Digimon).

    ``max_setting`` names an event setting that, when set, caps the count (e.g. a cap on
    Ultimate Digimon that an event may choose)."""

    code: str
    label: str
    types: list[str] | None = None
    levels: list[int] | None = None
    count: CountRange = field(default_factory=CountRange)
    max_setting: str | None = None


@dataclass(kw_only=True)
class ColorRule(Record):
    """Each colour of each card of ``check_types`` must be carried by a provider card."""

    code: str = "COLOR_REQUIREMENT"
    check_types: list[str]
    exclude_types: list[str] = field(default_factory=list)
    providers: dict[str, list[str]]  # zone id -> card types that carry colours from that zone
    severity: Literal["warning", "error"] = "warning"


@dataclass(kw_only=True)
class FormatDefinition(Record):
    """A versioned deck format; a new version is a new definition file, not new code."""

    id: str
    name: str
    version: str = ""
    game: str = "digimon-2020"
    description: str = ""
    copy_identity: Literal["number", "name"] = "number"
    zones: list[ZoneRule]
    requirements: list[Requirement] = field(default_factory=list)
    color_rule: ColorRule | None = None
    use_banlist: bool = True
    card_copy_limits: bool = True  # honour cards whose own text allows more copies
    section_aliases: dict[str, str] = field(default_factory=dict)  # parser section -> zone id
    rules_text: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        """At least one zone, ids unique, and every zone a rule names is one of them (an
        organizer's definition must be refused here, not fail in the middle of a check)."""
        ids = [z.id for z in self.zones]
        if not ids:
            raise DefinitionError("format-without-zones")
        if len(set(ids)) != len(ids):
            raise DefinitionError("zone-ids-repeated", ids=", ".join(ids))
        named = dict.fromkeys(self.section_aliases.values())
        if self.color_rule is not None:
            named.update(dict.fromkeys(self.color_rule.providers))
        unknown = [z for z in named if z not in ids]
        if unknown:
            raise DefinitionError("unknown-zones", unknown=", ".join(unknown), ids=", ".join(ids))

    def zone(self, zone_id: str) -> ZoneRule | None:
        """The zone rule with id ``zone_id``."""
        return next((z for z in self.zones if z.id == zone_id), None)

    def check_settings(self, settings: Mapping[str, int]) -> None:
        """Refuse (InputError) settings the format has no requirement for."""
        from tt_organizer.errors import InputError

        known = {r.max_setting for r in self.requirements if r.max_setting}
        unknown = sorted(set(settings) - known)
        if unknown and not known:
            raise InputError("format-without-settings", code="format-unknown-setting",
                             format=self.id, unknown=", ".join(unknown))
        if unknown:
            raise InputError("format-unknown-setting", format=self.id,
                             unknown=", ".join(unknown), known=", ".join(sorted(known)))

    def home_zone(self, card_type: str) -> ZoneRule | None:
        """The first zone that allows ``card_type`` (Dual cards go where Digimon go)."""
        for z in self.zones:
            if card_type in z.allowed_types:
                return z
        if card_type == "Dual":
            return self.home_zone("Digimon")
        return None
