"""Card-number normalisation: ``bt1-10`` → ``BT1-010``, ``BT1-010_P1`` → ``BT1-010``."""

from __future__ import annotations

import re
from functools import lru_cache

from tt_organizer.lazy_re import lazy_compile

# Prefix letters, optional set digits, separator, card digits, then an optional printing suffix:
# _P1, -P2, " P3", (P), (P1), _AA, ALT, (Alt Art) ...
# No two whitespace runs may sit next to each other (``\s*[-_ ]?\s*``, ``\s*\d*`` before the
# next ``\s*``): on a near miss such as "BT1-010 P P P P P P P P P P P P !" that backtracked
# exponentially (18 s for 33 characters).
_NUMBER = lazy_compile(
    r"""^\s*
    (?P<prefix>[A-Za-z]{1,4})\s*
    (?:(?P<set>\d{1,3})\s*)?
    [-_‐–]\s*
    (?P<card>\d{1,4})
    (?P<suffix>(?:\s*(?:[-_]\s*)?(?:\(\s*)?(?:P|ALT|AA|SP|R|ALT\s*ART|PARALLEL)(?:\s*\d+)?(?:\s*\))?)*)
    \s*$""",
    re.IGNORECASE | re.VERBOSE,
)

# Sets whose card numbers are printed with two digits (ST1-01); all others use three.
TWO_DIGIT_PREFIXES = frozenset({"ST"})

# A card number anywhere in a line of text (used by decklist parsers).
NUMBER_IN_TEXT = lazy_compile(
    r"(?<![A-Za-z0-9])([A-Za-z]{1,4}\d{0,3}-\d{1,4})"
    r"(?:(?:[_ ]?P\d+)|(?:\s?\(P\d*\)))?(?![A-Za-z0-9])",
    re.IGNORECASE,
)


# No spelling of a card number is longer; a longer text is refused before the regex runs
# (its suffix loop takes about a second on a 1 MiB line of "BT1-010 P P P ...").
MAX_NUMBER_LENGTH = 64


def split_number(raw: str) -> tuple[str, int] | None:
    """Split a card number into its set code and card index, or None if it is not one."""
    if len(raw) > MAX_NUMBER_LENGTH and len(raw.strip()) > MAX_NUMBER_LENGTH:
        return None
    m = _NUMBER.match(raw)
    if not m:
        return None
    prefix = m.group("prefix").upper()
    set_digits = m.group("set")
    set_code = prefix + (str(int(set_digits)) if set_digits else "")
    return set_code, int(m.group("card"))


def format_number(set_code: str, index: int, width: int | None = None) -> str:
    """Write a card number with the set's zero padding (``ST1-01``, ``BT1-010``, ``P-029``)."""
    if width is None:
        prefix = re.match(r"[A-Z]+", set_code)
        width = 2 if prefix and prefix.group(0) in TWO_DIGIT_PREFIXES else 3
    return f"{set_code}-{index:0{width}d}"


@lru_cache(maxsize=16384)  # decks name the same cards over and over: parse a spelling once
def normalize_number(raw: str) -> str | None:
    """Canonical base card number for ``raw``, or None if ``raw`` is not shaped like one.

    Case, missing or extra zero padding (``bt1-10``, ``BT01-010``) and parallel /
    alternate-art suffixes (``_P1``, `` P2``, ``(P)``) are folded away.
    """
    parts = split_number(raw)
    if parts is None:
        return None
    return format_number(*parts)


def looks_like_number(raw: str) -> bool:
    """True if ``raw`` is shaped like a card number."""
    return split_number(raw) is not None
