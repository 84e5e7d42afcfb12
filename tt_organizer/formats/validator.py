"""Apply a format definition and a ban list to a deck; report every violation in one pass."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from tt_organizer.banlist.announcement import BanList
from tt_organizer.cards.card import Card
from tt_organizer.decklist.parsed import Deck
from tt_organizer.formats.model import FormatDefinition, ZoneRule
from tt_organizer.i18n import BEING_COLOUR, CARD_COLOUR, ZONE, Msg, PMsg, Term
from tt_organizer.messages import WORDS

if TYPE_CHECKING:
    from typing import Any

ERROR = "error"
WARNING = "warning"

UNKNOWN_CARD = "UNKNOWN_CARD"
WRONG_ZONE = "WRONG_ZONE"
BANNED = "BANNED"
RESTRICTED = "RESTRICTED"
BANNED_PAIR = "BANNED_PAIR"
CARD_COPIES = "CARD_COPIES"  # a card above its own text's limit (e.g. more than 50)
NOT_CHECKED = "NOT_CHECKED"  # a rule that needs card data the organizer has not supplied


@dataclass(slots=True)
class Violation:
    """One broken rule: a stable code, a one-line explanation (English, as JSON carries it)
    and the cards involved; ``text`` keeps the explanation for translation (:meth:`shown`)."""

    code: str
    message: str
    cards: list[str] = field(default_factory=list)
    severity: str = ERROR
    text: Msg | None = None

    def shown(self) -> str:
        """The explanation in the current language (the code stays as it is)."""
        return self.text.translate() if self.text is not None else self.message

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``code``, ``message``, ``cards``)."""
        return {"code": self.code, "message": self.message, "cards": list(self.cards)}


@dataclass(slots=True)
class ValidationReport:
    """The verdict on one deck."""

    deck: Deck
    format_id: str
    errors: list[Violation] = field(default_factory=list)
    warnings: list[Violation] = field(default_factory=list)
    banlist_date: str | None = None

    @property
    def legal(self) -> bool:
        """True when no rule is broken (warnings do not count)."""
        return not self.errors

    @property
    def codes(self) -> list[str]:
        """The distinct error codes, in order of first appearance."""
        return list(dict.fromkeys(v.code for v in self.errors))

    def to_dict(self) -> dict[str, Any]:
        """The JSON object ``tt deck validate --json`` prints for one deck."""
        out: dict[str, Any] = {
            "file": self.deck.source,
            "format": self.format_id,
            "legal": self.legal,
            "errors": [v.to_dict() for v in self.errors],
            "warnings": [v.to_dict() for v in self.warnings],
        }
        for zone, cards in self.deck.zones.items():
            out[zone] = dict(cards)
        out["notes"] = list(self.deck.notes)
        out["banlist"] = self.banlist_date
        out["input_format"] = self.deck.input_format
        return out


def validate_deck(
    deck: Deck,
    fmt: FormatDefinition,
    banlist: BanList | None = None,
    *,
    strict_colors: bool = False,
    settings: Mapping[str, int] | None = None,
    have_card_data: bool = True,
) -> ValidationReport:
    """Check ``deck`` against every rule of ``fmt`` (and ``banlist`` where the format uses
    one). ``settings`` holds event settings that requirements may refer to
    (e.g. ``{"max_ultimates": 2}``). With ``have_card_data`` False, rules that need card facts
    are reported once each as NOT_CHECKED warnings instead of being applied."""
    report = ValidationReport(
        deck=deck,
        format_id=fmt.id,
        banlist_date=banlist.announced.isoformat() if banlist and fmt.use_banlist else None,
    )
    checker = _Checker(deck, fmt, report, have_card_data)
    checker.unknown_cards()
    for zone in fmt.zones:
        checker.zone(zone)
    checker.requirements(settings or {})
    if fmt.use_banlist and banlist is not None:
        checker.banlist(banlist)
    if fmt.color_rule is not None:
        checker.colors(strict_colors)
    return report


