"""A season's standings: each player's points per event under the season's scheme, the best
events counted, ties broken by the scheme's stated rules, and names that may be one person.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from tt_organizer.season.file import Season
from tt_organizer.season.scheme import PointsScheme
from tt_organizer.season.summary import EventSummary, PlayerResult, name_key

SIMILAR = 0.85  # difflib ratio from which two different names are reported as maybe one
MAX_COMPARED = 3000  # names compared pairwise for look-alikes (a season is far smaller)


@dataclass(frozen=True)
class EventScore:
    """One player's points at one event (``counted`` False when best-of leaves it out)."""

    event: int  # index into the season's events
    place: str
    points: int
    counted: bool


@dataclass(frozen=True)
class SeasonStanding:
    """One line of the season standings."""

    rank: int
    player: str
    points: int
    events_played: int
    events_counted: int
    match_wins: int
    best_place: int
    event_wins: int
    spellings: tuple[str, ...]  # other names this player's results were found under
    scores: tuple[EventScore, ...]

    def to_dict(self, season: Season) -> dict[str, Any]:
        """The JSON form of the line (``tt season standings --json``)."""
        return {"rank": self.rank, "player": self.player, "points": self.points,
                "events_played": self.events_played, "events_counted": self.events_counted,
                "match_wins": self.match_wins, "best_place": self.best_place,
                "event_wins": self.event_wins, "spellings": list(self.spellings),
                "events": [{"event": season.events[s.event].name,
                            "date": season.events[s.event].date, "place": s.place,
                            "points": s.points, "counted": s.counted} for s in self.scores]}


def event_points(scheme: PointsScheme, result: PlayerResult) -> int:
    """What ``result`` earns under ``scheme``: its Swiss matches, taking part, its place."""
    m = scheme.match
    return (result.wins * m["win"] + result.draws * m["draw"] + result.losses * m["loss"]
            + result.byes * m["bye"] + scheme.participation
            + scheme.placing_points(result.best_place))


def _sort_key(line: SeasonStanding, tiebreakers: tuple[str, ...]) -> tuple[int, ...]:
    values = {"best_place": line.best_place, "match_wins": -line.match_wins,
              "events_played": -line.events_played, "event_wins": -line.event_wins}
    return (-line.points, *(values[t] for t in tiebreakers))


def season_standings(season: Season) -> list[SeasonStanding]:
    """Every player of the season, best first. Players level on points and on every
    tiebreaker share a rank (listed by name)."""
    scheme = season.scheme
    by_player: dict[str, list[tuple[int, PlayerResult]]] = {}
    shown: dict[str, str] = {}  # key -> the name shown for the player
    for index, event in enumerate(season.events):
        for result in event.players:
            name = season.canonical(result.name)
            key = name_key(name)
            shown.setdefault(key, name)
            by_player.setdefault(key, []).append((index, result))
    lines = []
    for key, results in by_player.items():
        points = [(event_points(scheme, r), i, r) for i, r in results]
        ranked = sorted(points, key=lambda p: (-p[0], p[1]))
        keep = len(ranked) if scheme.best_of is None else scheme.best_of
        counted = {i for _, i, _ in ranked[:keep]}
        scores = tuple(EventScore(i, r.place, p, i in counted) for p, i, r in points)
        spellings = sorted({r.name for _, r in results} - {shown[key]})
        lines.append(SeasonStanding(
            rank=0, player=shown[key], points=sum(s.points for s in scores if s.counted),
            events_played=len(results), events_counted=len(counted),
            match_wins=sum(r.wins for _, r in results),
            best_place=min(r.best_place for _, r in results),
            event_wins=sum(1 for _, r in results if r.place == "1"),
            spellings=tuple(spellings), scores=scores,
        ))
    lines.sort(key=lambda s: (_sort_key(s, scheme.tiebreakers), s.player.casefold()))
    out: list[SeasonStanding] = []
    for n, line in enumerate(lines, 1):
        rank = n
        if out and _sort_key(out[-1], scheme.tiebreakers) == _sort_key(line,
                                                                         scheme.tiebreakers):
            rank = out[-1].rank
        out.append(replace(line, rank=rank))
    return out


def _folded(name: str) -> str:
    """A name without accents, case, punctuation or spacing: ``José  Pérez`` -> ``joseperez``."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if c.isalnum())


def look_alikes(season: Season) -> list[tuple[str, str]]:
    """Pairs of different players whose names are nearly the same (accents, spacing,
    punctuation, a letter or two): perhaps one person under two spellings. Names already
    joined by an alias are not listed."""
    names = sorted((s.player for s in season_standings(season)),
                   key=str.casefold)[:MAX_COMPARED]
    folded = {n: _folded(n) for n in names}
    pairs = []
    for i, a in enumerate(names):
        matcher = difflib.SequenceMatcher(None, b=folded[a])  # seq2 is the one cached
        for b in names[i + 1:]:
            if folded[a] == folded[b]:
                pairs.append((a, b))
                continue
            matcher.set_seq1(folded[b])
            if (matcher.real_quick_ratio() >= SIMILAR and matcher.quick_ratio() >= SIMILAR
                    and matcher.ratio() >= SIMILAR):
                pairs.append((a, b))
    return pairs


def standings_json(season: Season, changed: Sequence[EventSummary] = ()) -> dict[str, Any]:
    """The ``tt season standings --json`` document (also ``season.json`` when published):
    the season, its scheme and events, the standings, the look-alike names and the events
    ``changed`` since they were added."""
    return {"season": season.name, "scheme": season.scheme.to_dict(),
            "events": [{"name": e.name, "date": e.date, "file": e.path,
                        "players": len(e.players), "finished": e.finished}
                       for e in season.events],
            "standings": [s.to_dict(season) for s in season_standings(season)],
            "look_alikes": [list(p) for p in look_alikes(season)],
            "changed_since_added": [e.path for e in changed]}
