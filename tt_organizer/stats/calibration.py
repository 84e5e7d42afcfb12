"""Format-calibration statistics over one or many events.

What is counted (every figure carries its sample size):

* **Games** - every game played in a match between two players (Swiss and top cut; byes have
  no games), from the result's game counts; ``detailed`` of them record who went first or the
  turn they ended on (see :mod:`tt_organizer.stats.dataset`). A game without a winner is a
  draw when the match result has that many drawn games (counted as ``draws``), else its winner
  is unknown (``unknown_winner``, e.g. ``2-1`` reported without ``--winners``); both are left
  out of every win rate.
* **First-player win rate** - games the first player won / decisive games whose first player is
  recorded, with a 95% Wilson score interval, against the format's 50-55% target. Below
  ``min_games`` (default 30, the low end of the authors' 30-50 real games) it says "not enough
  games"; with no such game at all, "no data".
* **Game length** - the distribution of the turn on which games ended (games that record it);
  mean and median need ``min_bucket`` games.
* **Win rate by deck colour** - over decisive games between two registered decks: games won /
  games played by decks that contain the colour (a multi-colour deck counts for each of its
  colours). A game in which *both* decks contain the colour (a mirror for that colour) is left
  out of that colour's rate - exactly one deck containing it wins, so it would only pull the
  rate towards 50% - and is counted as ``mirrors``.
* **Win rate by pile split** - the same, by the Tamer:Digi-Egg split of the registered pile
  (``7/2`` ... ``4/5``, counted in cards); games between two decks of the same split are mirrors.
* **Win rate by Tamer** - the same, for each Tamer in the registered pile (a deck counts for
  each of its Tamers; a game where both piles hold it is a mirror).
* **Most-registered Tamers and cards** - in how many registered decks each appears (the same
  player registering in two events counts twice), with total copies.

A bucket (a colour, a split) below ``min_bucket`` games (default 10) says "not enough games".
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tt_organizer.errors import InputError
from tt_organizer.events.models import EventSnapshot
from tt_organizer.stats.dataset import DRAW, EventData, from_snapshot
from tt_organizer.stats.wilson import wilson_interval

MIN_GAMES = 30
MIN_BUCKET = 10
TARGET = (0.50, 0.55)
TOP = 10
SEATS = ("P1", "P2")
NO_DATA = "no data"
NOT_ENOUGH = "not enough games"


@dataclass(frozen=True)
class Rate:
    """``wins`` out of ``games`` with its 95% Wilson interval (None when there are no games)."""

    wins: int
    games: int
    minimum: int  # games needed before the rate means anything

    @property
    def rate(self) -> float | None:
        """wins / games, None without games."""
        return self.wins / self.games if self.games else None

    @property
    def interval(self) -> tuple[float, float] | None:
        """The 95% Wilson score interval."""
        return wilson_interval(self.wins, self.games)

    @property
    def enough(self) -> bool:
        """True when the sample reaches the minimum."""
        return self.games >= self.minimum and self.games > 0

    @property
    def status(self) -> str:
        """``no data``, ``not enough games`` or ``ok``."""
        if not self.games:
            return NO_DATA
        return "ok" if self.enough else NOT_ENOUGH

    def text(self) -> str:
        """``54.8% (46.0–63.3%, n=104)`` or the status with n."""
        if not self.games:
            return NO_DATA
        if not self.enough:
            return f"{NOT_ENOUGH} (n={self.games}, need {self.minimum})"
        low, high = self.interval or (0.0, 0.0)
        return f"{self.rate:.1%} ({low:.1%}–{high:.1%}, n={self.games})"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        low, high = self.interval or (None, None)
        return {"wins": self.wins, "games": self.games, "rate": self.rate, "low": low,
                "high": high, "status": self.status}


@dataclass(frozen=True)
class FirstPlayer:
    """The headline: how often the player who went first wins."""

    overall: Rate
    draws: int  # drawn games with a recorded first player
    unknown_first: int  # decisive games that do not record who went first
    unknown_winner: int = 0  # games with a first player whose winner was not recorded
    per_event: tuple[tuple[str, Rate], ...] = ()
    target: tuple[float, float] = TARGET

    @property
    def placement(self) -> str:
        """The rate against the target as a code: ``above``, ``below``, ``within``,
        ``outside`` (the 95% interval still reaches the target), or the rate's status when it
        is not ``ok``."""
        r = self.overall
        if r.status != "ok":
            return r.status
        low, high = r.interval or (0.0, 1.0)
        lo_t, hi_t = self.target
        if low > hi_t:
            return "above"
        if high < lo_t:
            return "below"
        if r.rate is not None and lo_t <= r.rate <= hi_t:
            return "within"
        return "outside"

    @property
    def verdict(self) -> str:
        """The rate against the target, in (English) words: :attr:`placement` said."""
        placement = self.placement
        band = f"{self.target[0]:.0%}–{self.target[1]:.0%}"
        words = {
            "above": f"above the {band} target: the first player is favoured",
            "below": f"below the {band} target: the second player is favoured",
            "within": f"within the {band} target",
            "outside": f"outside the {band} target, but the 95% interval still reaches it",
        }
        return words.get(placement) or self.overall.text()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            **self.overall.to_dict(),
            "draws": self.draws,
            "unknown_first": self.unknown_first,
            "unknown_winner": self.unknown_winner,
            "target": list(self.target),
            "verdict": self.verdict,
            "per_event": [{"event": name, **rate.to_dict()} for name, rate in self.per_event],
        }


@dataclass(frozen=True)
class GameLength:
    """The turn on which games ended."""

    histogram: dict[int, int]  # turn -> games, ascending
    minimum: int

    @property
    def games(self) -> int:
        """Games that record their length."""
        return sum(self.histogram.values())

    def _values(self) -> list[int]:
        return [turn for turn, n in self.histogram.items() for _ in range(n)]

    @property
    def status(self) -> str:
        """``no data``, ``not enough games`` or ``ok``."""
        if not self.games:
            return NO_DATA
        return "ok" if self.games >= self.minimum else NOT_ENOUGH

    @property
    def mean(self) -> float | None:
        """Mean turn (None below the minimum sample)."""
        return statistics.fmean(self._values()) if self.status == "ok" else None

    @property
    def median(self) -> float | None:
        """Median turn (None below the minimum sample)."""
        return float(statistics.median(self._values())) if self.status == "ok" else None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        values = self._values()
        return {
            "games": self.games,
            "status": self.status,
            "histogram": {str(t): n for t, n in self.histogram.items()},
            "mean": self.mean,
            "median": self.median,
            "min": min(values) if values else None,
            "max": max(values) if values else None,
        }


@dataclass(frozen=True)
class Bucket:
    """A win rate of decks sharing one trait (a colour, a pile split)."""

    label: str
    rate: Rate
    mirrors: int  # decisive games where both decks had the trait (not in the rate)
    decks: int  # registered decks with the trait

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"label": self.label, **self.rate.to_dict(), "mirrors": self.mirrors,
                "decks": self.decks}


@dataclass(frozen=True)
class Popular:
    """A card and how many registered decks hold it."""

    number: str
    name: str
    decks: int
    copies: int
    share: float  # decks / registered decks

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"number": self.number, "name": self.name, "decks": self.decks,
                "copies": self.copies, "share": self.share}


@dataclass(frozen=True)
class CalibrationStats:
    """Everything ``tt stats`` reports."""

    events: tuple[str, ...]
    players: int
    decks: int  # registered decks
    matches: int  # played matches (not byes)
    games: int  # games played (the results' game counts)
    first_player: FirstPlayer
    length: GameLength
    colours: tuple[Bucket, ...]
    splits: tuple[Bucket, ...]
    tamers: tuple[Popular, ...]
    cards: tuple[Popular, ...]
    min_games: int = MIN_GAMES
    min_bucket: int = MIN_BUCKET
    notes: tuple[str, ...] = field(default=())
    detailed: int = 0  # games played that record who went first or their length
    with_first: int = 0  # games that record who went first
    with_turns: int = 0  # games that record their length
    tamer_rates: tuple[Bucket, ...] = ()  # win rate by Tamer in the pile (most games first)
    formats: tuple[str, ...] = ()  # "format-id version" of the events pooled

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what ``tt stats --json`` prints)."""
        return {
            "events": list(self.events),
            "players": self.players,
            "decks": self.decks,
            "matches": self.matches,
            "games": self.games,
            "games_detailed": self.detailed,
            "games_with_first": self.with_first,
            "games_with_turns": self.with_turns,
            "formats": list(self.formats),
            "min_games": self.min_games,
            "min_bucket": self.min_bucket,
            "first_player": self.first_player.to_dict(),
            "game_length": self.length.to_dict(),
            "colours": [b.to_dict() for b in self.colours],
            "pile_splits": [b.to_dict() for b in self.splits],
            "tamers": [b.to_dict() for b in self.tamer_rates],
            "top_tamers": [p.to_dict() for p in self.tamers],
            "top_cards": [p.to_dict() for p in self.cards],
            "notes": list(self.notes),
        }


