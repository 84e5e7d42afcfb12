"""`tt event rename OLD NEW`: a name corrected by hand, logged; refused when NEW is another
player's name (case and accents aside); the player's results, deck and PIN follow."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.event_helpers import Tt, dump
from tt_organizer.errors import EventError
from tt_organizer.events import renaming, store


def _event(tmp_path: Path) -> Tt:
    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "Copa", "--seed", "3")
    for name in ("mateo rodríguez", "José Martínez", "Ben", "Cy"):
        tt("register", name)
    return tt


def test_rename_keeps_the_player_and_logs_it(tmp_path: Path) -> None:
    tt = _event(tmp_path)
    tt("pair")
    before = {p["id"]: p for p in tt.json("players")}
    out = tt("rename", "mateo rodriguez", "Mateo Rodríguez").stdout
    assert out.strip() == "#1 mateo rodríguez is now Mateo Rodríguez"
    after = {p["id"]: p for p in tt.json("players")}
    assert after[1]["name"] == "Mateo Rodríguez" and after[1]["pin"] == before[1]["pin"]
    seats = [n for r in tt.json("pairings") for n in (r["player1"], r["player2"])]
    assert "Mateo Rodríguez" in seats and "mateo rodríguez" not in seats
    log = tt.json("log")
    entry = log[-1]
    assert entry["action"] == "rename"
    assert (json.loads(entry["old"]), json.loads(entry["new"])) == (
        {"name": "mateo rodríguez"}, {"name": "Mateo Rodríguez"})
    assert entry["subject"] == "player 1 Mateo Rodríguez"
    # found by the new name afterwards, and JSON
    assert tt.json("rename", "MATEO RODRIGUEZ", "Mateo Rodríguez") == {
        "id": 1, "old": "Mateo Rodríguez", "name": "Mateo Rodríguez", "changed": False}
    assert len(tt.json("log")) == len(log)  # nothing logged for no change


def test_rename_refuses_another_player_s_name_and_changes_nothing(tmp_path: Path) -> None:
    tt = _event(tmp_path)
    err = tt.refused("rename", "Ben", "jose martinez", match="José Martínez is another "
                     "player's name")
    assert "Traceback" not in err
    tt.refused("rename", "Ben", "BYE", match="BYE is not a player name")
    tt.refused("rename", "Ben", "   ", match="a player needs a name")
    tt.refused("rename", "Bem", "Benjamín", match="did you mean Ben?")
    with store.connect(tt.path) as conn, pytest.raises(EventError) as info:
        renaming.rename_player(conn, "cy", "JOSÉ MARTÍNEZ")
    assert info.value.code == "name-taken"
    assert info.value.hint.items() >= {"name": "José Martínez"}.items()  # and the parameters


def test_a_player_may_change_the_case_or_accents_of_their_own_name(tmp_path: Path) -> None:
    tt = _event(tmp_path)
    before = dump(tt.path)
    done = tt.json("rename", "José Martínez", "Jose Martinez")
    assert done["changed"] and dump(tt.path) != before
    assert [p["name"] for p in tt.json("players")][1] == "Jose Martinez"
