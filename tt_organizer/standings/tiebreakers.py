"""Swiss standings: match points, then OMW%, OOMW%, GW% (order is a setting).

The definitions below are the rule book's (:data:`~tt_organizer.standings.policy.RULEBOOK`);
``settings.policy`` (:class:`~tt_organizer.standings.policy.TiebreakPolicy`) can change the
floor, count byes in the opponents' figure, make a drawn game worth 0 game points, leave a
late entry's missed rounds out and show a player's own GW% without the floor (the ``melee``
preset follows Melee's current rules, ``melee-2024`` its figures until 2024).

Definitions (all figures are exact fractions internally, floats in the output):

* Match points: win ``settings.win`` (3), draw 1, loss 0, bye 3 (a bye is a match win); a
  ``double-loss`` (unfinished match) is a loss for both; ``loss-missed`` is a round a late
  entry missed: a loss (0 points) that counts in the player's own record.
* A player's MW% = match points / (``win`` x rounds), at least ``mw_floor`` (0.33 exactly).
  Every round with a record counts (byes and missed rounds included) -- that is ``mw``.
* As an *opponent's* figure the byes are taken out of both points and rounds (a bye is not
  an opponent either); missed rounds stay in (they are losses of the player's record).
  Dropped players keep counting with the rounds they played.
* OMW% = mean of the opponents' figures (one entry per match, so a rematch counts twice);
  0 for a player without opponents. OOMW% = mean of the opponents' OMW%.
* GW% = game points / (3 x games), game win 3, game draw 1, at least ``mw_floor``; a bye
  counts as ``bye_game_wins`` won games (2, i.e. 2-0, as in MTG's best-of-three; use 1
  for best-of-one, 0 to leave byes out); other records count the games they hold.
  OGW% (optional tiebreaker "ogw") = mean of the opponents' GW% (floored). With the
  policy's ``own_gw_floored`` off, a player's own GW% (shown, and ranked by) is the plain
  ratio, 0 without a game.
* Full ties after every tiebreaker are broken by player id, ascending (deterministic).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Protocol

from tt_organizer.records import build_all
from tt_organizer.standings.policy import RULEBOOK, TiebreakPolicy

__all__ = [
    "OUTCOMES",
    "TIEBREAKERS",
    "TIEBREAK_LABELS",
    "MatchRecord",
    "Result",
    "ScoringSettings",
    "Standing",
    "compute_standings",
    "match_points",
]

#: ``p1``/``p2`` won, ``draw``, ``double-loss`` (unfinished, 0 points each), ``bye``,
#: ``loss-missed`` (a late entry's missed round: ``player2`` None, 0 points).
OUTCOMES = ("p1", "p2", "draw", "double-loss", "bye", "loss-missed")
_SOLO = ("bye", "loss-missed")
#: Tiebreaker names accepted in :attr:`ScoringSettings.tiebreakers`.
TIEBREAKERS = ("omw", "oomw", "gw", "ogw")
#: Column label of each tiebreaker (a :class:`Standing` has an attribute of the same name).
TIEBREAK_LABELS = {"omw": "OMW%", "oomw": "OOMW%", "gw": "GW%", "ogw": "OGW%"}


@dataclass(frozen=True)
class MatchRecord:
    """One reported result; ``draws`` counts drawn games. ``player2`` is None exactly for
    ``bye`` and ``loss-missed``."""

    round: int
    player1: int
    player2: int | None
    p1_games: int
    p2_games: int
    draws: int
    outcome: str

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {self.outcome!r} (one of {', '.join(OUTCOMES)})")
        if (self.player2 is None) != (self.outcome in _SOLO):
            raise ValueError(f"outcome {self.outcome!r} "
                             + ("needs no opponent" if self.outcome in _SOLO
                                else "needs an opponent"))
        if self.player1 == self.player2:
            raise ValueError(f"player {self.player1} cannot play themselves")
        if min(self.p1_games, self.p2_games, self.draws) < 0:
            raise ValueError("game counts cannot be negative")

    @classmethod
    def bye(cls, round: int, player: int) -> MatchRecord:
        """A bye for ``player`` in ``round``."""
        return cls(round, player, None, 0, 0, 0, "bye")

    @classmethod
    def missed(cls, round: int, player: int) -> MatchRecord:
        """A round ``player`` missed (late entry): a loss for their own record."""
        return cls(round, player, None, 0, 0, 0, "loss-missed")


class Result(Protocol):
    """What :func:`compute_standings` reads of a match: a :class:`MatchRecord`, or any record
    with the same fields (an event's stored match, whose values were checked when stored)."""

    @property
    def round(self) -> int: ...
    @property
    def player1(self) -> int: ...
    @property
    def player2(self) -> int | None: ...
    @property
    def p1_games(self) -> int: ...
    @property
    def p2_games(self) -> int: ...
    @property
    def draws(self) -> int: ...
    @property
    def outcome(self) -> str | None: ...


@dataclass(frozen=True)
class Standing:
    """One line of the standings. ``mw`` is the player's own MW% (byes included),
    ``rounds_played`` every round with a record (byes and missed rounds included)."""

    rank: int
    player: int
    points: int
    wins: int
    losses: int
    draws: int
    omw: float
    oomw: float
    gw: float
    dropped: bool
    rounds_played: int
    mw: float = 0.0
    ogw: float = 0.0
    byes: int = 0


def percent_text(value: float | None) -> str:
    """A tiebreaker figure as standings show it: a percentage with two decimals (``66.67%``),
    "" when it is not defined."""
    from tt_organizer.i18n import format_percent  # 66,67 % in Spanish

    return "" if value is None else format_percent(float(value), 2)


@dataclass(frozen=True)
class ScoringSettings:
    """Points per result and the tiebreakers, in order (names from :data:`TIEBREAKERS`), and
    the tiebreak ``policy``. ``mw_floor``, when given, overrides the policy's floor."""

    win: int = 3
    draw: int = 1
    loss: int = 0
    bye: int = 3
    tiebreakers: tuple[str, ...] = ("omw", "oomw", "gw")
    mw_floor: float | None = None
    bye_game_wins: int = 2
    policy: TiebreakPolicy = RULEBOOK

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiebreakers", tuple(self.tiebreakers))
        for name in self.tiebreakers:
            if name not in TIEBREAKERS:
                raise ValueError(f"unknown tiebreaker {name!r} (one of {', '.join(TIEBREAKERS)})")
        if self.win <= 0:
            raise ValueError("a win must be worth at least 1 point")


def match_points(outcome: str, settings: ScoringSettings) -> tuple[int, int]:
    """Match points (player 1, player 2) a result earns under ``settings``. ``bye`` and
    ``loss-missed`` have no player 2 (their second figure is 0)."""
    by_outcome = {
        "p1": (settings.win, settings.loss),
        "p2": (settings.loss, settings.win),
        "draw": (settings.draw, settings.draw),
        "double-loss": (settings.loss, settings.loss),
        "bye": (settings.bye, 0),
        "loss-missed": (settings.loss, 0),
    }
    return by_outcome[outcome]


class _Tally:
    """One player's record. Match points and rounds are not counted: they follow from it
    (every record is a win, a loss or a draw; a bye is a win)."""

    __slots__ = ("byes", "draws", "g_draw", "g_loss", "g_win", "losses", "opponents", "wins")

    def __init__(self) -> None:
        self.byes = self.wins = self.losses = self.draws = 0
        self.g_win = self.g_loss = self.g_draw = 0
        self.opponents: list[int] = []


# Exact figures as integer numerators over one common denominator per figure, so that
# sorting compares plain integers (fast) and nothing is ever rounded.
_Exact = tuple[dict[int, int], int]


def _common(values: dict[int, Fraction]) -> _Exact:
    # ratio() shares one Fraction per distinct figure: each is scaled once
    distinct = {id(v): v for v in values.values()}
    den = lcm(*{v.denominator for v in distinct.values()}) if values else 1
    scaled = {i: v.numerator * (den // v.denominator) for i, v in distinct.items()}
    return {p: scaled[id(v)] for p, v in values.items()}, den


def _means(fig: _Exact, opponents: dict[int, list[int]]) -> _Exact:
    """Each player's mean of ``fig`` over their opponents (0 without opponents)."""
    nums, den = fig
    k = lcm(*{len(o) for o in opponents.values() if o}) if any(opponents.values()) else 1
    get = nums.__getitem__
    out = {p: sum(map(get, opps)) * (k // len(opps)) if opps else 0
           for p, opps in opponents.items()}
    return out, den * k


def compute_standings(
    players: Iterable[int],
    matches: Iterable[Result],
    *,
    dropped: Iterable[int] = (),
    settings: ScoringSettings = ScoringSettings(),
) -> list[Standing]:
    """Rank ``players`` from ``matches`` (see the module docstring for every definition).

    Dropped players stay in the standings (``dropped=True``). A match naming a player who
    is not in ``players`` is an error (ValueError); a match without an outcome (not reported)
    counts for nothing.
    """
    policy = settings.policy
    order = list(dict.fromkeys(players))
    tally = {p: _Tally() for p in order}
    gone = set(dropped)
    missed_count = policy.missed_rounds_count
    bye_game_wins = settings.bye_game_wins
    for m in matches:
        outcome = m.outcome
        if outcome is None:
            continue
        p2 = m.player2
        a = tally.get(m.player1)
        b = tally.get(p2) if p2 is not None else None
        if a is None or (p2 is not None and b is None):
            raise ValueError(f"round {m.round}: a match names an unknown player "
                             f"({m.player1} v {p2})")
        if outcome == "loss-missed" and not missed_count:
            continue
        if outcome == "bye":
            a.byes += 1
            a.wins += 1
            a.g_win += bye_game_wins
            continue
        g1, g2, gd = m.p1_games, m.p2_games, m.draws
        a.g_win += g1
        a.g_loss += g2
        a.g_draw += gd
        if b is None:  # loss-missed
            a.losses += 1
            continue
        b.g_win += g2
        b.g_loss += g1
        b.g_draw += gd
        a.opponents.append(p2)  # type: ignore[arg-type]
        b.opponents.append(m.player1)
        if outcome == "p1":
            a.wins += 1
            b.losses += 1
        elif outcome == "p2":
            b.wins += 1
            a.losses += 1
        elif outcome == "draw":
            a.draws += 1
            b.draws += 1
        else:  # double-loss
            a.losses += 1
            b.losses += 1
    # a player's match points and rounds, from their record (see match_points)
    win, draw, loss, bye = settings.win, settings.draw, settings.loss, settings.bye
    points = {p: win * (t.wins - t.byes) + bye * t.byes + draw * t.draws + loss * t.losses
              for p, t in tally.items()}
    rounds = {p: t.wins + t.losses + t.draws for p, t in tally.items()}

    floor = (policy.floor if settings.mw_floor is None
             else Fraction(settings.mw_floor).limit_denominator(1_000_000))
    cache: dict[tuple[int, int], Fraction] = {}

    def ratio(num: int, den: int) -> Fraction:
        if den <= 0:
            return floor
        key = (num, den)
        got = cache.get(key)
        if got is None:
            got = cache[key] = max(floor, Fraction(num, den))
        return got

    own_mw = {p: ratio(points[p], win * rounds[p]) for p in order}
    as_opp = own_mw if policy.byes_counted else {
        p: ratio(points[p] - bye * t.byes, win * (rounds[p] - t.byes)) for p, t in tally.items()}
    dg = policy.drawn_game_points
    gw_parts = {p: (3 * t.g_win + dg * t.g_draw, 3 * (t.g_win + t.g_loss + t.g_draw))
                for p, t in tally.items()}
    gw = {p: ratio(num, den) for p, (num, den) in gw_parts.items()}
    shown_gw = gw if policy.own_gw_floored else {
        p: Fraction(num, den) if den else Fraction(0) for p, (num, den) in gw_parts.items()}

    opponents = {p: t.opponents for p, t in tally.items()}
    omw = _means(_common(as_opp), opponents)
    oomw = _means(omw, opponents)
    ogw = _means(_common(gw), opponents)
    gw_exact = _common(shown_gw)
    figures = {"omw": omw, "oomw": oomw, "gw": gw_exact, "ogw": ogw}
    chosen = [figures[name][0] for name in settings.tiebreakers]
    # sorted by points, then each tiebreaker (highest first), then player id
    keys = {p: (-points[p], *[-nums[p] for nums in chosen], p) for p in order}

    def floats(fig: _Exact) -> dict[int, float]:
        nums, den = fig
        return {p: n / den for p, n in nums.items()}

    omw_f, oomw_f, gw_f, ogw_f, mw_f = (floats(omw), floats(oomw), floats(gw_exact),
                                         floats(ogw), floats(_common(own_mw)))
    rows = []
    for rank, p in enumerate(sorted(order, key=keys.__getitem__), 1):
        t = tally[p]
        rows.append((rank, p, points[p], t.wins, t.losses, t.draws, omw_f[p], oomw_f[p],
                     gw_f[p], p in gone, rounds[p], mw_f[p], ogw_f[p], t.byes))
    return build_all(Standing, _STANDING_FIELDS, rows)


# Standing's fields in the order compute_standings lists them (its records are built at once)
_STANDING_FIELDS = ("rank", "player", "points", "wins", "losses", "draws", "omw", "oomw", "gw",
                    "dropped", "rounds_played", "mw", "ogw", "byes")