def _bucket_rates(
    events: Sequence[EventData],
    traits: Mapping[tuple[int, str], frozenset[str]],
    minimum: int,
    order: list[str],
    labels: Mapping[str, str] | None = None,
) -> tuple[Bucket, ...]:
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    mirrors: Counter[str] = Counter()
    decks: Counter[str] = Counter(t for ts in traits.values() for t in ts)
    for index, event in enumerate(events):
        for g in event.games:
            if g.winner not in SEATS:
                continue
            won_key, lost_key = (g.p1, g.p2) if g.winner == "P1" else (g.p2, g.p1)
            won = traits.get((index, won_key))
            lost = traits.get((index, lost_key))
            if won is None or lost is None:
                continue
            for trait in won & lost:
                mirrors[trait] += 1
            for trait in won ^ lost:
                played[trait] += 1
                if trait in won:
                    wins[trait] += 1
    keys = [t for t in order if t in decks or t in played or t in mirrors]
    keys += sorted((set(decks) | set(played) | set(mirrors)) - set(keys))
    named = labels or {}
    return tuple(
        Bucket(named.get(t, t), Rate(wins[t], played[t], minimum), mirrors[t], decks[t])
        for t in keys
    )


def card_table() -> dict[str, tuple[str, str]]:
    """Card number -> (name, card type) of the shipped card database."""
    from tt_organizer.cards.database import load_cards

    return {c.number: (c.name, c.card_type) for c in load_cards()}


