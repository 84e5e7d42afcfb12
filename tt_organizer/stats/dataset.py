"""The per-game dataset: what ``tt stats`` counts, in a form organizers can share and pool.

One :class:`EventData` per event: its format and date, its registered decks (colours, Tamers,
pile split, cards) and one :class:`GameRow` per game played, by seat. Players are identified
by keys that are stable within the event and meaningless outside it: an event file read here
keys them by their row id (never written anywhere), and :func:`anonymize` replaces those keys
by an HMAC of the id under a random salt that is made for one export of one event and then
forgotten, so no one (the organizer included) can link an identifier back to a player or across
events.

``tt stats`` computes every figure from these rows (:func:`tt_organizer.stats.calibration.
pool_stats`), whether they come from an event file (:func:`from_snapshot`) or from an exported
dataset (:func:`tt_organizer.stats.export.read_dataset`), so a dataset pools into exactly the
figures its event file gives.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from tt_organizer.errors import BadValue
from tt_organizer.events.models import EventSnapshot, PlayerInfo

DRAW = "draw"


@dataclass(frozen=True)
class DeckRow:
    """One registered deck: its player key and what the figures group it by."""

    player: str
    colours: tuple[str, ...]
    tamers: tuple[str, ...]  # card numbers of the pile's Tamers
    split: str | None  # Tamer:Digi-Egg split of the pile in cards ("6/3"), None if unclear
    cards: dict[str, int] = field(default_factory=dict)  # card number -> copies, both zones


@dataclass(frozen=True)
class GameRow:
    """One game played in a match between two players (a bye has none)."""

    stage: str  # "swiss" or "top-cut"
    round: int
    table: int
    game: int  # 1, 2, 3 in the match
    p1: str  # player key of seat P1 (the first name on the pairing)
    p2: str
    first: str | None  # "P1" / "P2" who went first; None = not recorded
    winner: str | None  # "P1" / "P2", "draw"; None = not recorded
    turns: int | None  # turn on which the game ended; None = not recorded

    @property
    def detailed(self) -> bool:
        """True when the game records who went first or its length (the facts only the
        table knows; the winner of a 2-0 follows from the result)."""
        return self.first is not None or self.turns is not None


@dataclass(frozen=True)
class EventData:
    """One event's rows."""

    id: str  # stable for one event file, derived from its creation time, name and seed
    name: str
    date: str  # ISO date the event was created
    format: str  # format id, e.g. "tamer-tactics-0.9.1"
    format_version: str  # e.g. "0.9.1"
    best_of: int
    players: int
    matches: int  # matches played between two players
    decks: tuple[DeckRow, ...]
    games: tuple[GameRow, ...]


def pile_split(pile: Mapping[str, int], types: Mapping[str, str]) -> str | None:
    """``"6/3"``: Tamers/Digi-Eggs of a pile in cards; None with an unknown or misplaced card."""
    tamers = eggs = 0
    for number, count in pile.items():
        kind = types.get(number)
        if kind == "Tamer":
            tamers += count
        elif kind == "Digi-Egg":
            eggs += count
        else:
            return None
    return f"{tamers}/{eggs}" if tamers or eggs else None


def _deck(player: PlayerInfo, types: Mapping[str, str]) -> DeckRow | None:
    if not (player.main or player.pile):
        return None
    held: dict[str, int] = {}
    for zone in (player.main, player.pile):
        for number, count in zone.items():
            held[number] = held.get(number, 0) + count
    tamers = tuple(sorted(n for n in player.pile if types.get(n) == "Tamer"))
    return DeckRow(str(player.id), tuple(player.deck_colors), tamers,
                   pile_split(player.pile, types), dict(sorted(held.items())))


def event_id(snapshot: EventSnapshot) -> str:
    """A short id of the event file, the same on every export of it (so a pool can refuse the
    same event twice)."""
    s = snapshot.settings
    text = f"{s.created_at}|{s.name}|{s.seed}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _format_version(format_id: str) -> str:
    from tt_organizer.formats.registry import all_formats

    definition = all_formats().get(format_id)
    return definition.version if definition is not None and definition.version else format_id


def from_snapshot(snapshot: EventSnapshot, types: Mapping[str, str]) -> EventData:
    """The rows of one event file (player keys are their row ids: never export these; see
    :func:`anonymize`). ``types`` maps card number -> card type."""
    games: list[GameRow] = []
    for m in snapshot.matches:
        if m.player2 is None or not m.result:
            continue
        pair = (m.player1, m.player2)
        seat = {m.player1: "P1", m.player2: "P2"}
        draws_known = m.winnerless_games_are_draws()
        played = m.p1_games + m.p2_games + m.draws
        stored = {g.number: g for g in m.games}
        # without per-game lists, a sweep (2-0, 1-0, 0-2) still says who won every game
        swept = "P1" if m.p1_games == played else "P2" if m.p2_games == played else None
        for number in range(1, max(played, len(stored)) + 1):
            g = stored.get(number)
            first = seat.get(g.first) if g is not None and g.first in pair else None
            winner: str | None = swept
            if g is not None:
                winner = seat[g.winner] if g.winner in pair else DRAW if draws_known else None
            turns = g.turns if g is not None and g.turns is not None and g.turns > 0 else None
            games.append(GameRow(m.stage, m.round, m.table, number, str(m.player1),
                                 str(m.player2), first, winner, turns))
    decks = [d for d in (_deck(p, types) for p in snapshot.players) if d is not None]
    s = snapshot.settings
    return EventData(
        id=event_id(snapshot), name=s.name or snapshot.path, date=s.created_at[:10],
        format=s.format_id, format_version=_format_version(s.format_id), best_of=s.best_of,
        players=len(snapshot.players),
        matches=sum(1 for m in snapshot.matches if m.player2 is not None and m.result),
        decks=tuple(decks), games=tuple(games),
    )


def pseudonyms(keys: set[str], *, salt: bytes | None = None) -> Callable[[str], str]:
    """A function giving each of ``keys`` an identifier: ``p`` + 10 hex digits of the
    HMAC-SHA256 of the key under ``salt`` (default: 32 random bytes, kept nowhere)."""
    while True:
        key = salt if salt is not None else secrets.token_bytes(32)
        names = {k: "p" + hmac.new(key, k.encode("utf-8"), hashlib.sha256).hexdigest()[:10]
                 for k in keys}
        if len(set(names.values())) == len(names):
            return names.__getitem__
        if salt is not None:  # a collision under a given salt cannot be fixed here
            raise BadValue("salt-collision")


def anonymize(data: EventData, *, salt: bytes | None = None) -> EventData:
    """``data`` with every player key replaced by its identifier (:func:`pseudonyms`)."""
    keys = {d.player for d in data.decks} | {k for g in data.games for k in (g.p1, g.p2)}
    name = pseudonyms(keys, salt=salt)
    return replace(
        data,
        decks=tuple(replace(d, player=name(d.player)) for d in data.decks),
        games=tuple(replace(g, p1=name(g.p1), p2=name(g.p2)) for g in data.games),
    )
