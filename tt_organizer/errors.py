"""Exception types shared by the library; the CLI maps them to exit codes.

Exit codes: 0 ok, 1 the thing checked is not legal / not valid, 2 usage or input error.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from tt_organizer.i18n import Msg
from tt_organizer.messages import WORDS, is_code

if TYPE_CHECKING:
    from typing import Any

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_INPUT = 2

_commits = 0  # event changes committed by this process (see committed_changes)


def count_commit() -> None:
    """Note that a change to an event was committed (the event store calls it)."""
    global _commits
    _commits += 1


def committed_changes() -> int:
    """How many transactions that change an event this process has committed: a front end
    compares it before and after a command, so that an error after the commit is not reported
    as a failure of the command (the change was made). Kept here, not in the event store, so
    that asking costs a command that opens no event nothing."""
    return _commits


def is_database_error(exc: BaseException) -> bool:
    """Whether ``exc`` is a failure of an event database (``sqlite3.DatabaseError``); only a
    process that loaded sqlite3 can have one, so asking imports nothing."""
    sqlite3 = sys.modules.get("sqlite3")
    return sqlite3 is not None and isinstance(exc, sqlite3.DatabaseError)


class TTError(Exception):
    """Base class of every error the toolkit raises on purpose (exit 2 unless said otherwise).

    ``code`` names the refusal for a front-end (``"result-exists"``) and ``hint`` holds what it
    needs to say what to do next (``{"command": "correct", "round": 2, "table": 6}``); the
    message itself names no front-end's syntax: the command line turns a hint into command
    advice (:mod:`tt_organizer.cli.advice`), the web server into its own words. A message about
    an input value names it in plain words and lists them in ``hint["words"]`` as
    ``[words, field]`` pairs (``[["best of", "best_of"]]``), so that a front-end can show its
    own name for the field instead (:func:`in_words`: the command line's option, a form's label).

    Raised with a code of :mod:`tt_organizer.messages` and its parameters
    (``EventError("already-registered", name=name)``), the words come from that catalog and
    ``params`` (also merged into ``hint``) holds the parameters; a message given as a sentence
    is the older form, being retired (``tests/test_layers.py`` counts what is left).

    A message given as a :class:`~tt_organizer.i18n.Msg` is also shown in the reader's
    language (:meth:`shown`); ``str()`` and ``message`` are English (what JSON carries).
    """

    exit_code: int = EXIT_INPUT

    def __init__(self, message: str | Msg, *, code: str | None = None,
                 hint: dict[str, Any] | None = None, **params: Any) -> None:
        if is_code(message):  # the code form: raise EventError("already-registered", name=n)
            code = code or str(message)
            message = Msg(WORDS[str(message)], **params)
        elif params:
            raise TypeError(f"{message!r} is not a code of tt_organizer.messages")
        super().__init__(str(message))
        self.message = str(message)
        self.words = message if isinstance(message, Msg) else None
        self.code = code
        self.params = params
        self.hint = {**params, **(hint or {})}

    def __str__(self) -> str:
        return self.message

    def shown(self) -> str:
        """The error as ``str()`` says it, in the current language (when its message was
        given as a :class:`~tt_organizer.i18n.Msg`)."""
        if self.words is None:
            return str(self)
        english, self.message = self.message, self.words.translate()
        try:
            return str(self)
        finally:
            self.message = english


class Quoted(Msg):
    """An error quoted whole inside another message (``invalid card list: {error}``): its
    ``str()`` in English, :meth:`TTError.shown` where a person reads it."""

    __slots__ = ("exc",)

    def __init__(self, exc: TTError) -> None:
        super().__init__("{error}", error=str(exc))
        self.exc = exc

    def __str__(self) -> str:
        return str(self.exc)

    def translate(self) -> str:
        """The quoted error in the current language."""
        return self.exc.shown()


class Said(str):
    """English words that know their message: a ``str`` (JSON, comparisons and joins see the
    English), shown in the reader's language where a message quotes it (:class:`Listed`,
    :func:`shown_words`). For a list of warnings whose contract is text (a sync's reasons)."""

    words: Msg

    def __new__(cls, words: Msg) -> Said:
        said = super().__new__(cls, str(words))
        said.words = words
        return said

    def __reduce__(self) -> tuple[object, ...]:
        return (Said, (self.words,))


def shown_words(item: object) -> str:
    """``item`` in the current language: a :class:`Said` or a Msg translated, else as it is."""
    from tt_organizer.i18n import translate

    return translate(item.words if isinstance(item, Said) else item)


class Listed(Msg):
    """Several messages (or words) as one parameter, each in the reader's language, joined by
    ``sep`` (the reasons a sync was refused)."""

    __slots__ = ("items", "sep")

    def __init__(self, items: Sequence[str | Msg], sep: str = "; ") -> None:
        super().__init__("{items}")
        self.items, self.sep = list(items), sep

    def __str__(self) -> str:
        return self.sep.join(str(item) for item in self.items)

    def translate(self) -> str:
        """Each item in the current language."""
        return self.sep.join(shown_words(item) for item in self.items)


def words_of(exc: TTError) -> Msg:
    """``exc`` as the parameter of another message that quotes it (translated with it)."""
    return Quoted(exc)


def in_words(exc: TTError, names: Mapping[str, str], *, shown: bool = False) -> str:
    """``str(exc)`` (``shown``: :meth:`TTError.shown`) with the words that name each of its
    fields (``hint["words"]``) replaced by a front-end's own name for that field (``names``:
    field -> name); fields ``names`` does not know keep the library's words."""
    text = exc.shown() if shown else str(exc)
    for words, field in exc.hint.get("words", ()):
        if shown and exc.words is not None:  # the words as the translated message has them
            from tt_organizer.i18n import gettext

            words = gettext(words)
        if field in names:
            text = text.replace(words, names[field], 1)
    return text


def field_hint(*pairs: tuple[str, str], **more: Any) -> dict[str, Any]:
    """The ``hint`` of a message naming input fields: ``(words, field)`` pairs in the order the
    message names them, and any other facts (the value, the values allowed)."""
    return {"words": [list(p) for p in pairs], **more}


class InputError(TTError):
    """Unreadable or malformed input, located by file, line and the offending text."""

    def __init__(
        self,
        message: str | Msg,
        *,
        file: str | None = None,
        line: int | None = None,
        text: str | None = None,
        code: str | None = None,
        hint: dict[str, Any] | None = None,
        **params: Any,
    ) -> None:
        self.file = file
        self.line = line
        self.text = text
        super().__init__(message, code=code, hint=hint, **params)

    def __str__(self) -> str:
        where = self.file or ""
        if self.line is not None:
            where = f"{where}:{self.line}" if where else f"line {self.line}"
        out = f"{where}: {self.message}" if where else self.message
        if self.text is not None:
            shown = self.text if len(self.text) <= 120 else self.text[:117] + "..."
            out += f"\n    {shown!r}"
        return out


class UnknownCardError(TTError):
    """A well-formed card number that the card database does not hold."""

    def __init__(self, number: str, suggestions: list[str]) -> None:
        self.number = number
        self.suggestions = suggestions
        if suggestions:
            super().__init__("unknown-card-suggested", code="unknown-card", number=number,
                             suggestions=", ".join(suggestions))
        else:
            super().__init__("unknown-card", number=number)


class EventError(TTError):
    """An event command that cannot be carried out; the event database is left unchanged."""


class BanlistError(TTError):
    """A ban list that cannot be fetched, parsed, verified or found in the cache."""


class BadValue(InputError, ValueError):
    """A value refused by a pure algorithm's own check (a tiebreak rule, a match record): an
    :class:`InputError` with a code, and a ``ValueError`` for the callers that catch those."""
