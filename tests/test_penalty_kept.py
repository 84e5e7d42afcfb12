"""A game or match loss that leaves the result as it was says so, and why (the player had
already lost; the table is still playing), on the command line and in JSON."""

from __future__ import annotations

from pathlib import Path

from tests.event_helpers import Tt
from tt_organizer.events import penalties, store


def _event(tmp_path: Path) -> tuple[Tt, dict[str, object]]:
    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "Copa", "--seed", "1")
    for name in ("Ann", "Ben", "Cy", "Dee"):
        tt("register", name)
    tt("pair")
    table = next(r for r in tt.json("pairings") if "Ann" in (r["player1"], r["player2"]))
    return tt, table


def test_a_game_loss_on_a_player_who_already_lost_says_so(tmp_path: Path) -> None:
    tt, table = _event(tmp_path)
    ann_p1 = table["player1"] == "Ann"
    lost = "0-2" if ann_p1 else "2-0"
    tt("report", str(table["table"]), lost)
    out = tt("penalty", "Ann", "unsporting-conduct-minor", "game-loss").stdout
    assert f"table {table['table']}: the result stays {lost} (from player 1's side), because " \
           "Ann had already lost the match; the game-loss is recorded" in out
    given = tt.json("penalty", "Ann", "unsporting-conduct-minor", "game-loss")
    assert given["result"] is None
    assert given["unchanged"]["reason"] == "already-lost"
    assert (given["unchanged"]["table"], given["unchanged"]["result"]) == (table["table"], lost)
    assert [p["penalty"] for p in tt.json("penalties")] == ["game-loss", "game-loss"]
    # the result did not move
    now = next(r for r in tt.json("pairings") if r["table"] == table["table"])
    assert now["result"] == lost


def test_a_game_loss_that_changes_the_result_is_not_kept(tmp_path: Path) -> None:
    tt, table = _event(tmp_path)
    won = "2-1" if table["player1"] == "Ann" else "1-2"
    tt("report", str(table["table"]), won)
    given = tt.json("penalty", "Ann", "unsporting-conduct-minor", "game-loss")
    assert given["unchanged"] is None and given["result"]["before"] == won
    assert "stays" not in tt("penalty", "Ben", "unsporting-conduct-minor", "warning").stdout


def test_a_game_loss_on_a_table_still_playing_says_it_is_only_recorded(tmp_path: Path) -> None:
    tt, table = _event(tmp_path)
    out = tt("penalty", "Ann", "unsporting-conduct-minor", "game-loss").stdout
    assert f"table {table['table']} is not reported yet: the game loss is recorded" in out
    with store.connect(tmp_path / "e.sqlite") as conn:
        given = penalties.give_penalty(conn, "Ann", "unsporting-conduct-minor", "game-loss")
    assert given.kept is not None and given.kept_reason == "not-reported"
    assert given.before is None and given.after is None
