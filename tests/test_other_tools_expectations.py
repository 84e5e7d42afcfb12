"""Another tool's published test expectations, reproduced by the standings library.

Source: the Swiss module of a community Discord bot for MTG events, repository
SuppenNudel/radio-ravnica-discord-bot, file ``modules/test_swiss.py``, commit
ba0ae254f4827b3592d16904b1ebb859a3319b44 (its ``test_match_points``, ``test_game_points``,
``test_match_win_percentage``, ``test_game_win_percentage`` and ``test_omw``). Its rules are
the rule book's (floor 0.33, a bye left out of OMW%, a drawn game 1 game point), so the
expectations are checked under ``rulebook``; each result is (games won, lost, drawn) from
the player's side. The figures are the tool's, to its 4 decimals.
"""

from __future__ import annotations

import pytest

from tt_organizer.standings.match_record import MatchRecord
from tt_organizer.standings.policy import RULEBOOK
from tt_organizer.standings.tiebreakers import ScoringSettings, Standing, compute_standings

P = 1
Result = tuple[int, int, int] | str


def _outcome(g1: int, g2: int) -> str:
    return "p1" if g1 > g2 else "p2" if g2 > g1 else "draw"


def player_line(results: list[Result]) -> Standing:
    """Player 1's standing after ``results``, one new opponent each ("bye": a bye)."""
    records: list[MatchRecord] = []
    ids = [P]
    for number, r in enumerate(results, 1):
        if r == "bye":
            records.append(MatchRecord.bye(number, P))
            continue
        assert isinstance(r, tuple)
        ids.append(number + 1)
        records.append(MatchRecord(number, P, number + 1, *r, _outcome(r[0], r[1])))
    rows = compute_standings(ids, records, settings=ScoringSettings(policy=RULEBOOK))
    return next(s for s in rows if s.player == P)


@pytest.mark.parametrize(("results", "points"), [
    ([(2, 1, 0), (2, 1, 0), (2, 1, 0), (2, 0, 0), (2, 0, 0), (2, 0, 0), (0, 2, 0), (1, 2, 0)],
     18),
    ([(2, 1, 0), (2, 1, 0), (2, 0, 0), (2, 0, 0), (1, 2, 0), (0, 2, 0), (1, 1, 1), (0, 0, 3)],
     14),
])
def test_match_points(results: list[Result], points: int) -> None:
    assert player_line(results).points == points


@pytest.mark.parametrize(("result", "gw_p1", "gw_p2"), [
    ((2, 0, 0), 6 / 6, 0.33), ((2, 1, 0), 6 / 9, 3 / 9), ((2, 0, 1), 7 / 9, 1 / 9)])
def test_game_points(result: tuple[int, int, int], gw_p1: float, gw_p2: float) -> None:
    """Game points 6-0, 6-3 and 7-1 (a drawn game is 1 point each): as GW%, floored."""
    rows = {s.player: s for s in compute_standings([1, 2], [MatchRecord(
        1, 1, 2, *result, _outcome(result[0], result[1]))])}
    assert rows[1].gw == pytest.approx(gw_p1, abs=5e-5)
    assert rows[2].gw == pytest.approx(max(gw_p2, 0.33), abs=5e-5)


@pytest.mark.parametrize(("results", "mw"), [
    ([(2, 1, 0), (2, 1, 0), (2, 0, 0), (2, 0, 0), (2, 0, 0), (0, 2, 0), (1, 2, 0), (1, 1, 1)],
     16 / 24),
    ([(2, 1, 0), (1, 2, 0), (0, 2, 0), (0, 2, 0)], 0.33),  # 3 of 12, floored
    (["bye", (2, 0, 0), (2, 0, 0), (1, 2, 0), (0, 2, 0)], 9 / 15),  # the bye a won round
])
def test_match_win_percentage(results: list[Result], mw: float) -> None:
    assert player_line(results).mw == pytest.approx(mw, abs=5e-5)


@pytest.mark.parametrize(("results", "gw"), [
    ([(2, 0, 0), (2, 1, 0), (1, 2, 0), (2, 0, 0)], 21 / 30),
    ([(1, 2, 0), (1, 2, 0), (0, 2, 0), (1, 2, 0)], 0.33),  # 9 of 33, floored
])
def test_game_win_percentage(results: list[Result], gw: float) -> None:
    assert player_line(results).gw == pytest.approx(gw, abs=5e-5)


def test_omw_with_a_bye() -> None:
    """A 6-2 player with a bye and 7 opponents of the given final records (each including
    their match against the player): OMW% the mean of the 7 opponents' MW%, one floored."""
    opponents = [(7, 1, 0), (1, 3, 1), (3, 3, 1), (6, 2, 0), (5, 2, 1), (4, 3, 1), (6, 1, 1)]
    expected = (21 / 24 + max(4 / 15, 0.33) + 10 / 21 + 18 / 24 + 16 / 24 + 13 / 24
                + 19 / 24) / 7
    records = [MatchRecord.bye(1, P)]
    ids = [P]
    next_id = 100
    wins, losses = 6 - 1, 2  # the bye is one of the player's 6 wins
    for number, (w, lo, d) in enumerate(opponents, 2):
        opp = number
        ids.append(opp)
        if wins:
            wins -= 1
            lo -= 1
            records.append(MatchRecord(number, P, opp, 2, 0, 0, "p1"))
        else:
            losses -= 1
            w -= 1
            records.append(MatchRecord(number, P, opp, 0, 2, 0, "p2"))
        rnd = 20
        for count, games in ((w, (2, 0, 0)), (lo, (0, 2, 0)), (d, (1, 1, 1))):
            for _ in range(count):
                next_id += 1
                rnd += 1
                ids.append(next_id)
                records.append(MatchRecord(rnd, opp, next_id, *games,
                                           _outcome(games[0], games[1])))
    assert (wins, losses) == (0, 0)
    rows = compute_standings(ids, records)
    me = next(s for s in rows if s.player == P)
    assert me.omw == pytest.approx(expected, abs=5e-5)
