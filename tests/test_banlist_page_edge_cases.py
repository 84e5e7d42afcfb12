"""Edge cases of the ban-list page parser and ``tt banlist diff``: several linked cards in one
entry, restricted-copy counts, and derived lists in the diff's JSON."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from http_server import FIXTURES, serve, snapshot

from tt_organizer.banlist.page import classify, parse_page
from tt_organizer.banlist.page_sync import SyncRefused, page_source, sync_banlist
from tt_organizer.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]

TITLE = "<title>Banned and Restricted Card Announcement (Mar. 16, 2026)</title>"


def _page(current: str, history: str = "") -> str:
    return (f"<html><head>{TITLE}</head><body>{history}<section id='application'>"
            f"<h4>List of Currently Affected Cards</h4>{current}</section></body></html>")


def _link(number: str, name: str) -> str:
    return f"<a href='/cardlist/index.php?search=true&card_no={number}'>{number} {name}</a>"


PAIR = (
    "<h5 class='minTit'>Banned Pair: If A is included in a deck, B is banned.</h5>"
    "<div class='noticeFrame noticeBase'><div class='noticeArea'>Component Card A</div>"
    f"<ul class='noticeList'><li>・{_link('EX2-007', 'Mother D-Reaper')}<br>・"
    f"{_link('BT1-010', 'Agumon')}</li></ul>"
    "<div class='mt_s'><div class='noticeArea isRed'>Component Card B</div>"
    "<ul class='noticeList'><li>EX7-064 Shoto Kazama<br>BT1-011 Gabumon</li></ul></div></div>"
)
BANNED = ("<h5 class='minTit'>Banned cards: Can’t be included in decks.</h5>"
          f"<div><dd>{_link('BT5-109', 'Mega Digimon Fusion!')}</dd></div>")


def test_a_pair_side_listing_several_linked_cards_in_one_li_keeps_them_all() -> None:
    page = parse_page(_page(PAIR + BANNED + "<h5 class='minTit'>Restricted Cards (1)</h5>"
                            f"<div><dd>{_link('BT2-047', 'Argomon')}</dd></div>"))
    assert page.problems == []
    assert [(p.a, p.b) for p in page.banned_pairs] == [
        (["EX2-007", "BT1-010"], ["EX7-064", "BT1-011"])]
    assert page.names["BT1-010"] == "Agumon"


def test_a_dd_with_several_linked_cards_lists_each_of_them() -> None:
    restricted = ("<h5 class='minTit'>Restricted Cards (1)</h5><div><dd>"
                  f"{_link('BT1-001', 'Yokomon')}<br>{_link('BT1-002', 'Bibimon')}</dd></div>")
    history = ("<section><h4>Effective on April 1, 2021</h4><h4>Restricted Cards</h4>"
               "<div class='restrictionCol'><dl><dd>P-029 Agunimon<br>P-030 Lobomon</dd>"
               f"<dd>{_link('BT3-103', 'Hidden Potential')} {_link('BT2-047', 'Argomon')}"
               "</dd></dl></div></section>")
    page = parse_page(_page(PAIR + BANNED + restricted, history))
    assert page.restricted == {"BT1-001": 1, "BT1-002": 1}
    assert page.names["BT1-002"] == "Bibimon"
    [entry] = page.history
    assert entry.effective == dt.date(2021, 4, 1)
    assert entry.cards == ["P-029", "P-030", "BT3-103", "BT2-047"]


@pytest.mark.parametrize(("heading", "count"), [
    ("Restricted Cards (1) - Decks can only include one copy of these cards.", 1),
    ("  Restricted   Cards  (2) ", 2),
    ("Restricted Cards (2 copies)", 2),
    ("Cards restricted to 2 copies", 2),
    ("制限カード（2枚まで）", 2),
    ("制限カード", 1),
    # a number that is not a copy count gives the strictest restriction, never a laxer one
    ("制限カード（2025年3月28日施行）", 1),
    ("Restricted Cards (2026/03/16)", 1),
    ("Restricted Cards (0)", 1),
    ("Restricted Cards (12)", 1),
])
def test_restricted_heading_copy_count(heading: str, count: int) -> None:
    assert classify(heading) == ("restricted", count, None)


def test_diff_json_says_which_side_is_a_derived_list() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["banlist", "diff", "2000-01-01", "2026-03-16", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["old"] == payload["new"] == "2026-03-16"
    assert payload["old_in_force_on"] == "2000-01-01"
    assert payload["new_in_force_on"] is None
    # every restricted card the shipped history dates (BT7-072's block has no date: kept)
    cache = json.loads((Path(__file__).resolve().parents[1] / "banlist_cache" / "2026-03-16.json")
                       .read_text(encoding="utf-8"))
    dated = {n for n in cache["restricted"] if n in cache["since"]}
    assert {"P-029", "P-030", "BT2-047", "BT23-032"} <= dated
    assert set(payload["newly_restricted"]) == dated


def test_diff_of_identical_lists_says_no_changes() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["banlist", "diff", "2026-03-16", "2026-03-16"])
    assert result.exit_code == 0
    assert "no changes" in result.output
    as_json = json.loads(runner.invoke(
        cli, ["banlist", "diff", "2026-03-16", "2026-03-16", "--json"]).stdout)
    assert not any(as_json[k] for k in ("newly_banned", "newly_restricted", "lifted",
                                         "changed", "pairs_added", "pairs_removed"))


# --- a download that stopped early --------------------------------------------------------------


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    folder = tmp_path / "banlist_cache"
    shutil.copytree(ROOT / "banlist_cache", folder)
    return folder


def test_a_page_cut_off_inside_the_current_list_is_refused(cache: Path) -> None:
    """Cut in the middle of the restricted cards, the page still has all three parts and
    lost less than half of the list: only the missing end of the page gives it away."""
    html = (FIXTURES / "banlist" / "current.html").read_bytes()
    cut = html[: html.index(b"BT15-057")]
    before = snapshot(cache)
    with serve() as server:
        server.add("/cut", cut, content_length=False)  # the connection end delimits the body
        with pytest.raises(SyncRefused, match="cut short"):
            sync_banlist(page_source(server.url("/cut"), timeout=2, retries=0), cache,
                         known=None)
    assert snapshot(cache) == before
    assert parse_page(html.decode("utf-8")).problems == []


def test_a_body_shorter_than_its_content_length_is_a_clear_one_line_error(cache: Path) -> None:
    html = (FIXTURES / "banlist" / "current.html").read_bytes()
    before = snapshot(cache)
    with serve() as server:
        server.add("/short", html[: len(html) // 2], content_length=False,
                   headers={"Content-Length": str(len(html))})
        result = CliRunner().invoke(cli, ["banlist", "sync", "--url", server.url("/short"),
                                          "--cache", str(cache), "--retries", "0",
                                          "--timeout", "2"])
    assert result.exit_code == 2
    assert "cut short" in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert snapshot(cache) == before


def test_odd_card_numbers_from_the_page_are_printed_as_text_not_markup(
    cache: Path, tmp_path: Path
) -> None:
    html = (FIXTURES / "banlist" / "current.html").read_text(encoding="utf-8")
    page = tmp_path / "page.html"
    page.write_text(html.replace("card_no=BT5-109", "card_no=%5B/red%5D").replace(
        "card_no=BT2-090", "card_no=%5Bbold%5D"), encoding="utf-8")
    runner = CliRunner()
    # --force: other cards than those cached for the same date are refused without it
    synced = runner.invoke(cli, ["banlist", "sync", "--url", str(page), "--cache", str(cache),
                                 "--force"])
    assert synced.exit_code == 0, synced.output
    assert "[/RED], [BOLD]" in synced.output
    for args in (["banlist", "show"], ["banlist", "diff", "2026-01-01"]):
        result = runner.invoke(cli, [*args, "--cache", str(cache)])
        assert result.exit_code == 0, result.output
        assert result.exception is None
    assert "[/RED]" in runner.invoke(cli, ["banlist", "show", "--cache", str(cache)]).output


def _japanese_page() -> bytes:
    """current.html as the Japanese site would print it, in Shift_JIS, named only by <meta>."""
    import re

    html = (FIXTURES / "banlist" / "current.html").read_text(encoding="utf-8")
    months = {m: i for i, m in enumerate(
        ("January", "February", "March", "April", "May", "June", "July", "August",
         "September", "October", "November", "December"), start=1)}
    html = re.sub(r"Effective on (\w+) (\d+), (\d{4})",
                  lambda m: f"{m[3]}年{months[m[1]]}月{m[2]}日から適用", html)
    for english, japanese in (
        ('<meta charset="UTF-8">', '<meta http-equiv="Content-Type" '
                                   'content="text/html; charset=Shift_JIS">'),
        ("Banned and Restricted Card Announcement (Mar. 16, 2026) − RULE｜Digimon Card Game",
         "禁止・制限カードについて（2026年3月16日）｜デジモンカードゲーム"),
        ("Banned and Restricted Card Announcement (Mar. 16, 2026)",
         "禁止・制限カードの告知（2026年3月16日）"),
        ("Banned and Restricted Card Announcement", "禁止・制限カードの告知"),
        ("Banned Pair: If A is included in a deck, B is banned from being included in the "
         "deck.", "禁止ペア：Aをデッキに入れた場合、Bはデッキに入れられません。"),
        ("Banned cards: Can’t be included in decks.", "禁止カード：デッキに入れられません。"),
        ("Restricted Cards (1) - Decks can only include one copy of these cards.",
         "制限カード（1枚まで）"),
        ("Restricted cards that will be lifted", "制限解除カード"),
        ("List of Currently Affected Cards", "現在の対象カード一覧"),
        ("Component Card A", "構成カードＡ"),
        ("Component Card B", "構成カードＢ"),
    ):
        assert english in html, english
        html = html.replace(english, japanese)
    return html.encode("shift_jis", errors="xmlcharrefreplace")


def test_a_japanese_page_in_shift_jis_gives_the_same_list(cache: Path) -> None:
    english = parse_page((FIXTURES / "banlist" / "current.html").read_text(encoding="utf-8"))
    with serve() as server:
        server.add("/en", file=FIXTURES / "banlist" / "current.html")
        server.add("/jp", _japanese_page(), content_type="text/html")  # no charset: <meta>
        sync_banlist(page_source(server.url("/en"), timeout=2, retries=0), cache, known=None)
        result = sync_banlist(page_source(server.url("/jp"), timeout=2, retries=0), cache,
                              known=None)
    bl = result.banlist
    assert bl.announced == dt.date(2026, 3, 16)
    assert (bl.banned, bl.restricted) == (english.banned, english.restricted)
    jp = parse_page(_japanese_page().decode("shift_jis"))
    assert jp.problems == []
    assert (jp.banned, jp.restricted) == (english.banned, english.restricted)
    assert [p.key() for p in jp.banned_pairs] == [p.key() for p in english.banned_pairs]
    assert [(e.effective, e.kind, e.cards) for e in jp.history] == [
        (e.effective, e.kind, e.cards) for e in english.history]
    assert jp.effective == english.effective == dt.date(2026, 3, 27)


def test_parsing_a_long_page_is_linear_not_quadratic(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page of thousands of entries (the size cap allows ~5 MB) once took minutes: every
    element was compared, by content, with every entry read before it. Counted, not timed."""
    from bs4 import Tag

    compared = 0
    original = Tag.__eq__

    def counting(self: Tag, other: object) -> bool:
        nonlocal compared
        compared += 1
        return original(self, other)

    n = 2000
    dds = "".join(f"<a href='?card_no=BT1-{i % 999 + 1:03d}'><dd>Name {i}</dd></a>"
                  for i in range(n))
    html = _page(PAIR + BANNED + f"<h5 class='minTit'>Restricted Cards (1)</h5><div>{dds}</div>",
                 f"<section><h4>Effective on April 1, 2021</h4><h5>Restricted Cards</h5>"
                 f"<dl>{dds}</dl></section>")
    monkeypatch.setattr(Tag, "__eq__", counting)
    page = parse_page(html)
    assert len(page.restricted) == 999 and len(page.history[0].cards) == 999
    assert compared < n  # was about n * n


