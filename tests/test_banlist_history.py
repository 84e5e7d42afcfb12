"""The list in force on a date (``tt_organizer.banlist.history``), day by day around
every change: the day before a change takes effect, the day itself, the day after; lifts put
back with their earlier status, a lift and a listing on the same day, pairs that came in and
pairs that were lifted, and which announcement a date starts from."""

from __future__ import annotations

import datetime as dt

import pytest

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

D1, D2, D3 = dt.date(2024, 3, 1), dt.date(2025, 3, 1), dt.date(2026, 4, 4)
DAY = dt.timedelta(days=1)
OLD_PAIR = BannedPair(a=["EX5-065"], b=["P-097", "BT13-102"])
NEW_PAIR = BannedPair(a=["EX2-007"], b=["EX7-064"])
KEPT_PAIR = BannedPair(a=["BT20-037"], b=["BT17-035", "EX8-037"])  # since D1, listed again D3


def announcement() -> BanList:
    """Announced D3 - 19 days, effective D3: BT1-001 restricted (1) since D1, banned since D3;
    BT2-002 restricted to 2 since D2; BT3-003 lifted on D3 (restricted before, since D1);
    BT7-007 lifted on D3 (no earlier entry: it was restricted); BT5-005 banned on D2, the ban
    lifted on D3; BT4-004 restricted (1) on D1,
    lifted and listed again with 2 copies on the same day D2, banned on D3; NEW_PAIR since D2;
    OLD_PAIR (since D1) lifted on D3; BT9-009 restricted with no known date."""
    return BanList(
        announced=D3 - 19 * DAY, effective=D3,
        banned=["BT1-001", "BT4-004"],
        restricted={"BT2-002": 2, "BT9-009": 1},
        banned_pairs=[NEW_PAIR, KEPT_PAIR],
        history=[
            HistoryEntry(effective=D3, kind=BANNED_KIND, cards=["BT1-001", "BT4-004"]),
            HistoryEntry(effective=D3, kind=LIFTED_KIND, lifted_from=RESTRICTED_KIND,
                         cards=["BT3-003", "BT7-007"]),
            HistoryEntry(effective=D3, kind=LIFTED_KIND, lifted_from=PAIR_KIND,
                         pairs=[OLD_PAIR]),
            HistoryEntry(effective=D3, kind=LIFTED_KIND, lifted_from=BANNED_KIND,
                         cards=["BT5-005"]),
            HistoryEntry(effective=D3, kind=PAIR_KIND, pairs=[KEPT_PAIR]),
            HistoryEntry(effective=D2, kind=RESTRICTED_KIND, count=2,
                         cards=["BT2-002", "BT4-004"]),
            HistoryEntry(effective=D2, kind=LIFTED_KIND, lifted_from=RESTRICTED_KIND,
                         cards=["BT4-004"]),
            HistoryEntry(effective=D2, kind=PAIR_KIND, pairs=[NEW_PAIR, KEPT_PAIR]),
            HistoryEntry(effective=D2, kind=BANNED_KIND, cards=["BT5-005"]),
            HistoryEntry(effective=D1, kind=RESTRICTED_KIND, count=1,
                         cards=["BT1-001", "BT3-003", "BT4-004"]),
            HistoryEntry(effective=D1, kind=PAIR_KIND, pairs=[OLD_PAIR, KEPT_PAIR]),
            HistoryEntry(effective=None, kind=RESTRICTED_KIND, count=1, cards=["BT9-009"]),
        ])


def cached() -> BanList:
    """The announcement as the cache reads it back: through JSON text (its strings are new
    objects, not this file's constants)."""
    import json

    return BanList.load(json.loads(json.dumps(announcement().to_dict(as_json=True))),
                        trusted=True)


def view(day: dt.date) -> tuple[list[str], dict[str, int], list[object]]:
    listed = roll_back(cached(), day)
    return (sorted(listed.banned), dict(sorted(listed.restricted.items())),
            sorted(p.key() for p in listed.banned_pairs))


