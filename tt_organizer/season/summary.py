"""What a season keeps of one event: who finished where, with which Swiss record.

A summary is read from an event's snapshot when the event is added to a season and kept in the
season file, so a season's standings never need the event files again. ``key`` names the event
whatever its file is called or where it was copied (its name and the moment it was created);
``fingerprint`` changes whenever anything the season counts changes (a corrected result, a
late top-cut match), so an event added again is recognised as the same event, unchanged or
changed, and never counted twice.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from tt_organizer.errors import InputError

if TYPE_CHECKING:
    from tt_organizer.events.models import EventSnapshot


def name_key(name: str) -> str:
    """The key two spellings of one name share when they differ only in case or spacing."""
    return " ".join(name.split()).casefold()


@dataclass(frozen=True)
class PlayerResult:
    """One player's finish at one event: final place (``"5-8"`` when shared) and the Swiss
    record (match wins without byes, losses, draws, byes)."""

    name: str
    place: str
    wins: int
    losses: int
    draws: int
    byes: int
    dropped: bool

    @property
    def best_place(self) -> int:
        """The best end of the place (5 for ``5-8``)."""
        return int(self.place.split("-")[0])


@dataclass(frozen=True)
class EventSummary:
    """One event as a season counts it."""

    key: str
    name: str
    date: str
    path: str
    fingerprint: str
    finished: bool
    players: tuple[PlayerResult, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the season file."""
        out = asdict(self)
        out["players"] = [asdict(p) for p in self.players]
        return out


def _fingerprint(name: str, players: tuple[PlayerResult, ...]) -> str:
    payload = json.dumps([name, [asdict(p) for p in players]], sort_keys=True,
                         ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def summarise(snapshot: EventSnapshot) -> EventSummary:
    """The summary of an event: its final placings (the top cut first, when one was played,
    then the Swiss order) with each player's Swiss record. InputError for an event with no
    reported result (nothing to count yet)."""
    from tt_organizer.events.event_standings import snapshot_standings
    from tt_organizer.events.final_placings import snapshot_final_placings

    settings = snapshot.settings
    if not any(m.outcome is not None for m in snapshot.matches):
        raise InputError("event-not-started", file=snapshot.path)
    placings = snapshot_final_placings(snapshot)
    rows = ([(p.place, p.standing) for p in placings] if placings is not None
            else [(str(s.rank), s) for s in snapshot_standings(snapshot)])
    players = tuple(
        PlayerResult(name=snapshot.name(s.player), place=place, wins=s.wins - s.byes,
                     losses=s.losses, draws=s.draws, byes=s.byes, dropped=s.dropped)
        for place, s in rows
    )
    identity = f"{settings.name}\n{settings.created_at}"
    return EventSummary(
        key=hashlib.sha256(identity.encode("utf-8")).hexdigest()[:16],
        name=settings.name,
        date=settings.created_at[:10],
        path=snapshot.path,
        fingerprint=_fingerprint(settings.name, players),
        finished=all(m.outcome is not None for m in snapshot.matches),
        players=players,
    )


def summary_from_dict(data: Any, where: str) -> EventSummary:
    """An :class:`EventSummary` from the season file (InputError if it is not one)."""
    try:
        players = tuple(
            PlayerResult(name=str(p["name"]), place=str(p["place"]), wins=int(p["wins"]),
                         losses=int(p["losses"]), draws=int(p["draws"]), byes=int(p["byes"]),
                         dropped=bool(p["dropped"]))
            for p in data["players"]
        )
        for p in players:
            p.best_place  # noqa: B018 -- a place that is not "N" or "N-M" is refused here
        return EventSummary(key=str(data["key"]), name=str(data["name"]),
                            date=str(data["date"]), path=str(data["path"]),
                            fingerprint=str(data["fingerprint"]),
                            finished=bool(data["finished"]), players=players)
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError("season-not-an-event", where=where, reason=str(exc),
                         code="bad-season-file") from None
