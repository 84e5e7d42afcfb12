"""The ban-list page parser against an oracle. A generated model of a list -- banned
cards, restricted cards with their copy counts (a card in two restricted blocks too), banned
pairs, lifts, the announcement date and dated history blocks (one of them effective on the
announcement's own date, sometimes) -- is written out as Bandai's markup (the structure of
``tests/fixtures/real/banlist/digimon-en-restriction-page.html``: ``section#application``,
``h5.minTit`` category headings, ``card_no=`` links with ``span.num``, ``noticeFrame`` pairs,
``restrictionCol`` history entries with ``baseTxt`` reasons) and parsed back: the parse must
equal the model. Misreading a "Restricted Cards (N)" heading's count or the words that mark a
lift makes it fail."""

from __future__ import annotations

import datetime as dt
import html
from dataclasses import dataclass, field

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tt_organizer.banlist.announcement import (
    BANNED_KIND,
    LIFTED_KIND,
    PAIR_KIND,
    RESTRICTED_KIND,
    BannedPair,
    HistoryEntry,
)
from tt_organizer.banlist.page import parse_page

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
COUNT_WORDS = {1: "one copy", 2: "two copies", 3: "three copies"}
# every way the page (and the parser's docs) says a block lifts restrictions
LIFT_HEADINGS = ["Restricted cards that will be lifted", "Restrictions lifted",
                 "Cards no longer restricted", "Restricted cards lifted"]
NAME_WORDS = ["Agumon", "Gabumon", "Sayo", "Koh", "Mega", "Fusion", "Gravity", "Crush",
              "Matt", "Ishida", "Taomon", "Dark", "Knight", "Ray", "Omnimon"]


@dataclass
class Block:
    """One dated block of the history, as the model has it."""

    date: dt.date
    banned: list[str] = field(default_factory=list)
    restricted: list[tuple[int, list[str]]] = field(default_factory=list)
    pairs: list[BannedPair] = field(default_factory=list)
    lifted: list[str] = field(default_factory=list)
    lift_heading: str = LIFT_HEADINGS[0]
    long_date: bool = True


@dataclass
class Model:
    announced: dt.date
    names: dict[str, str]
    banned: list[str]
    restricted: list[tuple[int, list[str]]]  # blocks: (copies, cards), a card maybe in two
    pairs: list[BannedPair]
    history: list[Block]


# --- rendering, as Bandai's page writes it -----------------------------------------------------


def long_date(d: dt.date, pad: bool) -> str:
    return f"{MONTHS[d.month - 1]} {d.day:02d}, {d.year}" if pad else \
        f"{MONTHS[d.month - 1]} {d.day}, {d.year}"


def short_date(d: dt.date) -> str:
    name = MONTHS[d.month - 1]
    return f"{name if len(name) <= 4 else name[:3] + '.'} {d.day}, {d.year}"


def restricted_heading(n: int) -> str:
    return (f"Restricted Cards ({n}) - Decks can only include {COUNT_WORDS[n]} of these "
            "cards.")


def link(number: str, name: str) -> str:
    return (f'<a href="/cardlist/index.php?search=true&card_no={number}"><dd class="cardName">'
            f'<span class="num">{number}</span>{html.escape(name)}</dd></a>')


def card_grid(numbers: list[str], names: dict[str, str]) -> str:
    items = "".join(
        f'<li><dl><dt><a data-fancybox="g" href="/images/cardlist/card/{n}.png">'
        f'<div class="zoomImg"><img src="/images/cardlist/card/{n}.png" alt="CARD"></div></a>'
        f"</dt>{link(n, names[n])}</dl></li>" for n in numbers)
    return (f'<div class="card restriction_card"><div class="cardInner"><ul class="item col3">'
            f"{items}</ul></div></div>")


