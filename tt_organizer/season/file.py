"""The season file: a name, a points scheme, the events added and the name aliases, as JSON.

A season is small (tens of events, hundreds of players), written by one organizer at a time,
and worth reading and keeping in version control, so it is one JSON document replaced
atomically on every change (:func:`tt_organizer.atomic.write_json_atomic`), not a database.
Every change reads the file, checks it, and writes the whole new document; a file that is not
a season (or was edited into nonsense) is refused with the field that is wrong.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tt_organizer.atomic import write_json_atomic
from tt_organizer.errors import InputError
from tt_organizer.safe_files import read_json
from tt_organizer.season.event_rows import checked_events
from tt_organizer.season.scheme import PointsScheme, scheme_from_dict
from tt_organizer.season.summary import EventSummary, name_key, summarise, summary_from_dict

FORMAT = "tt-season"
VERSION = 1
MAX_SEASON_BYTES = 64 * 1024 * 1024
MAX_NAME = 120


@dataclass(frozen=True)
class Season:
    """A season as stored: ``aliases`` maps a name key to the name its results count under."""

    name: str
    scheme: PointsScheme
    events: tuple[EventSummary, ...] = ()
    aliases: dict[str, str] = field(default_factory=dict)
    created_at: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON document of the season file."""
        return {"format": FORMAT, "version": VERSION, "name": self.name,
                "created_at": self.created_at, "scheme": self.scheme.to_dict(),
                "aliases": dict(sorted(self.aliases.items())),
                "events": [e.to_dict() for e in self.events]}

    def created_json(self, path: str) -> dict[str, Any]:
        """The ``tt season create --json`` form."""
        return {"file": path, "name": self.name, "scheme": self.scheme.to_dict()}

    def alias_json(self, other: str) -> dict[str, Any]:
        """The ``tt season alias --json`` form: the name ``other`` now counts as."""
        return {"name": self.canonical(other), "alias": other}

    def canonical(self, name: str) -> str:
        """The name a player's results count under (their own unless it is an alias)."""
        return self.aliases.get(name_key(name), name)


@dataclass(frozen=True)
class Added:
    """What adding one event did: ``"added"``, ``"re-added"`` (it had changed) or
    ``"unchanged"`` (already in the season as it is)."""

    event: EventSummary
    outcome: str

    def to_dict(self) -> dict[str, Any]:
        """The ``tt season add --json`` form of one event."""
        e = self.event
        return {"event": e.name, "date": e.date, "file": e.path, "players": len(e.players),
                "outcome": self.outcome, "finished": e.finished}


def _clean_name(name: str, what: str) -> str:
    clean = " ".join(name.split())
    if not clean or len(clean) > MAX_NAME or not clean.isprintable():
        raise InputError("season-name-length", what=what, limit=MAX_NAME, code="bad-name")
    return clean


def create_season(path: str | Path, name: str, scheme: PointsScheme) -> Season:
    """Write a new, empty season file (refused if the file exists)."""
    target = Path(path)
    if target.exists():
        raise InputError("season-exists", file=str(path))
    if not target.name.lower().endswith(".json"):
        raise InputError("season-file-suffix", file=str(path), code="bad-season-file")
    created = datetime.now(timezone.utc).isoformat(timespec="seconds")
    season = Season(_clean_name(name, "season name"), scheme, created_at=created)
    write_json_atomic(target, season.to_dict())
    return season


def read_season(path: str | Path) -> Season:
    """The season in ``path`` (InputError naming what is wrong if it is not one: its events
    are read once, through :func:`tt_organizer.season.event_rows.checked_events`)."""
    where = os.fspath(path)
    data = read_json(path, MAX_SEASON_BYTES, what="season file", code="bad-season-file")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputError("not-a-season-file", file=where, code="bad-season-file")
    if data.get("version") != VERSION:
        raise InputError("season-file-version", version=repr(data.get("version")),
                         supported=VERSION, file=where, code="bad-season-file")
    aliases = data.get("aliases", {})
    if not isinstance(aliases, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in aliases.items()):
        raise InputError("season-aliases-shape", file=where, code="bad-season-file")
    events = checked_events(data.get("events", []), where)
    return Season(
        name=str(data.get("name", "")),
        scheme=scheme_from_dict(data.get("scheme"), f"{where}: scheme"),
        events=tuple(summary_from_dict(e, f"{where}: events[{i}]")
                     for i, e in enumerate(events, 1)),
        aliases=aliases,
        created_at=str(data.get("created_at", "")),
    )


def add_events(path: str | Path, event_paths: list[str]) -> list[Added]:
    """Add event files to the season: an event already in it (by its name and creation time,
    whatever the file is called) is replaced when it changed, left alone when not -- never
    counted twice. Every event is read before the season is written (all or nothing)."""
    from tt_organizer.events.store import load_snapshot

    season = read_season(path)
    events = list(season.events)
    out: list[Added] = []
    for event_path in event_paths:
        summary = summarise(load_snapshot(event_path))
        at = next((i for i, e in enumerate(events) if e.key == summary.key), None)
        if at is None:
            events.append(summary)
            out.append(Added(summary, "added"))
        elif events[at].fingerprint == summary.fingerprint:
            out.append(Added(summary, "unchanged"))
        else:
            events[at] = summary
            out.append(Added(summary, "re-added"))
    if any(a.outcome != "unchanged" for a in out):
        events.sort(key=lambda e: (e.date, e.name))
        write_json_atomic(Path(path), replace(season, events=tuple(events)).to_dict())
    return out


def add_alias(path: str | Path, name: str, other: str) -> Season:
    """Count ``other``'s results under ``name`` from now on (both spellings of one person).
    An alias of an alias resolves to the name at its end; ``name`` itself never becomes an
    alias of ``other`` in the same step (that would be a loop)."""
    season = read_season(path)
    name = _clean_name(name, "name")
    other = _clean_name(other, "other name")
    target = season.canonical(name)
    if name_key(other) == name_key(target):
        raise InputError("alias-same", other=repr(other), name=repr(name))
    aliases = dict(season.aliases)
    aliases[name_key(other)] = target
    for key, value in list(aliases.items()):  # whatever pointed at ``other`` follows it
        if name_key(value) == name_key(other):
            aliases[key] = target
    updated = replace(season, aliases=aliases)
    write_json_atomic(Path(path), updated.to_dict())
    return updated


def changed_events(season: Season) -> list[EventSummary]:
    """Events whose file is still where it was added from but now reads differently (a result
    corrected after the event was added): add them again to count the change."""
    from tt_organizer.errors import TTError
    from tt_organizer.events.store import load_snapshot

    out = []
    for event in season.events:
        if not os.path.isfile(event.path):
            continue
        try:
            now = summarise(load_snapshot(event.path))
        except TTError:
            continue
        if now.key == event.key and now.fingerprint != event.fingerprint:
            out.append(event)
    return out
