"""History blocks that lift a ban, a restriction or a pair are read as lifts
(tests/fixtures/banlist/lifts.html, README there), and `--as-of` puts them back before their
date. The page is served to a real `tt banlist sync` by a local HTTP server."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from http_server import FIXTURES, serve

from tt_organizer.banlist.announcement import BANNED_KIND, LIFTED_KIND, PAIR_KIND, RESTRICTED_KIND
from tt_organizer.banlist.page import parse_page
from tt_organizer.cli.main import cli

PAGE = FIXTURES / "banlist" / "lifts.html"


def test_lift_blocks_are_lifts() -> None:
    page = parse_page(PAGE.read_text(encoding="utf-8"))
    assert page.problems == []
    assert page.effective == dt.date(2026, 4, 4)
    got = [(e.effective, e.kind, e.lifted_from, e.cards, [p.cards() for p in e.pairs])
           for e in page.history]
    d = dt.date
    assert got == [
        (d(2026, 4, 4), RESTRICTED_KIND, None, ["BT23-032"], []),
        (d(2026, 4, 4), LIFTED_KIND, RESTRICTED_KIND, ["BT9-099", "EX4-019"], []),
        (d(2025, 9, 1), BANNED_KIND, None, ["EX5-065"], []),
        (d(2025, 9, 1), LIFTED_KIND, PAIR_KIND, [], [["EX5-065", "P-097", "BT13-102"]]),
        (d(2025, 3, 28), PAIR_KIND, None, [], [["EX2-007", "EX7-064"]]),
        # "Card ban lifted on November 17, 2023", its cards under a "Restricted Cards" heading
        (d(2023, 11, 17), LIFTED_KIND, RESTRICTED_KIND, ["BT6-015", "BT7-086"], []),
        (d(2023, 11, 17), RESTRICTED_KIND, None, ["ST6-03"], []),
        (d(2021, 4, 1), RESTRICTED_KIND, None, ["BT6-015"], []),
    ]
    lifted_heading = page.history[5].heading
    assert lifted_heading == "Card ban lifted on November 17, 2023"


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("cache")
    with serve() as server:
        server.add("/lifts", file=PAGE, content_type="text/html; charset=utf-8")
        result = CliRunner().invoke(cli, ["banlist", "sync", "--url", server.url("/lifts"),
                                          "--cache", str(folder), "--retries", "0"])
        assert result.exit_code == 0, result.output
    yield folder


def show(cache: Path, day: str) -> Any:
    result = CliRunner().invoke(cli, ["banlist", "show", "--cache", str(cache), "--as-of", day,
                                      "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def pair_cards(shown: Any) -> list[list[str]]:
    return [p["a"] + p["b"] for p in shown["banned_pairs"]]


def test_a_lifted_pair(cache: Path) -> None:
    assert ["EX5-065", "P-097", "BT13-102"] in pair_cards(show(cache, "2025-08-31"))
    after = show(cache, "2025-09-01")
    assert ["EX5-065", "P-097", "BT13-102"] not in pair_cards(after)
    assert "EX5-065" in after["banned"]


def test_a_lifted_restriction(cache: Path) -> None:
    now = show(cache, "2026-04-04")["restricted"]
    before = show(cache, "2026-04-03")["restricted"]
    assert before == {**{k: v for k, v in now.items() if k != "BT23-032"},
                      "BT9-099": 1, "EX4-019": 1}
    assert "BT6-015" in show(cache, "2023-11-16")["restricted"]
    assert "BT6-015" not in show(cache, "2023-11-17")["restricted"]
