"""Cell text that a spreadsheet never runs as a formula, and its reading back.

A spreadsheet treats text that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return
as a formula. In ``.csv`` files there are no types, so :func:`safe_text` gives such text a leading
``'`` (the OWASP recommendation) and :func:`unescape_text` removes it again on import. It sits
in the base layer because both the writers (``export/``) and the sheet reader (``tables.py``)
use it.
"""

from __future__ import annotations

from tt_organizer.lazy_re import lazy_compile

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Characters an .xlsx file cannot hold (XML 1.0); openpyxl raises on them.
_ILLEGAL = lazy_compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
MAX_CELL_CHARS = 32767


def is_formula_like(text: str) -> bool:
    """True if a spreadsheet would read ``text`` as a formula."""
    return text.startswith(FORMULA_STARTS)


def clean_text(value: object) -> str:
    """``value`` as text an .xlsx cell can hold (control characters dropped, length capped)."""
    text = "" if value is None else str(value)
    return _ILLEGAL.sub("", text)[:MAX_CELL_CHARS]


def _needs_quote(text: str) -> bool:
    # a formula, or a formula behind quotes: ``'=1+1`` gets one more, so that
    # :func:`unescape_text` gives back exactly ``'=1+1`` (not ``=1+1``)
    return is_formula_like(text.lstrip("'"))


def safe_text(value: object) -> str:
    """Text for a CSV field: a leading ``'`` when the text would otherwise be a formula, or is
    one behind quotes (``'=1+1`` becomes ``''=1+1``); :func:`unescape_text` undoes it exactly."""
    text = clean_text(value)
    return "'" + text if _needs_quote(text) else text


def unescape_text(text: str) -> str:
    """Undo :func:`safe_text`: one leading ``'`` dropped from a (quoted) formula."""
    if text.startswith("'") and _needs_quote(text):
        return text[1:]
    return text