class _Checker:
    def __init__(
        self, deck: Deck, fmt: FormatDefinition, report: ValidationReport, have_data: bool
    ) -> None:
        self.deck = deck
        self.fmt = fmt
        self.report = report
        self.have_data = have_data
        self._not_checked: set[str] = set()

    # -- helpers -----------------------------------------------------------------------
    def add(self, code: str, message: Msg, cards: Iterable[str], severity: str = ERROR) -> None:
        target = self.report.errors if severity == ERROR else self.report.warnings
        target.append(Violation(code, str(message), list(cards), severity, message))

    def not_checked(self, rule: Msg) -> None:
        if str(rule) not in self._not_checked:
            self._not_checked.add(str(rule))
            self.add(NOT_CHECKED, Msg(WORDS["deck-not-checked-without-card"], rule=rule), [],
                     WARNING)

    def label(self, number: str) -> str:
        card = self.deck.cards.get(number)
        return f"{number} {card.name}" if card else number

    def card(self, number: str) -> Card | None:
        return self.deck.cards.get(number)

    def by_name(self) -> bool:
        """True when copies count by card name and the names are known (else by identifier)."""
        return self.fmt.copy_identity == "name" and self.have_data

    def identity(self, number: str) -> str:
        if self.by_name():
            card = self.card(number)
            return " ".join(card.name.split()).casefold() if card else number
        return number

    def shown(self, numbers: list[str]) -> str:
        """How a group of cards counted together is named in a message."""
        card = self.card(numbers[0])
        return card.name if self.by_name() and card else self.label(numbers[0])

    def limit_for(self, number: str, default: int | None) -> int | None:
        card = self.card(number)
        if self.fmt.card_copy_limits and card is not None and card.copy_limit is not None:
            return card.copy_limit
        return default

    # -- rules -------------------------------------------------------------------------
    def unknown_cards(self) -> None:
        for number, suggestions in self.deck.unknown.items():
            if suggestions:
                message = Msg(WORDS["deck-not-known-card-number"],
                              number=number, closest=", ".join(suggestions))
            else:
                message = Msg(WORDS["deck-not-known-card-number-2"], number=number)
            self.add(UNKNOWN_CARD, message, [number])

    def zone(self, rule: ZoneRule) -> None:
        cards = self.deck.zone(rule.id)
        total = sum(cards.values())
        if not rule.size.contains(total):
            self.add(
                rule.size_code,
                Msg(WORDS["deck-has-cards-must-have"], zone=Term(rule.label, ZONE),
                    total=total, size=rule.size.phrase()),
                [],
            )
        self.wrong_zone(rule, cards)
        if rule.copy_limit is not None and rule.copies_code:
            self.copies(rule.copies_code, Term(rule.label, ZONE), cards, rule.copy_limit, None)
        for group in rule.groups:
            members = {n: c for n, c in cards.items() if self.is_type(n, group.types)}
            if group.count is not None and group.count_code:
                if self.have_data:
                    n = sum(members.values())
                    if not group.count.contains(n):
                        self.add(
                            group.count_code,
                            Msg(WORDS["deck-holds-must-hold"],
                                zone=Term(rule.label, ZONE), n=n, group=Term(group.label),
                                count=group.count.phrase()),
                            list(members),
                        )
                else:
                    self.not_checked(Msg(WORDS["deck-count"], group=Term(group.label),
                                         zone=Term(rule.label, ZONE)))
            if group.copy_limit is not None and group.copies_code:
                self.copies(group.copies_code,
                            Msg(WORDS["deck-group-of-zone"], group=Term(group.label),
                                zone=Term(rule.label, ZONE)),
                            members, group.copy_limit, Term(group.label))

    def is_type(self, number: str, types: list[str]) -> bool:
        card = self.card(number)
        return card is not None and any(card.has_type(t) for t in types)

    def wrong_zone(self, rule: ZoneRule, cards: Mapping[str, int]) -> None:
        if not rule.allowed_types:  # an empty list allows every card type
            return
        if not self.have_data:
            if len(self.fmt.zones) == 1:
                self.not_checked(Msg(WORDS["deck-card-types-allowed"],
                                     zone=Term(rule.label, ZONE)))
            else:
                self.not_checked(Msg(WORDS["deck-card-types-allowed-each"]))
            return
        for number in cards:
            card = self.card(number)
            if card is None or card.card_type in rule.allowed_types:
                continue
            home = self.fmt.home_zone(card.card_type)
            if home is not None and home.id != rule.id:
                where = Msg(WORDS["deck-belongs"], zone=Term(home.label, ZONE))
            else:
                where = Msg(WORDS["deck-format-does-not-allow"])
            self.add(
                WRONG_ZONE,
                Msg(WORDS["deck-card"], card=self.label(number),
                    type=Term(card.card_type), zone=Term(rule.label, ZONE), where=where),
                [number],
            )

    def copies(
        self,
        code: str,
        where: Msg | Term,
        cards: Mapping[str, int],
        default_limit: int,
        group: Term | None,
    ) -> None:
        if self.fmt.copy_identity == "name" and not self.have_data and cards:
            self.not_checked(Msg(WORDS["deck-copies-same-name-checked"], where=where))
        groups: Iterable[list[str]]
        if self.by_name():
            by_identity: dict[str, list[str]] = {}
            for number in cards:
                by_identity.setdefault(self.identity(number), []).append(number)
            groups = by_identity.values()
        else:  # every number is its own group
            groups = ([number] for number, n in cards.items()
                      if n > self.limit_for(number, default_limit))  # type: ignore[operator]
        for numbers in groups:
            n = sum(cards[x] for x in numbers)
            limits = [self.limit_for(x, default_limit) for x in numbers]
            limit = min(x for x in limits if x is not None) if limits else default_limit
            if n <= limit:
                continue
            own = limit != default_limit
            rule = (Msg(WORDS["deck-own-text-allows"], limit=limit) if own
                    else Msg(WORDS["deck-at-most-allowed"], limit=limit))
            if group and limit == 1:
                rule = Msg(WORDS["deck-every-one-must-different"],
                           group=group)
            self.add(CARD_COPIES if own else code,
                     Msg(WORDS["deck-copies"], where=where, n=n,
                         card=self.shown(numbers), rule=rule), numbers)

    def requirements(self, settings: Mapping[str, int]) -> None:
        for req in self.fmt.requirements:
            count = req.count
            if req.max_setting and settings.get(req.max_setting) is not None:
                count = replace(count, max=int(settings[req.max_setting]))
            if count.min is None and count.max is None:
                continue  # e.g. a cap the event did not set
            if not self.have_data:
                self.not_checked(Msg(WORDS["deck-requirement-count"], requirement=Term(req.label),
                                     count=count.phrase()))
                continue
            n = 0
            members: list[str] = []
            for number in self.deck.numbers():
                card = self.card(number)
                if card is None:
                    continue
                if req.types and not any(card.has_type(t) for t in req.types):
                    continue
                if req.levels and card.level not in req.levels:
                    continue
                n += self.deck.count(number)
                members.append(number)
            if not count.contains(n):
                self.add(req.code, Msg(WORDS["deck-deck-has-needs"],
                                       requirement=Term(req.label), n=n,
                                       count=count.phrase()),
                         sorted(members))

    def banlist(self, banlist: BanList) -> None:
        present = self.deck.numbers()
        for number in sorted(present & set(banlist.banned)):
            self.add(BANNED, Msg(WORDS["deck-banned-list"], card=self.label(number),
                                 date=banlist.announced), [number])
        for number in sorted(present & banlist.restricted.keys()):  # absent cards: 0 copies
            limit = banlist.restricted[number]
            n = self.deck.count(number)
            if n > limit:
                self.add(
                    RESTRICTED,
                    Msg(WORDS["deck-restricted-list-deck-has"], card=self.label(number),
                        limit=limit, date=banlist.announced, n=n),
                    [number],
                )
        for pair in banlist.banned_pairs:
            side_a = [n for n in pair.a if n in present]
            side_b = [n for n in pair.b if n in present]
            if side_a and side_b:
                a = ", ".join(self.label(n) for n in side_a)
                b = ", ".join(self.label(n) for n in side_b)
                self.add(BANNED_PAIR, Msg(WORDS["deck-banned-pair-may-not"],
                                          a=a, b=b), side_a + side_b)

    def colors(self, strict: bool) -> None:
        rule = self.fmt.color_rule
        assert rule is not None
        if not self.have_data:
            self.not_checked(Msg(WORDS["deck-colour-requirement-option-cards"]))
            return
        carried: set[str] = set()
        for zone_id, types in rule.providers.items():
            for number in self.deck.zone(zone_id):
                card = self.card(number)
                if card is not None and any(card.has_type(t) for t in types):
                    carried.update(card.colors)
        severity = ERROR if strict or rule.severity == ERROR else WARNING
        providers: Msg | None = None  # named in a message; made only when there is one
        for zone in self.fmt.zones:
            for number in zone_numbers(self.deck, zone.id):
                card = self.card(number)
                if card is None or card.card_type in rule.exclude_types:
                    continue
                if not any(card.card_type == t for t in rule.check_types):
                    continue
                missing = [c for c in card.colors if c not in carried]
                if missing:
                    providers = providers or _either([
                        Msg(WORDS["deck-types-in-zone"],
                            types=Term("/".join(t for t in types if t != "Dual")),
                            zone=Term(getattr(self.fmt.zone(z), "label", z), ZONE))
                        for z, types in rule.providers.items()])
                    self.add(
                        rule.code,
                        Msg(WORDS["deck-option-no-so-can"], card=self.label(number),
                            colour=Term(card.color_text, CARD_COLOUR),
                            missing=Term("/".join(missing), BEING_COLOUR),
                            providers=providers),
                        [number],
                        severity,
                    )


def _either(options: list[Msg]) -> Msg:
    """``a or b or c`` as one message."""
    joined = options[0]
    for option in options[1:]:
        # i18n: "no X in the Main deck or Y in the pile": Spanish "ni", not "o"
        joined = PMsg("after a negation", "{a} or {b}", a=joined, b=option)
    return joined


def zone_numbers(deck: Deck, zone_id: str) -> list[str]:
    """Card numbers of one zone in deck order."""
    return list(deck.zone(zone_id))
