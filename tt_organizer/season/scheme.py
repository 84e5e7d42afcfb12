"""A season's points scheme: data that says what a player earns at each event.

A scheme is a JSON object (two ship in ``schemes/``; an organizer's own is a file of the same
shape)::

    {"id": "store-league", "name": "Store league", "description": "...",
     "match": {"win": 3, "draw": 1, "loss": 0, "bye": 3},
     "participation": 1,
     "placings": [{"up_to": 1, "points": 4}, {"up_to": 4, "points": 2}],
     "best_of": null,
     "tiebreakers": ["best_place", "match_wins", "events_played"]}

At one event a player earns: the ``match`` points of each of their Swiss matches, the
``participation`` points, and the points of the first placing band whose ``up_to`` holds their
final place (a shared place such as ``5-8`` counts as its best end, 5). With ``best_of`` N only
the player's N best events count. Players level on points are ordered by the
``tiebreakers`` in turn (:data:`TIEBREAKERS`); those still level share a rank.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

from tt_organizer.errors import InputError
from tt_organizer.safe_files import read_json

SCHEMES_DIR = os.path.join(os.path.dirname(__file__), "schemes")
MAX_SCHEME_BYTES = 64 * 1024
MAX_POINTS = 100_000

TIEBREAKERS = {
    "best_place": "best final place at any event (lower is better)",
    "match_wins": "most Swiss match wins over the season",
    "events_played": "most events played",
    "event_wins": "most events won",
}
RESULTS = ("win", "draw", "loss", "bye")


@dataclass(frozen=True)
class PlacingBand:
    """Points for a final place up to ``up_to`` (inclusive)."""

    up_to: int
    points: int


@dataclass(frozen=True)
class PointsScheme:
    """How a season counts points (see the module's docstring)."""

    id: str
    name: str
    description: str
    match: dict[str, int]
    participation: int
    placings: tuple[PlacingBand, ...]
    best_of: int | None
    tiebreakers: tuple[str, ...]

    def placing_points(self, place: int) -> int:
        """Points of the first band that holds ``place`` (0 below every band)."""
        for band in self.placings:
            if place <= band.up_to:
                return band.points
        return 0

    def to_dict(self) -> dict[str, Any]:
        """The JSON form, as read by :func:`scheme_from_dict`."""
        return {"id": self.id, "name": self.name, "description": self.description,
                "match": dict(self.match), "participation": self.participation,
                "placings": [{"up_to": b.up_to, "points": b.points} for b in self.placings],
                "best_of": self.best_of, "tiebreakers": list(self.tiebreakers)}


def _points(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_POINTS:
        raise InputError("scheme-points", where=where, limit=MAX_POINTS, code="bad-scheme")
    return value


def _text(value: object, where: str, *, limit: int = 500) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise InputError("scheme-text", where=where, limit=limit, code="bad-scheme")
    return value.strip()


def scheme_from_dict(data: object, source: str = "scheme") -> PointsScheme:
    """A :class:`PointsScheme` from its JSON form; InputError naming the field that is wrong."""
    if not isinstance(data, dict):
        raise InputError("scheme-not-object", source=source, code="bad-scheme")
    known = {"id", "name", "description", "match", "participation", "placings", "best_of",
             "tiebreakers"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise InputError("scheme-unknown-fields", source=source, fields=", ".join(unknown),
                         known=", ".join(sorted(known)), code="bad-scheme")
    match = data.get("match", {})
    if not isinstance(match, dict) or set(match) - set(RESULTS):
        raise InputError("scheme-match-shape", source=source, code="bad-scheme")
    placings = data.get("placings", [])
    if not isinstance(placings, list):
        raise InputError("scheme-placings-shape", source=source, code="bad-scheme")
    bands: list[PlacingBand] = []
    for i, band in enumerate(placings, 1):
        if not isinstance(band, dict) or set(band) != {"up_to", "points"}:
            raise InputError("scheme-band-shape", source=source, band=i, code="bad-scheme")
        up_to = _points(band["up_to"], f"{source}: placings[{i}].up_to")
        if up_to < 1 or (bands and up_to <= bands[-1].up_to):
            raise InputError("scheme-bands-rise", source=source, band=i, code="bad-scheme")
        bands.append(PlacingBand(up_to, _points(band["points"], f"{source}: placings[{i}]")))
    best_of = data.get("best_of")
    if best_of is not None and (_points(best_of, f"{source}: best_of") < 1):
        raise InputError("scheme-best-of", source=source, code="bad-scheme")
    tiebreakers = data.get("tiebreakers", [])
    if not isinstance(tiebreakers, list) or any(t not in TIEBREAKERS for t in tiebreakers) \
            or len(set(tiebreakers)) != len(tiebreakers):
        raise InputError("scheme-tiebreakers", source=source, names=", ".join(TIEBREAKERS),
                         code="bad-scheme")
    return PointsScheme(
        id=_text(data.get("id"), f"{source}: id", limit=60),
        name=_text(data.get("name", data.get("id")), f"{source}: name", limit=120),
        description=str(data.get("description") or "")[:2000],
        match={r: _points(match.get(r, 0), f"{source}: match.{r}") for r in RESULTS},
        participation=_points(data.get("participation", 0), f"{source}: participation"),
        placings=tuple(bands),
        best_of=best_of,
        tiebreakers=tuple(tiebreakers),
    )


def shipped_schemes() -> dict[str, PointsScheme]:
    """The schemes that ship with tt-organizer, by id."""
    out: dict[str, PointsScheme] = {}
    for name in sorted(os.listdir(SCHEMES_DIR)):
        if name.endswith(".json"):
            path = os.path.join(SCHEMES_DIR, name)
            with open(path, encoding="utf-8") as fh:
                scheme = scheme_from_dict(json.load(fh), name)
            out[scheme.id] = scheme
    return out


def load_scheme(name_or_path: str) -> PointsScheme:
    """A shipped scheme by its id, else a scheme file (JSON) at that path."""
    shipped = shipped_schemes()
    if name_or_path in shipped:
        return shipped[name_or_path]
    if not os.path.exists(name_or_path):
        raise InputError("unknown-scheme", name=repr(name_or_path), shipped=", ".join(shipped),
                         hint={"schemes": list(shipped)})
    data = read_json(name_or_path, MAX_SCHEME_BYTES, what="points scheme", code="bad-scheme")
    return scheme_from_dict(data, name_or_path)
