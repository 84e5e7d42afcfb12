"""Hostile restriction pages end in a bounded outcome - read, or refused with a
reason - never quadratic work. Timing lives in benchmarks/banlist_page.py, not here."""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile_pages import HOSTILE, nested_divs, nested_notice_frames, normal_page

from tt_organizer.banlist import page as page_module
from tt_organizer.banlist.page import MAX_DEPTH, MAX_ELEMENTS, parse_page


@pytest.mark.parametrize("label", sorted(HOSTILE))
def test_hostile_page_is_refused_with_a_reason(label: str) -> None:
    page = parse_page(HOSTILE[label](20_000))
    assert page.problems  # the sync refuses a page with problems
    assert page.empty


def test_depth_cap_refuses_before_the_tree_is_built() -> None:
    page = parse_page(nested_divs(MAX_DEPTH + 1))
    assert page.problems == [f"the page is nested too deep (over {MAX_DEPTH} levels)"]


def test_nesting_within_the_cap_is_read() -> None:
    # 200 nested frames all labelled side A: read to the end, one link found, side B empty.
    page = parse_page(nested_notice_frames(200))
    assert "a banned pair with an empty side" in page.problems
    assert page.names["EX2-007"] == "Mother D-Reaper"


def test_element_cap() -> None:
    html = "<html><body>" + "<br>" * (MAX_ELEMENTS + 1) + "</body></html>"
    assert parse_page(html).problems == [
        f"the page has too many elements (over {MAX_ELEMENTS:,})"
    ]


def test_walk_visits_each_element_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Work counted, not timed: the number of visits is the number of elements, however deep."""
    visits = 0
    real = page_module._heading_like

    def counting(tag: object) -> bool:
        nonlocal visits
        visits += 1
        return real(tag)  # type: ignore[arg-type]

    monkeypatch.setattr(page_module, "_heading_like", counting)
    parse_page(nested_divs(MAX_DEPTH - 10))
    # <html>, <body> and every div once, in the history walk (no current section; <head> is
    # skipped whole)
    assert visits == 2 + MAX_DEPTH - 10


def test_stray_lt_is_text_and_the_page_still_reads() -> None:
    html = normal_page(0).replace("</body>", "<meta " * 500 + "a < b <!-- open" + "</body>")
    page = parse_page(html)
    assert page.problems == []
    assert len(page.banned) == 3 and len(page.restricted) == 50


def test_sync_refuses_a_hostile_page_and_keeps_the_cache(tmp_path: Path) -> None:
    from click.testing import CliRunner
    from http_server import serve

    from tt_organizer.cli.main import cli

    with serve() as server:
        server.add("/deep", nested_divs(20_000).encode(), content_type="text/html")
        result = CliRunner().invoke(cli, ["banlist", "sync", "--url", server.url("/deep"),
                                          "--cache", str(tmp_path), "--retries", "0"])
    assert result.exit_code == 2
    assert "nested too deep" in result.output
    assert list(tmp_path.iterdir()) == []
