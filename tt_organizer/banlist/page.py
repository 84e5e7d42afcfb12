"""Parse Bandai's "Banned and Restricted Card Announcement" page (see
``shared/spec/BANLIST_PAGE.md``): the current list in ``section#application`` and the dated
history before it.

Tolerant where the page varies (headings are found by their text, in English or Japanese;
card numbers are read from ``card_no=`` links, ``span.num`` and the text of ``dd`` entries),
strict where it matters: :func:`parse_page` reports every missing part in
``ParsedPage.problems`` so that a sync can refuse the page.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeGuard
from urllib.parse import unquote

from tt_organizer.banlist.announcement import (
    BANNED_KIND,
    LIFTED_KIND,
    PAIR_KIND,
    RESTRICTED_KIND,
    BannedPair,
    HistoryEntry,
)
from tt_organizer.cards.numbers import NUMBER_IN_TEXT, normalize_number
from tt_organizer.errors import Said
from tt_organizer.i18n import Msg
from tt_organizer.messages import WORDS

if TYPE_CHECKING:
    from bs4 import BeautifulSoup, Tag

HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
CURRENT_HEADING = "List of Currently Affected Cards"
SECTION_LABELS = {
    PAIR_KIND: "Banned Pair",
    BANNED_KIND: "Banned cards",
    RESTRICTED_KIND: "Restricted Cards",
}
_MONTHS = {
    m: i
    for i, names in enumerate(
        [("jan",), ("feb",), ("mar",), ("apr",), ("may",), ("jun",), ("jul",), ("aug",),
         ("sep",), ("oct",), ("nov",), ("dec",)],
        start=1,
    )
    for m in names
}
_EN_DATE = re.compile(
    r"\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?"
    r"\s+(\d{4})",
    re.IGNORECASE,
)
_JP_DATE = re.compile(r"(\d{4})\s*[年/.]\s*(\d{1,2})\s*[月/.]\s*(\d{1,2})\s*日?")
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_CARD_NO = re.compile(r"card_no=([^&#\s\"']+)", re.IGNORECASE)
_PAGE_END = re.compile(r"</(?:body|html)\s*>", re.IGNORECASE)
_LIFT = re.compile(r"\blift(?:ed|s)?\b|no longer|解除", re.IGNORECASE)
# Work caps: Bandai's page holds a few thousand elements nested some twenty deep.
MAX_ELEMENTS = 50_000
MAX_DEPTH = 256
# Every "<" left after _defuse starts markup the tokenizer builds an object for (a tag, a
# comment, a "<!x>" declaration...): about 1.5 us each. Bandai's page has 2,801; a 4.9 MB page
# of "<!x>" has 1.2 million (20 s). Counting them is one linear pass, so a page the parser
# takes is at most MAX_MARKUP constructs long -- well under a second.
MAX_MARKUP = 100_000
# A "<" that no ">" closes before the next "<" starts no tag: it is text. Escaping it first
# keeps the HTML tokenizer linear (runs of unterminated "<meta " rescan the rest of the page
# once each). The look-ahead stops at the next "<" or ">", so the whole pass is linear.
_STRAY_LT = re.compile(r"<(?!!--)(?![^<>]*>)")
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9:-]*)[^<>]*?(/?)>")
_VOID = frozenset({
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
    "source", "track", "wbr",
})


@dataclass
class ParsedPage:
    """What the page says. ``problems`` lists the parts that were missing or malformed."""

    title: str = ""
    announced: dt.date | None = None
    effective: dt.date | None = None
    banned: list[str] = field(default_factory=list)
    restricted: dict[str, int] = field(default_factory=dict)
    banned_pairs: list[BannedPair] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    history: list[HistoryEntry] = field(default_factory=list)
    sections_found: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    odd_numbers: list[str] = field(default_factory=list)  # not shaped like card numbers

    @property
    def empty(self) -> bool:
        """True when the current list holds no card at all."""
        return not (self.banned or self.restricted or self.banned_pairs)

    def since(self) -> dict[str, dt.date]:
        """For each card on the current list, the latest dated history entry that gave it its
        current status."""
        status: dict[str, str] = {n: BANNED_KIND for n in self.banned}
        status.update({n: RESTRICTED_KIND for n in self.restricted})
        for pair in self.banned_pairs:
            for n in pair.cards():
                status.setdefault(n, PAIR_KIND)
        out: dict[str, dt.date] = {}
        for entry in self.history:
            if entry.effective is None or entry.kind == LIFTED_KIND:
                continue
            numbers = entry.cards or [n for p in entry.pairs for n in p.cards()]
            for n in numbers:
                if status.get(n) == entry.kind and (n not in out or out[n] < entry.effective):
                    out[n] = entry.effective
        return dict(sorted(out.items()))


# -- text helpers --------------------------------------------------------------------------
def clean(text: str) -> str:
    """Collapse whitespace; curly apostrophes to straight ones."""
    return re.sub(r"\s+", " ", text.replace("’", "'").replace("‘", "'")).strip()


def find_date(text: str) -> dt.date | None:
    """The first date written in ``text`` (``Mar. 16, 2026``, ``April 1, 2021``,
    ``2026年3月16日``, ``2026-03-16``), or None."""
    m = _EN_DATE.search(text)
    try:
        if m:
            return dt.date(int(m.group(3)), _MONTHS[m.group(1)[:3].lower()], int(m.group(2)))
        m = _JP_DATE.search(text) or _ISO_DATE.search(text)
        if m:
            return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None
    return None


def classify(text: str) -> tuple[str | None, int | None, str | None]:
    """The category a heading names: ``(kind, copies allowed, lifted_from)``;
    kind None when the heading names no category."""
    t = clean(text).lower()
    if "pair" in t or "ペア" in t:
        base: str | None = PAIR_KIND
    elif "restrict" in t or "制限" in t:
        base = RESTRICTED_KIND
    elif "ban" in t or "禁止" in t:
        base = BANNED_KIND
    else:
        base = None
    if base is not None and any(w in t for w in ("lifted", "lift ", "no longer", "解除")):
        return LIFTED_KIND, None, base
    count = None
    if base == RESTRICTED_KIND:
        count = _restricted_count(t)
    return base, count, None


_COUNT = re.compile(
    r"[(（]\s*(\d{1,2})\s*(?:cop(?:y|ies)|枚|[)）])|\b(\d{1,2})\s*(?:cop(?:y|ies)|枚)"
)
MAX_RESTRICTED_COPIES = 3  # the deck limit is 4: a restriction allows 1 to 3 copies


def _restricted_count(text: str) -> int:
    """Copies a "Restricted Cards (N)" heading allows: ``(2)``, ``(2 copies)``, ``2枚``.

    A number that is not a copy count (a date in brackets, ``(0)``, ``(12)``) gives 1, the
    strictest restriction, rather than a laxer list than the page meant."""
    m = _COUNT.search(text)
    if not m:
        return 1
    count = int(m.group(1) or m.group(2))
    return count if 1 <= count <= MAX_RESTRICTED_COPIES else 1


def _walk(root: Tag, visit: Callable[[Tag], bool]) -> None:
    """Visit every element under ``root`` in document order; when ``visit`` returns True the
    element was read whole and its insides are skipped. Each element is reached once, through
    an explicit stack: linear time and no recursion, however deep the page."""
    stack = [iter(root.children)]
    while stack:
        for node in stack[-1]:
            if _is_tag(node) and not visit(node):
                stack.append(iter(node.children))
                break
        else:
            stack.pop()


def _is_tag(node: object) -> TypeGuard[Tag]:
    from bs4 import Tag

    return isinstance(node, Tag)


def _has_class(tag: Tag, name: str) -> bool:
    return any(c.lower() == name.lower() for c in (tag.get("class") or []))


def _heading_like(tag: Tag) -> bool:
    if tag.name in HEADINGS:
        return True
    return tag.name in ("dt", "p", "div") and any(
        c.lower().endswith("tit") for c in (tag.get("class") or [])
    ) and not tag.find(["dd", "a", "li"])


# -- the parser ----------------------------------------------------------------------------
class _Parser:
    def __init__(self, normalize: Callable[[str], str | None]) -> None:
        self.normalize = normalize
        self.page = ParsedPage()
        # what the page's lists already hold, for constant-time "already there?" checks
        self.seen: dict[int, set[object]] = {}

    def number(self, raw: str) -> str:
        raw = clean(unquote(raw))
        number = self.normalize(raw)
        if number is None:
            number = raw.upper()
            self.add_new(self.page.odd_numbers, number)
        return number

    def entries(self, tag: Tag) -> list[tuple[str, str]]:
        """``(number, name)`` of the card(s) one link, ``dd`` or ``li`` stands for."""
        href = tag.get("href") if tag.name == "a" else None
        if href is None and tag.name != "a":
            links = tag.find_all("a", href=_CARD_NO)
            if len(links) > 1:  # several linked cards in one dd / li: each link is one card
                return [entry for link in links for entry in self.entries(link)]
            href = links[0].get("href") if links else None
        num_span = tag.find("span", class_="num")
        text = tag.get_text("\n")
        if href and (m := _CARD_NO.search(str(href))):
            number = self.number(m.group(1))
            if num_span is not None:
                num_span_text = num_span.get_text()
                text = text.replace(num_span_text, "", 1)
            name = _strip_number(text, number)
            return [(number, name)]
        if num_span is not None:
            number = self.number(num_span.get_text())
            return [(number, _strip_number(text.replace(num_span.get_text(), "", 1), number))]
        out = []
        matches = list(NUMBER_IN_TEXT.finditer(text))
        for i, m in enumerate(matches):
            end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
            out.append((self.number(m.group(1)), _name(text[m.end():end])))
        return out

    def pair(self, frame: Tag) -> BannedPair | None:
        sides: dict[str, list[str]] = {"a": [], "b": []}
        side: str | None = None

        def visit(el: Tag) -> bool:
            nonlocal side
            if _has_class(el, "noticeArea"):
                t = clean(el.get_text()).lower()
                if re.search(r"\bb\b|card b|ｂ", t) or _has_class(el, "isRed"):
                    side = "b"
                elif re.search(r"\ba\b|card a|ａ", t):
                    side = "a"
                else:
                    side = "a" if side is None else "b"
                return False  # a label; a card written inside it is on its side
            if el.name in ("li", "dd") or (
                el.name == "a" and _CARD_NO.search(str(el.get("href", "")))
            ):
                for number, name in self.entries(el):
                    self.remember(number, name)
                    if number not in sides[side or "a"]:
                        sides[side or "a"].append(number)
                return True
            return False

        _walk(frame, visit)
        if not sides["a"] or not sides["b"]:
            return None
        return BannedPair(a=sides["a"], b=sides["b"])

    def add_new(self, items: list[Any], item: object, *, key: object = None) -> None:
        """Append ``item`` to ``items`` (a list only ever filled through here) unless it, or
        an item of the same ``key``, is there already; a set keeps this constant-time."""
        seen = self.seen.setdefault(id(items), set())
        key = item if key is None else key
        if key not in seen:
            seen.add(key)
            items.append(item)

    def listed_cards(self, el: Tag) -> list[str] | None:
        """The card numbers of a list entry (a ``card_no=`` link or a ``dd``), their names
        remembered; None when ``el`` is not one."""
        is_link = el.name == "a" and _CARD_NO.search(str(el.get("href", "")))
        if not (is_link or el.name == "dd"):
            return None
        numbers = []
        for number, name in self.entries(el):
            self.remember(number, name)
            numbers.append(number)
        return numbers

    def remember(self, number: str, name: str) -> None:
        if name and number not in self.page.names:
            self.page.names[number] = name

    def current(self, section: Tag) -> None:
        page = self.page
        kind: str | None = None
        count: int | None = None

        def visit(el: Tag) -> bool:
            nonlocal kind, count
            if _heading_like(el):
                new_kind, new_count, lifted = classify(el.get_text())
                if new_kind is not None and lifted is None:
                    kind, count = new_kind, new_count
                    label = SECTION_LABELS[kind]
                    if label not in page.sections_found:
                        page.sections_found.append(label)
                elif new_kind is not None:
                    kind = None  # a "lifted" block inside the current list: not current
                return True
            if _has_class(el, "noticeFrame"):
                if kind == PAIR_KIND:
                    pair = self.pair(el)
                    if pair is None:
                        page.problems.append(_said("pair-with-empty-side"))
                    else:
                        self.add_new(page.banned_pairs, pair, key=pair.key())
                return True
            numbers = self.listed_cards(el)
            if numbers is None:
                return False
            for number in numbers:
                if kind == BANNED_KIND:
                    self.add_new(page.banned, number)
                elif kind == RESTRICTED_KIND:  # listed in two blocks: the stricter count
                    copies = count or 1
                    page.restricted[number] = min(page.restricted.get(number, copies), copies)
            return True

        _walk(section, visit)

    def history(self, root: Tag, skip: Tag | None) -> None:
        """The dated blocks before the current list. A block that lifts ("Restricted cards
        that will be lifted", "Card ban lifted on November 17, 2023", a paragraph or pair
        frame saying a pair is lifted) files its cards and pairs as lifts - the category
        headings inside it too - until the next effective date or announcement."""
        date: dt.date | None = None
        heading = ""
        entry: HistoryEntry | None = None
        lifting = False

        def start(kind: str, count: int | None, lifted: str | None, text: str) -> HistoryEntry:
            new = HistoryEntry(heading=heading or text, effective=date, kind=kind,
                               count=count, lifted_from=lifted)
            self.page.history.append(new)
            return new

        def file_pair(pair: BannedPair, lift: bool) -> None:
            """File ``pair`` in the block: a lift of a pair when ``lift``, else a pair (a new
            entry of that kind when the current one is another)."""
            nonlocal entry
            if lift:
                if entry is None or entry.kind != LIFTED_KIND or entry.cards or (
                    entry.lifted_from not in (None, PAIR_KIND)
                ):
                    entry = start(LIFTED_KIND, None, PAIR_KIND, heading)
                entry.lifted_from = PAIR_KIND
            elif entry is None or entry.kind != PAIR_KIND:
                entry = start(PAIR_KIND, None, None, heading)  # a pair under another heading
            entry.pairs.append(pair)

        def lift_text(el: Tag) -> str | None:
            """The text of a short paragraph that announces a lift, else None."""
            if el.name != "p" or _has_class(el, "baseTxt") or el.find(["dd", "a", "li"]):
                return None  # "baseTxt" paragraphs explain a card's listing
            text = clean(el.get_text(" "))
            if len(text) > 300 or not _LIFT.search(text):
                return None
            return text

        def visit(el: Tag) -> bool:
            nonlocal date, heading, entry, lifting
            if el is skip or el.name in ("head", "script", "style", "nav", "header", "footer"):
                return True
            text = clean(el.get_text(" ")) if _heading_like(el) else lift_text(el)
            if text is not None:
                low = text.lower()
                if "announcement" in low or "告知" in text:
                    date, heading, entry, lifting = None, text, None, False
                    return True
                kind, count, lifted = classify(text)
                when = find_date(text)
                if "effective" in low or "施行" in text or "適用" in text:
                    date, heading, entry, lifting = when, text, None, False
                    if kind is None:
                        return True
                elif when is not None and kind is None:
                    date, heading, entry, lifting = None, text, None, False
                    return True
                if kind == LIFTED_KIND:
                    lifting = True
                    if when is not None and "effective" not in low:
                        date, heading = when, text  # "Card ban lifted on November 17, 2023"
                    entry = start(LIFTED_KIND, None, lifted, text)
                elif kind is not None and lifting:
                    entry = start(LIFTED_KIND, None, kind, text)  # a category inside a lift
                elif kind is not None:
                    entry = start(kind, count, None, text)
                return True
            if _has_class(el, "noticeFrame"):
                pair = self.pair(el)
                if pair is None or (entry is None and date is None):
                    return True
                file_pair(pair, lifting or bool(_LIFT.search(clean(el.get_text(" "))))
                          or _lift_follows(el))
                return True
            if entry is not None and _pair_container(el):
                # the page's history writes some pairs as "Component Card A/B" labels over
                # card lists, with no frame around them: a pair, under any heading
                pair = self.pair(el)
                if pair is not None:
                    file_pair(pair, lifting)
                return True
            if entry is None:
                return False
            numbers = self.listed_cards(el)
            if numbers is None:
                return False
            for number in numbers:
                self.add_new(entry.cards, number)
            return True

        _walk(root, visit)
        self.page.history = [e for e in self.page.history if e.cards or e.pairs]


def _lift_follows(frame: Tag) -> bool:
    """True when the paragraph right after a pair frame says the pair is lifted (the real
    page: "In accordance with the ban for EX5-065 [Sayo & Koh], the previous banned pairs
    have been lifted.")."""
    node: Tag | None = frame
    for _ in range(2):  # the frame, or the wrapper it is the last element of
        if node is None:
            return False
        sib = node.find_next_sibling()
        if sib is not None:
            return sib.name == "p" and bool(_LIFT.search(clean(sib.get_text(" "))))
        node = node.parent
    return False


def _pair_container(el: Tag) -> bool:
    """An element (a ``div``, a ``section``...) holding a pair's "Component Card" labels
    directly, without a frame."""
    return any(_is_tag(c) and _has_class(c, "noticeArea") for c in el.children)


def _strip_number(text: str, number: str) -> str:
    text = re.sub(r"^[\s・･]*", "", text)
    m = NUMBER_IN_TEXT.match(text)
    if m and normalize_number(m.group(1)) == number:
        text = text[m.end():]
    return _name(text)


def _name(text: str) -> str:
    return clean(text.replace("\n", " ")).strip("・･ ")


def find_current_section(soup: BeautifulSoup) -> Tag | None:
    """``section#application``, else the element holding the "currently affected" heading."""
    section = soup.find(id="application")
    if section is not None:
        return section
    for h in soup.find_all(list(HEADINGS)):
        text = clean(h.get_text()).lower()
        if "currently affected" in text or "現在" in text:
            return h.find_parent("section") or h.parent
    return None


def _defuse(html: str) -> str:
    """``html`` with every ``<`` that starts no tag, and every comment opener that nothing
    closes, escaped as text (both made the tokenizer rescan the rest of the page)."""
    html = _STRAY_LT.sub("&lt;", html)
    last = html.rfind("-->")
    return html[: last + 1] + html[last + 1 :].replace("<!--", "&lt;!--")


def _said(code: str, **params: object) -> Said:
    """A problem of the page: the English of ``code`` (a str, as ``problems`` holds them) that
    a refusal shows in the reader's language."""
    return Said(Msg(WORDS[code], **params))


def _shape_problem(html: str) -> str | None:
    """Why ``html`` is refused unread (too much markup, too many elements, nested too deep),
    or None.

    One linear pass over the tags, mirroring how the tree builder nests them: an end tag
    closes up to its open namesake (an end tag with none open is ignored)."""
    markup = html.count("<")
    if markup > MAX_MARKUP:
        return _said("page-too-much-markup", markup=f"{markup:,}", limit=f"{MAX_MARKUP:,}")
    elements = 0
    stack: list[str] = []
    open_names: dict[str, int] = {}
    for m in _TAG.finditer(html):
        name = m.group(2).lower()
        if m.group(1):
            if open_names.get(name):
                while stack:
                    top = stack.pop()
                    open_names[top] -= 1
                    if top == name:
                        break
            continue
        elements += 1
        if elements > MAX_ELEMENTS:
            return _said("page-too-many-elements", limit=f"{MAX_ELEMENTS:,}")
        if name in _VOID or m.group(3):
            continue
        stack.append(name)
        open_names[name] = open_names.get(name, 0) + 1
        if len(stack) > MAX_DEPTH:
            return _said("page-nested-too-deep", limit=MAX_DEPTH)
    return None


def parse_page(
    html: str, *, normalize: Callable[[str], str | None] = normalize_number
) -> ParsedPage:
    """Parse the restriction page. Never raises for a malformed page: read
    ``ParsedPage.problems`` (and ``announced``, ``empty``) to decide whether to accept it."""
    from bs4 import BeautifulSoup

    parser = _Parser(normalize)
    page = parser.page
    html = _defuse(html)
    refused = _shape_problem(html)
    if refused is not None:
        page.problems.append(refused)
        return page
    soup = BeautifulSoup(html, "html.parser")
    title_tag = soup.find("title")
    page.title = clean(title_tag.get_text()) if title_tag is not None else ""
    page.announced = find_date(page.title) if page.title else None
    if page.announced is None:
        for h in soup.find_all(list(HEADINGS)):
            text = clean(h.get_text(" "))
            if "announcement" in text.lower() and find_date(text):
                page.announced = find_date(text)
                break
    if html.strip() and not _PAGE_END.search(html):
        # a download that stopped early: the current list is at the end of the page, so a
        # cut page can hold all three parts yet only some of their cards
        page.problems.append(_said("page-cut-short"))
    section = find_current_section(soup)
    if section is None:
        page.problems.append(_said("no-current-list", heading=repr(CURRENT_HEADING)))
    else:
        parser.current(section)
        for label in SECTION_LABELS.values():
            if label not in page.sections_found:
                page.problems.append(_said("list-part-missing", part=repr(label)))
    parser.history(soup, section)
    if page.announced is not None:
        later = [e.effective for e in page.history
                 if e.effective is not None and e.effective >= page.announced]
        page.effective = min(later) if later else None
    return page
