"""Reading one card line of a text decklist (a count, a card number, a name), the limits
every decklist shape keeps, and the helpers the other shapes share (refusing a line, reading a
number, cleaning a name). The shapes themselves: :mod:`tt_organizer.decklist.parsers`."""

from __future__ import annotations

import re
from collections.abc import Callable

from tt_organizer.decklist.parsed import DeckLine, ParsedDecklist
from tt_organizer.decklist.sections import BANNER, SKIP, classify_header, names_only_tamers
from tt_organizer.errors import InputError
from tt_organizer.lazy_re import lazy_compile

TYPE_CHECKING = False  # no typing module at run time (start-up)
if TYPE_CHECKING:
    from typing import Any

Normalizer = Callable[[str], str | None]

MAX_COUNT = 99
MAX_TABLE_ROWS = 20_000  # card lines / rows / array entries of one decklist (a deck has ~60)
MAX_LINE_CHARS = 1_000  # a card line is far shorter; a longer one is refused unread
MAX_TABLE_COLUMNS = 64  # a decklist table has a handful of columns (count, number, name, zone)
# A card identifier with its printing suffix ("BT1-010 (Alternative Art)") is far shorter; a
# longer candidate is not a number, and is not handed to a normaliser's regex at all.
MAX_NUMBER_CHARS = 64

# --- line reading -----------------------------------------------------------------------------

TIMES = "[xX×*]"
_START_COUNT = lazy_compile(
    # "2 X Antibody Proto Form": that X is the card's name, not a multiplier
    rf"^(?:(?P<sign>[-+−])?(?P<n>\d+)(?:\s*{TIMES}(?=\s)(?!\s+Antibody\b))?"
    rf"|{TIMES}\s*(?P<n2>[-+−]?\d+))\s+(?P<rest>\S.*)$"
)
_END_COUNT = lazy_compile(
    rf"^(?P<rest>.*?\S)\s+(?:(?:{TIMES}\s*)?(?P<n>[-+−]?\d+)|(?P<n2>[-+−]?\d+)\s*{TIMES})$"
)
_BULLETS = ("-", "*", "•")
_BULLET = lazy_compile(r"^[-*•]\s+")
_ALNUM = lazy_compile(r"[^\W_]")  # a character str.isalnum() accepts: \w is those and "_"
NAME_LINE = lazy_compile(
    r"^(?://+|#+)?\s*(?:deck[\s_-]*name|deck|name|title)\s*[:=]\s*(?P<name>\S.*)$", re.IGNORECASE
)
# "Total: 58", "Deck size: 50", "Card count 8 cards" - summary lines some exporters append.
SUMMARY_LINE = lazy_compile(
    r"^(?://+|#+)?\s*(?:total(?:\s+cards?)?|deck\s*size|card\s*count)\s*(?:[:=]\s*)?\d+"
    r"(?:\s*cards?)?$",
    re.IGNORECASE,
)
_BRACKETS = "()[]{}<>"
_NAME_TRIM = " \t-–—|:,;"
_DCG = lazy_compile(r"\(\s*DCG\s*\)$", re.IGNORECASE)


