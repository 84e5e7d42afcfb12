"""Pairings the organizer controls: manual changes, minimal repair, pairings entered from a
file, and the constraints (avoid, granted byes, check-in). Every refusal leaves the database
byte-for-byte unchanged (``Tt.refused`` compares a full dump)."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from event_helpers import Tt, start_event

from tt_organizer.events import store

NAMES22 = ["Ada", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou",
           "Max", "Ned", "Oli", "Pam", "Quinn", "Rae", "Sam", "Tia", "Uma", "Vic"]


@pytest.fixture
def tt(tmp_path: Path) -> Tt:
    return Tt(tmp_path / "event.sqlite")


def start(tt: Tt, names: list[str], *args: str) -> None:
    start_event(tt, names, *args, title="Manual Cup", seed=11)


def report_all(tt: Tt) -> None:
    for k, m in enumerate(tt.json("pairings")):
        if m["result"] is None:
            tt("report", str(m["table"]), "2-0" if k % 3 else "0-2")


def seats(tables: list[dict[str, Any]]) -> dict[str, tuple[int, str | None]]:
    """name -> (table, opponent or None for the bye)."""
    out: dict[str, tuple[int, str | None]] = {}
    for m in tables:
        out[m["player1"]] = (m["table"], m["player2"])
        if m["player2"] is not None:
            out[m["player2"]] = (m["table"], m["player1"])
    return out


def actions(tt: Tt) -> list[str]:
    with store.connect(tt.path) as conn:
        return [a.action for a in store.read_audit(conn)]


def met_before(tt: Tt, rnd: int) -> set[frozenset[str]]:
    out: set[frozenset[str]] = set()
    for r in range(1, rnd):
        out |= {frozenset((m["player1"], m["player2"])) for m in tt.json("pairings", "--round",
                                                                          str(r))
                if m["player2"] is not None}
    return out


# --- manual changes --------------------------------------------------------------------------


def test_swap_set_bye_unpair_and_their_refusals(tt: Tt) -> None:
    start(tt, NAMES22[:9])
    tt.refused("pairings", "--swap", "Ada", "Ben", match="no round is paired yet")
    before = tt.json("pair")
    a, b = before[0], before[1]
    out = tt("pairings", "--swap", a["player1"], b["player1"])
    assert "out of date" in out.stderr and "changed tables" in out.stdout
    now = tt.json("pairings")
    assert now[0]["player1"] == b["player1"] and now[1]["player1"] == a["player1"]
    assert now[2:] == before[2:]
    assert actions(tt)[-1] == "swap"
    # refusals: the same player twice, a dropped player, unknown player, same table
    tt.refused("pairings", "--swap", "Ada", "ada", match="twice")
    tt.refused("pairings", "--swap", now[0]["player1"], now[0]["player2"],
               match="already play")
    tt.refused("pairings", "--swap", "Nobody", "Ada", match="no player named")
    tt("drop", now[3]["player1"])
    tt.refused("pairings", "--swap", now[3]["player1"], "Ada", match="has dropped")
    tt("undrop", now[3]["player1"])
    tt.refused("pairings", "--swap", "Ada", "Ben", "--round", "1", match="one of --swap")
    # a reported table cannot change
    tt("report", "1", "2-0")
    reported = now[0]
    tt.refused("pairings", "--swap", reported["player1"], now[2]["player1"],
               match="cannot be seated twice")
    tt.refused("pairings", "--unpair", "1", match="is reported")
    tt.refused("pairings", "--set", "1", now[2]["player1"], now[3]["player1"],
               match="is reported")
    # --set: seat two players; who they leave is unpaired
    x, y = now[2]["player1"], now[3]["player1"]
    changed = tt.json("pairings", "--set", "3", x, y)
    assert [(m["table"], m["player1"], m["player2"]) for m in changed["changed"]] == [
        (3, x, y)]
    assert sorted(changed["unpaired"]) == sorted([now[2]["player2"], now[3]["player2"]])
    assert changed["removed"] == [4]
    tt.refused("pairings", "--set", "3", x, y, match="already play")
    tt.refused("pairings", "--set", "0", x, y, match="numbered from 1")
    tt.refused("pairings", "--set", "9", x, x, match="cannot play themselves")
    # --bye and --unpair
    lone = changed["unpaired"][0]
    given = tt.json("pairings", "--bye", lone)
    assert given["changed"][0]["player2"] is None and given["changed"][0]["result"] == "bye"
    tt.refused("pairings", "--bye", lone, match="already has the bye")
    gone = tt.json("pairings", "--unpair", str(given["changed"][0]["table"]))
    assert lone in gone["unpaired"] and gone["changed"] == []
    tt.refused("pairings", "--unpair", "99", match="no table 99")
    warned = tt("pairings").stderr
    assert "unpaired:" in warned and lone in warned
    assert {"swap", "set-table", "bye", "unpair"} <= set(actions(tt))
    # repair seats exactly the unpaired players
    plan = tt.json("repair")
    assert set(seats(plan)) == set(seats(tt.json("pairings")))
    assert "unpaired" not in tt("pairings").stderr


def test_a_manual_rematch_is_allowed_with_a_warning(tt: Tt) -> None:
    start(tt, NAMES22[:4])
    r1 = tt.json("pair")
    report_all(tt)
    tt("pair")
    p, q = r1[0]["player1"], r1[0]["player2"]
    res = tt("pairings", "--set", "1", p, q)
    assert "rematch at table(s) 1" in res.stderr
    assert seats(tt.json("pairings"))[p] == (1, q)


def test_top_cut_pairings_are_not_edited(tt: Tt) -> None:
    start(tt, NAMES22[:4], "--rounds", "1", "--top-cut", "4")
    tt("pair")
    report_all(tt)
    tt("top-cut")
    tt.refused("pairings", "--swap", "Ada", "Ben", match="top cut has started")


# --- repair with the fewest moves ------------------------------------------------------------


@pytest.mark.parametrize("players", [22, 21])
def test_no_show_repair_moves_at_most_two_tables(tt: Tt, players: int) -> None:
    start(tt, NAMES22[:players])
    tt("pair")
    report_all(tt)
    round2 = tt.json("pair")
    no_show = round2[len(round2) // 2]["player2"]
    assert no_show is not None
    tt("drop", no_show)
    out = tt("repair").stdout  # not a terminal: applies (scripts need no --yes)
    assert "taken apart" in out
    after = tt.json("pairings")
    moved = [m for m in round2 if m not in after]
    assert 1 <= len(moved) <= 2, moved  # the no-show's table and, if needed, the bye
    assert no_show not in seats(after)
    assert set(seats(after)) == set(seats(round2)) - {no_show}
    assert not any(frozenset((m["player1"], m["player2"])) in met_before(tt, 2)
                   for m in after if m["player2"] is not None)
    if players == 21:  # the opponent and the bye holder now play each other
        assert len(moved) == 2 and sum(m["player2"] is None for m in after) == 0
    else:
        assert len(moved) == 1 and sum(m["player2"] is None for m in after) == 1
    tt.refused("repair", match="no unreported pairing to redo")


def test_repair_frees_another_table_rather_than_a_second_bye(tt: Tt) -> None:
    start(tt, NAMES22[:7])
    rounds = []
    for _ in range(2):
        rounds.append(tt.json("pair"))
        report_all(tt)
    round3 = tt.json("pair")
    had_bye = {m["player1"] for r in rounds for m in r if m["player2"] is None}
    victim_table = next(m for m in round3 if m["player2"] is not None
                        and (m["player1"] in had_bye or m["player2"] in had_bye))
    lone = victim_table["player1"] if victim_table["player1"] in had_bye else \
        victim_table["player2"]
    leaver = victim_table["player2"] if lone == victim_table["player1"] else \
        victim_table["player1"]
    tt("drop", leaver)
    after = tt.json("repair", "--yes")
    bye = next((m["player1"] for m in after if m["player2"] is None), None)
    assert bye not in had_bye  # a player with a bye already does not get a second one
    assert len([m for m in round3 if m not in after]) <= 3


# --- pairings entered from a file ------------------------------------------------------------


def write_csv(path: Path, tables: list[dict[str, Any]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["Table", "Player 1", "Player 2", "Result"])
        for m in tables:
            w.writerow([m["table"], m["player1"], m["player2"] or "BYE", m.get("result") or ""])
    return path


def test_pair_from_continues_an_event_paired_by_hand(tt: Tt, tmp_path: Path) -> None:
    names = NAMES22[:9]
    start(tt, names)
    paper1 = [{"table": 1, "player1": "Ada", "player2": "Ben", "result": "2-0"},
              {"table": 2, "player1": "Cal", "player2": "Dee", "result": "2-1"},
              {"table": 3, "player1": "Eli", "player2": "Fay", "result": "0-2"},
              {"table": 4, "player1": "Gus", "player2": "Hal", "result": "1-2"},
              {"table": 5, "player1": "Ivy", "player2": None, "result": None}]
    out = tt.json("pair", "--from", str(write_csv(tmp_path / "round1.csv", paper1)))
    assert [(m["player1"], m["player2"], m["result"]) for m in out] == [
        (m["player1"], m["player2"], m["result"] or "bye") for m in paper1]
    # round 2 from JSON, as `pairings --json` prints it (results still to come)
    paper2 = [{"table": 1, "player1": "Ada", "player2": "Cal", "result": None},
              {"table": 2, "player1": "Fay", "player2": "Hal", "result": None},
              {"table": 3, "player1": "Ben", "player2": "Ivy", "result": None},
              {"table": 4, "player1": "Dee", "player2": "Eli", "result": None},
              {"table": 5, "player1": "Gus", "player2": None, "result": None}]
    (tmp_path / "r2.json").write_text(json.dumps(paper2), encoding="utf-8")
    assert [m["player1"] for m in tt.json("pair", "--from", str(tmp_path / "r2.json"))] == [
        m["player1"] for m in paper2]
    report_all(tt)
    # the tool pairs round 3 on: no rematch of the hand-made rounds, no second bye
    round3 = tt.json("pair")
    assert not any(frozenset((m["player1"], m["player2"])) in met_before(tt, 3)
                   for m in round3 if m["player2"] is not None)
    assert next(m["player1"] for m in round3 if m["player2"] is None) not in {"Ivy", "Gus"}
    assert any(a == "pair" for a in actions(tt))
    # round 4 from the wall sheet of another copy of this event (xlsx, "By table")
    report_all(tt)
    wall = tmp_path / "wall.xlsx"
    round4 = tt.json("pair")
    tt("pairings", "--print", str(wall))
    twin = Tt(tmp_path / "twin.sqlite")
    twin("create", "Manual Cup", "--seed", "11")
    for name in names:
        twin("register", name)
    for rnd in (1, 2, 3):
        tables = tt.json("pairings", "--round", str(rnd))
        twin("pair", "--from", str(write_csv(tmp_path / f"t{rnd}.csv", tables)))
    assert twin.json("pair", "--from", str(wall)) == round4


def test_pair_from_refusals_change_nothing(tt: Tt, tmp_path: Path) -> None:
    start(tt, ["Ada", "Ben", "Cal", "Dee"])
    ok = [{"table": 1, "player1": "Ada", "player2": "Ben"},
          {"table": 2, "player1": "Cal", "player2": "Dee"}]

    def refused(tables: list[dict[str, Any]], match: str, name: str = "bad.csv") -> None:
        tt.refused("pair", "--from", str(write_csv(tmp_path / name, tables)), match=match)

    refused([ok[0], {"table": 2, "player1": "Cal", "player2": "Ada"}], "already at table 1")
    refused([ok[0], {"table": 2, "player1": "Cal", "player2": "Zed"}], "no player named")
    refused([ok[0]], "not seated: Cal, Dee")
    refused([ok[0], {"table": 1, "player1": "Cal", "player2": "Dee"}], "listed twice")
    (tmp_path / "r.json").write_text(json.dumps({"round": 2, "pairings": ok}), "utf-8")
    tt.refused("pair", "--from", str(tmp_path / "r.json"), match="the file holds round 2")
    (tmp_path / "x.json").write_text("[{\"table\": \"one\"}]", "utf-8")
    tt.refused("pair", "--from", str(tmp_path / "x.json"), match="needs table")
    (tmp_path / "x.csv").write_text("Name,Deck\nAda,x\n", "utf-8")
    tt.refused("pair", "--from", str(tmp_path / "x.csv"), match="missing column")
    tt("drop", "Dee")
    refused(ok, "Dee has dropped")
    tt("undrop", "Dee")
    tt("pair", "--from", str(write_csv(tmp_path / "ok.csv", ok)))
    refused(ok, "still misses results")


# --- constraints -----------------------------------------------------------------------------


def test_avoid_is_honoured_while_possible(tt: Tt) -> None:
    start(tt, NAMES22[:8], "--rounds", "3")
    tt.refused("avoid", "Ada", "ADA", match="twice")
    tt.refused("avoid", "Ada", "Nobody", match="no player named")
    assert "whole event" in tt("avoid", "Ada", "Eli").stdout
    assert tt.json("avoid", "Ben", "Fay", "--rounds", "1")["until_round"] == 1
    # 1st v middle would be Ada v Eli, Ben v Fay (tests/test_avoid_effect.py checks that an
    # avoid changes a pairing against its twin without it, round by round)
    r1 = seats(tt.json("pair", "--seeded"))
    assert r1["Ada"][1] != "Eli" and r1["Ben"][1] != "Fay"
    assert "avoid" in actions(tt)
    for _ in range(2):
        report_all(tt)
        tables = seats(tt.json("pair"))
        assert tables["Ada"][1] != "Eli"


def test_avoid_yields_when_no_other_pairing_exists(tt: Tt) -> None:
    start(tt, ["Ada", "Ben"], "--rounds", "1")
    tt("avoid", "Ada", "Ben")
    assert seats(tt.json("pair"))["Ada"] == (1, "Ben")


def test_invited_byes(tt: Tt) -> None:
    tt("create", "Manual Cup", "--seed", "11", "--rounds", "3")
    reg = tt.json("register", "Star", "--bye-rounds", "2,1")
    assert reg["bye_rounds"] == [1, 2]
    tt.refused("register", "Nova", "--bye-rounds", "0,x", match="--bye-rounds")
    tt.refused("register", "Nova", "--bye-rounds", "1,21", match="--bye-rounds")
    for name in NAMES22[:7]:
        tt("register", name)
    for rnd in (1, 2, 3):
        tables = seats(tt.json("pair"))
        if rnd < 3:
            assert tables["Star"][1] is None  # the granted bye
            assert sum(1 for _t, opp in tables.values() if opp is None) == 2  # 7 more: odd
        else:
            assert tables["Star"][1] is not None
        report_all(tt)
    standings = {s["player"]: s for s in tt.json("standings")}
    assert standings["Star"]["points"] >= 6


def test_check_in_removes_the_unchecked_before_round_one(tt: Tt) -> None:
    start(tt, NAMES22[:6])
    for name in ("Ada", "Ben", "Cal", "Dee"):
        tt("check-in", name)
    assert tt.json("check-in", "Eli", "--no-show")["checked_in"] is False
    tt.refused("check-in", "Nobody", match="no player named")
    res = tt("pair")
    assert "Eli" in res.stderr and "Fay" in res.stderr and "removed" in res.stderr
    names = {p["name"] for p in tt.json("players")}
    assert names == {"Ada", "Ben", "Cal", "Dee"}  # removed, not dropped 0-0 players
    assert {"Eli", "Fay"}.isdisjoint({s["player"] for s in tt.json("standings")})
    assert actions(tt).count("no-show") == 2
    tt.refused("check-in", "Ada", match="check-in is over")


def test_check_in_applies_to_a_round_entered_from_a_file(tt: Tt, tmp_path: Path) -> None:
    start(tt, ["Ada", "Ben", "Cal"])
    tt("check-in", "Ada")
    tt("check-in", "Ben")
    table = [{"table": 1, "player1": "Ada", "player2": "Ben"}]
    tt("pair", "--from", str(write_csv(tmp_path / "r1.csv", table)))
    assert [p["name"] for p in tt.json("players")] == ["Ada", "Ben"]


def test_check_in_is_optional(tt: Tt) -> None:
    start(tt, NAMES22[:4])
    tt("pair")
    assert len(tt.json("players")) == 4


def test_repair_asks_on_a_terminal(tt: Tt) -> None:
    """A real pseudo-terminal as stdin: `repair` lists the moves and asks; "n" changes
    nothing, "y" applies."""
    import os
    import pty
    import subprocess
    import sys

    from event_helpers import dump

    start(tt, NAMES22[:6])
    tt("pair")
    tt("drop", "Ada")
    before = dump(tt.path)

    def answer(reply: str) -> subprocess.CompletedProcess[str]:
        master, slave = pty.openpty()
        try:
            os.write(master, reply.encode() + b"\n")
            return subprocess.run(
                [sys.executable, "-m", "tt_organizer", "event", "repair"], stdin=slave,
                capture_output=True, text=True, timeout=120, check=False,
                env={**os.environ, "TT_EVENT": str(tt.path), "TT_ORGANIZER": "tester"})
        finally:
            os.close(master)
            os.close(slave)

    declined = answer("n")
    assert "taken apart" in declined.stdout and "Apply?" in declined.stdout
    assert declined.returncode == 1 and dump(tt.path) == before
    accepted = answer("y")
    assert accepted.returncode == 0 and "re-paired tables" in accepted.stdout
    assert "Ada" not in seats(tt.json("pairings"))
