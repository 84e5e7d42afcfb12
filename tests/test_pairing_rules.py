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

