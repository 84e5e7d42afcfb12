"""Read-only snapshot of an event, as exports, statistics and reports consume it.

The event store (``tt_organizer.events.store``) builds it with ``load_snapshot(path)``; nothing
here touches the database. The records are values: nothing assigns to them once read. Those read
by the thousand (:class:`PlayerInfo`, :class:`MatchInfo`) are plain dataclasses, not frozen ones:
a frozen ``__init__`` sets each field through ``object.__setattr__``, which at 4,096 players and
8,192 matches costs more than reading them (``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import TYPE_CHECKING, Any, overload

from tt_organizer.errors import EventError
from tt_organizer.i18n import NP_, Msg, Term
from tt_organizer.messages import WORDS

if TYPE_CHECKING:
    from tt_organizer.standings.policy import TiebreakPolicy
    from tt_organizer.standings.tiebreakers import ScoringSettings


class StoredPolicy:
    """The ``tiebreak_policy`` field of :class:`EventSettings`: a TiebreakPolicy, or the JSON
    text it is stored as, read on first use -- so that reading the settings does not load the
    standings package for a command that ranks no one (a report, a drop). The default, ``{}``,
    is the rule book."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_{name}"

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> str: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> TiebreakPolicy: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> TiebreakPolicy | str:
        if obj is None:
            return "{}"
        value = obj.__dict__[self.slot]
        if isinstance(value, str):
            value = _read_policy(value)
            obj.__dict__[self.slot] = value
        return value

    def __set__(self, obj: object, value: TiebreakPolicy | str) -> None:
        obj.__dict__[self.slot] = value


def _read_policy(text: str) -> TiebreakPolicy:
    from tt_organizer.standings.policy import TiebreakPolicy

    try:
        return TiebreakPolicy.from_json(json.loads(text))
    except (ValueError, TypeError, AttributeError) as exc:
        raise EventError("stored-policy-unreadable", text=repr(text), error=str(exc)) from None


@dataclass(frozen=True)
class EventSettings:
    """The settings an event was created with (every number of the rule book is one)."""

    name: str
    format_id: str = "tamer-tactics-0.9.1"
    banlist_date: str | None = None  # ISO date of the ban list the event is pinned to
    best_of: int = 3
    rounds: int | None = None  # None = by player count (the book's table)
    top_cut: int | None = None  # None = by player count; 0 = none
    win_points: int = 3
    draw_points: int = 1
    loss_points: int = 0
    bye_points: int = 3
    unfinished: str = "draw"  # how an unfinished match scores: "draw" or "double-loss"
    tiebreakers: tuple[str, ...] = ("omw", "oomw", "gw")
    seed: int = 0
    strict_colors: bool = False
    created_at: str = ""
    format_settings: dict[str, int] = field(default_factory=dict)  # e.g. {"max_ultimates": 2}
    # how OMW% / GW% / OGW% are computed (a TiebreakPolicy; the rule book by default)
    tiebreak_policy: StoredPolicy = StoredPolicy()
    require_decks: bool = False  # a player without a deck is not paired
    language: str = "en"  # what the event prints, exports and shows (tt_organizer.i18n)
    intentional_draws: bool = False  # players may report 0-0-0 (no game) on their phones

    def scoring(self) -> ScoringSettings:
        """The points and tiebreakers of this event, as the standings compute them."""
        from tt_organizer.standings.tiebreakers import ScoringSettings

        policy = self.tiebreak_policy  # EventError when the stored policy is unreadable
        try:
            return ScoringSettings(
                win=self.win_points, draw=self.draw_points, loss=self.loss_points,
                bye=self.bye_points, tiebreakers=self.tiebreakers,
                bye_game_wins=1 if self.best_of == 1 else 2, policy=policy,
            )
        except (ValueError, TypeError) as exc:  # settings edited by hand (checked on use)
            raise EventError("stored-settings", error=str(exc),
                             tiebreakers=repr(",".join(map(str, self.tiebreakers))),
                             points=f"{self.win_points!r}/{self.draw_points!r}/"
                                    f"{self.loss_points!r}/{self.bye_points!r}") from None


def paired_round(round_number: int | None, current: int, *, first: int = 1,
                 label: str = "round") -> int:
    """The round a command or page shows: ``round_number``, else ``current`` (the last paired
    round). Raises EventError unless ``first <= round_number <= current``; ``first`` is 0 for
    standings (after round 0: before any result), 1 for a round's pairings or results."""
    if round_number is None:
        return current
    if not first <= round_number <= current:
        raise EventError(_NOT_PAIRED[label], round=round_number, current=_current(current))
    return round_number


_NOT_PAIRED = {"round": "round-not-paired-current",
               "top-cut round": "top-cut-round-not-paired-current"}


def _current(current: int) -> object:
    return current or Term(NP_("no round yet", "none"), "no round yet")


def not_paired(round_number: int, current: int, label: str = "round") -> Msg:
    """``round 4 is not paired (current round 3)``, kept for the reader's language (the
    words of :func:`paired_round`'s refusal; ``label``: ``round`` or ``top-cut round``)."""
    return Msg(WORDS[_NOT_PAIRED[label]], round=round_number, current=_current(current))


