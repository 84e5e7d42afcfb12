"""Swiss standings: match points, then OMW%, OOMW%, GW% (order is a setting).

The definitions below are the rule book's (:data:`~tt_organizer.standings.policy.RULEBOOK`);
``settings.policy`` (:class:`~tt_organizer.standings.policy.TiebreakPolicy`) can change the
floor, count byes in the opponents' figure, make a drawn game worth 0 game points, leave a
late entry's missed rounds out (or count them for their opponents only), show a player's own
GW% without the floor, give a player without opponents the floor, and round the figures as
Melee does (the ``melee`` preset follows Melee's rules since 2025-11-13, ``melee-2025`` and
``melee-2024`` its figures of those years).

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
  0 for a player without opponents (the floor with the policy's ``no_opponents_floor``).
  OOMW% = mean of the opponents' OMW%. With ``missed_rounds_for_opponents`` a late entry's
  missed rounds are 0-point rounds of the figure their opponents see (and losses of their
  published record) but not of their own MW%.
* ``opponent_decimals`` rounds each opponent's figure half-up before the mean, ``decimals``
  every figure as shown and ranked (exact fractions otherwise).
* GW% = game points / (3 x games), game win 3, game draw 1, at least ``mw_floor``; a bye
  counts as ``bye_game_wins`` won games (2, i.e. 2-0, as in MTG's best-of-three; use 1
  for best-of-one, 0 to leave byes out); other records count the games they hold.
  OGW% (optional tiebreaker "ogw") = mean of the opponents' GW% (floored). With the
  policy's ``own_gw_floored`` off, a player's own GW% (shown, and ranked by) is the plain
  ratio, 0 without a game (0 as well with ``no_games_gw_floor`` off).
* A ``0-0-0`` result (a drawn match with no game) is a draw with no game: 1 point each,
  nothing in any game figure.
* Full ties after every tiebreaker are broken by player id, ascending (deterministic).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import gcd, lcm
from typing import Any, Protocol

from tt_organizer.errors import BadValue
from tt_organizer.standings.policy import RULEBOOK, TiebreakPolicy

__all__ = [
    "OUTCOMES",
    "TIEBREAKERS",
    "TIEBREAK_LABELS",
    "Result",
    "ScoringSettings",
    "Standing",
    "compute_standings",
    "match_points",
]

#: ``p1``/``p2`` won, ``draw``, ``double-loss`` (unfinished, 0 points each), ``bye``,
#: ``loss-missed`` (a late entry's missed round: ``player2`` None, 0 points).
OUTCOMES = ("p1", "p2", "draw", "double-loss", "bye", "loss-missed")
#: The outcomes without an opponent.
SOLO_OUTCOMES = ("bye", "loss-missed")
#: Tiebreaker names accepted in :attr:`ScoringSettings.tiebreakers`.
TIEBREAKERS = ("omw", "oomw", "gw", "ogw")
#: Column label of each tiebreaker (a :class:`Standing` has an attribute of the same name).
TIEBREAK_LABELS = {"omw": "OMW%", "oomw": "OOMW%", "gw": "GW%", "ogw": "OGW%"}


class Result(Protocol):
    """What :func:`compute_standings` reads of a match: a
    :class:`~tt_organizer.standings.match_record.MatchRecord`, or any record
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


@dataclass
class Standing:
    """One line of the standings. ``mw`` is the player's own MW% (byes included),
    ``rounds_played`` every round with a record (byes and missed rounds included). A value
    (nothing assigns to it), not a frozen dataclass: standings are made thousands at a time."""

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
    the tiebreak ``policy``. ``mw_floor``, when given, overrides the policy's floor, read as
    the nearest fraction with a denominator of at most 1,000,000 (0.33 is 33/100 exactly)."""

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
                raise BadValue("unknown-tiebreaker", name=repr(name), names=", ".join(TIEBREAKERS))
        if self.win <= 0:
            raise BadValue("win-points")


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
    (every record is a win, a loss or a draw; a bye is a win). ``opponents`` holds the
    opponents' positions in the player order."""

    __slots__ = ("byes", "draws", "g_draw", "g_loss", "g_win", "losses", "missed", "opponents",
                 "wins")

    def __init__(self) -> None:
        self.byes = self.wins = self.losses = self.draws = self.missed = 0
        self.g_win = self.g_loss = self.g_draw = 0
        self.opponents: list[int] = []


# Exact figures as integer numerators over one common denominator per figure, one per player
# in the player order (lists, not dicts: a big event's figures are made a column at a time),
# so that sorting compares plain integers (fast) and nothing is ever rounded.
_Exact = tuple[list[int], int]


