"""Result strings (``2-1``, ``draw`` …) and the per-game calibration lists of ``report``.

Best-of-one: ``1-0``, ``0-1``, ``draw``, ``double-loss``, ``0-0-0``.
Best-of-three: ``2-0``, ``2-1``, ``1-2``, ``0-2``, ``1-0`` / ``0-1`` (only one game finished
before time), ``1-1-1`` (one win each and a drawn game), ``draw``, ``double-loss``, ``0-0-0``.

``0-0-0`` (also typed ``id`` or ``intentional draw``) is a drawn match with no game played --
an intentional draw, or both players absent, as Melee records it: 1 match point each (a draw,
whatever the event's ``unfinished`` setting), no game in any game figure. ``draw`` stays one
drawn game (``0-0-1``).

Every real shape ``W-L`` or ``W-L-D`` (games won by P1, by P2, drawn games) is accepted too, as
long as it fits the match: nobody won more games than the match needs (2 in best-of-three, 1 in
best-of-one), not both won it, at most :data:`MAX_DRAWN_GAMES` drawn games -- e.g. ``1-1``
(time called at one game each: a draw), ``0-0-3`` (three drawn games), ``2-1-0``, ``1-0-1``,
``0-1-1``. The game counts are stored as played; the match goes to whoever won more games.
Game counts are from the first seat (P1) of the pairing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tt_organizer.errors import EventError, field_hint
from tt_organizer.events.result_words import ResultWords, typed_words
from tt_organizer.i18n import N_, NMsg, Term
from tt_organizer.typed_numbers import is_count

MAX_TURNS = 1000  # turns of one game (a calibration figure)
SEATS = ("P1", "P2")
MAX_DRAWN_GAMES = 3
DRAW_TOKENS = ("D", "DRAW", "-")
# the per-game lists, as a message names them (a front-end names them its own way: the command
# line by its options, the report form by its labels, an imported sheet by its columns)
GAME_LISTS = {"first": N_("who went first"), "winners": N_("game winners"), "turns": N_("turns")}


@dataclass(frozen=True)
class MatchResult:
    """A parsed result: games won by each seat, drawn games, the match outcome."""

    text: str  # canonical result string
    p1_games: int
    p2_games: int
    draws: int
    outcome: str  # "p1", "p2", "draw", "double-loss"

    @property
    def no_game_draw(self) -> bool:
        """A drawn match with no game played (``0-0-0``: an intentional draw)."""
        return self.outcome == "draw" and self.games_played == 0

    @property
    def games_played(self) -> int:
        """How many games the calibration lists must describe."""
        return self.p1_games + self.p2_games + self.draws


_BO1 = {
    "1-0": (1, 0, 0, "p1"),
    "0-1": (0, 1, 0, "p2"),
    "draw": (0, 0, 1, "draw"),
    "double-loss": (0, 0, 0, "double-loss"),
    "0-0-0": (0, 0, 0, "draw"),
}
_BO3 = {
    "2-0": (2, 0, 0, "p1"),
    "2-1": (2, 1, 0, "p1"),
    "1-2": (1, 2, 0, "p2"),
    "0-2": (0, 2, 0, "p2"),
    "1-0": (1, 0, 0, "p1"),
    "0-1": (0, 1, 0, "p2"),
    "1-1-1": (1, 1, 1, "draw"),
    "draw": (0, 0, 1, "draw"),
    "double-loss": (0, 0, 0, "double-loss"),
    "0-0-0": (0, 0, 0, "draw"),
}
#: A drawn match with no game played (an intentional draw, or both absent).
NO_GAME_DRAW = "0-0-0"
_ALIASES = {"id": NO_GAME_DRAW, "intentional draw": NO_GAME_DRAW,
            "intentional-draw": NO_GAME_DRAW,
            "d": "draw", "dl": "double-loss", "double loss": "double-loss", "2-0-0": "2-0",
            "2-1-0": "2-1", "1-2-0": "1-2", "0-2-0": "0-2", "1-0-0": "1-0", "0-1-0": "0-1"}


def valid_results(best_of: int) -> tuple[str, ...]:
    """The named result strings a best-of-``best_of`` event accepts (any other ``W-L-D`` that
    fits the match is accepted as well)."""
    return tuple(_BO1 if best_of == 1 else _BO3)


# the two results a table with one seat is stored with (no player reports them): the bye, a
# win without an opponent, and a Swiss round a late entry missed, a loss at table 0
BYE = "bye"
MISSED_ROUND = "loss"
_SOLO = {BYE: (0, 0, 0, "bye"), MISSED_ROUND: (0, 0, 0, "loss-missed")}


def stored_result(text: str, best_of: int) -> MatchResult:
    """A match's result as the event file holds it: every result :func:`parse_result` reads,
    plus the bye (outcome ``bye``) and a round a late entry missed (outcome ``loss-missed``),
    which no player reports (their game counts are not the result's: read them from the
    match). EventError if it is none of them."""
    key = text.strip().lower()
    if key in _SOLO:
        p1, p2, d, outcome = _SOLO[key]
        return MatchResult(key, p1, p2, d, outcome)
    return parse_result(text, best_of)


def games_to_win(best_of: int) -> int:
    """Games a player needs to win the match."""
    return best_of // 2 + 1


def result_text(p1: int, p2: int, draws: int) -> str:
    """The canonical text of a game count (``2-1``, ``1-1``, ``0-0-3``)."""
    return f"{p1}-{p2}" if draws == 0 else f"{p1}-{p2}-{draws}"


def _counts(key: str) -> tuple[int, int, int] | None:
    parts = key.split("-")
    if len(parts) not in (2, 3) or not all(len(x) == 1 and is_count(x) for x in parts):
        return None
    p1, p2, d = (int(x) for x in (*parts, "0")[:3])
    return p1, p2, d


def parse_result(text: str, best_of: int) -> MatchResult:
    """Parse ``text`` for a best-of-``best_of`` match (EventError if it does not fit)."""
    key = " ".join(text.strip().lower().replace("–", "-").split())
    key = _ALIASES.get(key, key)
    key = typed_words().get(key, key)  # "empate" typed in Spanish is "draw"
    table = _BO1 if best_of == 1 else _BO3
    if key in table:
        p1, p2, d, outcome = table[key]
        return MatchResult(key, p1, p2, d, outcome)
    counts = _counts(key)
    need = games_to_win(best_of)
    if counts is not None:
        p1, p2, d = counts
        if max(p1, p2) <= need and min(p1, p2) < need and d <= MAX_DRAWN_GAMES and p1 + p2 + d:
            outcome = "p1" if p1 > p2 else "p2" if p2 > p1 else "draw"
            return MatchResult(result_text(p1, p2, d), p1, p2, d, outcome)
    raise EventError("result-not-fit", text=repr(text), best_of=best_of,
                     results=ResultWords(tuple(table)), need=need, drawn=MAX_DRAWN_GAMES)


@dataclass(frozen=True)
class GameFlags:
    """One game of the calibration lists, by seat (``P1``/``P2``; winner None = drawn)."""

    number: int
    first: str | None
    winner: str | None
    turns: int | None


def _split(value: str | list[str] | None) -> list[str] | None:
    if value is None:
        return None
    items = value.split(",") if isinstance(value, str) else [str(v) for v in value]
    items = [i.strip() for i in items]
    return [] if items == [""] else items


def parse_game_flags(
    result: MatchResult,
    *,
    first: str | list[str] | None = None,
    winners: str | list[str] | None = None,
    turns: str | list[int] | list[str] | None = None,
    best_of: int = 3,
) -> list[GameFlags]:
    """Check the lists of who went ``first``, the game ``winners`` and the ``turns`` of each
    game against ``result`` and return one entry per game played (empty when no list is
    given). A blank entry (``P1,,P2``) is a game whose detail is not known. EventError when
    they disagree (its hint names the list: see :data:`GAME_LISTS`)."""
    firsts = _split(first)
    wins = _split(winners)
    turn_items = _split(turns) if not isinstance(turns, list) else [str(t) for t in turns]
    if firsts is None and wins is None and turn_items is None:
        return []
    n = result.games_played
    for field, items in (("first", firsts), ("winners", wins), ("turns", turn_items)):
        if items is not None and len(items) != n:
            raise EventError("game-list-length", what=_list(field), games=NMsg(
                "{n} game(s)", "{n} game(s)", len(items), n=len(items)),
                result=ResultWords((result.text,)), played=NMsg(
                    "{n} game(s) played", "{n} game(s) played", n, n=n),
                code="game-lists", hint=_list_hint(field))
    first_seats = ([_seat(t, "first") if t else None for t in firsts]
                   if firsts is not None else None)
    sweep = "P1" if result.p1_games == n else "P2" if result.p2_games == n else None
    win_seats: list[str | None] | None = None
    if wins is not None:
        # a blank entry is a game whose winner is not known: the others must still fit
        known = [w for w in wins if w]
        seats = [None if w.upper() in DRAW_TOKENS else _seat(w, "winners") for w in known]
        counts = (seats.count("P1"), seats.count("P2"), seats.count(None))
        wanted = (result.p1_games, result.p2_games, result.draws)
        if (counts != wanted if len(known) == n
                else any(c > w for c, w in zip(counts, wanted, strict=True))):
            raise EventError("game-winners-disagree", what=_list("winners"),
                             winners=",".join(wins), result=ResultWords((result.text,)),
                             p1=counts[0], p2=counts[1], drawn=counts[2],
                             code="game-lists", hint=_list_hint("winners"))
        win_seats = []
        for w in wins:
            win_seats.append(sweep if not w else None if w.upper() in DRAW_TOKENS
                             else _seat(w, "winners"))
        need = 1 if best_of == 1 else 2
        tally = {"P1": 0, "P2": 0}
        for i, seat in enumerate(win_seats[:-1], 1):
            if seat is not None:
                tally[seat] += 1
                if tally[seat] >= need:
                    raise EventError("game-winners-after-win", what=_list("winners"),
                                     winners=",".join(wins), seat=seat, game=i,
                                     code="game-lists", hint=_list_hint("winners"))
    elif sweep is not None:
        # unambiguous: every game was won by the same seat
        win_seats = [sweep] * n
    turn_values: list[int | None] | None = None
    if turn_items is not None:
        turn_values = []
        for t in turn_items:
            if not t:  # a blank entry: this game's turn is not known
                turn_values.append(None)
                continue
            if not is_count(t) or not 1 <= int(t) <= MAX_TURNS:
                raise EventError("game-turns-not-number", what=_list("turns"), value=repr(t),
                                 most=MAX_TURNS, code="game-lists", hint=_list_hint("turns"))
            turn_values.append(int(t))
    return [
        GameFlags(
            number=i + 1,
            first=first_seats[i] if first_seats is not None else None,
            winner=win_seats[i] if win_seats is not None else None,
            turns=turn_values[i] if turn_values is not None else None,
        )
        for i in range(n)
    ]


def _list_hint(field: str) -> dict[str, Any]:
    return field_hint((GAME_LISTS[field], field))


def _list(field: str) -> Term:
    """A per-game list's name inside a refusal, in the reader's words."""
    return Term(GAME_LISTS[field])


def _seat(token: str, field: str) -> str:
    seat = token.strip().upper()
    if seat not in SEATS:
        raise EventError("game-not-seat", what=_list(field), value=repr(token),
                         code="game-lists", hint=_list_hint(field))
    return seat