def test_announced_cannot_refile_a_dated_page_under_another_date(cache: Path) -> None:
    before = snapshot(cache)
    page = FIXTURES / "banlist" / "current.html"  # dated Mar. 16, 2026 in its title
    with pytest.raises(SyncRefused, match="not the page's own date 2026-03-16"):
        sync_banlist(str(page), cache, known=None, announced=dt.date(2026, 9, 1))
    assert snapshot(cache) == before
    # the page's own date is fine, and --force files it where the organizer says
    assert sync_banlist(str(page), cache, known=None,
                        announced=dt.date(2026, 3, 16)).banlist.announced == dt.date(2026, 3, 16)
    forced = sync_banlist(str(page), cache, known=None, announced=dt.date(2026, 9, 1),
                          force=True)
    assert forced.path.name == "2026-09-01.json" and forced.overridden


def test_a_name_that_repeats_its_own_number_keeps_it_after_the_number_span() -> None:
    """An unlinked entry with its number in a ``span.num``: the span is the number, the rest
    of the entry is the name word for word, even where it quotes that number again."""
    restricted = ("<h5 class='minTit'>Restricted Cards (1)</h5><div>"
                  "<dd><span class='num'>BT1-001</span>Yokomon (BT1-001 reprint)</dd>"
                  "<dd><span class='num'>BT1-002</span>BT1-002 Bibimon</dd></div>")
    page = parse_page(_page(PAIR + BANNED + restricted))
    assert page.problems == []
    assert page.restricted == {"BT1-001": 1, "BT1-002": 1}
    assert page.names["BT1-001"] == "Yokomon (BT1-001 reprint)"
    assert page.names["BT1-002"] == "Bibimon"