@pytest.mark.parametrize(("day", "banned", "restricted", "pairs"), [
    # on and after D3: the announcement as it is
    (D3, ["BT1-001", "BT4-004"], {"BT2-002": 2, "BT9-009": 1}, [NEW_PAIR, KEPT_PAIR]),
    (D3 + DAY, ["BT1-001", "BT4-004"], {"BT2-002": 2, "BT9-009": 1}, [NEW_PAIR, KEPT_PAIR]),
    # the day before D3: BT1-001 back to restricted, BT3-003 and the old pair not lifted yet
    (D3 - DAY, ["BT5-005"], {"BT1-001": 1, "BT2-002": 2, "BT3-003": 1, "BT4-004": 2, "BT7-007": 1,
                    "BT9-009": 1}, [NEW_PAIR, OLD_PAIR, KEPT_PAIR]),
    (D2, ["BT5-005"], {"BT1-001": 1, "BT2-002": 2, "BT3-003": 1, "BT4-004": 2, "BT7-007": 1,
              "BT9-009": 1}, [NEW_PAIR, OLD_PAIR, KEPT_PAIR]),
    # the day before D2: BT2-002 not listed yet, BT4-004 still at 1 copy, no new pair
    (D2 - DAY, [], {"BT1-001": 1, "BT3-003": 1, "BT4-004": 1, "BT7-007": 1, "BT9-009": 1},
     [OLD_PAIR, KEPT_PAIR]),
    (D1, [], {"BT1-001": 1, "BT3-003": 1, "BT4-004": 1, "BT7-007": 1, "BT9-009": 1},
     [OLD_PAIR, KEPT_PAIR]),
    # before anything dated: only the undated card (assumed in force: stricter, not laxer)
    (D1 - DAY, [], {"BT7-007": 1, "BT9-009": 1}, []),
])
def test_the_list_in_force_day_by_day(day: dt.date, banned: list[str],
                                      restricted: dict[str, int],
                                      pairs: list[BannedPair]) -> None:
    assert view(day) == (banned, restricted, sorted(p.key() for p in pairs))


def test_the_derived_list_says_how_it_was_made() -> None:
    base = announcement()
    assert roll_back(base, D3 + DAY) is base  # nothing to undo: the list itself
    assert roll_back(base, D3) is base  # from its first day on
    earlier = roll_back(base, D2 - DAY)
    assert earlier.derived_as_of == D2 - DAY
    assert earlier.note == (
        f"list in force on {D2 - DAY}, derived from the {base.announced} announcement; "
        f"14 card(s) whose status changed after {D2 - DAY} put back; "
        "1 card(s) with no known effective date assumed in force")
    # the base is untouched
    assert base.banned == ["BT1-001", "BT4-004"] and base.derived_as_of is None
    between = roll_back(base, base.announced)  # announced, not yet effective
    assert between.restricted["BT1-001"] == 1 and between.banned == ["BT5-005"]


def test_in_force_on_starts_from_the_newest_list_in_effect() -> None:
    old = BanList(announced=D1 - 10 * DAY, effective=D1, banned=["BT5-109"])
    new = announcement()
    assert in_force_on([new, old], D3).announced == new.announced
    # the day before the new one takes effect: the old one is in force
    assert in_force_on([new, old], D3 - DAY).announced == old.announced
    assert in_force_on([old, new], D1).banned == ["BT5-109"]
    # before every list took effect: the oldest, as it stood
    assert in_force_on([new, old], D1 - DAY).banned == ["BT5-109"]
    undated = BanList(announced=D2 + DAY, banned=["BT6-015"])  # starts on its announcement
    assert in_force_on([old, undated], D2 + DAY).banned == ["BT6-015"]
    assert in_force_on([old, undated], D2).banned == ["BT5-109"]
    with pytest.raises(ValueError, match="no ban list"):
        in_force_on([], D1)


def test_a_restriction_lifted_and_a_ban_on_the_same_day_leave_the_card_banned() -> None:
    """The page lists the ban before the lift of the same day: the lift ends the restriction,
    the ban starts that day (whatever order the page gives them)."""
    base = BanList(
        announced=D3 - 19 * DAY, effective=D3, banned=[], restricted={"BT8-008": 1},
        history=[
            HistoryEntry(effective=D3, kind=RESTRICTED_KIND, count=1, cards=["BT8-008"]),
            HistoryEntry(effective=D2, kind=BANNED_KIND, cards=["BT8-008"]),
            HistoryEntry(effective=D2, kind=LIFTED_KIND, lifted_from=RESTRICTED_KIND,
                         cards=["BT8-008"]),
            HistoryEntry(effective=D1, kind=RESTRICTED_KIND, count=1, cards=["BT8-008"]),
        ])
    on_d2 = roll_back(base, D2)
    assert on_d2.banned == ["BT8-008"] and "BT8-008" not in on_d2.restricted
    assert roll_back(base, D2 - DAY).restricted == {"BT8-008": 1}


def test_a_pair_with_no_date_stays_though_its_card_changed_later() -> None:
    """A banned pair the history never dates is assumed in force on any day, even when one of
    its cards was restricted (or a restriction lifted) after that day: only the pair's own
    listing date can put it after the day."""
    pair = BannedPair(a=["EX2-007"], b=["EX7-064"])
    base = BanList(
        announced=D3 - 19 * DAY, effective=D3, banned=[], restricted={"EX2-007": 1},
        banned_pairs=[pair],
        history=[HistoryEntry(effective=D3, kind=RESTRICTED_KIND, count=1, cards=["EX2-007"]),
                 HistoryEntry(effective=D3, kind=LIFTED_KIND, lifted_from=RESTRICTED_KIND,
                              cards=["EX7-064"])])
    before = roll_back(base, D2)
    assert [p.key() for p in before.banned_pairs] == [pair.key()]
    assert before.restricted == {"EX7-064": 1}  # the lift undone, the restriction not yet in
