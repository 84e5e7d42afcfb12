"""The restriction-page parser on the recorded pages in tests/fixtures/banlist/."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from http_server import FIXTURES

from tt_organizer.banlist.page import ParsedPage, classify, find_date, parse_page

PAGES = FIXTURES / "banlist"
ROOT = Path(__file__).resolve().parents[1]
SEED = json.loads((ROOT / "banlist_cache" / "2026-03-16.json").read_text(encoding="utf-8"))


def parse(name: str) -> ParsedPage:
    return parse_page((PAGES / f"{name}.html").read_text(encoding="utf-8"))


def test_current_page_holds_exactly_the_2026_03_16_list() -> None:
    page = parse("current")
    assert page.problems == []
    assert page.announced == dt.date(2026, 3, 16)
    assert page.banned == SEED["banned"]
    assert page.restricted == SEED["restricted"]
    assert len(page.banned) == 3 and len(page.restricted) == 50
    assert [p.to_dict() for p in page.banned_pairs] == SEED["banned_pairs"]


def test_names_lose_their_line_breaks() -> None:
    page = parse("current")
    assert page.names["BT5-109"] == "Mega Digimon Fusion!"
    assert page.names["BT20-037"] == "Chaosmon: Valdur Arm"
    assert page.names["EX2-007"] == "Mother D-Reaper"


def test_pair_side_of_three_cards() -> None:
    page = parse("pair3")
    assert page.problems == []
    assert page.banned_pairs[1].a == ["BT20-037"]
    assert page.banned_pairs[1].b == ["BT17-035", "EX8-037", "BT19-037"]


def test_history_entries_and_effective_dates() -> None:
    page = parse("current")
    by_heading = {(h.heading, h.kind): h for h in page.history}
    first = by_heading[("Effective on April 1, 2021", "restricted")]
    assert first.effective == dt.date(2021, 4, 1) and first.cards == ["BT2-047", "BT3-103"]
    several = by_heading[("Effective on March 28, 2025", "restricted")]
    assert several.cards == ["P-029", "P-030"]  # one dd, two cards
    bt8 = by_heading[("Effective at the time of BT-08 release in your region.", "restricted")]
    assert bt8.effective is None
    lifted = by_heading[("Effective on April 1, 2022", "lifted")]
    assert lifted.cards == ["BT6-015"] and lifted.lifted_from == "restricted"
    pair = by_heading[("Effective on November 1, 2024", "banned_pair")]
    assert pair.pairs[0].b == ["BT17-035", "EX8-037"]
    since = page.since()
    assert since["BT2-047"] == dt.date(2021, 4, 1)
    assert since["EX5-065"] == dt.date(2026, 3, 27)
    assert "BT5-109" not in since  # no dated entry for it
    assert page.effective == dt.date(2026, 3, 27)


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("nolist", "no current list"),
        ("empty", "no current list"),
        ("error", "no current list"),
    ],
)
def test_pages_without_a_current_list_report_it(name: str, problem: str) -> None:
    page = parse(name)
    assert any(problem in p for p in page.problems)
    assert page.empty


def test_a_missing_category_is_reported() -> None:
    html = (PAGES / "current.html").read_text(encoding="utf-8")
    html = html.replace("Restricted Cards (1) - Decks can only include one copy of these cards.",
                        "Other cards")
    page = parse_page(html)
    assert any("'Restricted Cards' part" in p for p in page.problems)


def test_numbers_are_normalised_and_odd_ones_kept() -> None:
    html = (PAGES / "current.html").read_text(encoding="utf-8")
    html = html.replace("card_no=BT5-109", "card_no=bt5-109_P1").replace(
        "card_no=BT2-090", "card_no=ZZ9-999")
    page = parse_page(html)
    assert page.banned[:2] == ["BT5-109", "ZZ9-999"]


def test_dates_and_headings() -> None:
    assert find_date("Banned and Restricted Card Announcement (Mar. 16, 2026)") == dt.date(
        2026, 3, 16)
    assert find_date("Effective on September 1, 2026") == dt.date(2026, 9, 1)
    assert find_date("2026年3月16日 発表") == dt.date(2026, 3, 16)
    assert find_date("no date") is None
    assert classify("Banned cards: Can’t be included in decks.")[0] == "banned"
    assert classify("Restricted Cards (2) - Decks can only include two copies")[:2] == (
        "restricted", 2)
    assert classify("Restricted cards that will be lifted") == ("lifted", None, "restricted")
    assert classify("Banned Pair: If A is included in a deck, B is banned")[0] == "banned_pair"
    assert classify("List of Currently Affected Cards")[0] is None