def _with_markup(total: int) -> str:
    """A real-shaped page whose markup count (every ``<`` of a tag, comment or declaration)
    is exactly ``total``: empty comments make up the difference."""
    from hostile_pages import normal_page

    html = normal_page(0)
    pad = total - html.count("<")
    assert pad >= 0
    return html.replace("</body>", "<!---->" * pad + "</body>")


def test_markup_cap_reads_a_page_at_the_cap_and_refuses_one_more() -> None:
    from tt_organizer.banlist.page import MAX_MARKUP

    at_cap = parse_page(_with_markup(MAX_MARKUP))
    assert at_cap.problems == [] and len(at_cap.restricted) == 50
    over = parse_page(_with_markup(MAX_MARKUP + 1))
    assert over.empty and over.problems == [
        f"the page has too much markup ({MAX_MARKUP + 1:,} tags, comments or declarations; "
        f"at most {MAX_MARKUP:,})"]


def test_element_cap_reads_a_page_at_the_cap_and_refuses_one_more() -> None:
    from tt_organizer.banlist.page import MAX_ELEMENTS

    def page_of(elements: int) -> str:  # <html>, <head>, <title>, <body> and the <br>s
        return ("<html><head><title>Banned and Restricted (Mar. 16, 2026)</title></head><body>"
                + "<br>" * (elements - 4) + "</body></html>")

    assert not any("too many elements" in p for p in parse_page(page_of(MAX_ELEMENTS)).problems)
    assert parse_page(page_of(MAX_ELEMENTS + 1)).problems == [
        f"the page has too many elements (over {MAX_ELEMENTS:,})"]


