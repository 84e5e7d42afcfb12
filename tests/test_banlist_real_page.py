"""On Bandai's real English restriction page (a byte copy, sha256-checked:
tests/fixtures/real/banlist/, README there).

The parser must read the current list (3 banned, 50 restricted, 2 banned pairs, in force
2026-04-04) and every dated history block, lifts as lifts. ``--as-of`` is checked against an
independent oracle: ``CHANGES`` below is the page's history written out by hand from the page
text (one row per card and dated block, in the page's words), folded day by day."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from http_server import FIXTURES, serve

from tt_organizer.banlist.announcement import LIFTED_KIND, PAIR_KIND
from tt_organizer.banlist.cache import load_banlist
from tt_organizer.banlist.page import parse_page
from tt_organizer.cli.main import cli

PAGE = FIXTURES / "real" / "banlist" / "digimon-en-restriction-page.html"
SHIPPED = Path(__file__).resolve().parents[1] / "banlist_cache"
R, B, LIFT = "restrict", "ban", "lift"
# (effective, action, cards) - read off the page, newest block first, as the page lists them
CHANGES: list[tuple[str, str, list[str]]] = [
    ("2026-04-04", R, ["BT23-032", "BT3-092", "BT10-080", "EX5-059", "EX5-061"]),
    ("2026-04-04", LIFT, ["BT9-099", "EX4-019"]),  # "Restricted cards that will be lifted"
    ("2025-09-01", B, ["EX5-065"]),
    ("2025-09-01", R, ["BT1-090", "BT6-104", "BT13-110", "BT16-011", "EX3-057", "EX4-006",
                       "EX1-021", "BT19-040", "EX2-070"]),
    ("2025-03-28", B, ["BT2-090"]),
    ("2025-03-28", R, ["BT4-111", "BT17-069", "BT4-104", "P-029", "P-030", "BT11-033",
                       "ST9-09", "EX4-030"]),
    ("2024-08-31", R, ["P-123", "P-130", "ST2-13", "BT9-098", "BT15-057", "BT14-084"]),
    ("2024-08-31", LIFT, ["ST6-03"]),
    ("2024-03-01", R, ["BT14-002", "BT15-102", "EX5-015", "EX5-018", "EX5-062"]),
    ("2023-11-17", R, ["ST6-03", "BT2-069", "BT13-012", "EX4-019", "BT7-069"]),
    ("2023-11-17", LIFT, ["BT6-015", "BT7-086"]),  # "Card ban lifted on November 17, 2023"
    ("2023-06-01", R, ["BT3-054", "EX2-039", "P-008", "P-025"]),
    ("2023-04-01", R, ["BT11-064"]),
    ("2022-11-11", R, ["BT7-107", "BT9-099", "BT7-064", "BT10-009"]),
    ("2022-08-01", R, ["BT7-038", "BT7-086"]),
    ("2022-02-25", B, ["BT5-109"]),
    ("2022-02-25", R, ["BT6-100", "EX1-068"]),
    ("2021-04-01", R, ["BT2-047", "BT3-103"]),
]
# "Effective at the time of BT-08 release in your region." - no date on the page
UNDATED_RESTRICTED = ["BT6-015", "BT7-072"]
# (came in, lifted or None, side A, side B)
PAIRS = [
    ("2024-01-19", "2025-09-01", ["EX5-065"], ["P-097", "BT13-102", "ST16-14"]),
    ("2025-03-28", None, ["EX2-007"], ["EX7-064"]),
    ("2025-09-01", None, ["BT20-037"], ["BT17-035", "EX8-037"]),
]
DATES = sorted({dt.date.fromisoformat(d) for d, _, _ in CHANGES}
               | {dt.date.fromisoformat(d) for p in PAIRS for d in p[:2] if d})
DAYS = sorted({x for d in DATES for x in (d - dt.timedelta(days=1), d)})


def oracle(day: dt.date) -> tuple[set[str], set[str], list[list[str]]]:
    """Banned, restricted (all to 1 copy on this page) and pairs on ``day`` from the table."""
    status = dict.fromkeys(UNDATED_RESTRICTED, R)
    rows = sorted(CHANGES, key=lambda c: (c[0], c[1] != LIFT))
    for when, action, cards in rows:
        if dt.date.fromisoformat(when) <= day:
            for n in cards:
                if action == LIFT:
                    status.pop(n, None)
                else:
                    status[n] = action
    pairs = [a + b for start, end, a, b in PAIRS
             if dt.date.fromisoformat(start) <= day
             and (end is None or day < dt.date.fromisoformat(end))]
    return ({n for n, s in status.items() if s == B},
            {n for n, s in status.items() if s == R}, sorted(pairs))


def test_the_copy_is_the_recorded_page() -> None:
    data = PAGE.read_bytes()
    assert len(data) == 139_891
    assert hashlib.sha256(data).hexdigest() == (
        "95057f521b57054f3ade89885a06f0d1891219fbbbe3b80a70923b5bc975350c")


def test_current_list() -> None:
    page = parse_page(PAGE.read_text(encoding="utf-8"))
    assert page.problems == []
    assert page.announced == dt.date(2026, 3, 16)
    assert page.effective == dt.date(2026, 4, 4)
    assert page.banned == ["BT5-109", "BT2-090", "EX5-065"]
    assert len(page.restricted) == 50 and set(page.restricted.values()) == {1}
    assert [(p.a, p.b) for p in page.banned_pairs] == [
        (["EX2-007"], ["EX7-064"]), (["BT20-037"], ["BT17-035", "EX8-037"])]
    # the current list is what the hand-read history adds up to
    banned, restricted, pairs = oracle(dt.date(2026, 4, 4))
    assert set(page.banned) == banned and set(page.restricted) == restricted
    assert sorted(p.a + p.b for p in page.banned_pairs) == pairs
    assert page.names["P-030"] == "Lobomon"  # two cards written in one entry


def test_history_matches_the_page() -> None:
    page = parse_page(PAGE.read_text(encoding="utf-8"))
    words = {"restricted": R, "banned": B, LIFTED_KIND: LIFT}
    got = [(e.effective.isoformat(), words[e.kind], e.cards) for e in page.history
           if e.cards and e.effective is not None]
    assert got == CHANGES
    undated = [e for e in page.history if e.effective is None]
    assert [(e.kind, e.cards) for e in undated] == [("restricted", UNDATED_RESTRICTED)]
    pair_rows = [(e.effective and e.effective.isoformat(), e.kind, e.lifted_from,
                  [(p.a, p.b) for p in e.pairs]) for e in page.history if e.pairs]
    assert pair_rows == [
        ("2025-09-01", LIFTED_KIND, PAIR_KIND, [(["EX5-065"], ["P-097", "BT13-102", "ST16-14"])]),
        ("2025-09-01", PAIR_KIND, None, [(["BT20-037"], ["BT17-035", "EX8-037"])]),
        ("2025-03-28", PAIR_KIND, None, [(["EX2-007"], ["EX7-064"])]),
        ("2024-01-19", PAIR_KIND, None, [(["EX5-065"], ["P-097", "BT13-102", "ST16-14"])]),
    ]


@pytest.fixture(scope="module")
def synced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The page served over HTTP to a real ``tt banlist sync``."""
    folder = tmp_path_factory.mktemp("cache")
    with serve() as server:
        server.add("/rule/restriction_card/", file=PAGE,
                   content_type="text/html; charset=UTF-8")
        result = CliRunner().invoke(cli, [
            "banlist", "sync", "--url", server.url("/rule/restriction_card/"),
            "--cache", str(folder), "--retries", "0"])
        assert result.exit_code == 0, result.output
    yield folder


