"""The list in force on a date (``tt_organizer.banlist.history``) against an oracle: a generated
history -- cards restricted (with a copy count), banned and lifted on dated days, cards with no
known date, banned pairs that came in on a day (or on no known day) and pairs lifted later,
several of them in one lift -- is folded day by day here, independently, into the list a player
was bound by; ``roll_back`` of the announcement must give that list on every day around every
change, and ``in_force_on`` must start from the right one of several announcements."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from tt_organizer.banlist.announcement import (
    BANNED_KIND,
    LIFTED_KIND,
    PAIR_KIND,
    RESTRICTED_KIND,
    BanList,
    BannedPair,
    HistoryEntry,
)
from tt_organizer.banlist.history import in_force_on, roll_back

START = dt.date(2023, 1, 10)
LIST, BAN, LIFT = "restrict", "ban", "lift"


@dataclass(frozen=True)
class Change:
    """One dated change of one card: listed (restricted to ``copies``), banned or lifted."""

    day: dt.date
    action: str
    copies: int | None = 1  # None: the heading gave no count (1, the strictest)
    lifted_from: str = RESTRICTED_KIND


@dataclass(frozen=True)
class Pair:
    pair: BannedPair
    start: dt.date | None  # None: the page never dates it
    lifted: dt.date | None


@dataclass
class Story:
    changes: dict[str, list[Change]]
    undated: dict[str, int | None]  # restricted copies, None for banned
    pairs: list[Pair]
    announced: dt.date
    effective: dt.date


def status_on(story: Story, day: dt.date) -> tuple[set[str], dict[str, int], set[object]]:
    """The oracle: banned cards, restricted cards and pairs on ``day``, folded from the story."""
    banned = {n for n, c in story.undated.items() if c is None}
    restricted = {n: c for n, c in story.undated.items() if c is not None}
    for n, changes in story.changes.items():
        past = [c for c in changes if c.day <= day]
        if past:
            last = past[-1]
        elif changes[0].action == LIFT:  # lifted later: it was listed before
            last = Change(day, BAN if changes[0].lifted_from == BANNED_KIND else LIST)
        else:
            continue
        if last.action == BAN:
            banned.add(n)
        elif last.action == LIST:
            restricted[n] = last.copies or 1
    pairs = {p.pair.key() for p in story.pairs
             if (p.start is None or p.start <= day) and (p.lifted is None or day < p.lifted)}
    return banned, restricted, pairs


def announcement(story: Story) -> BanList:
    """The announcement the page gives: the list on its effective day and the dated history."""
    banned, restricted, _ = status_on(story, story.effective)
    history: list[HistoryEntry] = []
    for n, changes in story.changes.items():
        for c in changes:
            if c.action == LIFT:
                history.append(HistoryEntry(effective=c.day, kind=LIFTED_KIND,
                                            lifted_from=c.lifted_from, cards=[n]))
            elif c.action == BAN:
                history.append(HistoryEntry(effective=c.day, kind=BANNED_KIND, cards=[n]))
            else:
                history.append(HistoryEntry(effective=c.day, kind=RESTRICTED_KIND,
                                            count=c.copies, cards=[n]))
    for n, copies in story.undated.items():
        kind = BANNED_KIND if copies is None else RESTRICTED_KIND
        history.append(HistoryEntry(effective=None, kind=kind, count=copies, cards=[n]))
    starts: dict[dt.date | None, list[BannedPair]] = {}
    lifts: dict[dt.date, list[BannedPair]] = {}
    for p in story.pairs:
        if p.start is not None:
            starts.setdefault(p.start, []).append(p.pair)
        if p.lifted is not None:  # several pairs lifted on one day: one lift entry
            lifts.setdefault(p.lifted, []).append(p.pair)
    history += [HistoryEntry(effective=d, kind=PAIR_KIND, pairs=ps) for d, ps in starts.items()]
    history += [HistoryEntry(effective=d, kind=LIFTED_KIND, lifted_from=PAIR_KIND, pairs=ps)
                for d, ps in lifts.items()]
    history.sort(key=lambda e: e.effective or dt.date.min, reverse=True)  # newest first
    return BanList(
        announced=story.announced, effective=story.effective,
        banned=sorted(banned), restricted=dict(sorted(restricted.items())),
        banned_pairs=[p.pair for p in story.pairs if p.lifted is None],
        history=history)


@st.composite
def stories(draw: st.DrawFn) -> Story:
    days = sorted(draw(st.lists(st.integers(0, 900), min_size=2, max_size=6, unique=True)))
    dates = [START + dt.timedelta(days=d) for d in days]
    numbers = [f"BT{k}-{j:03d}" for k in range(1, 4) for j in range(1, 9)]
    cards = draw(st.permutations(numbers))
    changes: dict[str, list[Change]] = {}
    for n in cards[:draw(st.integers(1, 8))]:
        when = sorted(draw(st.lists(st.sampled_from(dates), min_size=1, max_size=3,
                                    unique=True)))
        out: list[Change] = []
        listed: str | None = None
        for d in when:
            action = draw(st.sampled_from([LIST, BAN, LIFT] if listed or not out else
                                          [LIST, BAN]))
            if action == LIFT:
                lifted_from = BANNED_KIND if listed == BAN else RESTRICTED_KIND
                if not out:  # lifted first: what it had been
                    lifted_from = draw(st.sampled_from([BANNED_KIND, RESTRICTED_KIND]))
                out.append(Change(d, LIFT, lifted_from=lifted_from))
                listed = None
            else:
                out.append(Change(d, action, copies=draw(st.sampled_from([None, 1, 2, 3]))))
                listed = action
        changes[n] = out
    rest = cards[len(changes):]
    undated = {n: draw(st.sampled_from([None, 1, 2])) for n in rest[:draw(st.integers(0, 2))]}
    rest = rest[len(undated):]
    pairs = []
    for k in range(draw(st.integers(0, 3))):
        a, b = rest[3 * k:3 * k + 1], rest[3 * k + 1:3 * k + 3]
        start = draw(st.sampled_from([None, *dates]))
        later = [d for d in dates if start is None or d > start]
        lifted = draw(st.sampled_from([None, *later])) if later else None
        pairs.append(Pair(BannedPair(a=a, b=b), start, lifted))
    effective = dates[-1]
    announced = effective - dt.timedelta(days=draw(st.sampled_from([0, 19])))
    return Story(changes, undated, pairs, announced, effective)


def days_around(story: Story) -> list[dt.date]:
    dates = {c.day for cs in story.changes.values() for c in cs}
    dates |= {d for p in story.pairs for d in (p.start, p.lifted) if d is not None}
    dates |= {story.announced, story.effective}
    return sorted({d + dt.timedelta(days=k) for d in dates for k in (-1, 0, 1)})


@settings(max_examples=80, deadline=None, database=None, derandomize=True)
@given(stories())
def test_the_list_in_force_on_every_day_is_the_folded_history(story: Story) -> None:
    base = announcement(story)
    for day in days_around(story):
        banned, restricted, pairs = status_on(story, day)
        got = roll_back(base, day)
        assert (set(got.banned), got.restricted, {p.key() for p in got.banned_pairs}) == (
            banned, restricted, pairs), day
        assert len(got.banned) == len(set(got.banned))
        assert len(got.banned_pairs) == len(pairs)  # no pair twice
        # from its first day on the announcement is used as it is; before, a derived list
        # says so (``tt banlist show``'s note, ``diff``'s "in force on")
        assert got.derived_as_of == (None if day >= base.starts else day)
        assert (got.note is None) == (day >= base.starts)
    # an older announcement is the one in force before the newer one took effect
    older = BanList(announced=START - dt.timedelta(days=30), effective=START,
                    banned=["EX9-001"])
    for day in (START - dt.timedelta(days=1), START, base.starts - dt.timedelta(days=1)):
        assert in_force_on([base, older], day).banned == ["EX9-001"]
    assert in_force_on([older, base], base.starts).announced == base.announced


def test_a_lift_of_two_pairs_puts_back_the_one_in_force_though_the_other_came_later() -> None:
    """One lift entry names two pairs: one that came in after the day (not put back) listed
    before one that was in force on the day (put back)."""
    d1, d2, d3 = dt.date(2024, 1, 19), dt.date(2025, 3, 28), dt.date(2025, 9, 1)
    late = BannedPair(a=["EX2-007"], b=["EX7-064"])
    early = BannedPair(a=["EX5-065"], b=["P-097", "BT13-102"])
    base = BanList(
        announced=d3, effective=d3, banned=["EX5-065"],
        history=[HistoryEntry(effective=d3, kind=BANNED_KIND, cards=["EX5-065"]),
                 HistoryEntry(effective=d3, kind=LIFTED_KIND, lifted_from=PAIR_KIND,
                              pairs=[late, early]),
                 HistoryEntry(effective=d2, kind=PAIR_KIND, pairs=[late]),
                 HistoryEntry(effective=d1, kind=PAIR_KIND, pairs=[early])])
    between = in_force_on([base], d2 - dt.timedelta(days=1))
    assert [p.key() for p in between.banned_pairs] == [early.key()]
    assert between.banned == []
    assert [p.key() for p in in_force_on([base], d2).banned_pairs] == [late.key(), early.key()]
    assert in_force_on([base], d3).banned_pairs == []


def test_a_pair_lifted_twice_is_put_back_once() -> None:
    """A pair that came in, was lifted, came in again and was lifted again: on a day of its
    first spell it is in force once, not once per lift."""
    d1, d2, d3, d4 = (dt.date(2024, 1, 19), dt.date(2024, 8, 31), dt.date(2025, 3, 28),
                      dt.date(2025, 9, 1))
    pair = BannedPair(a=["EX5-065"], b=["P-097"])
    base = BanList(
        announced=d4, effective=d4,
        history=[HistoryEntry(effective=d4, kind=LIFTED_KIND, lifted_from=PAIR_KIND,
                              pairs=[pair]),
                 HistoryEntry(effective=d3, kind=PAIR_KIND, pairs=[pair]),
                 HistoryEntry(effective=d2, kind=LIFTED_KIND, lifted_from=PAIR_KIND,
                              pairs=[pair]),
                 HistoryEntry(effective=d1, kind=PAIR_KIND, pairs=[pair])])
    assert [p.key() for p in in_force_on([base], d1).banned_pairs] == [pair.key()]
    assert in_force_on([base], d1 - dt.timedelta(days=1)).banned_pairs == []


def test_a_pair_with_no_date_stays_though_its_card_was_banned_later() -> None:
    """An undated pair is in force on any day, even before one of its cards was banned on its
    own: only the pair's own listing date can put it after the day."""
    d2, d3 = dt.date(2025, 3, 28), dt.date(2025, 9, 1)
    pair = BannedPair(a=["BT20-037"], b=["BT17-035"])
    base = BanList(announced=d3, effective=d3, banned=["BT17-035"], banned_pairs=[pair],
                   history=[HistoryEntry(effective=d3, kind=BANNED_KIND, cards=["BT17-035"])])
    before = in_force_on([base], d2)
    assert [p.key() for p in before.banned_pairs] == [pair.key()]
    assert before.banned == []
