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


class Joined(Msg):
    """Several messages as one parameter, ``a, b, c``: English in ``str()``, each item in the
    reader's language when translated."""

    __slots__ = ("items",)

    def __init__(self, items: list[Msg]) -> None:
        template = "{items}"  # not a catalog message: only the items are translated
        super().__init__(template, items=", ".join(str(m) for m in items))
        self.items = tuple(items)

    def translate(self) -> str:
        """The items in the current language."""
        return ", ".join(m.translate() for m in self.items)