def test_depth_cap_reads_a_page_at_the_cap_and_refuses_one_more() -> None:
    from hostile_pages import nested_divs

    from tt_organizer.banlist.page import MAX_DEPTH

    # <html> and <body> hold the divs: MAX_DEPTH - 2 divs reach the cap exactly
    assert not any("nested too deep" in p for p in parse_page(nested_divs(MAX_DEPTH - 2)).problems)
    assert parse_page(nested_divs(MAX_DEPTH - 1)).problems == [
        f"the page is nested too deep (over {MAX_DEPTH} levels)"]


@pytest.mark.parametrize("before", [
    "<section><p>a note</p>", "<section></span><br/>", "<section><p>a</p></p>",
    "<section><ul><li>one</li><li>two</li></ul>", "<section><br><img src='x.png'><hr>",
    "<section><div><b>bold</div>", "<section><div><span>x</div>", "<section><span/><i/>",
    "<section>" + "<div><div>x</div></div>" * 300])  # closed nests of one name, past the cap
def test_depth_cap_counts_what_is_still_open_not_what_was_closed(before: str) -> None:
    """An element closed (by its end tag, by its parent's, or by itself: ``<br>``, ``<i/>``;
    also inside one of its own name, 300 times over), or an end tag closing nothing, before a
    deep nest leaves the ``section`` around it open
    and nothing else: the nest is one level deeper for it, at the cap and over."""
    from tt_organizer.banlist.page import MAX_DEPTH

    def page_of(divs: int) -> str:  # <html>, <body>, <section>, then the divs
        return ("<html><head><title>Banned and Restricted (Mar. 16, 2026)</title></head><body>"
                + before + "<div>" * divs + "x" + "</div>" * divs + "</section></body></html>")

    assert not any("nested too deep" in p for p in parse_page(page_of(MAX_DEPTH - 3)).problems)
    assert parse_page(page_of(MAX_DEPTH - 2)).problems == [
        f"the page is nested too deep (over {MAX_DEPTH} levels)"]


