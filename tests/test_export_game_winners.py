"""A game whose winner was not recorded is shown as unknown, never as a draw."""

from __future__ import annotations

from snapshot_factory import _match, _players

from tt_organizer.events.models import EventSettings, EventSnapshot
from tt_organizer.export.rows import game_lists, results_table


def test_unrecorded_winners_are_blank_and_drawn_games_say_draw() -> None:
    players = _players()
    unknown = _match(1, 1, 1, 2, "2-1", first="P1,P2,P1", turns="7,8,9")
    drawn = _match(1, 2, 3, 4, "1-1-1", first="P1,P2,P1", winners="P1,P2,D")
    assert [g.winner for g in unknown.games] == [None, None, None]
    assert not unknown.winnerless_games_are_draws()
    assert drawn.winnerless_games_are_draws()
    assert game_lists(unknown) == ("P1,P2,P1", "", "7,8,9")
    assert game_lists(drawn)[1] == "P1,P2,draw"

    snap = EventSnapshot("x", EventSettings(name="x"), players, (unknown, drawn), (), 1)
    rows = results_table(snap, 1, top_cut=False).rows
    assert [r[9] for r in rows if r[2] == 1] == ["", "", ""]
    assert [r[9] for r in rows if r[2] == 2][2] == "draw"
