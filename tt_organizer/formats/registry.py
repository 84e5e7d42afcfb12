"""Find format definitions: the ones shipped in the package and any an organizer adds."""

from __future__ import annotations

import os
from functools import lru_cache
from typing import TYPE_CHECKING

from tt_organizer.errors import InputError, Listed
from tt_organizer.formats.model import FormatDefinition
from tt_organizer.i18n import N_, Msg, Term
from tt_organizer.messages import WORDS
from tt_organizer.paths import user_data_folder
from tt_organizer.records import CHECKSUMS_FILE, trusted_json

if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path
    from typing import Any

DEFAULT_FORMAT = "tamer-tactics-0.9.1"
WHOLE_DEFINITION = N_("definition")  # where a problem of the definition as a whole is
ALIASES = {"tamer-tactics": DEFAULT_FORMAT, "tt": DEFAULT_FORMAT}
MAX_DEFINITION_BYTES = 1024 * 1024
# text, not a Path: a deck check reads its definition with os.path alone (see paths.py)
_SHIPPED = os.path.join(os.path.dirname(os.path.realpath(__file__)), "definitions")


def _user_folder() -> str:
    return os.path.join(user_data_folder(), "formats")


def definition_dirs() -> list[Path]:
    """Folders searched for ``*.json`` definitions: shipped first, then the user's."""
    from pathlib import Path

    return [Path(_SHIPPED), Path(_user_folder())]


def read_definition(path: str | Path) -> FormatDefinition:
    """Read one definition file: a shipped one matching its recorded checksum as it is,
    any other (an organizer's) checked field by field."""
    try:
        payload, trusted = trusted_json(path, MAX_DEFINITION_BYTES, what="format definition")
    except (OSError, ValueError, RecursionError) as exc:
        raise InputError("unreadable-definition", file=str(path), kind=type(exc).__name__,
                         error=str(exc)) from None
    try:
        return FormatDefinition.load(payload, trusted)
    except ValueError as exc:  # pydantic's ValidationError is one (not imported: start-up)
        errors = getattr(exc, "errors", None)
        if not callable(errors):
            raise InputError("bad-definition", file=str(path), problems=_said(exc)) from None
        problems = Listed([  # one line per problem, not pydantic's report
            Msg(WORDS["definition-problem"],
                where=".".join(str(p) for p in e["loc"]) or Term(WHOLE_DEFINITION),
                problem=_problem(e))
            for e in errors()
        ])
        raise InputError("bad-definition", file=str(path), problems=problems) from None


def _said(exc: BaseException) -> str | Msg:
    """What a rule of the definition said (its words, in the reader's language)."""
    words = getattr(exc, "words", None)
    return words if isinstance(words, Msg) else str(exc)


def _problem(error: Mapping[str, Any]) -> str | Msg:
    """One problem pydantic found: a rule's own words (:class:`DefinitionError`), else
    pydantic's (English)."""
    cause = (error.get("ctx") or {}).get("error")
    if cause is not None and getattr(cause, "words", None) is not None:
        return _said(cause)
    return str(error["msg"]).removeprefix("Value error, ")


@lru_cache(maxsize=1)
def all_formats() -> dict[str, FormatDefinition]:
    """Every known format by id."""
    found: dict[str, FormatDefinition] = {}
    for folder in definition_dirs():
        if folder.is_dir():
            for path in sorted(folder.glob("*.json")):
                if path.name == CHECKSUMS_FILE:
                    continue
                fmt = read_definition(path)
                found[fmt.id] = fmt
    return found


def _shipped_alone(key: str) -> FormatDefinition | None:
    """The shipped definition ``key`` read from its own file (a shipped file is named for its
    id), when the organizer added no definitions that could replace it; None otherwise."""
    user = _user_folder()
    if "/" in key or "\\" in key or key.startswith(".") or (
            os.path.isdir(user) and any(n.endswith(".json") for n in os.listdir(user))):
        return None
    fmt = _read_shipped(key)
    return fmt if fmt is not None and fmt.id == key else None


@lru_cache(maxsize=8)
def _read_shipped(stem: str) -> FormatDefinition | None:
    path = os.path.join(_SHIPPED, f"{stem}.json")
    return read_definition(path) if os.path.isfile(path) else None


def find_format(key: str) -> FormatDefinition | None:
    """The definition whose id is exactly ``key``, or None. A deck check needs one: it is read
    alone when it can be (see :func:`_shipped_alone`), not every definition."""
    return _shipped_alone(key) or all_formats().get(key)


def get_format(format_id: str | None = None) -> FormatDefinition:
    """The definition for ``format_id`` (default Tamer Tactics 0.9.1)."""
    wanted = (format_id or DEFAULT_FORMAT).strip()
    key = ALIASES.get(wanted.lower(), wanted)
    if (found := _shipped_alone(key)) is not None:
        return found
    formats = all_formats()
    if key not in formats:  # `--format Standard`, `--format TT`
        key = next((k for k in formats if k.casefold() == key.casefold()), key)
    if key not in formats:
        raise InputError("unknown-format", format=repr(format_id),
                         known=", ".join(sorted(formats)))
    return formats[key]