def test_an_unlinked_entry_naming_three_cards_gives_each_its_own_name() -> None:
    restricted = ("<h5 class='minTit'>Restricted Cards (1)</h5><div>"
                  "<dd>BT1-001 Yokomon BT1-002 Bibimon BT1-003 Upamon</dd></div>")
    page = parse_page(_page(PAIR + BANNED + restricted))
    assert page.problems == []
    assert page.restricted == {"BT1-001": 1, "BT1-002": 1, "BT1-003": 1}
    assert [page.names[n] for n in ("BT1-001", "BT1-002", "BT1-003")] == [
        "Yokomon", "Bibimon", "Upamon"]

RESTRICTED = ("<h5 class='minTit'>Restricted Cards (1)</h5>"
              f"<div><dd>{_link('BT2-047', 'Argomon')}</dd></div>")


def test_a_lift_paragraph_beside_its_cards_files_them_as_lifted() -> None:
    """A short paragraph saying the cards below are no longer restricted, in the same block
    as those cards: they are filed as a lift of the restriction, not as restricted."""
    from tt_organizer.banlist.announcement import LIFTED_KIND, RESTRICTED_KIND

    history = ("<section><h4>Effective on April 4, 2026</h4>"
               "<h5>Restricted Cards (1) - Decks can only include one copy of these cards.</h5>"
               "<p>The following cards are no longer restricted.</p>"
               "<div class='restrictionCol'><dl><dd>BT9-099<br>Sunrise Buster</dd></dl>"
               "</div></section>")
    page = parse_page(_page(PAIR + BANNED + RESTRICTED, history))
    assert page.problems == []
    assert [(e.kind, e.lifted_from, e.cards) for e in page.history] == [
        (LIFTED_KIND, RESTRICTED_KIND, ["BT9-099"])]
    assert page.history[0].effective == dt.date(2026, 4, 4)


def test_a_pair_side_of_bare_links_is_read() -> None:
    """A pair frame whose sides are bare links to card pages (no list around them)."""
    pair = ("<h5 class='minTit'>Banned Pair: If A is included in a deck, B is banned.</h5>"
            "<div class='noticeFrame noticeBase'><div class='noticeArea'>Component Card A</div>"
            f"<div>{_link('EX2-007', 'Mother D-Reaper')}</div>"
            "<div class='noticeArea isRed'>Component Card B</div>"
            f"<div>{_link('EX7-064', 'Shoto Kazama')} {_link('BT1-011', 'Gabumon')}</div></div>")
    page = parse_page(_page(pair + BANNED + RESTRICTED))
    assert page.problems == []
    assert [(p.a, p.b) for p in page.banned_pairs] == [(["EX2-007"], ["EX7-064", "BT1-011"])]
    assert page.names["BT1-011"] == "Gabumon"


