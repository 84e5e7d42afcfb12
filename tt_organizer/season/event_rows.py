"""The one validated reading of a season file's events (pydantic, strict).

A season file is JSON an organizer may edit by hand or merge from two copies, so what it
counts is checked before anything counts it: every count a whole number from 0 to
:data:`MAX_COUNT` (no ``Infinity``, no 401-digit number, no negative), every event once (its
``key``), every place within its event's field. A refusal is an ``InputError`` (exit 2) that
names the file, the event's position (``events[2]``, from 1) and the field. The rows are
records (:mod:`tt_organizer.records`, the package's one way to load structured data), checked
by pydantic as anything from outside is; this module is imported only when a season file is
read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from tt_organizer.errors import InputError
from tt_organizer.records import Record

MAX_COUNT = 1000  # matches, byes: no event plays a thousand rounds
MAX_PLAYERS = 100_000
MAX_TEXT = 4096


Count = Annotated[StrictInt, Field(ge=0, le=MAX_COUNT)]
Text = Annotated[StrictStr, Field(max_length=MAX_TEXT)]
STRICT = ConfigDict(extra="forbid")  # each field is Strict*: a dict still builds a row


@dataclass
class PlayerRow(Record):
    """One player's line of a season event."""

    __pydantic_config__: ClassVar[ConfigDict] = STRICT
    name: Annotated[StrictStr, Field(min_length=1, max_length=MAX_TEXT)]
    place: Annotated[StrictStr, Field(pattern=r"^[1-9][0-9]{0,5}(-[1-9][0-9]{0,5})?$")]
    wins: Count
    losses: Count
    draws: Count
    byes: Count
    dropped: StrictBool


@dataclass
class EventRow(Record):
    """One event of a season file."""

    __pydantic_config__: ClassVar[ConfigDict] = STRICT
    key: Annotated[StrictStr, Field(min_length=1, max_length=200)]
    name: Text
    date: Text
    path: Text
    fingerprint: Text
    finished: StrictBool
    players: Annotated[list[PlayerRow], Field(max_length=MAX_PLAYERS)]


def _where(loc: tuple[Any, ...]) -> str:
    """``("players", 0, "wins")`` as ``players[1].wins`` (positions from 1, as people count)."""
    out = ""
    for part in loc:
        out += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def checked_events(events: Any, file: str) -> list[dict[str, Any]]:
    """The season file's ``events`` list, checked: each event as a plain dict (its players a
    list of dicts). InputError naming ``file``, the event's position and the field."""
    if not isinstance(events, list):
        raise InputError("season-events-shape", file=file, code="bad-season-file")
    out: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    for i, data in enumerate(events, 1):
        try:
            event = EventRow.validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            field = _where(tuple(first["loc"]))
            where = f"events[{i}]{'.' + field if field else ''}"
            raise InputError("season-event-field", where=where,
                             problem=first["msg"],
                             file=file, code="bad-season-file",
                             hint={"event": i, "field": field}) from None
        if event.key in seen:
            raise InputError("season-event-twice", event=i, first=seen[event.key],
                             name=repr(event.name),
                             file=file, code="bad-season-file",
                             hint={"event": i, "field": "key"})
        seen[event.key] = i
        field_size = len(event.players)
        for j, p in enumerate(event.players, 1):
            low, _, high = p.place.partition("-")
            top = int(high or low)
            if top > field_size or int(low) > top:
                raise InputError("season-place-outside", event=i, player=j, place=repr(p.place),
                                 players=field_size, file=file,
                                 code="bad-season-file",
                                 hint={"event": i, "field": f"players[{j}].place"})
        out.append(event.to_dict())
    return out
