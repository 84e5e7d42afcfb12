"""What an imported sheet is refused for, in the catalog's words: :class:`SheetError` lists
every bad row (each a message of :mod:`tt_organizer.messages` with its parameters), shown in
English or in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence

from tt_organizer.errors import InputError, TTError, in_words
from tt_organizer.i18n import Msg, NMsg, translate
from tt_organizer.messages import WORDS

# the per-game lists as a results sheet names them (its columns)
LIST_COLUMNS = {"first": "First", "winners": "Winners", "turns": "Turns"}


class SheetError(InputError):
    """Rows of an imported sheet that are wrong; ``problems`` holds one line per bad row
    (English; the message shows each in the reader's language)."""

    def __init__(self, problems: Sequence[Msg | str], *, file: str, what: str) -> None:
        self.problems = [str(p) for p in problems]
        shown = list(problems[:50])
        if len(problems) > 50:
            shown = [*shown, said("sheet-more-problems", n=len(problems) - 50)]
        n = len(problems)
        super().__init__(REFUSED_SHEET[what], file=file,
                         count=NMsg("{n} problem", "{n} problems", n, n=n), problems=Lines(shown))


# what a refused sheet did not do -> its refusal's code
REFUSED_SHEET = {"registered": "sheet-refused-registered", "recorded": "sheet-refused-recorded",
                 "paired": "sheet-refused-paired"}


def said(code: str, **params: object) -> Msg:
    """One problem of a sheet in the words of :mod:`tt_organizer.messages` (``code``)."""
    return Msg(WORDS[code], **params)


class Lines(Msg):
    """A sheet's problems, one a line: English in ``str()``, each in the reader's language
    when translated."""

    __slots__ = ("lines",)

    def __init__(self, lines: Sequence[Msg | str]) -> None:
        super().__init__("{lines}", lines="\n  ".join(map(str, lines)))  # not a catalog message
        self.lines = lines

    def translate(self) -> str:
        """The lines in the current language."""
        return "\n  ".join(translate(line) for line in self.lines)


class Named(Msg):
    """A refusal of :func:`parse_game_flags` naming the per-game lists by a sheet's columns
    (:func:`~tt_organizer.errors.in_words`), in English or the reader's language."""

    __slots__ = ("exc",)

    def __init__(self, exc: TTError) -> None:
        super().__init__("{text}", text=in_words(exc, LIST_COLUMNS))  # not a catalog message
        self.exc = exc

    def translate(self) -> str:
        """The refusal in the current language."""
        return in_words(self.exc, LIST_COLUMNS, shown=True)