def compute_stats(
    snapshots: Iterable[EventSnapshot],
    *,
    cards: Mapping[str, tuple[str, str]] | None = None,
    min_games: int = MIN_GAMES,
    min_bucket: int = MIN_BUCKET,
    top: int = TOP,
    mixed_versions: bool = False,
) -> CalibrationStats:
    """Pool the calibration figures of the event files ``snapshots`` (:func:`pool_stats` of
    their rows). ``cards`` maps card number -> (name, card type); by default the shipped card
    database."""
    if cards is None:
        cards = card_table()
    types = {number: kind for number, (_, kind) in cards.items()}
    return pool_stats([from_snapshot(s, types) for s in snapshots], cards=cards,
                      min_games=min_games, min_bucket=min_bucket, top=top,
                      mixed_versions=mixed_versions)


def check_pool(events: Sequence[EventData], *, mixed_versions: bool = False) -> None:
    """Refuse the same event twice, and events of different format versions unless
    ``mixed_versions`` (InputError)."""
    seen: dict[str, str] = {}
    for e in events:
        if e.id in seen:
            raise InputError("same-event-twice", name=repr(e.name), id=e.id)
        seen[e.id] = e.name
    versions = sorted({(e.format, e.format_version) for e in events})
    if len(versions) > 1 and not mixed_versions:
        listed = "; ".join(
            f"{fmt} {version}: " + ", ".join(e.name for e in events
                                            if (e.format, e.format_version) == (fmt, version))
            for fmt, version in versions)
        raise InputError("mixed-format-versions", listed=listed)


