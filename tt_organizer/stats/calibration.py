"""Format-calibration statistics over one or many events.

What is counted (every figure carries its sample size):

* **Games** - every game recorded in a match between two players (Swiss and top cut; byes have
  no games). A game without a winner is a draw when the match result has that many drawn games
  (counted as ``draws``), else its winner is unknown (``unknown_winner``, e.g. ``2-1`` reported
  without ``--winners``); both are left out of every win rate.
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
* **Most-registered Tamers and cards** - in how many registered decks each appears (the same
  player registering in two events counts twice), with total copies.

A bucket (a colour, a split) below ``min_bucket`` games (default 10) says "not enough games".
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tt_organizer.events.models import EventSnapshot, PlayerInfo
from tt_organizer.stats.wilson import wilson_interval

MIN_GAMES = 30
MIN_BUCKET = 10
TARGET = (0.50, 0.55)
TOP = 10
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
    def verdict(self) -> str:
        """The rate against the target, in words."""
        r = self.overall
        if r.status != "ok":
            return r.text()
        low, high = r.interval or (0.0, 1.0)
        lo_t, hi_t = self.target
        band = f"{lo_t:.0%}–{hi_t:.0%}"
        if low > hi_t:
            return f"above the {band} target: the first player is favoured"
        if high < lo_t:
            return f"below the {band} target: the second player is favoured"
        if r.rate is not None and lo_t <= r.rate <= hi_t:
            return f"within the {band} target"
        return f"outside the {band} target, but the 95% interval still reaches it"

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
    games: int  # recorded games
    first_player: FirstPlayer
    length: GameLength
    colours: tuple[Bucket, ...]
    splits: tuple[Bucket, ...]
    tamers: tuple[Popular, ...]
    cards: tuple[Popular, ...]
    min_games: int = MIN_GAMES
    min_bucket: int = MIN_BUCKET
    notes: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what ``tt stats --json`` prints)."""
        return {
            "events": list(self.events),
            "players": self.players,
            "decks": self.decks,
            "matches": self.matches,
            "games": self.games,
            "min_games": self.min_games,
            "min_bucket": self.min_bucket,
            "first_player": self.first_player.to_dict(),
            "game_length": self.length.to_dict(),
            "colours": [b.to_dict() for b in self.colours],
            "pile_splits": [b.to_dict() for b in self.splits],
            "top_tamers": [p.to_dict() for p in self.tamers],
            "top_cards": [p.to_dict() for p in self.cards],
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class _Game:
    event: int
    first: int | None
    winner: int | None
    loser: int | None
    turns: int | None
    drawn: bool  # no winner, and the match result says the game was drawn


def _games(index: int, snap: EventSnapshot) -> Iterable[_Game]:
    for match in snap.matches:
        if match.player2 is None:
            continue
        pair = (match.player1, match.player2)
        draws_known = match.winnerless_games_are_draws()
        for game in match.games:
            first = game.first if game.first in pair else None
            winner = game.winner if game.winner in pair else None
            loser = None if winner is None else (pair[1] if winner == pair[0] else pair[0])
            turns = game.turns if game.turns is not None and game.turns > 0 else None
            yield _Game(index, first, winner, loser, turns, winner is None and draws_known)


def _has_deck(p: PlayerInfo) -> bool:
    return bool(p.main or p.pile)


def _bucket_rates(
    games: list[_Game],
    traits: Mapping[tuple[int, int], frozenset[str]],
    minimum: int,
    order: list[str],
) -> tuple[Bucket, ...]:
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    mirrors: Counter[str] = Counter()
    decks: Counter[str] = Counter(t for ts in traits.values() for t in ts)
    for g in games:
        if g.winner is None or g.loser is None:
            continue
        won = traits.get((g.event, g.winner))
        lost = traits.get((g.event, g.loser))
        if won is None or lost is None:
            continue
        for trait in won & lost:
            mirrors[trait] += 1
        for trait in won ^ lost:
            played[trait] += 1
            if trait in won:
                wins[trait] += 1
    labels = [t for t in order if t in decks or t in played or t in mirrors]
    labels += sorted((set(decks) | set(played) | set(mirrors)) - set(labels))
    return tuple(
        Bucket(t, Rate(wins[t], played[t], minimum), mirrors[t], decks[t]) for t in labels
    )


def _split(pile: Mapping[str, int], types: Mapping[str, str]) -> str | None:
    tamers = eggs = 0
    for number, count in pile.items():
        kind = types.get(number)
        if kind == "Tamer":
            tamers += count
        elif kind == "Digi-Egg":
            eggs += count
        else:
            return None  # an unknown or misplaced card: no clean split
    return f"{tamers}/{eggs}" if tamers or eggs else None


def compute_stats(
    snapshots: Iterable[EventSnapshot],
    *,
    cards: Mapping[str, tuple[str, str]] | None = None,
    min_games: int = MIN_GAMES,
    min_bucket: int = MIN_BUCKET,
    top: int = TOP,
) -> CalibrationStats:
    """Pool the calibration figures of ``snapshots``.

    ``cards`` maps card number -> (name, card type); by default the shipped card database.
    """
    snaps = list(snapshots)
    if cards is None:
        from tt_organizer.cards.database import load_cards

        cards = {c.number: (c.name, c.card_type) for c in load_cards()}
    types = {number: kind for number, (_, kind) in cards.items()}

    games: list[_Game] = []
    matches = 0
    colours: dict[tuple[int, int], frozenset[str]] = {}
    splits: dict[tuple[int, int], frozenset[str]] = {}
    tamer_decks: Counter[str] = Counter()
    tamer_copies: Counter[str] = Counter()
    card_decks: Counter[str] = Counter()
    card_copies: Counter[str] = Counter()
    players = decks = 0
    for index, snap in enumerate(snaps):
        matches += sum(1 for m in snap.matches if m.player2 is not None and m.result)
        games.extend(_games(index, snap))
        for p in snap.players:
            players += 1
            if not _has_deck(p):
                continue
            decks += 1
            if p.deck_colors:
                colours[(index, p.id)] = frozenset(p.deck_colors)
            split = _split(p.pile, types)
            if split is not None:
                splits[(index, p.id)] = frozenset({split})
            held: Counter[str] = Counter()
            for zone in (p.main, p.pile):
                held.update(zone)
            for number, count in held.items():
                card_decks[number] += 1
                card_copies[number] += count
                if types.get(number) == "Tamer":
                    tamer_decks[number] += 1
                    tamer_copies[number] += count

    with_first = [g for g in games if g.first is not None and g.winner is not None]
    per_event = []
    for index, snap in enumerate(snaps):
        mine = [g for g in with_first if g.event == index]
        per_event.append((snap.settings.name or snap.path,
                          Rate(sum(g.first == g.winner for g in mine), len(mine), min_games)))
    first = FirstPlayer(
        overall=Rate(sum(g.first == g.winner for g in with_first), len(with_first), min_games),
        draws=sum(1 for g in games if g.first is not None and g.drawn),
        unknown_winner=sum(
            1 for g in games if g.first is not None and g.winner is None and not g.drawn
        ),
        unknown_first=sum(1 for g in games if g.first is None and g.winner is not None),
        per_event=tuple(per_event),
    )
    histogram = Counter(g.turns for g in games if g.turns is not None)
    length = GameLength(dict(sorted(histogram.items())), min_bucket)

    from tt_organizer.cards.model import COLORS

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
    return CalibrationStats(
        events=tuple(s.settings.name or s.path for s in snaps),
        players=players,
        decks=decks,
        matches=matches,
        games=len(games),
        first_player=first,
        length=length,
        colours=_bucket_rates(games, colours, min_bucket, list(COLORS)),
        splits=_bucket_rates(games, splits, min_bucket, split_order),
        tamers=popular(tamer_decks, tamer_copies),
        cards=popular(card_decks, card_copies),
        min_games=min_games,
        min_bucket=min_bucket,
        notes=tuple(notes),
    )
