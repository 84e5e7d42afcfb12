"""The list in force on a date, from the cached announcements and the page's dated history.

1. Take the newest cached announcement that had taken effect on the date (its effective
   date when the page gives one, else its announcement date); if none had, the oldest one.
2. Undo, card by card, every history entry of that announcement that took effect after the
   date: a card restricted or banned later is taken off (or put back to its earlier status),
   a card lifted later is put back, a pair that came in later is dropped.

Cards whose history gives no date are assumed to have been in force already: the derived
list can only be stricter than the real one, never laxer.
"""

from __future__ import annotations

import copy
import datetime as dt
from dataclasses import dataclass

from tt_organizer.banlist.announcement import (
    BANNED_KIND,
    LIFTED_KIND,
    PAIR_KIND,
    RESTRICTED_KIND,
    BanList,
    BannedPair,
)
from tt_organizer.errors import BanlistError


class NoBanList(BanlistError, ValueError):
    """No ban list to choose from (a ValueError too: the caller passed an empty list)."""


@dataclass(frozen=True)
class _Event:
    date: dt.date
    kind: str
    count: int | None
    lifted_from: str | None


def card_events(banlist: BanList) -> dict[str, list[_Event]]:
    """Dated history events per card number, oldest first (lifts before same-day listings)."""
    events: dict[str, list[_Event]] = {}
    for entry in banlist.history:
        if entry.effective is None:
            continue
        numbers = list(entry.cards)
        for pair in entry.pairs:
            numbers += [n for n in pair.cards() if n not in numbers]
        for n in numbers:
            events.setdefault(n, []).append(
                _Event(entry.effective, entry.kind, entry.count, entry.lifted_from)
            )
    for evs in events.values():
        evs.sort(key=lambda e: (e.date, e.kind != LIFTED_KIND))
    return events


def _status_on(events: list[_Event], day: dt.date) -> tuple[str, int | None] | None:
    past = [e for e in events if e.date <= day]
    if past:
        last = past[-1]
        if last.kind == LIFTED_KIND:
            return None
        return last.kind, last.count
    first = events[0]
    if first.kind == LIFTED_KIND and first.lifted_from:
        return first.lifted_from, 1
    return None


def roll_back(base: BanList, day: dt.date) -> BanList:
    """``base`` as it stood on ``day``: history entries effective after ``day`` undone."""
    events = card_events(base)
    future = {n for n, evs in events.items() if any(e.date > day for e in evs)}
    if base.starts <= day and not future:
        return base
    out = copy.deepcopy(base)
    banned = [n for n in out.banned if n not in future]
    restricted = {n: c for n, c in out.restricted.items() if n not in future}
    for n in sorted(future):
        status = _status_on(events[n], day)
        if status is None:
            continue
        kind, count = status
        if kind == BANNED_KIND:
            banned.append(n)
        elif kind == RESTRICTED_KIND:
            restricted[n] = count or 1
    pairs: list[BannedPair] = []
    for pair in out.banned_pairs:
        dated = [e for n in pair.cards() for e in events.get(n, []) if e.kind == PAIR_KIND]
        if dated and all(e.date > day for e in dated):
            continue  # the pair came in after the day
        pairs.append(pair)
    keys = {p.key() for p in pairs}
    pair_starts: dict[object, list[dt.date]] = {}
    for entry in base.history:
        if entry.kind == PAIR_KIND and entry.effective is not None:
            for pair in entry.pairs:
                pair_starts.setdefault(pair.key(), []).append(entry.effective)
    for entry in base.history:
        lifted_pair = entry.kind == LIFTED_KIND and entry.lifted_from == PAIR_KIND
        if lifted_pair and entry.effective is not None and entry.effective > day:
            for pair in entry.pairs:
                starts = pair_starts.get(pair.key())
                if starts and min(starts) > day:
                    continue  # the pair had not come in yet on the day
                if pair.key() not in keys:
                    pairs.append(pair)
                    keys.add(pair.key())
    out.banned = banned
    out.restricted = restricted
    out.banned_pairs = pairs
    out.derived_as_of = day
    undated = [n for n in base.all_numbers() if n not in events]
    parts = [f"list in force on {day}, derived from the {base.announced} announcement"]
    if future:
        parts.append(f"{len(future)} card(s) whose status changed after {day} put back")
    else:
        parts.append(f"no change after {day} is known; the list is used as it is")
    if undated:
        parts.append(f"{len(undated)} card(s) with no known effective date assumed in force")
    out.note = "; ".join(parts)
    return out


def in_force_on(lists: list[BanList], day: dt.date) -> BanList:
    """The list in force on ``day``, from cached announcements (any order)."""
    if not lists:
        raise NoBanList("no-banlist-to-choose")
    ordered = sorted(lists, key=lambda b: b.announced)
    started = [b for b in ordered if b.starts <= day]
    base = started[-1] if started else ordered[0]
    return roll_back(base, day)