NEWLINE = lazy_compile(r"\r\n|\r|\n")
_GLUED_BRACKET = lazy_compile(r"(?<=[^\s(\[])([(\[])")


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` as an editor numbers them: only ``\n``, ``\r\n`` and ``\r`` end
    a line (``str.splitlines`` also splits at U+2028, form feeds and the like, which put every
    later ``file:line`` of an error off by one)."""
    lines = NEWLINE.split(text)
    if lines and not lines[-1]:
        lines.pop()
    return lines


def fail(
    code: str, source: str, line: int | None = None, text: str | None = None, **params: Any
) -> InputError:
    """The refusal ``code`` (of :mod:`tt_organizer.messages`, with its ``params``) located in
    ``source`` at ``line``, quoting ``text``."""
    return InputError(code, file=source, line=line, text=text, **params)


def _strip_brackets(token: str) -> str:
    """``token`` without matching brackets around it (``((BT1-010))`` -> ``BT1-010``).

    Index arithmetic, not repeated slicing: a line of 500,000 ``(`` must not cost O(n²).
    """
    if token and token[0] not in "([{<" and not token[0].isspace() and not token[-1].isspace():
        return token  # the usual token: nothing to strip (the loops below would keep it whole)
    start, end = 0, len(token)
    while start < end and token[start].isspace():
        start += 1
    while end > start and token[end - 1].isspace():
        end -= 1
    while (
        end - start >= 2
        and token[start] in "([{<"
        and token[end - 1] == _BRACKETS[_BRACKETS.index(token[start]) + 1]
    ):
        start, end = start + 1, end - 1
        while start < end and token[start].isspace():
            start += 1
        while end > start and token[end - 1].isspace():
            end -= 1
    return token[start:end]


def as_number(candidate: str, normalize: Normalizer) -> str | None:
    stripped = _strip_brackets(candidate)
    if not stripped or len(stripped) > MAX_NUMBER_CHARS:
        return None
    try:
        return normalize(stripped)
    except Exception:  # a caller's normaliser must not turn a bad line into a traceback
        return None


def _count(sign: str | None, digits: str) -> int:
    value = int(digits.replace("−", "-"))
    return -value if sign in ("-", "−") else value


def _split_count(text: str) -> tuple[int | None, str, str | None]:
    """(count, rest, where) with where ``start``/``end``/None (no count found)."""
    m = _START_COUNT.match(text)
    if m:
        if m.group("n") is not None:
            return _count(m.group("sign"), m.group("n")), m.group("rest"), "start"
        return _count(None, m.group("n2")), m.group("rest"), "start"
    m = _END_COUNT.match(text)
    if m:
        digits = m.group("n") if m.group("n") is not None else m.group("n2")
        return _count(None, digits), m.group("rest"), "end"
    return None, text, None


def _find_number(rest: str, normalize: Normalizer, prefer_end: bool) -> tuple[str, str] | None:
    """(number, name) found at one end of ``rest`` (a token, or a token and a suffix)."""
    if "(" in rest or "[" in rest:
        rest = _GLUED_BRACKET.sub(r" \1", rest)  # "BT1-010(P)" -> "BT1-010 (P)"
    tokens = rest.split()
    if not tokens:
        return None
    sides = ("end", "start") if prefer_end else ("start", "end")
    # Narrowest first, on both sides before a wider try: "St-02 - Gabumon" must not read as
    # the identifier "ST-02-GABUMON" (another game's normaliser accepts it).
    for width in (1, 2, 3):  # "BT1-010", "BT1-010 P2", "ST2-03 (Alt Art)", "bt1 - 010"
        if width > len(tokens):
            break
        for side in sides:
            if side == "end":
                chosen, others = tokens[-width:], tokens[:-width]
            else:
                chosen, others = tokens[:width], tokens[width:]
            candidate = (_strip_brackets(chosen[0]) if width == 1
                         else " ".join(_strip_brackets(t) for t in chosen))
            number = as_number(candidate, normalize)
            if number is not None:
                return number, " ".join(others)
    return None


def clean_name(name: str) -> str | None:
    name = name.strip()
    if name.endswith(")"):  # the only lines _DCG can change (most have no bracket)
        name = _DCG.sub("", name)
    name = name.strip(_NAME_TRIM)
    return name or None


def check_count(count: int, source: str, line_no: int, text: str) -> None:
    if not 1 <= count <= MAX_COUNT:
        raise fail("count-out-of-range", source, line_no, text, count=count, limit=MAX_COUNT)


def _count_before_number(text: str, normalize: Normalizer) -> tuple[int, str, str | None] | None:
    """(count, number, name) of a line with the count between name and number
    (``Agumon x4 (BT1-010)``), else None."""
    found = _find_number(text, normalize, prefer_end=True)
    if found is None:
        return None
    number, rest = found
    count, name, where = _split_count(rest)
    if where != "end" or count is None:
        return None
    return count, number, clean_name(name)


def _read_card_line(
    text: str, normalize: Normalizer, *, source: str, line_no: int, raw: str
) -> tuple[int, str, str | None]:
    """(count, number, name) of one card line, or InputError."""
    count, rest, where = _split_count(text)
    if where is None:
        number = as_number(text, normalize)
        if number is None:
            middle = _count_before_number(text, normalize)
            if middle is not None:
                check_count(middle[0], source, line_no, raw)
                return middle
            raise fail("unreadable-card-line", source, line_no, raw)
        return 1, number, None
    found = _find_number(rest, normalize, prefer_end=(where == "start"))
    if found is None:
        # The "count" may belong to the number itself ("BT1 - 010"): one copy of it.
        number = as_number(text, normalize)
        if number is not None:
            return 1, number, None
        raise fail("no-number-on-line", source, line_no, raw)
    assert count is not None
    check_count(count, source, line_no, raw)
    number, name = found
    return count, number, clean_name(name)


def parse_text(
    text: str, *, source: str, input_format: str, normalize: Normalizer
) -> ParsedDecklist:
    result = ParsedDecklist(source=source, input_format=input_format, lines=[])
    section: str | None = None
    skipping = by_type = False
    for line_no, raw_line in enumerate(split_lines(text), start=1):
        raw = raw_line.strip()
        line = raw.replace("\t", " ")
        if line.startswith(_BULLETS):
            line = _BULLET.sub("", line)
        line = line.strip()
        if _ALNUM.search(line) is None:  # nothing but punctuation and spaces
            continue
        kind = classify_header(line)
        if kind == BANNER:  # "// Digimon DeckList": the export's title, not a zone
            continue
        if kind is not None:
            result.has_sections = True
            skipping = kind == SKIP
            section = None if skipping else kind
            by_type = names_only_tamers(line)
            continue
        name_match = NAME_LINE.match(line)
        if name_match:
            if result.name is None:
                result.name = name_match.group("name").strip()
            continue
        if line.startswith(("#", "//")) or skipping or SUMMARY_LINE.match(line):
            continue
        if len(line) > MAX_LINE_CHARS:
            raise fail("card-line-too-long", source, line_no, raw, length=len(line),
                       limit=MAX_LINE_CHARS)
        if len(result.lines) >= MAX_TABLE_ROWS:
            raise fail("too-many-card-lines", source, line_no, limit=MAX_TABLE_ROWS)
        count, number, name = _read_card_line(
            line, normalize, source=source, line_no=line_no, raw=raw
        )
        result.lines.append(DeckLine(count, number, name, section, line_no, raw, by_type))
    return result
