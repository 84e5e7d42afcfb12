"""Issue 42: the Swiss rounds an event gets by its number of players (the rule book's table,
FORMAT.md), at every edge of the table -- as ``tt event pair`` sets them when the organizer
gave none."""

from __future__ import annotations

from pathlib import Path

import pytest

from tt_organizer.events import players, rounds, setup, store
from tt_organizer.pairing.swiss import rounds_for_players


@pytest.mark.parametrize(("count", "expected"), [
    (2, 3), (8, 3), (9, 4), (16, 4), (17, 5), (32, 5), (33, 6), (64, 6), (65, 7), (128, 7),
    (129, 8), (226, 8), (227, 9), (409, 9), (410, 10), (5000, 10),
])
def test_rounds_by_players_at_each_edge(count: int, expected: int) -> None:
    assert rounds_for_players(count) == expected


@pytest.mark.parametrize(("count", "expected"), [(8, 3), (9, 4), (17, 5)])
def test_pairing_an_event_without_rounds_sets_the_rule_book_rounds(
        tmp_path: Path, count: int, expected: int) -> None:
    path = tmp_path / "event.sqlite"
    setup.create_event(path, "Rounds Cup", seed=3)
    with store.connect(path) as conn:
        for k in range(count):
            players.register_player(conn, f"Player {k + 1}")
        assert store.read_settings(conn).rounds is None
        rounds.pair_next_round(conn)
        assert store.read_settings(conn).rounds == expected



def test_fold_tail_still_pairs_top_half_against_bottom_half() -> None:
    """A fold round on the bracket-by-bracket path (the one fields over ``JOINT_LIMIT`` take;
    ``joint_limit=0`` forces it here): 12 players on 0 points after two rounds whose
    rematches block 3-9, 5-11 and 6-11. The last tables are searched exactly, and still the
    fold's rule holds -- every table a top-half player against a bottom-half one -- with
    the pairing 1-7, 2-8, 3-10, 4-11, 5-9, 6-12 (the fold with those rematches stepped round)."""
    from tt_organizer.pairing.swiss import PlayerState, _pair

    met = {1: [5, 6], 2: [10, 12], 3: [4, 9], 4: [3, 8], 5: [1, 11], 6: [1, 11],
           7: [10, 12], 8: [4, 9], 9: [3, 8], 10: [2, 7], 11: [5, 6], 12: [2, 7]}
    players = [PlayerState(id=i, points=0, opponents=frozenset(o), had_bye=False, rank=i)
               for i, o in met.items()]
    tables = _pair(players, round_number=3, seed=1, method="fold", joint_limit=0)
    pairs = [(t.player1, t.player2) for t in tables]
    assert pairs == [(1, 7), (2, 8), (3, 10), (4, 11), (5, 9), (6, 12)]
    assert all(a <= 6 < b for a, b in pairs if b is not None)