def pool_stats(
    events: Sequence[EventData],
    *,
    cards: Mapping[str, tuple[str, str]] | None = None,
    min_games: int = MIN_GAMES,
    min_bucket: int = MIN_BUCKET,
    top: int = TOP,
    mixed_versions: bool = False,
) -> CalibrationStats:
    """The calibration figures pooled over ``events`` (from event files or datasets).
    ``cards`` (number -> (name, type)) only names the cards; by default the shipped database."""
    check_pool(events, mixed_versions=mixed_versions)
    if cards is None:
        cards = card_table()

    colours: dict[tuple[int, str], frozenset[str]] = {}
    splits: dict[tuple[int, str], frozenset[str]] = {}
    tamer_sets: dict[tuple[int, str], frozenset[str]] = {}
    tamer_decks: Counter[str] = Counter()
    tamer_copies: Counter[str] = Counter()
    card_decks: Counter[str] = Counter()
    card_copies: Counter[str] = Counter()
    for index, event in enumerate(events):
        for d in event.decks:
            if d.colours:
                colours[(index, d.player)] = frozenset(d.colours)
            if d.split is not None:
                splits[(index, d.player)] = frozenset({d.split})
            if d.tamers:
                tamer_sets[(index, d.player)] = frozenset(d.tamers)
            for number, count in d.cards.items():
                card_decks[number] += 1
                card_copies[number] += count
            for number in d.tamers:
                tamer_decks[number] += 1
                tamer_copies[number] += d.cards.get(number, 1)
    decks = sum(len(e.decks) for e in events)

    games = [g for e in events for g in e.games]
    decisive = [g for g in games if g.winner in SEATS]
    with_first = [g for g in decisive if g.first is not None]
    per_event = []
    for e in events:
        mine = [g for g in e.games if g.winner in SEATS and g.first is not None]
        per_event.append((e.name, Rate(sum(g.first == g.winner for g in mine), len(mine),
                                       min_games)))
    first = FirstPlayer(
        overall=Rate(sum(g.first == g.winner for g in with_first), len(with_first), min_games),
        draws=sum(1 for g in games if g.first is not None and g.winner == DRAW),
        unknown_winner=sum(1 for g in games if g.first is not None and g.winner is None),
        unknown_first=sum(1 for g in decisive if g.first is None),
        per_event=tuple(per_event),
    )
    histogram = Counter(g.turns for g in games if g.turns is not None)
    length = GameLength(dict(sorted(histogram.items())), min_bucket)

    from tt_organizer.cards.card import COLORS

    split_order = [f"{t}/{e}" for t in range(7, 3, -1) for e in range(2, 6) if t + e <= 12]

    def popular(deck_counts: Counter[str], copies: Counter[str]) -> tuple[Popular, ...]:
        ranked = sorted(deck_counts, key=lambda n: (-deck_counts[n], -copies[n], n))[:top]
        return tuple(
            Popular(n, cards.get(n, (n, ""))[0], deck_counts[n], copies[n],
                    deck_counts[n] / decks if decks else 0.0)
            for n in ranked
        )

    notes = []
    if games and not with_first:
        notes.append("no game records who went first: report results with --first")
    if games and not histogram:
        notes.append("no game records its length: report results with --turns")
    tamer_names = {n: f"{n} {cards[n][0]}" for n in tamer_decks if n in cards}
    tamer_rates = _bucket_rates(events, tamer_sets, min_bucket, [], tamer_names)
    return CalibrationStats(
        events=tuple(e.name for e in events),
        players=sum(e.players for e in events),
        decks=decks,
        matches=sum(e.matches for e in events),
        games=len(games),
        first_player=first,
        length=length,
        colours=_bucket_rates(events, colours, min_bucket, list(COLORS)),
        splits=_bucket_rates(events, splits, min_bucket, split_order),
        tamers=popular(tamer_decks, tamer_copies),
        cards=popular(card_decks, card_copies),
        min_games=min_games,
        min_bucket=min_bucket,
        notes=tuple(notes),
        detailed=sum(1 for g in games if g.detailed),
        with_first=sum(1 for g in games if g.first is not None),
        with_turns=sum(1 for g in games if g.turns is not None),
        tamer_rates=tuple(sorted(tamer_rates, key=lambda b: (-b.rate.games, b.label))),
        formats=tuple(sorted({e.format if e.format.endswith(e.format_version)
                              else f"{e.format} {e.format_version}" for e in events})),
    )
