"""Numbers typed by a user or read from a file: bounded ASCII digits, nothing else.

``str.isdigit()`` accepts ``"²"`` and ``"٣"`` (which ``int()`` then rejects or reads) and no
check stops ``99999999999999999999`` before it reaches SQLite (whose integers stop at 2**63-1).
:func:`parse_count` is the one parser of such numbers: 1 to :data:`MAX_DIGITS` ASCII digits
(no sign, no spaces, no ``_``, no other script's digits), a value within ``[minimum, maximum]``;
:func:`parse_decimal` the same for seconds (``2.5``). A caller that reads a spreadsheet cell
strips the cell first; a command-line value, an environment variable or a web form field is
taken as typed.
:class:`tt_organizer.cli.options.CountType` is the same rule as a click parameter type (exit 2
with a message on a bad value); this module imports no click, so the library can use it.
"""

from __future__ import annotations

import re

from tt_organizer.errors import InputError
from tt_organizer.i18n import Term

MAX_DIGITS = 10
MAX_VALUE = 2**31 - 1  # far below SQLite's limit; the largest pairing seed
_ASCII_DIGITS = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_ASCII_DECIMAL = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,6})?")


class NumberError(InputError):
    """Text that is not a number in range (exit 2)."""


def is_count(text: str) -> bool:
    """True if ``text`` is 1 to :data:`MAX_DIGITS` ASCII digits (nothing else, no spaces)."""
    return bool(_ASCII_DIGITS.fullmatch(text))


def parse_count(
    text: object, what: str = "value", *, minimum: int = 0, maximum: int = MAX_VALUE
) -> int:
    """``text`` read as a whole number in ``[minimum, maximum]``; :class:`NumberError` (naming
    ``what``) otherwise. An int is accepted as it is (a spreadsheet cell), a bool is not; a
    float only when whole (``3.0`` from a sheet)."""
    if isinstance(text, bool):
        raise NumberError("not-a-number", what=Term(what), value=repr(text))
    if isinstance(text, float) and text.is_integer() and abs(text) <= MAX_VALUE:
        text = int(text)
    if isinstance(text, int):
        value = text
    else:
        shown = str(text)
        if not _ASCII_DIGITS.fullmatch(shown):
            if shown.isdigit() and shown.isascii():
                raise NumberError("number-too-large", what=Term(what), value=repr(_short(shown)),
                                  minimum=minimum, maximum=maximum)
            raise NumberError("not-a-count", what=Term(what), value=repr(_short(shown)),
                              minimum=minimum, maximum=maximum)
        value = int(shown)
    if not minimum <= value <= maximum:
        raise NumberError("out-of-range", what=Term(what), value=value, minimum=minimum,
                          maximum=maximum)
    return value


def parse_decimal(text: str, what: str, *, minimum: float, maximum: float) -> float:
    """``text`` read as a decimal number (``30``, ``2.5``: ASCII digits and at most one dot,
    nothing else) in ``[minimum, maximum]``; :class:`NumberError` (naming ``what``)
    otherwise."""
    if not _ASCII_DECIMAL.fullmatch(text):
        raise NumberError("not-a-decimal", what=Term(what), value=repr(_short(text)),
                          minimum=f"{minimum:g}", maximum=f"{maximum:g}")
    value = float(text)
    if not minimum <= value <= maximum:
        raise NumberError("out-of-range", what=Term(what), value=_short(text),
                          minimum=f"{minimum:g}", maximum=f"{maximum:g}")
    return value


def parse_count_list(
    text: str, what: str, *, count: int | None = None, minimum: int = 0,
    maximum: int = MAX_VALUE,
) -> list[int]:
    """A comma-separated list of :func:`parse_count` numbers (``count`` of them if given)."""
    parts = text.split(",")
    if count is not None and len(parts) != count:
        raise NumberError("wrong-number-count", what=Term(what), value=repr(_short(text)),
                          count=count)
    return [parse_count(p, what, minimum=minimum, maximum=maximum) for p in parts]


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."