def show(cache: Path, day: dt.date) -> Any:
    result = CliRunner().invoke(cli, ["banlist", "show", "--cache", str(cache),
                                      "--as-of", day.isoformat(), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("day", DAYS, ids=str)
def test_as_of_every_dated_change(synced: Path, day: dt.date) -> None:
    shown = show(synced, day)
    banned, restricted, pairs = oracle(day)
    assert set(shown["banned"]) == banned
    assert set(shown["restricted"]) == restricted
    assert sorted(p["a"] + p["b"] for p in shown["banned_pairs"]) == pairs


@pytest.mark.parametrize("day", DAYS, ids=str)
def test_shipped_cache_is_the_page(day: dt.date) -> None:
    """The shipped cache was refreshed from this page (scripts/refresh_banlist_cache.py)."""
    derived = load_banlist(SHIPPED, as_of=day)
    banned, restricted, pairs = oracle(day)
    assert (set(derived.banned), set(derived.restricted)) == (banned, restricted)
    assert sorted(p.a + p.b for p in derived.banned_pairs) == pairs


def test_shipped_cache_provenance() -> None:
    current = load_banlist(SHIPPED)
    assert current.sha256 == hashlib.sha256(PAGE.read_bytes()).hexdigest()
    assert current.source_url == "https://world.digimoncard.com/rule/restriction_card/"
    assert current.effective == dt.date(2026, 4, 4)


def test_a_lifted_restriction_and_a_lifted_pair(synced: Path) -> None:
    # BT7-086 Tommy Himi: restricted 2022-08-01, "Card ban lifted on November 17, 2023"
    assert "BT7-086" not in show(synced, dt.date(2022, 7, 31))["restricted"]
    assert show(synced, dt.date(2023, 11, 16))["restricted"]["BT7-086"] == 1
    assert "BT7-086" not in show(synced, dt.date(2023, 11, 17))["restricted"]
    # Sayo & Koh: banned pair from 2024-01-19, lifted when the card was banned on 2025-09-01
    sayo = ["EX5-065", "P-097", "BT13-102", "ST16-14"]
    assert sayo not in [p["a"] + p["b"] for p in show(synced, dt.date(2024, 1, 18))["banned_pairs"]]
    before = show(synced, dt.date(2025, 8, 31))
    assert sayo in [p["a"] + p["b"] for p in before["banned_pairs"]]
    assert "EX5-065" not in before["banned"]
    after = show(synced, dt.date(2025, 9, 1))
    assert sayo not in [p["a"] + p["b"] for p in after["banned_pairs"]]
    assert "EX5-065" in after["banned"]
