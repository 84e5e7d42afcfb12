"""Edge cases of ``tt event``: odd settings and names, late entries, repair, the top cut, and
pairing quality end to end (click's runner, in process)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from event_helpers import Tt, dump

from tt_organizer.events import entering, event_standings, players, rounds, setup, store


@pytest.fixture
def tt(tmp_path: Path) -> Tt:
    return Tt(tmp_path / "event.sqlite")


def start(tt: Tt, names: list[str], *args: str) -> None:
    tt("create", "Review Cup", "--seed", "7", *args)
    for name in names:
        tt("register", name)


def report_all(tt: Tt, result: str = "2-0", *extra: str) -> None:
    for m in tt.json("pairings", *extra):
        assert isinstance(m, dict)
        if m["result"] is None:
            tt("report", str(m["table"]), result)


# --- create ----------------------------------------------------------------------------------


@pytest.mark.parametrize("args, match", [
    (("--points", "99999999999999999999,1,0,3"), "from 0 to 1000"),
    (("--seed", "99999999999999999999"), "--seed"),
    (("--seed", "-99999999999999999999"), "--seed"),
    (("--points", "1,2,0,1"), "loss ≤ draw ≤ win"),
    (("--points", "3,1,2,3"), "loss ≤ draw ≤ win"),
    (("--points", "3,1,0,9"), "bye worth no more than a win"),
])
def test_create_refuses_out_of_range_numbers(tt: Tt, args: tuple[str, ...], match: str) -> None:
    tt.refused("create", "X", *args, match=match)  # was an OverflowError traceback (exit 1)
    assert not tt.path.exists()


def test_create_accepts_sensible_points(tt: Tt) -> None:
    out = tt("create", "X", "--points", "2,1,1,2", "--seed", "0").stdout
    assert "points W2/D1/L1/bye 2" in out and "seed 0" in out


# --- names -----------------------------------------------------------------------------------


def test_register_refuses_control_characters_and_overlong_names(tt: Tt) -> None:
    tt("create", "X", "--seed", "1")
    tt.refused("register", "Evil\x1b[31mRed", match="control characters")
    tt.refused("register", "Nul\x00l", match="control characters")
    tt.refused("register", "x" * 101, match="at most 100 characters")
    tt.refused("register", "Ann", "--id", "BN\x07", match="control characters")
    tt.refused("register", " \t\n ", match="needs a name")
    # whitespace runs (tabs, newlines) become one space; odd but printable names are fine
    assert "#1 Tab Name" in tt("register", "Tab\tName\n").stdout
    assert "#2 =cmd" in tt("register", "=cmd").stdout
    assert "#3 Zoë 🐉" in tt("register", "Zoë 🐉").stdout
    tt("register", "x" * 100)
    assert [p["name"] for p in tt.json("players")][:2] == ["Tab Name", "=cmd"]  # type: ignore[index]


# --- late entries ----------------------------------------------------------------------------


def test_late_entry_refused_once_the_last_round_is_paired(tt: Tt) -> None:
    start(tt, ["Ann", "Ben", "Cat", "Dan"], "--rounds", "2")
    tt("pair")
    report_all(tt)
    tt("pair")
    tt.refused("late-entry", "Zed", match="all 2 Swiss rounds are paired")
    report_all(tt)
    tt.refused("late-entry", "Zed", match="all 2 Swiss rounds are paired")


def test_late_entry_in_the_round_before_the_last_still_plays(tt: Tt) -> None:
    start(tt, ["Ann", "Ben", "Cat", "Dan"], "--rounds", "2")
    tt("pair")
    assert "a loss for round(s) 1" in tt("late-entry", "Zed").stdout
    report_all(tt)
    tables = tt.json("pair")
    assert "Zed" in {n for m in tables for n in (m["player1"], m["player2"])}  # type: ignore[index]


# --- repair ----------------------------------------------------------------------------------


def test_repair_with_everyone_dropped_is_refused(tt: Tt) -> None:
    start(tt, ["Ann", "Ben"], "--rounds", "2")
    tt("pair")
    tt("drop", "Ann")
    tt("drop", "Ben")
    # was an IndexError traceback after the round's only table had been deleted (committed)
    tt.refused("repair", match="nobody is left to pair")
    assert len(tt.json("pairings")) == 1  # type: ignore[arg-type]
    tt("undrop", "Ann")
    assert tt.json("repair") == [{"table": 1, "player1": "Ann", "player2": None,
                                  "result": "bye"}]


def test_repair_after_a_seeded_first_round_moves_only_the_no_show_table(tt: Tt) -> None:
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    start(tt, names)
    paired = tt.json("pair", "--seeded")
    tt("drop", "Hal")
    repaired = tt.json("repair")
    hal = next(m for m in paired if "Hal" in (m["player1"], m["player2"]))
    partner = hal["player1"] if hal["player2"] == "Hal" else hal["player2"]
    # every other table as paired; Hal's opponent gets the bye (nobody had one yet), at
    # Hal's table when that was the last one, else after the last
    bye_table = len(paired) + (hal["table"] != len(paired))
    assert repaired == [m for m in paired if m is not hal] + [
        {"table": bye_table, "player1": partner, "player2": None, "result": "bye"}]


def test_drop_before_the_first_round_says_so(tt: Tt) -> None:
    start(tt, ["Ann", "Ben"])
    assert "Dropped Ann before round 1" in tt("drop", "Ann").stdout


# --- the top cut ---------------------------------------------------------------------------


@pytest.fixture
def in_top_cut(tt: Tt) -> Tt:
    start(tt, ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"], "--rounds", "1", "--top-cut", "4")
    tt("pair")
    report_all(tt, "2-1")
    tt("top-cut")
    return tt


def test_report_hint_in_the_top_cut_names_the_top_cut_flag(in_top_cut: Tt) -> None:
    tt = in_top_cut
    tt("report", "1", "2-0")
    err = tt.refused("report", "1", "0-2", match="tt event correct 1 1 RESULT --top-cut")
    assert "already reported as 2-0" in err


def test_swiss_correction_after_the_top_cut_is_seeded_needs_override(in_top_cut: Tt) -> None:
    tt = in_top_cut
    tt.refused("correct", "1", "1", "0-2", match="needs --override")
    assert "(override)" in tt("correct", "1", "1", "0-2", "--override").stdout


def test_dropped_player_in_the_top_cut_concedes(in_top_cut: Tt) -> None:
    tt = in_top_cut
    table = tt.json("pairings", "--top-cut")[0]  # type: ignore[index]
    p1, p2 = table["player1"], table["player2"]
    res = tt("drop", p1)
    assert "during top-cut round 1" in res.stdout
    assert "as a loss for them" in res.stderr and "repair" not in res.stderr
    tt.refused("report", "1", "2-0", match="cannot advance")
    tt("report", "1", "0-2")
    tt.refused("correct", "1", "1", "2-1", "--top-cut", match="cannot advance")
    report_all(tt, "2-0", "--top-cut")
    final = tt.json("top-cut")["pairings"]  # type: ignore[index]
    assert p2 in (final[0]["player1"], final[0]["player2"])
    assert p1 not in (final[0]["player1"], final[0]["player2"])


def test_top_cut_of_16_with_17_players(tt: Tt) -> None:
    names = [f"P{i:02d}" for i in range(17)]
    start(tt, names, "--rounds", "2", "--top-cut", "16")
    for _ in range(2):
        tt("pair")
        report_all(tt, "2-1")
    first = tt.json("top-cut")
    assert len(first["pairings"]) == 8  # type: ignore[index]
    seeds = [s["player"] for s in tt.json("standings")][:16]  # type: ignore[index]
    assert (first["pairings"][0]["player1"], first["pairings"][0]["player2"]) == (  # type: ignore[index]
        seeds[0], seeds[15])


# --- pairing quality, end to end ------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_33_players_with_drops_pairs_well(tt: Tt, seed: int) -> None:
    rng = random.Random(seed)
    tt("create", "Big Cup", "--seed", str(seed))
    names = [f"P{i:02d}" for i in range(33)]
    for n in names:
        tt("register", n)
    met: dict[str, set[str]] = {n: set() for n in names}
    had_bye: set[str] = set()
    dropped: set[str] = set()
    results = ["2-0", "2-1", "1-2", "0-2", "1-1-1", "draw", "double-loss", "1-0"]
    for rnd in range(1, 6):
        before = {s["player"]: s for s in tt.json("standings")}  # type: ignore[union-attr]
        tables = tt.json("pair")
        assert isinstance(tables, list)
        seated = [n for m in tables for n in (m["player1"], m["player2"]) if n is not None]
        active = [n for n in names if n not in dropped]
        assert sorted(seated) == sorted(active), rnd  # everyone active, nobody dropped
        for m in tables:
            a, b = m["player1"], m["player2"]
            if b is None:
                assert a not in had_bye, (rnd, a)  # enough players never had one
                lowest = min(before[n]["points"] for n in active if n not in had_bye)
                assert before[a]["points"] == lowest, (rnd, a)
                had_bye.add(a)
                continue
            assert b not in met[a], (rnd, a, b)  # 33 players: never a rematch
            met[a].add(b)
            met[b].add(a)
            tt("report", str(m["table"]), rng.choice(results))
        for _ in range(rng.randint(1, 3)):
            gone = rng.choice(sorted(set(names) - dropped))
            tt("drop", gone)
            dropped.add(gone)
    table = tt.json("standings")
    assert isinstance(table, list) and len(table) == 33
    assert {s["player"] for s in table if s["dropped"]} == dropped
    # standings from a snapshot of the file equal the command's
    with store.connect(tt.path) as conn:
        again = event_standings.standings(conn)
    assert [s.rank for s in again] == [s["rank"] for s in table]


def test_pairings_before_anything_is_paired(tt: Tt) -> None:
    start(tt, ["Ann", "Ben"])
    tt.refused("pairings", match="no round is paired yet")
    tt.refused("pairings", "--top-cut", match="the top cut has not started")


def test_top_cut_larger_than_the_active_field_is_refused_clearly(tt: Tt) -> None:
    start(tt, ["Ann", "Ben", "Cat", "Dan"], "--rounds", "1", "--top-cut", "4")
    tt("pair")
    report_all(tt)
    tt("drop", "Ann")
    tt.refused("top-cut", match="only 3 active players for a top 4; undrop players")
    tt("undrop", "Ann")
    assert len(tt.json("top-cut")["pairings"]) == 2  # type: ignore[index]


def test_snapshot_standings_equal_the_database_standings_best_of_one(tmp_path: Path) -> None:
    """A best-of-one bye counts one won game (not two) in GW%, from a snapshot too."""
    path = tmp_path / "b1.sqlite"
    setup.create_event(path, "B1", best_of=1, seed=3)
    with store.connect(path) as conn:
        for name in "ABCDE":
            players.register_player(conn, name)
        for _ in range(2):
            for m in rounds.pair_next_round(conn):
                if m.player2 is not None:
                    entering.report_result(conn, m.table, "0-1")
        live = event_standings.standings(conn)
        live_r1 = event_standings.standings(conn, 1)
    snap = store.load_snapshot(path)
    assert event_standings.snapshot_standings(snap) == live
    assert event_standings.snapshot_standings(snap, 1) == live_r1
    bye_and_game = [s for s in live if s.byes == 1 and s.rounds_played == 2]
    assert bye_and_game and all(s.gw in (1.0, 0.5) for s in bye_and_game)


def test_repair_with_every_table_reported_is_refused(tt: Tt) -> None:
    start(tt, ["Ann", "Ben", "Cat"])
    tt("pair")
    report_all(tt)  # two tables: a result and the bye
    tt.refused("repair", match="no unreported pairing to redo")  # was a logged no-op
    bye = next(m for m in tt.json("pairings") if m["player2"] is None)  # type: ignore[union-attr]
    tt("drop", bye["player1"])  # type: ignore[index]
    # a dropped player's bye is thrown away (they did not play), as before
    assert [m["player2"] for m in tt.json("repair")] != [None, None]  # type: ignore[index]


def test_create_losing_a_race_refuses_and_keeps_the_winner(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """Two `create` commands at once: the one that checks first but locks second must not
    touch the other's event (it used to fail with a raw SQLite error)."""
    from tt_organizer.errors import EventError

    path = tmp_path / "race.sqlite"
    setup.create_event(path, "Winner", seed=1)
    before = dump(path)
    real_exists = Path.exists
    monkeypatch.setattr(Path, "exists", lambda self: False if self == path else real_exists(self))
    with pytest.raises(EventError, match="file exists"):
        setup.create_event(path, "Loser", seed=2)
    monkeypatch.undo()
    assert dump(path) == before
    assert store.load_snapshot(path).settings.name == "Winner"
