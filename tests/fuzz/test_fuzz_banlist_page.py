"""Fuzz the ban-page parser: any HTML (built from the page's own pieces, nested and cut at
random) parses without an exception, and every number it reports is a normalised card number."""

from __future__ import annotations

from fuzz_settings import FUZZ
from hypothesis import given
from hypothesis import strategies as st

from tt_organizer.banlist.page import parse_page
from tt_organizer.cards.numbers import normalize_number

OPEN = st.sampled_from([
    '<section id="application">', '<section class="cardWrap mt_l">', "<div>", "<dl>", "<dd>",
    '<div class="restriction_card"><dl class="cardList">', '<div class="restrictionCol">',
    '<div class="noticeFrame noticeBase">', '<div class="noticeArea isBlue">',
    '<div class="noticeArea isRed">', '<ul class="noticeList">', "<li>", '<div class="ttlWrap">',
    "<p>", "<table><tr><td>", "<meta ", "<!--", "<script>", "<![CDATA[",
])
CLOSE = st.sampled_from(["</div>", "</section>", "</dl>", "</dd>", "</ul>", "</li>", "</p>",
                         "-->", "</script>", "</td></tr></table>", ">"])
TEXT = st.sampled_from([
    "<title>Banned and Restricted Card Announcement (Mar. 16, 2026)</title>",
    "<title>禁止・制限カード 2026年3月16日</title>",
    '<h4 class="subTit">List of Currently Affected Cards</h4>',
    '<h4 class="subTit">Effective on April 1, 2021</h4>',
    '<h5 class="minTit">Banned cards: Can’t be included in decks.</h5>',
    '<h5 class="minTit">Restricted Cards (1) - Decks can only include one copy.</h5>',
    '<h5 class="minTit">Banned Pair: If A is included in a deck, B is banned.</h5>',
    '<h5 class="minTit">Restricted cards that will be lifted</h5>',
    '<a href="/cardlist/index.php?search=true&card_no=BT5-109">BT5-109 Mega</a>',
    '<a href="?card_no=%42T1-010">x</a>', '<span class="num">EX5-065</span>Sayo',
    "BT2-090 Matt", "P-029 Agunimon", "ST1-03", "BT99-0001", "Component Card A",
    "Component Card B", "2099-01-01", "&amp;", "&#0;", "\x00", "\u202e", "ｂｔ１－０１０",
])
PAGE = st.lists(st.one_of(OPEN, CLOSE, TEXT, st.text(max_size=8)), max_size=120).map("".join)


def _check(html: str) -> None:
    page = parse_page(html)
    numbers = [*page.banned, *page.restricted,
               *(n for pair in page.banned_pairs for n in pair.cards())]
    assert all(normalize_number(n) == n for n in numbers), numbers
    assert all(isinstance(c, int) and c >= 0 for c in page.restricted.values())


@FUZZ
@given(html=PAGE)
def test_ban_page_pieces(html: str) -> None:
    _check(html)


@FUZZ
@given(depth=st.integers(0, 400), piece=OPEN, tail=PAGE)
def test_ban_page_nesting(depth: int, piece: str, tail: str) -> None:
    _check(piece * depth + tail)


@FUZZ
@given(html=st.text(max_size=3000))
def test_ban_page_any_text(html: str) -> None:
    _check(html)