def test_a_card_entry_that_says_lifted_is_still_a_card_of_its_block() -> None:
    """Only a paragraph announces a lift: a card entry whose own words say "no longer
    restricted" is that card, filed in its block (here a lift of the restriction)."""
    from tt_organizer.banlist.announcement import LIFTED_KIND, RESTRICTED_KIND

    history = ("<section><h4>Effective on April 4, 2026</h4>"
               "<h4>Restricted cards that will be lifted</h4><div class='restrictionCol'>"
               "<dl><dd>BT9-099<br>Sunrise Buster (no longer restricted)</dd></dl>"
               "<dl><dd>EX4-019<br>MachGaogamon (restriction lifted)</dd></dl></div></section>")
    page = parse_page(_page(PAIR + BANNED + RESTRICTED, history))
    assert page.problems == []
    assert [(e.kind, e.lifted_from, e.cards) for e in page.history] == [
        (LIFTED_KIND, RESTRICTED_KIND, ["BT9-099", "EX4-019"])]


def test_an_entry_whose_link_shows_only_the_name_takes_the_number_from_the_link() -> None:
    """A ``dd`` or ``li`` whose card link reads just the card's name (the number only in the
    link's ``card_no=``): the card is still listed, under its number, with its name."""
    named = "<a href='/cardlist/index.php?search=true&card_no={0}'>{1}</a>"
    banned = ("<h5 class='minTit'>Banned cards: Can’t be included in decks.</h5>"
              f"<div><dd>{named.format('BT5-109', 'Mega Digimon Fusion!')}</dd></div>")
    restricted = ("<h5 class='minTit'>Restricted Cards (1)</h5><div><ul>"
                  f"<li>{named.format('BT2-047', 'Argomon')}</li></ul></div>")
    page = parse_page(_page(PAIR + banned + restricted))
    assert page.problems == []
    assert page.banned == ["BT5-109"]
    assert page.restricted == {"BT2-047": 1}
    assert (page.names["BT5-109"], page.names["BT2-047"]) == ("Mega Digimon Fusion!", "Argomon")


def test_a_titled_div_or_p_is_a_heading_unless_it_holds_the_cards() -> None:
    """A ``div``/``p`` with a "...Tit" class names a category like an ``h5`` does; one that
    holds card links is the list itself, read as cards."""
    banned = ("<div class='minTit'>Banned cards: Can’t be included in decks.</div>"
              f"<div class='cardTit'><dd>{_link('BT5-109', 'Mega Digimon Fusion!')}</dd></div>")
    restricted = ("<p class='minTit'>Restricted Cards (1)</p>"
                  f"<div><dd>{_link('BT2-047', 'Argomon')}</dd></div>")
    page = parse_page(_page(PAIR + banned + restricted))
    assert page.problems == []
    assert page.banned == ["BT5-109"]
    assert page.restricted == {"BT2-047": 1}


def test_a_history_that_opens_with_a_category_files_it_as_that_category() -> None:
    """Nothing is lifted until a block says so: a category heading before any date or lift
    heading lists its cards under that category (undated), not as a lift."""
    from tt_organizer.banlist.announcement import BANNED_KIND, RESTRICTED_KIND

    history = ("<section><h4>Restricted Cards (1)</h4><div class='restrictionCol'><dl>"
               "<dd>BT6-015<br>SaviorHuckmon</dd></dl></div></section>"
               "<section><h4>Effective on April 1, 2021</h4>"
               "<h5>Banned cards: Can’t be included in decks.</h5><div class='restrictionCol'>"
               "<dl><dd>EX5-065<br>Sayo &amp; Koh</dd></dl></div></section>")
    page = parse_page(_page(PAIR + BANNED + RESTRICTED, history))
    assert page.problems == []
    assert [(e.kind, e.lifted_from, e.count, e.cards, e.effective) for e in page.history] == [
        (RESTRICTED_KIND, None, 1, ["BT6-015"], None),
        (BANNED_KIND, None, None, ["EX5-065"], dt.date(2021, 4, 1))]