def frame(pair: BannedPair, names: dict[str, str], linked: bool) -> str:
    def items(numbers: list[str]) -> str:
        if linked:
            return "".join(
                f'<li>・<a href="/cardlist/index.php?search=true&card_no={n}" class="txtLink">'
                f"{n} {html.escape(names[n])}</a></li>" for n in numbers)
        return "".join(f"<li>・{n} {html.escape(names[n])}</li>" for n in numbers)

    return (f'<div class="mt"><div class="noticeFrame noticeBase">'
            f'<div class="noticeArea alignCenter isBase">Component Card A</div>'
            f'<div class="mt_s"><ul class="noticeList txtSizeS">{items(pair.a)}</ul></div>'
            f'<div class="mt_s"><div class="noticeArea alignCenter isRed">Component Card B</div>'
            f'<div class="mt_s"><ul class="noticeList txtSizeS">{items(pair.b)}</ul></div></div>'
            f"</div></div>")


def history_cards(numbers: list[str], names: dict[str, str]) -> str:
    # the reason paragraph ("baseTxt") may say "lifted": it explains, it lifts nothing
    return "".join(
        f'<section class="mb"><div class="restrictionCol"><dl><dt class="mb">'
        f'<img src="/images/cardlist/card/{n}.png" alt="{n} {html.escape(names[n])}"></dt>'
        f"<dd>{n}<br>{html.escape(names[n])}</dd></dl>"
        f'<p class="baseTxt mt_s">Its restriction may be lifted later; no longer rare.</p>'
        f'</div></section><div class="mb grayLine"></div>' for n in numbers)


def h5(text: str) -> str:
    return f'<div class="mt_l"><h5 class="minTit txtNormal">{html.escape(text)}</h5></div>'


def render(model: Model) -> str:
    names = model.names
    parts = [
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>Banned and Restricted Card "
        f"Announcement ({short_date(model.announced)}) − RULE｜Digimon Card Game</title></head>"
        "<body><main>",
        "<h3>Banned and Restricted Card Announcement <br class='pc'>"
        f"({short_date(model.announced)})</h3>",
        '<section class="mt_l"><p class="mt_s txtNormal">Banned cards: Can’t be included in '
        'decks.</p><p class="mt_s txtNormal">Restricted cards (1): You can only include a '
        "number of copies equal to the number listed in parentheses.</p></section>",
    ]
    for block in model.history:
        parts.append('<section class="mt_l"><h4 class="subTit txtNormal">Effective on '
                     f"{long_date(block.date, block.long_date)}</h4>")
        if block.banned:
            parts.append(h5("Banned cards: Can’t be included in decks.")
                         + history_cards(block.banned, names))
        for n, cards in block.restricted:
            parts.append(h5(restricted_heading(n)) + history_cards(cards, names))
        if block.pairs:
            parts.append(h5("Banned Pair: If A is included in a deck, B is banned from being "
                            "included in the deck."))
            parts += [frame(p, names, linked=False) for p in block.pairs]
        if block.lifted:
            parts.append(f'<section class="mt"><h4 class="subTit txtNormal">'
                         f"{block.lift_heading}</h4>{history_cards(block.lifted, names)}"
                         "</section>")
        parts.append("</section>")
    parts.append('<section class="cardWrap mt_l" id="application">'
                 '<h4 class="subTit txtNormal">List of Currently Affected Cards</h4>')
    parts.append(h5("Banned Pair: If A is included in a deck, B is banned from being included "
                    "in the deck.") + "<section>"
                 + "".join(frame(p, names, linked=True) for p in model.pairs) + "</section>")
    parts.append(h5("Banned cards: Can’t be included in decks.")
                 + card_grid(model.banned, names))
    for n, cards in model.restricted:
        parts.append(h5(restricted_heading(n)) + card_grid(cards, names))
    parts.append("</section></main></body></html>")
    return "\r\n".join(parts)


# --- what the page means ----------------------------------------------------------------------


