"""Restriction pages built to make a parser do quadratic work (issue 13): shared by the
bounded-parse tests and ``benchmarks/banlist_page.py``."""

from __future__ import annotations

from pathlib import Path

CURRENT = Path(__file__).resolve().parent / "fixtures" / "banlist" / "current.html"


def wrap(body: str) -> str:
    """``body`` inside an otherwise normal, complete page."""
    title = "<title>Banned and Restricted (Mar. 16, 2026)</title>"
    return f"<html><head>{title}</head><body>{body}</body></html>"


def nested_divs(n: int) -> str:
    """``n`` nested ``<div>``s (27 s for 20,000 before issue 13)."""
    return wrap("<div>" * n + "x" + "</div>" * n)


def nested_notice_frames(n: int) -> str:
    """``n`` nested banned-pair frames inside the current list's pair part."""
    frame = '<div class="noticeFrame noticeBase"><div class="noticeArea">Component Card A</div>'
    link = (
        '<ul class="noticeList"><li><a href="/x?card_no=EX2-007">EX2-007 Mother D-Reaper</a>'
        "</li></ul>"
    )
    return wrap(
        '<section id="application"><h4>List of Currently Affected Cards</h4>'
        "<h5>Banned Pair: If A is included in a deck, B is banned.</h5>"
        + frame * n + link + "</div>" * n + "</section>"
    )


def unclosed_soup(n: int) -> str:
    """``n`` start tags of mixed names never closed, then as many stray end tags."""
    names = ("p", "span", "dd", "li", "b", "i", "em")
    opened = "".join(f"<{names[i % len(names)]}>t" for i in range(n))
    return wrap(opened + "</x>" * n)


def meta_run(n: int) -> str:
    """``n`` unterminated ``<meta `` openers."""
    return wrap("<meta " * n)


def comment_run(n: int) -> str:
    """``n`` comment openers that nothing closes."""
    return wrap("<!--" * n)


def normal_page(size: int) -> str:
    """A real-shaped page (the current-list fixture) padded with ordinary paragraphs to about
    ``size`` characters: the baseline for the same amount of text."""
    page = CURRENT.read_text(encoding="utf-8")
    pad = "<p>Based on the competitive environment, these cards change.</p>\n"
    repeat = max(0, (size - len(page)) // len(pad))
    at = page.index(">", page.index("<body")) + 1
    return page[:at] + pad * repeat + page[at:]


HOSTILE = {
    "nested <div>": nested_divs,
    "nested notice frames": nested_notice_frames,
    "unclosed-tag soup": unclosed_soup,
    "run of '<meta '": meta_run,
    "run of '<!--'": comment_run,
}