def _common(values: list[Fraction]) -> _Exact:
    # ratio() shares one Fraction per distinct figure: each is scaled once
    distinct = {id(v): v for v in values}
    den = lcm(*{v.denominator for v in distinct.values()}) if values else 1
    scaled = {i: v.numerator * (den // v.denominator) for i, v in distinct.items()}
    return [scaled[id(v)] for v in values], den


def _means(fig: _Exact, opponents: list[list[int]], empty: Fraction = Fraction(0)) -> _Exact:
    """Each player's mean of ``fig`` over their opponents (``empty`` without opponents)."""
    nums, den = fig
    k = lcm(*{len(o) for o in opponents if o}) if any(opponents) else 1
    get = nums.__getitem__
    if empty and not all(opponents):  # the floor without opponents: a denominator it fits
        k *= empty.denominator // gcd(empty.denominator, den * k)
    blank = empty.numerator * (den * k // empty.denominator)
    return [sum(map(get, opps)) * (k // len(opps)) if opps else blank
            for opps in opponents], den * k


def _half_up(value: Fraction, places: int) -> Fraction:
    """``value`` rounded half-up to ``places`` decimals."""
    scale = 10 ** places
    return Fraction((2 * value.numerator * scale + value.denominator)
                    // (2 * value.denominator), scale)


def _rounded(fig: _Exact, places: int | None) -> _Exact:
    """Every figure of ``fig`` rounded half-up to ``places`` decimals (None: as it is)."""
    if places is None:
        return fig
    nums, den = fig
    scale = 10 ** places
    return [(2 * n * scale + den) // (2 * den) for n in nums], scale


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
    position = {p: i for i, p in enumerate(order)}
    tally = [_Tally() for _ in order]
    missed_count = policy.missed_rounds_count
    missed_for_opponents = policy.missed_rounds_for_opponents
    bye_game_wins = settings.bye_game_wins
    for m in matches:
        outcome = m.outcome
        if outcome is None:
            continue
        p2 = m.player2
        i = position.get(m.player1)
        j = position.get(p2) if p2 is not None else None
        if i is None or (p2 is not None and j is None):
            raise BadValue("match-unknown-player", round=m.round, player1=m.player1, player2=p2)
        a = tally[i]
        if outcome == "loss-missed" and not missed_count:
            a.missed += missed_for_opponents
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
        if j is None:  # loss-missed
            a.losses += 1
            continue
        b = tally[j]
        b.g_win += g2
        b.g_loss += g1
        b.g_draw += gd
        a.opponents.append(j)
        b.opponents.append(i)
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
    points = [win * (t.wins - t.byes) + bye * t.byes + draw * t.draws + loss * t.losses
              for t in tally]
    rounds = [t.wins + t.losses + t.draws for t in tally]

    floor = (policy.floor if settings.mw_floor is None
             else Fraction(settings.mw_floor).limit_denominator(1_000_000))
    cache: dict[tuple[int, int, bool], Fraction] = {}

    def ratio(num: int, den: int, floored: bool = True) -> Fraction:
        """num / den, at least the floor (0 for a plain ratio without games)."""
        key = (num, den, floored)
        got = cache.get(key)
        if got is None:
            if den <= 0:
                got = floor if floored else Fraction(0)
            else:
                got = max(floor, Fraction(num, den)) if floored else Fraction(num, den)
            cache[key] = got
        return got

    own_mw = [ratio(pts, win * n) for pts, n in zip(points, rounds, strict=True)]
    byes_out = not policy.byes_counted
    as_opp = own_mw if not (byes_out or missed_for_opponents) else [
        ratio(pts - bye * t.byes * byes_out, win * (n - t.byes * byes_out + t.missed))
        for pts, n, t in zip(points, rounds, tally, strict=True)]
    dg = policy.drawn_game_points
    gw_parts = [(3 * t.g_win + dg * t.g_draw, 3 * (t.g_win + t.g_loss + t.g_draw)) for t in tally]
    gw = [ratio(num, den) for num, den in gw_parts]
    shown_gw = gw if policy.own_gw_floored else [ratio(num, den, False) for num, den in gw_parts]
    if not policy.no_games_gw_floor:  # a player without a game: 0
        shown_gw = [v if den else Fraction(0) for v, (_, den) in zip(shown_gw, gw_parts,
                                                                     strict=True)]
    places = policy.opponent_decimals
    if places is not None:  # each opponent's figure rounded before the mean
        memo: dict[Fraction, Fraction] = {}
        as_opp = [memo.get(v) or memo.setdefault(v, _half_up(v, places)) for v in as_opp]
        gw = [memo.get(v) or memo.setdefault(v, _half_up(v, places)) for v in gw]

    opponents = [t.opponents for t in tally]
    empty = floor if policy.no_opponents_floor else Fraction(0)
    omw = _means(_common(as_opp), opponents, empty)
    oomw = _means(omw, opponents, empty)
    ogw = _means(_common(gw), opponents, empty)
    gw_exact = _common(shown_gw)
    shown = policy.decimals
    figures = {"omw": _rounded(omw, shown), "oomw": _rounded(oomw, shown),
               "gw": _rounded(gw_exact, shown), "ogw": _rounded(ogw, shown)}
    # sorted by points, then each tiebreaker (highest first), then player id
    ranked = [key[-1] for key in sorted(zip(
        [-x for x in points], *([-x for x in figures[name][0]] for name in settings.tiebreakers),
        order, range(len(order)), strict=True))]

    def column(values: list[Any]) -> list[Any]:
        return [values[i] for i in ranked]

    def floats(fig: _Exact) -> list[float]:
        nums, den = fig
        return [nums[i] / den for i in ranked]

    gone = set(dropped)
    ordered = column(tally)
    players_ranked = column(order)
    # every Standing's fields a column at a time, in their order
    return [Standing(*line) for line in zip(
        range(1, len(order) + 1), players_ranked, column(points),
        [t.wins for t in ordered], [t.losses + t.missed for t in ordered],
        [t.draws for t in ordered],
        floats(figures["omw"]), floats(figures["oomw"]), floats(figures["gw"]),
        [p in gone for p in players_ranked],
        column(rounds), floats(_common(own_mw)), floats(figures["ogw"]), [t.byes for t in ordered],
        strict=True)]
