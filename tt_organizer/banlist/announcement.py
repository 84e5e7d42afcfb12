"""The ban list as announced on one date, with the page's dated history."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from tt_organizer.records import Record

BANNED_KIND = "banned"
RESTRICTED_KIND = "restricted"
PAIR_KIND = "banned_pair"
LIFTED_KIND = "lifted"


@dataclass(kw_only=True)
class BannedPair(Record):
    """If any card of side ``a`` is in a deck, no card of side ``b`` may be (and vice versa)."""

    a: list[str]
    b: list[str]

    def key(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """An order-free identity of the pair (for diffs)."""
        sides = sorted([tuple(sorted(self.a)), tuple(sorted(self.b))])
        return sides[0], sides[1]

    def cards(self) -> list[str]:
        """Every card of both sides."""
        return [*self.a, *self.b]


@dataclass(kw_only=True)
class HistoryEntry(Record):
    """One dated block of the page's history: cards banned, restricted, paired or lifted."""

    heading: str = ""
    effective: dt.date | None = None
    kind: str = RESTRICTED_KIND  # banned | restricted | banned_pair | lifted
    count: int | None = None  # copies allowed, for restricted
    lifted_from: str | None = None  # for lifted: banned | restricted | banned_pair
    cards: list[str] = field(default_factory=list)
    pairs: list[BannedPair] = field(default_factory=list)


@dataclass(kw_only=True)
class BanList(Record):
    """One announcement of Bandai's list for sanctioned play.

    ``effective`` is the date the announcement takes effect when the page says so;
    ``since`` maps a card on the list to the date its current status took effect (from the
    history). ``derived_as_of`` is set on a list rebuilt for an earlier date (see
    :func:`tt_organizer.banlist.history.in_force_on`), with ``note`` saying how.
    """

    announced: dt.date
    source: str = ""
    source_url: str | None = None
    fetched_at: str | None = None
    sha256: str | None = None
    effective: dt.date | None = None
    banned: list[str] = field(default_factory=list)
    restricted: dict[str, int] = field(default_factory=dict)
    banned_pairs: list[BannedPair] = field(default_factory=list)
    unknown_numbers: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    since: dict[str, dt.date] = field(default_factory=dict)
    history: list[HistoryEntry] = field(default_factory=list)
    derived_as_of: dt.date | None = None
    note: str | None = None

    def limit_for(self, number: str) -> int | None:
        """0 for a banned card, the restricted count for a restricted one, else None."""
        if number in self.banned:
            return 0
        return self.restricted.get(number)

    @property
    def starts(self) -> dt.date:
        """The first day this list applies: its effective date if known, else the
        announcement date."""
        return self.effective or self.announced

    def all_numbers(self) -> list[str]:
        """Every card number on the list (banned, restricted, both sides of every pair)."""
        seen = dict.fromkeys(self.banned)
        seen.update(dict.fromkeys(self.restricted))
        for pair in self.banned_pairs:
            seen.update(dict.fromkeys(pair.cards()))
        return list(seen)

    def size(self) -> int:
        """Entries on the list: banned + restricted cards + pairs."""
        return len(self.banned) + len(self.restricted) + len(self.banned_pairs)

    def same_list(self, other: BanList) -> bool:
        """True if both hold the same cards, counts, pairs and history."""
        return (
            set(self.banned) == set(other.banned)
            and self.restricted == other.restricted
            and sorted(p.key() for p in self.banned_pairs)
            == sorted(p.key() for p in other.banned_pairs)
            and self.effective == other.effective
            and self.history == other.history
        )
