"""Pairing quality against an independent optimum (networkx, whole field, our bye fixed).

Simulated events of 16-256 players (10% draws, drops, late entries), every round compared
with :func:`pairing_oracle.optimum`: no avoidable rematch, no more pairs over one win apart
than the optimum, a largest gap no larger than the optimum's (or one win), and the squared
gaps within a few percent of the optimum in total. Sizes above ``JOINT_LIMIT`` run the
bracket-by-bracket path, so this is the check that it keeps criteria (a)-(c).
"""

from __future__ import annotations

import pytest
from pairing_oracle import optimum, round_figures

from tt_organizer.pairing import swiss
from tt_organizer.pairing.simulate import rounds_for_players, simulate_event

WIN = 3


@pytest.mark.parametrize(("n", "seeds"), [(16, 4), (33, 4), (64, 3), (128, 2), (256, 1)])
def test_rounds_match_the_networkx_optimum(n: int, seeds: int) -> None:
    ours_sq = best_sq = 0
    bracket_rounds = 0
    for seed in range(seeds):
        sim = simulate_event(n, rounds_for_players(n), seed, drop_rate=0.03,
                             draw_rate=0.1, late_entries=seed % 2)
        for rnd, (states, pairings) in enumerate(zip(sim.states, sim.pairings,
                                                     strict=True), 1):
            active = [p for p in states if not p.dropped]
            pairs = [(t.player1, t.player2) for t in pairings if t.player2 is not None]
            ours = round_figures(active, pairs, WIN)
            best = optimum(states, pairings, WIN)
            where = (n, seed, rnd, ours, best)
            assert ours.rematches == best.rematches == 0, where
            assert ours.over_one_win <= best.over_one_win, where
            assert ours.max_gap <= max(best.max_gap, WIN), where
            ours_sq += ours.squared_gaps
            best_sq += best.squared_gaps
            bracket_rounds += len(active) > swiss.JOINT_LIMIT
    assert ours_sq <= best_sq * 1.03, (ours_sq, best_sq)
    assert best_sq > 0  # the events did produce floats to judge
    assert (bracket_rounds > 0) == (n > swiss.JOINT_LIMIT)


def test_rounds_the_previous_pairer_split_wide() -> None:
    """Two rounds (33 players, 10% draws) the previous pairing code gave a 9- and an
    11-point table while every table could be within 3 points; the states and that old
    pairing are stored in ``fixtures/pairing/wide_gaps_before_issue11.json``."""
    import json
    from pathlib import Path

    from tt_organizer.pairing.swiss import PlayerState, pair_round

    path = Path(__file__).parent / "fixtures" / "pairing" / "wide_gaps_before_issue11.json"
    for case in json.loads(path.read_text(encoding="utf-8")):
        states = [PlayerState(id=s["id"], points=s["points"],
                              opponents=frozenset(s["opponents"]), had_bye=s["had_bye"],
                              rank=s["rank"], dropped=s["dropped"]) for s in case["states"]]
        active = [p for p in states if not p.dropped]
        before = round_figures(active, [tuple(t) for t in case["old_pairing"] if t[1]])
        pairings = pair_round(states, round_number=case["round"], seed=case["seed"])
        now = round_figures(active, [(t.player1, t.player2) for t in pairings
                                     if t.player2 is not None])
        best = optimum(states, pairings)
        assert before.max_gap >= 9 and before.over_one_win == 1  # what the issue saw
        assert now == best and now.max_gap <= WIN and now.rematches == 0
