"""What changed between two ban lists: the post an organizer makes for players."""

from __future__ import annotations

from dataclasses import dataclass, field

from tt_organizer.banlist.announcement import BanList, BannedPair


def status_of(banlist: BanList, number: str) -> str | None:
    """``banned``, ``restricted to N`` or None for a card not on the list (pairs aside)."""
    if number in banlist.banned:
        return "banned"
    if number in banlist.restricted:
        return f"restricted to {banlist.restricted[number]}"
    return None


@dataclass
class BanListDiff:
    """Cards newly banned / restricted, lifted, or moved between categories; pairs added
    or removed."""

    old: BanList
    new: BanList
    banned: list[str] = field(default_factory=list)
    restricted: list[str] = field(default_factory=list)
    lifted: list[tuple[str, str]] = field(default_factory=list)  # (number, old status)
    changed: list[tuple[str, str, str]] = field(default_factory=list)  # (number, old, new)
    pairs_added: list[BannedPair] = field(default_factory=list)
    pairs_removed: list[BannedPair] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """True when both lists are the same."""
        return not (self.banned or self.restricted or self.lifted or self.changed
                    or self.pairs_added or self.pairs_removed)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "old": self.old.announced.isoformat(),
            "new": self.new.announced.isoformat(),
            # set when a side is the list in force on a date, derived from "old"/"new"
            "old_in_force_on": _iso(self.old.derived_as_of),
            "new_in_force_on": _iso(self.new.derived_as_of),
            "newly_banned": self.banned,
            "newly_restricted": {n: self.new.restricted[n] for n in self.restricted},
            "lifted": [{"number": n, "was": was} for n, was in self.lifted],
            "changed": [{"number": n, "was": a, "now": b} for n, a, b in self.changed],
            "pairs_added": [p.to_dict() for p in self.pairs_added],
            "pairs_removed": [p.to_dict() for p in self.pairs_removed],
        }


def _iso(day: object) -> str | None:
    return None if day is None else str(day)


def diff_banlists(old: BanList, new: BanList) -> BanListDiff:
    """Compare ``old`` with ``new`` (banned and restricted cards, then pairs)."""
    out = BanListDiff(old=old, new=new)
    numbers = dict.fromkeys([*old.banned, *old.restricted, *new.banned, *new.restricted])
    for n in numbers:
        before, after = status_of(old, n), status_of(new, n)
        if before == after:
            continue
        if before is None:
            (out.banned if after == "banned" else out.restricted).append(n)
        elif after is None:
            out.lifted.append((n, before))
        else:
            out.changed.append((n, before, after))
    old_keys = {p.key() for p in old.banned_pairs}
    new_keys = {p.key() for p in new.banned_pairs}
    out.pairs_added = [p for p in new.banned_pairs if p.key() not in old_keys]
    out.pairs_removed = [p for p in old.banned_pairs if p.key() not in new_keys]
    return out