def test_a_card_written_inside_a_pair_label_is_on_that_side() -> None:
    """A pair frame whose labels hold the cards themselves ("Component Card A: EX2-007 ...")
    gives the same pair as one listing them under the labels."""
    pair = ("<h5 class='minTit'>Banned Pair</h5><div class='noticeFrame'>"
            f"<div class='noticeArea'>Component Card A: {_link('EX2-007', 'Mother D-Reaper')}</div>"
            f"<div class='noticeArea isRed'>Component Card B: {_link('EX7-064', 'Shoto')}</div>"
            "</div>")
    page = parse_page(_page(pair + BANNED + RESTRICTED))
    assert page.problems == []
    assert [(p.a, p.b) for p in page.banned_pairs] == [(["EX2-007"], ["EX7-064"])]
    assert page.names["EX7-064"] == "Shoto"


def test_a_card_a_history_heading_links_is_not_listed_by_it() -> None:
    """A history heading that names a card in passing (a link in the heading) lists nothing:
    the pair block still holds its pair alone, the banned block its own cards."""
    history = (
        "<section><h4 class='subTit'>Effective on September 1, 2025</h4>"
        "<h5 class='minTit'>Banned Pair: in decks that use "
        f"{_link('BT20-037', 'Chaosmon')}, B is banned.</h5>"
        "<div class='noticeFrame'><div class='noticeArea'>Component Card A</div>"
        "<ul><li>BT20-037 Chaosmon</li></ul><div class='noticeArea isRed'>Component Card B</div>"
        "<ul><li>BT17-035 Taomon</li></ul></div>"
        f"<h5 class='minTit'>Banned cards (since {_link('EX5-065', 'Sayo')}'s ruling)</h5>"
        "<div><dd>BT2-090 Mastemon</dd></div></section>")
    page = parse_page(_page(PAIR + BANNED + RESTRICTED, history))
    day = dt.date(2025, 9, 1)
    assert [(e.effective, e.kind, e.cards, [(p.a, p.b) for p in e.pairs])
            for e in page.history] == [
        (day, "banned_pair", [], [(["BT20-037"], ["BT17-035"])]),
        (day, "banned", ["BT2-090"], [])]


def test_a_note_after_a_block_that_ends_with_a_pair_does_not_lift_the_pair() -> None:
    """The sentence that lifts a pair follows its frame (or the frame's wrapper); a page note
    after the whole dated block that mentions lifts is about the page, not that pair."""
    history = (
        "<section><h4 class='subTit'>Effective on January 19, 2024</h4>"
        "<h5 class='minTit'>Banned Pair</h5>"
        "<div class='mt'><div class='noticeFrame'><div class='noticeArea'>Component Card A</div>"
        "<ul><li>EX5-065 Sayo</li></ul><div class='noticeArea isRed'>Component Card B</div>"
        "<ul><li>P-097 Koh</li></ul></div></div></section>"
        "<p class='txtSizeS'>Restrictions may be lifted or added at each announcement.</p>")
    page = parse_page(_page(PAIR + BANNED + RESTRICTED, history))
    assert [(e.effective, e.kind, [(p.a, p.b) for p in e.pairs]) for e in page.history] == [
        (dt.date(2024, 1, 19), "banned_pair", [(["EX5-065"], ["P-097"])])]


def test_a_link_spelling_its_number_another_way_still_loses_it_from_the_name() -> None:
    """A link to BT3-007 whose text writes ``bt3-7``: the same card, so the name is what
    follows the number."""
    banned = ("<h5 class='minTit'>Banned cards</h5><div><dd>"
              "<a href='/cardlist/index.php?search=true&card_no=BT3-007'>bt3-7 Tyrannomon</a>"
              "</dd></div>")
    page = parse_page(_page(PAIR + banned + RESTRICTED))
    assert page.banned == ["BT3-007"]
    assert page.names["BT3-007"] == "Tyrannomon"


