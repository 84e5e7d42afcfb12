"""Safer result entry: ``report --winner/--draw``, the echo, ``unreport`` and the correction
warning, end to end through the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from event_helpers import Tt, dump

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def paired_event(path: Path, seed: int, players: int = 8) -> Tt:
    """An event of ``players`` players with round 1 paired."""
    t = Tt(path)
    t("create", "Cup", "--seed", str(seed), "--rounds", "3", "--top-cut", "0")
    for name in NAMES[:players]:
        t("register", name)
    t("pair")
    return t


@pytest.fixture
def tt(tmp_path: Path) -> Tt:
    return paired_event(tmp_path / "event.sqlite", 3)


def pairing(tt: Tt, table: int) -> dict[str, Any]:
    return next(p for p in tt.json("pairings") if p["table"] == table)


def test_report_by_winner_from_either_seat(tt: Tt) -> None:
    t1, t2 = pairing(tt, 1), pairing(tt, 2)
    # the winner sits in seat P2: the score is typed from the winner's side, stored from P1's
    out = tt("report", "1", "2-1", "--winner", t1["player2"]).stdout
    assert out.startswith(f"Table 1: {t1['player1']} 1-2 {t1['player2']}")
    assert f"{t1['player2']} wins" in out
    assert pairing(tt, 1)["result"] == "1-2"
    # P1 wins, by a unique prefix of the name in any case, default score 2-0
    data = tt.json("report", "2", "--winner", t2["player1"][:2].lower())
    assert data["result"] == "2-0" and data["outcome"] == "p1"
    assert data["winner"] == t2["player1"]
    assert data["summary"] == f"Table 2: {t2['player1']} 2-0 {t2['player2']}"
    # a drawn match from the real shapes
    t3 = pairing(tt, 3)
    out = tt("report", "3", "1-1", "--draw").stdout
    assert out.startswith(f"Table 3: {t3['player1']} 1-1 {t3['player2']}") and "a draw" in out
    assert tt.json("report", "4", "0-0-3", "--draw")["outcome"] == "draw"


def test_report_by_winner_refusals(tt: Tt) -> None:
    t1, t2 = pairing(tt, 1), pairing(tt, 2)
    # the slip of table 2 typed against table 1: its winner is not at table 1
    err = tt.refused("report", "1", "--winner", t2["player1"], match="is neither")
    assert f"{t1['player1']} v {t1['player2']}" in err and "check the table number" in err
    tt.refused("report", "1", "1-2", "--winner", t1["player1"], match="from the winner's side")
    tt.refused("report", "1", "2-1", "--draw", match="has a winner")
    tt.refused("report", "1", "--winner", t1["player1"], "--draw",
               match="either --winner NAME or --draw")
    tt.refused("report", "1", "3-0", "--winner", t1["player1"], match="does not fit")
    tt.refused("report", "9", "--winner", t1["player1"], match="no table 9")
    tt("report", "1", "--winner", t1["player1"])
    tt.refused("report", "1", "--winner", t1["player2"], match="already reported")


def test_every_real_shape_through_report(tmp_path: Path) -> None:
    """Each new shape is stored with its game counts as played and scores the match."""
    tt = paired_event(tmp_path / "shapes.sqlite", 1)
    shapes = {1: ("1-1", "draw"), 2: ("0-0-3", "draw"), 3: ("1-0-1", "p1"), 4: ("0-1-1", "p2")}
    for table, (text, outcome) in shapes.items():
        got = tt.json("report", str(table), text)
        assert (got["result"], got["outcome"]) == (text, outcome)
    tt("pair")
    for p in tt.json("pairings"):
        tt("report", str(p["table"]), "2-1-0")
    assert {p["result"] for p in tt.json("pairings")} == {"2-1"}
    from tt_organizer.events.store import load_snapshot

    stored = {m.table: (m.result, m.p1_games, m.p2_games, m.draws)
              for m in load_snapshot(tt.path).round_matches(1)}
    assert stored == {1: ("1-1", 1, 1, 0), 2: ("0-0-3", 0, 0, 3), 3: ("1-0-1", 1, 0, 1),
                      4: ("0-1-1", 0, 1, 1)}
    standings = {s["player"]: s for s in tt.json("standings")}
    r1 = {p["table"]: p for p in tt.json("pairings", "--round", "1")}
    won_r2 = {p["player1"] for p in tt.json("pairings", "--round", "2")}
    drew = r1[2]["player1"]  # the 0-0-3 draw: one match point
    assert standings[drew]["draws"] == 1
    assert standings[drew]["points"] == 1 + (3 if drew in won_r2 else 0)


def test_unreport_clears_and_is_logged(tt: Tt) -> None:
    t1 = pairing(tt, 1)
    tt("report", "1", "2-0")
    out = tt("unreport", "1", "1").stdout
    assert f"Cleared Table 1: {t1['player1']} 2-0 {t1['player2']}" in out
    assert pairing(tt, 1)["result"] is None
    assert 1 in tt.json("status")["missing"]
    entry = [e for e in tt.json("log") if e["action"] == "unreport"][-1]
    assert entry["subject"] == "round 1 table 1" and json.loads(entry["old"])["result"] == "2-0"
    assert entry["new"] is None
    tt("report", "1", "--winner", t1["player2"])  # the right result can now be reported
    assert pairing(tt, 1)["result"] == "0-2"


def test_unreport_refusals(tt: Tt) -> None:
    tt.refused("unreport", "1", "1", match="not reported; nothing to clear")
    tt.refused("unreport", "2", "1", match="round 2 is not paired")
    tt.refused("unreport", "1", "7", match="no table 7")
    tt.refused("unreport", "1", "1", "--top-cut", match="top-cut round 1 is not paired")
    for p in tt.json("pairings"):
        tt("report", str(p["table"]), "2-1")
    tt("pair")
    err = tt.refused("unreport", "1", "2", match="round 2 was paired on its result 2-1")
    assert "tt event correct 1 2 RESULT" in err


def test_unreport_a_bye_is_refused(tmp_path: Path) -> None:
    tt = paired_event(tmp_path / "odd.sqlite", 2, players=5)
    bye = next(p for p in tt.json("pairings") if p["player2"] is None)
    tt.refused("unreport", "1", str(bye["table"]), match="a bye has no result to clear")


def test_correct_names_the_rounds_paired_on_the_old_result(tt: Tt) -> None:
    for p in tt.json("pairings"):
        tt("report", str(p["table"]), "2-0")
    # nothing paired on round 1 yet: no warning
    assert "paired on the old result" not in tt("correct", "1", "1", "2-1").stderr
    tt("pair")
    res = tt("correct", "1", "1", "0-2")
    assert "round 2 was paired on the old result 2-1" in res.stderr
    data = tt.json("correct", "1", "1", "1-2")
    assert data["paired_on_old_result"] == ["round 2"] and data["old_result"] == "0-2"
    entry = [e for e in tt.json("log") if e["action"] == "correct"][-1]
    assert json.loads(entry["new"])["paired_on_old_result"] == ["round 2"]


def test_refused_report_changes_nothing(tt: Tt) -> None:
    before = dump(tt.path)
    tt("report", "1", "--winner", "Nobody", code=2)
    assert dump(tt.path) == before


def test_one_round_range_check_for_standings_pairings_and_export(tt: Tt, tmp_path: Path) -> None:
    """``--round`` is checked by one rule with one message: standings accept round 0 (before
    any result), pairings and export start at round 1; a round past the current one is refused
    the same way everywhere."""
    assert {s["points"] for s in tt.json("standings", "--round", "0")} == {0}
    out = str(tmp_path / "out.xlsx")
    for args in (("pairings", "--round", "0"), ("export", out, "--round", "0")):
        tt.refused(*args, match="round 0 is not paired (current round 1)")
    for args in (("standings", "--round", "2"), ("pairings", "--round", "2"),
                 ("export", out, "--round", "2"), ("print", "pairings", "--round", "2")):
        tt.refused(*args, match="round 2 is not paired (current round 1)")
    for command in ("standings", "pairings"):  # one bounded-number parser (numbers.py)
        tt.refused(command, "--round", "-1", match="'-1' is not a number from 0 to")
    assert not Path(out).exists()


def test_unreport_names_every_round_paired_on_the_result(tt: Tt) -> None:
    """Two rounds paired since: "round 2, round 3 were paired" (one: "was paired")."""
    for _ in range(2):
        for p in tt.json("pairings"):
            if p["player2"] is not None:
                tt("report", str(p["table"]), "2-1")
        tt("pair")
    err = tt.refused("unreport", "1", "1", match="round 2, round 3 were paired on its result")
    assert "was paired" not in err