def expected_restricted(model: Model) -> dict[str, int]:
    """A card in two restricted blocks gets the stricter count."""
    out: dict[str, int] = {}
    for n, cards in model.restricted:
        for card in cards:
            out[card] = min(out.get(card, n), n)
    return out


def expected_history(model: Model) -> list[HistoryEntry]:
    out: list[HistoryEntry] = []
    for block in model.history:
        heading = f"Effective on {long_date(block.date, block.long_date)}"
        if block.banned:
            out.append(HistoryEntry(heading=heading, effective=block.date, kind=BANNED_KIND,
                                    cards=list(block.banned)))
        for n, cards in block.restricted:
            out.append(HistoryEntry(heading=heading, effective=block.date, kind=RESTRICTED_KIND,
                                    count=n, cards=list(cards)))
        if block.pairs:
            out.append(HistoryEntry(heading=heading, effective=block.date, kind=PAIR_KIND,
                                    pairs=list(block.pairs)))
        if block.lifted:
            out.append(HistoryEntry(heading=heading, effective=block.date, kind=LIFTED_KIND,
                                    lifted_from=RESTRICTED_KIND, cards=list(block.lifted)))
    return out


# --- generating models ------------------------------------------------------------------------


@st.composite
def card_numbers(draw: st.DrawFn, size: int) -> list[str]:
    number = st.one_of(
        st.builds(lambda s, k: f"BT{s}-{k:03d}", st.integers(1, 24), st.integers(1, 112)),
        st.builds(lambda s, k: f"EX{s}-{k:03d}", st.integers(1, 9), st.integers(1, 74)),
        st.builds(lambda s, k: f"ST{s}-{k:02d}", st.integers(1, 20), st.integers(1, 16)),
        st.builds(lambda k: f"P-{k:03d}", st.integers(1, 150)),
    )
    return draw(st.lists(number, min_size=size, max_size=size, unique=True))


def take(pool: list[str], k: int) -> list[str]:
    out, pool[:] = pool[:k], pool[k:]
    return out


@st.composite
def models(draw: st.DrawFn) -> Model:
    pool = draw(card_numbers(40))
    names = {n: " ".join(draw(st.lists(st.sampled_from(NAME_WORDS), min_size=1, max_size=3)))
             for n in pool}
    current = list(pool)
    banned = take(current, draw(st.integers(1, 4)))
    restricted: list[tuple[int, list[str]]] = []
    for n in draw(st.lists(st.integers(1, 3), min_size=1, max_size=3, unique=True)):
        restricted.append((n, take(current, draw(st.integers(1, 4)))))
    if len(restricted) > 1 and draw(st.booleans()):  # one card listed in two blocks
        restricted[-1][1].append(restricted[0][1][0])
    pairs = [BannedPair(a=take(current, draw(st.integers(1, 2))),
                        b=take(current, draw(st.integers(1, 3))))
             for _ in range(draw(st.integers(1, 2)))]
    announced = dt.date(2026, 3, 16) + dt.timedelta(days=draw(st.integers(-900, 300)))
    # the block that takes effect: on the announcement day or up to a month after; then the
    # older blocks, each before the announcement
    gaps = [draw(st.sampled_from([0, 0, 1, 19, 30]))]
    gaps += [-draw(st.integers(1, 400)) for _ in range(draw(st.integers(0, 3)))]
    history: list[Block] = []
    for gap in gaps:
        cards = list(pool)  # history cards may be any card, listed again later
        block = Block(date=announced + dt.timedelta(days=gap), long_date=draw(st.booleans()),
                      lift_heading=draw(st.sampled_from(LIFT_HEADINGS)))
        picks = draw(st.permutations(cards))
        block.banned = picks[:draw(st.integers(0, 2))]
        rest = picks[len(block.banned):]
        for n in draw(st.lists(st.integers(1, 3), max_size=2, unique=True)):
            k = draw(st.integers(1, 3))
            block.restricted.append((n, rest[:k]))
            rest = rest[k:]
        if draw(st.booleans()):
            block.pairs = [BannedPair(a=rest[:1], b=rest[1:3])]
            rest = rest[3:]
        block.lifted = rest[:draw(st.integers(0, 2))]
        if not (block.banned or block.restricted or block.pairs or block.lifted):
            block.lifted = rest[:1]
        history.append(block)
    return Model(announced=announced, names=names, banned=banned, restricted=restricted,
                 pairs=pairs, history=history)


