"""A warning an operation gives with its answer, as data: a code of
:mod:`tt_organizer.messages` and its parameters (e.g. a phone report the change withdrew).

A front end shows :meth:`Notice.shown` (the reader's language) or ``str()`` (English, what
JSON would carry); it never words the warning itself, so the CLI and the console say the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tt_organizer.i18n import Msg
from tt_organizer.messages import WORDS


@dataclass(frozen=True)
class Notice:
    """A warning or a headline by code (a key of ``messages.WORDS``) with its parameters."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        assert self.code in WORDS, f"{self.code!r} is not a code of tt_organizer.messages"

    @property
    def words(self) -> Msg:
        """The message: English with ``str()``, the reader's language with ``translate()``."""
        return Msg(WORDS[self.code], **self.params)

    def __str__(self) -> str:
        return str(self.words)

    def shown(self) -> str:
        """The notice in the current language."""
        return self.words.translate()


def notice(code: str, **params: Any) -> Notice:
    """``notice("report-withdrawn", table=1, …)``: a :class:`Notice`."""
    return Notice(code, params)


def joined(items: list[Msg]) -> Msg:
    """Several messages as one parameter, ``a, b, c`` (each translated with it)."""
    return Msg(", ".join(f"{{m{i}}}" for i in range(len(items))),
               **{f"m{i}": m for i, m in enumerate(items)})