@dataclass
class PlayerInfo:
    """A registered player and the deck they registered (a value: see the module docstring)."""

    id: int
    name: str
    ext_id: str | None = None  # organizer's / Bandai membership id
    registered_at: str = ""
    dropped: bool = False
    dropped_round: int | None = None  # last round played before dropping
    late_entry_round: int | None = None  # first round played, for late entries
    deck_source: str | None = None  # file name the deck came from
    deck_text: str | None = None  # the raw decklist as registered
    deck_legal: bool | None = None  # None = no deck registered
    deck_codes: tuple[str, ...] = ()  # error codes when the deck was not legal
    deck_colors: tuple[str, ...] = ()  # colours of the deck's Digimon and Tamers
    main: dict[str, int] = field(default_factory=dict)  # card number -> count
    pile: dict[str, int] = field(default_factory=dict)
    pin: str | None = None  # short PIN given at registration (reports from phones)
    checked_in: bool | None = None  # True checked in, False a no-show, None not (yet)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of a player (``tt event players --json``, ``/api/players``)."""
        return {"id": self.id, "name": self.name, "ext_id": self.ext_id,
                "dropped": self.dropped, "dropped_round": self.dropped_round,
                "late_entry_round": self.late_entry_round, "deck": self.deck_source,
                "legal": self.deck_legal, "codes": list(self.deck_codes),
                "colors": list(self.deck_colors), "pin": self.pin}


@dataclass(frozen=True)
class GameInfo:
    """One game of a match, for the format-calibration log."""

    number: int  # 1, 2, 3 in order
    first: int | None = None  # player id who went first
    winner: int | None = None  # player id, None for a drawn / unfinished game
    turns: int | None = None  # turn on which the game ended

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of a game: its fields as they are (player ids)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass
class MatchInfo:
    """One pairing of a round and its result (``result`` None until reported; a value: see
    the module docstring)."""

    round: int
    table: int
    player1: int
    player2: int | None  # None = bye
    result: str | None = None  # as reported: "2-1", "1-0", "1-1-1", "draw", "double-loss", "bye"
    p1_games: int = 0
    p2_games: int = 0
    draws: int = 0
    outcome: str | None = None  # "p1", "p2", "draw", "double-loss", "bye", "loss-missed"
    games: tuple[GameInfo, ...] = ()
    reported_at: str | None = None
    stage: str = "swiss"  # "swiss" or "top-cut"

    def to_dict(self, names: Mapping[int, str]) -> dict[str, Any]:
        """The ``pairings --json`` form of the table: player names from ``names`` (player2
        null for the bye) and the result as reported."""
        return {"table": self.table, "player1": names[self.player1],
                "player2": None if self.player2 is None else names[self.player2],
                "result": self.result}

    def result_dict(self, names: Mapping[int, str]) -> dict[str, Any]:
        """The JSON form of a recorded result (``report``, ``correct``, ``unreport``): the
        table as :meth:`to_dict` gives it, with its round, stage, outcome and games."""
        return {"round": self.round, "stage": self.stage, **self.to_dict(names),
                "outcome": self.outcome, "games": [g.to_dict() for g in self.games]}

    def winnerless_games_are_draws(self) -> bool:
        """True when this match's games without a recorded winner are exactly its drawn games
        (the result has that many draws); otherwise (e.g. ``2-1`` reported without
        ``--winners``) their winners are simply unknown."""
        pair = (self.player1, self.player2)
        return sum(1 for g in self.games if g.winner not in pair) == self.draws


@dataclass(frozen=True)
class AuditEntry:
    """One change of the append-only audit log."""

    id: int
    at: str
    actor: str
    action: str
    subject: str
    old: str | None
    new: str | None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of a log entry (``tt event log --json``): its fields as they are."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class PenaltyInfo:
    """One entry of the judge's log."""

    id: int
    player: int
    stage: str  # "swiss" or "top-cut"
    round: int  # the round it was given in (0: before the first round)
    infraction: str
    penalty: str  # "warning", "game-loss", "match-loss" or "disqualification"
    note: str
    judge: str
    at: str

    def to_dict(self, names: Mapping[int, str]) -> dict[str, Any]:
        """The ``tt event penalties --json`` form: the player by name."""
        return {"id": self.id, "player": names[self.player], "stage": self.stage,
                "round": self.round, "infraction": self.infraction, "penalty": self.penalty,
                "note": self.note, "judge": self.judge, "at": self.at}


@dataclass(frozen=True)
class EventSnapshot:
    """Everything stored about one event at one moment."""

    path: str
    settings: EventSettings
    players: tuple[PlayerInfo, ...]
    matches: tuple[MatchInfo, ...]
    audit: tuple[AuditEntry, ...] = ()
    current_round: int = 0  # highest Swiss round paired so far
    penalties: tuple[PenaltyInfo, ...] = ()  # the judge's log, oldest first

    @cached_property
    def _by_id(self) -> dict[int, PlayerInfo]:
        return {p.id: p for p in self.players}

    def player(self, player_id: int) -> PlayerInfo:
        """The player with ``player_id`` (KeyError if none)."""
        return self._by_id[player_id]

    def name(self, player_id: int | None) -> str:
        """Display name of a player id ("BYE" for None)."""
        return "BYE" if player_id is None else self.player(player_id).name

    def round_matches(self, round_number: int, stage: str = "swiss") -> list[MatchInfo]:
        """The pairings of one round, by table."""
        return sorted(
            (m for m in self.matches if m.round == round_number and m.stage == stage),
            key=lambda m: m.table,
        )


@dataclass(frozen=True)
class SetAside:
    """A player set aside when round 1 was paired, and why: ``no-show`` (marked so at
    check-in) or ``not-checked-in`` (others checked in, they did not)."""

    name: str
    reason: str
