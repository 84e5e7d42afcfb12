"""The Swiss rounds an event gets by its number of players (the rule book's table,
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
    from tt_organizer.pairing.swiss import PlayerState, pair_round

    met = {1: [5, 6], 2: [10, 12], 3: [4, 9], 4: [3, 8], 5: [1, 11], 6: [1, 11],
           7: [10, 12], 8: [4, 9], 9: [3, 8], 10: [2, 7], 11: [5, 6], 12: [2, 7]}
    players = [PlayerState(id=i, points=0, opponents=frozenset(o), had_bye=False, rank=i)
               for i, o in met.items()]
    tables = pair_round(players, round_number=3, seed=1, method="fold", joint_limit=0)
    pairs = [(t.player1, t.player2) for t in tables]
    assert pairs == [(1, 7), (2, 8), (3, 10), (4, 11), (5, 9), (6, 12)]
    assert all(a <= 6 < b for a, b in pairs if b is not None)


def test_bracket_path_floats_a_player_one_win_down_rather_than_two() -> None:
    """Round 4 on the bracket-by-bracket path (``joint_limit=0``: fields over ``JOINT_LIMIT``)
    with score groups of 1, 4, 4 and 13 players (9, 6, 3, 0 points): a 6-point player floats
    into the 3-point group and a 3-point player into the 0-point group -- no table pairs
    players more than one win apart, since a pairing without such a table exists."""
    from tt_organizer.pairing.swiss import PlayerState, pair_round

    met = {1: [6, 14, 18], 2: [6, 11, 21], 3: [7, 11, 22], 4: [12, 19, 20], 5: [12, 15, 19],
           6: [1, 2, 19], 7: [3, 16, 17], 8: [10, 13, 16], 9: [12, 14], 10: [8, 18, 21],
           11: [2, 3, 17], 12: [4, 5, 9], 13: [8, 15, 21], 14: [1, 9], 15: [5, 13, 20],
           16: [7, 8, 18], 17: [7, 11, 22], 18: [1, 10, 16], 19: [4, 5, 6], 20: [4, 15, 22],
           21: [2, 10, 13], 22: [3, 17, 20]}
    points = {i: 9 if i == 1 else 6 if i <= 5 else 3 if i <= 9 else 0 for i in met}
    players = [PlayerState(id=i, points=points[i], opponents=frozenset(o), had_bye=False,
                           rank=i) for i, o in met.items()]
    tables = pair_round(players, round_number=4, seed=21, method="random", joint_limit=0)
    pairs = [(t.player1, t.player2) for t in tables]
    assert all(b is not None and b not in met[a] for a, b in pairs)  # no bye, no rematch
    assert max(abs(points[a] - points[b]) for a, b in pairs if b is not None) == 3
    assert (5, 6) in pairs and (9, 10) in pairs


def test_bracket_path_pairs_the_highest_ranked_floaters_first() -> None:
    """Round 6 of 20 players on the bracket-by-bracket path (``joint_limit=0``): three
    12-point players float into the 10-point group, which can take two of them. The two
    highest-ranked (2 and 9) are paired there; the lowest-ranked (14) floats on, to the
    9-point player -- not the 2nd-ranked one, though the gaps would be the same."""
    from tt_organizer.pairing.swiss import PlayerState, pair_round

    field = [(2, 12, [5, 9, 12, 14, 19]), (9, 12, [2, 8, 14, 16, 17]),
             (14, 12, [2, 6, 8, 9, 11]), (15, 10, [3, 5, 6, 7, 18]),
             (20, 10, [1, 8, 11, 16, 18]), (1, 9, [4, 7, 17, 19, 20]),
             (8, 9, [3, 9, 12, 14, 20]), (5, 7, [2, 6, 12, 15, 17]), (6, 7, [5, 11, 13, 14, 15]),
             (10, 7, [3, 7, 16, 17, 18]), (11, 7, [4, 6, 14, 19, 20]),
             (17, 7, [1, 5, 7, 9, 10]), (18, 7, [10, 12, 15, 16, 20]),
             (4, 6, [1, 3, 11, 12, 13]), (12, 6, [2, 4, 5, 8, 18]), (19, 6, [1, 2, 7, 11, 13]),
             (7, 4, [1, 10, 15, 17, 19]), (16, 4, [9, 10, 13, 18, 20]),
             (3, 3, [4, 8, 10, 13, 15]), (13, 0, [3, 4, 6, 16, 19])]
    points = {i: p for i, p, _ in field}
    players = [PlayerState(id=i, points=p, opponents=frozenset(o), had_bye=False, rank=k + 1)
               for k, (i, p, o) in enumerate(field)]
    tables = pair_round(players, round_number=6, seed=216, method="random", joint_limit=0)
    opponent = {a: b for t in tables for a, b in ((t.player1, t.player2),
                                                 (t.player2, t.player1))}
    assert all(opponent[i] not in o for i, _, o in field)  # no rematch
    assert {i for i in (2, 9, 14) if points[opponent[i]] == 10} == {2, 9}
    assert points[opponent[14]] == 9


def test_bracket_path_folds_a_group_too_small_to_split() -> None:
    """Round 3 of 23 players, ``fold`` on the bracket-by-bracket path (``joint_limit=0``):
    the 3-point group of 12 (ranks 7-18) is too small for the path's head/tail split, so it
    is solved whole, and the fold's rule holds -- every table of the group one of its top
    six against one of its bottom six (1-14, 4-17, 5-18, 7-21, 12-22, 13-23)."""
    from tt_organizer.pairing.swiss import PlayerState, pair_round

    field = [(3, 6, [13, 20], False), (10, 6, [21, 23], False), (11, 6, [2, 18], False),
             (15, 6, [6, 7], False), (16, 6, [4], True), (19, 6, [14, 17], False),
             (1, 3, [8, 18], False), (4, 3, [8, 16], False), (5, 3, [7, 20], False),
             (7, 3, [5, 15], False), (12, 3, [6, 13], False), (13, 3, [3, 12], False),
             (14, 3, [9, 19], False), (17, 3, [9, 19], False), (18, 3, [1, 11], False),
             (21, 3, [10, 22], False), (22, 3, [2, 21], False), (23, 3, [10], True),
             (2, 0, [11, 22], False), (6, 0, [12, 15], False), (8, 0, [1, 4], False),
             (9, 0, [14, 17], False), (20, 0, [3, 5], False)]
    players = [PlayerState(id=i, points=p, opponents=frozenset(o), had_bye=bye, rank=k + 1)
               for k, (i, p, o, bye) in enumerate(field)]
    tables = pair_round(players, round_number=3, seed=154, method="fold", joint_limit=0)
    pairs = {(t.player1, t.player2) for t in tables}
    top, bottom = {1, 4, 5, 7, 12, 13}, {14, 17, 18, 21, 22, 23}
    in_group = {(a, b) for a, b in pairs if a in top | bottom and b in top | bottom}
    assert in_group == {(1, 14), (4, 17), (5, 18), (7, 21), (12, 22), (13, 23)}
    assert (20, None) in pairs  # the bye: the lowest-ranked without one