def test_an_effective_heading_split_over_a_titled_block_keeps_its_date() -> None:
    """"Effective on" and its date in two headings of one titled block (a ``...Tit`` div):
    the block is read whole, so the cards after it take that date (read part by part, the
    date alone would look like an announcement's and clear it)."""
    from tt_organizer.banlist.announcement import RESTRICTED_KIND

    history = ("<section><div class='subTit'><h4>Effective on</h4><h5>April 4, 2026</h5></div>"
               "<h5>Restricted Cards (1) - Decks can only include one copy of these cards.</h5>"
               "<div class='restrictionCol'><dl><dd>BT9-099<br>Sunrise Buster</dd></dl>"
               "</div></section>")
    page = parse_page(_page(PAIR + BANNED + RESTRICTED, history))
    assert page.problems == []
    assert [(e.kind, e.count, e.cards, e.effective) for e in page.history] == [
        (RESTRICTED_KIND, 1, ["BT9-099"], dt.date(2026, 4, 4))]


def test_a_bold_note_naming_a_card_in_a_list_block_is_no_entry() -> None:
    """Only a ``dd`` or a card link is an entry of a list: a bold note in the restricted block
    that names another card (or a plain anchor) lists nothing."""
    restricted = ("<h5 class='minTit'>Restricted Cards (1)</h5><div>"
                  "<b>Note: BT1-084 stays unrestricted.</b> <a name='top'>BT1-085</a>"
                  f"<dd>{_link('BT2-047', 'Argomon')}</dd></div>")
    page = parse_page(_page(PAIR + BANNED + restricted))
    assert page.problems == []
    assert page.restricted == {"BT2-047": 1}
    assert page.banned == ["BT5-109"]


def test_a_frameless_pair_under_a_banned_heading_is_a_pair_not_two_bans() -> None:
    """"Component Card A/B" labels over card lists, with no frame, in a dated block whose
    heading says "Banned Cards": a pair, as a framed pair there would be -- not its cards
    each banned alone."""
    from tt_organizer.banlist.announcement import PAIR_KIND

    history = ("<section><h4>Effective on April 4, 2026</h4><h5>Banned Cards</h5>"
               "<div><div class='noticeArea'>Component Card A</div>"
               f"<ul><li>{_link('BT13-064', 'Lucemon')}</li></ul>"
               "<div class='noticeArea isRed'>Component Card B</div>"
               f"<ul><li>{_link('P-001', 'Agumon')}</li></ul></div></section>")
    page = parse_page(_page(PAIR + BANNED + RESTRICTED, history))
    assert page.problems == []
    assert [(e.kind, e.cards, [(p.a, p.b) for p in e.pairs], e.effective)
            for e in page.history] == [
        (PAIR_KIND, [], [(["BT13-064"], ["P-001"])], dt.date(2026, 4, 4))]


def test_a_card_written_twice_on_one_side_of_a_pair_is_listed_once() -> None:
    pair = ("<h5 class='minTit'>Banned Pair: If A is included in a deck, B is banned.</h5>"
            "<div class='noticeFrame noticeBase'><div class='noticeArea'>Component Card A</div>"
            f"<ul class='noticeList'><li>{_link('EX2-007', 'Mother D-Reaper')}</li></ul>"
            "<div class='noticeArea isRed'>Component Card B</div>"
            f"<ul class='noticeList'><li>{_link('BT1-011', 'Gabumon')}</li>"
            f"<li>{_link('BT1-011', 'Gabumon')}</li></ul></div>")
    page = parse_page(_page(pair + BANNED + RESTRICTED))
    assert page.problems == []
    assert [(p.a, p.b) for p in page.banned_pairs] == [(["EX2-007"], ["BT1-011"])]