def _check(model: Model) -> None:
    page = parse_page(render(model))
    assert page.problems == []
    assert page.announced == model.announced
    assert page.banned == model.banned
    assert page.restricted == expected_restricted(model)
    assert [(p.a, p.b) for p in page.banned_pairs] == [(p.a, p.b) for p in model.pairs]
    assert page.history == expected_history(model)
    later = [b.date for b in model.history if b.date >= model.announced]
    assert page.effective == min(later)
    shown = {n for n in model.banned} | set(expected_restricted(model))
    shown |= {n for p in model.pairs for n in p.cards()}
    for block in model.history:
        shown |= set(block.banned) | set(block.lifted)
        shown |= {n for _c, cards in block.restricted for n in cards}
        shown |= {n for p in block.pairs for n in p.cards()}
    assert page.names == {n: model.names[n] for n in shown}
    assert page.odd_numbers == []


def _fixed_model() -> Model:
    """A card in the (1) and the (3) block, the (3) block first; an effective date equal to
    the announcement's; a lift written "no longer"."""
    names = {n: f"Card {k}" for k, n in enumerate(
        ["BT1-001", "BT1-002", "BT1-003", "BT1-004", "BT1-005", "BT1-006", "EX1-001",
         "EX1-002", "P-001"])}
    names = {n: "Omnimon Dark" if k % 2 else "Agumon" for k, n in enumerate(names)}
    day = dt.date(2025, 9, 1)
    return Model(
        announced=day, names=names, banned=["BT1-001"],
        restricted=[(3, ["BT1-002", "BT1-003"]), (1, ["BT1-004", "BT1-002"])],
        pairs=[BannedPair(a=["EX1-001"], b=["EX1-002", "P-001"])],
        history=[Block(date=day, restricted=[(2, ["BT1-005"])], lifted=["BT1-006"],
                       lift_heading="Cards no longer restricted"),
                 Block(date=dt.date(2024, 1, 19), banned=["BT1-001"],
                       pairs=[BannedPair(a=["EX1-001"], b=["EX1-002"])])])


@settings(max_examples=120, deadline=None, database=None, derandomize=True)
@given(models())
@example(_fixed_model())
def test_the_parse_of_a_rendered_list_equals_the_model(model: Model) -> None:
    _check(model)


def test_a_card_in_two_restricted_blocks_takes_the_stricter_count() -> None:
    model = _fixed_model()
    page = parse_page(render(model))
    assert page.restricted == {"BT1-002": 1, "BT1-003": 3, "BT1-004": 1}
    assert page.effective == model.announced  # effective on the announcement day itself
    lifted = [e for e in page.history if e.kind == LIFTED_KIND]
    assert [(e.cards, e.lifted_from) for e in lifted] == [(["BT1-006"], RESTRICTED_KIND)]


def test_a_name_loses_only_its_own_card_number() -> None:
    """A link whose text starts with its own number gives the name without it; a text that
    starts with another card's number (a slip on the page) is kept whole, not cut."""
    model = _fixed_model()
    html = render(model).replace(
        '<span class="num">BT1-001</span>Agumon',
        '<span class="num">BT1-001</span>BT9-001 Agumon')
    page = parse_page(html)
    assert page.banned == ["BT1-001"]
    assert page.names["BT1-001"] == "BT9-001 Agumon"
    assert page.names["BT1-002"] == model.names["BT1-002"]
