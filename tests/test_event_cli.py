"""``tt event`` end to end through the command line (click's runner, in process)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from event_helpers import Tt, dump

from tt_organizer.cli.main import cli

FIXTURES = Path(__file__).parent / "fixtures" / "events"
LEGAL = str(FIXTURES / "legal_red.txt")
ILLEGAL = str(FIXTURES / "illegal_short.txt")
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]






@pytest.fixture
def tt(tmp_path: Path) -> Tt:
    return Tt(tmp_path / "event.sqlite")


def test_eight_player_event(tt: Tt) -> None:
    out = tt("create", "Friday Cup", "--seed", "2026", "--best-of", "3").stdout
    assert "Created event Friday Cup" in out and "seed 2026" in out
    for name in NAMES:
        assert "legal" in tt("register", name, "--deck", LEGAL).stdout
    err = tt("register", "ann", code=2).stderr
    assert "error: ann: already registered" in err
    players = tt.json("players")
    assert [p["name"] for p in players] == NAMES  # type: ignore[union-attr]
    for rnd in (1, 2, 3):
        out = tt("pair").stdout
        assert f"Round {rnd} of 3" in out
        pairings = tt.json("pairings")
        assert isinstance(pairings, list) and len(pairings) == 4
        assert set(pairings[0]) == {"table", "player1", "player2", "result"}
        assert all(p["result"] is None for p in pairings)
        assert "missing" in tt("status").stdout
        for i, p in enumerate(pairings, 1):
            res = ("2-0", "2-1", "1-2", "0-2")[i % 4]
            tt("report", str(p["table"]), res, "--winners",
               {"2-0": "P1,P1", "2-1": "P1,P2,P1", "1-2": "P2,P1,P2", "0-2": "P2,P2"}[res])
        assert all(p["result"] for p in tt.json("pairings"))  # type: ignore[union-attr]
    standings = tt.json("standings")
    assert isinstance(standings, list) and len(standings) == 8
    assert set(standings[0]) == {"rank", "player", "points", "wins", "losses", "draws", "omw",
                                 "oomw", "gw", "dropped", "ogw", "tiebreakers"}
    assert list(standings[0]["tiebreakers"]) == ["omw", "oomw", "gw"]  # in use, in order
    assert standings[0]["points"] == 9
    assert all(0 <= s[k] <= 1 for s in standings for k in ("omw", "oomw", "gw"))
    assert [s["rank"] for s in standings] == list(range(1, 9))
    assert "Standings after round 3" in tt("standings").stdout
    r1 = tt.json("pairings", "--round", "1")
    assert len(r1) == 4  # type: ignore[arg-type]
    tt("pair", code=2)
    assert "no top cut" in tt("top-cut", code=2).stderr
    log = tt.json("log")
    assert isinstance(log, list)
    assert [e["action"] for e in log].count("report") == 12
    assert {e["actor"] for e in log} == {"tester"}
    assert "3/3" not in tt("status").stdout and "4/4 tables reported" in tt("status").stdout


def test_bad_input_exit_2_and_unchanged(tt: Tt, tmp_path: Path) -> None:
    tt("create", "Cup", "--seed", "1")
    for name in NAMES[:4]:
        tt("register", name)
    assert "not legal" in tt("register", "Zed", "--deck", ILLEGAL, code=2).stderr
    tt("pair")
    tt("report", "1", "2-0")
    before = dump(tt.path)
    for args, message in [
        (("report", "5", "2-0"), "no table 5 in round 1"),
        (("report", "1", "0-2"), "already reported"),
        (("report", "2", "2-2"), "does not fit best-of-3"),
        (("report", "2", "2-0", "--first", "P1"), "--first lists 1 game"),
        (("report", "2", "2-0", "--round", "2"), "not the current round"),
        (("pair",), "misses results for table(s) 2"),
        (("register", "Late"), "late-entry"),
        (("drop", "Nobody"), "no player named"),
        (("correct", "1", "2", "2-0"), "not reported yet"),
        (("pairings", "--round", "4"), "not paired"),
    ]:
        assert message in tt(*args, code=2).stderr, args
    assert dump(tt.path) == before
    tt("report", code=2)  # TABLE and RESULT needed without --from
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database")
    r = CliRunner().invoke(cli, ["event", "status", "--event", str(junk)])
    assert r.exit_code == 2 and "not an event database" in r.stderr
    r = CliRunner().invoke(cli, ["event", "status", "--event", str(tmp_path / "none.sqlite")])
    assert r.exit_code == 2 and "no event database" in r.stderr


def test_correct_repair_drop_late_entry(tt: Tt) -> None:
    tt("create", "Cup", "--seed", "3", "--rounds", "3")
    for name in NAMES:
        tt("register", name, "--deck", LEGAL, "--id", f"ID-{name}")
    tt("pair", "--seeded")
    for t in range(1, 5):
        tt("report", str(t), "2-1")
    tt("pair")
    out = tt("correct", "1", "2", "0-2", "--winners", "P2,P2", "--turns", "6,7").stdout
    assert "corrected 2-1 → 0-2" in out
    pairings = tt.json("pairings")
    absent = pairings[0]["player2"]  # type: ignore[index]
    tt("report", "2", "2-0")
    out = tt("drop", absent)
    assert "Dropped" in out.stdout and "repair" in out.stderr
    assert "re-paired" in tt("repair").stdout
    now = tt.json("pairings")
    assert absent not in [p[k] for p in now for k in ("player1", "player2")]  # type: ignore[union-attr]
    assert any(p["player2"] is None and p["result"] == "bye" for p in now)  # type: ignore[union-attr]
    out = tt("late-entry", "Ivy").stdout  # round 2 has a bye: Ivy plays its player
    assert "late entry, a loss for round(s) 1; seated at table 5 of round 2 (it was the " \
        "bye)" in out and "table 0" not in out
    tt("undrop", "--id", f"ID-{absent}")
    for p in tt.json("pairings"):  # type: ignore[union-attr]
        if p["result"] is None:
            tt("report", str(p["table"]), "1-1-1")
    tt("pair")
    refused = tt("correct", "1", "3", "2-0", code=2).stderr  # the CLI's advice, from the hint
    assert "closed for corrections (round 3 is paired); use --override to correct it anyway " \
        "(logged)" in refused
    assert "(override)" in tt("correct", "1", "3", "2-0", "--override").stdout
    actions = [e["action"] for e in tt.json("log")]  # type: ignore[union-attr]
    for action in ("create", "register", "deck", "pair", "report", "correct", "drop", "repair",
                   "late-entry", "undrop"):
        assert action in actions, action
    players = {p["name"]: p for p in tt.json("players")}  # type: ignore[union-attr]
    assert players["Ivy"]["late_entry_round"] == 2 and not players[absent]["dropped"]
    status = tt.json("status")
    assert status["round"] == 3 and status["active"] == 9  # type: ignore[index]


def test_top_cut_cli(tt: Tt) -> None:
    tt("create", "Big", "--seed", "8", "--rounds", "1", "--top-cut", "4", "--best-of", "1")
    for name in NAMES:
        tt("register", name)
    tt("pair")
    for t in range(1, 5):
        tt("report", str(t), "1-0")
    assert "semi-final" in tt("top-cut").stdout
    tt("report", "1", "draw", code=2)
    tt("report", "1", "1-0")
    tt("report", "2", "0-1")
    assert ": final" in tt("top-cut").stdout
    tt("report", "1", "0-1")
    assert "wins the event" in tt("top-cut").stdout
    assert tt.json("status")["champion"]  # type: ignore[index]
    assert len(tt.json("pairings", "--top-cut", "--round", "1")) == 2  # type: ignore[arg-type]


# --- spreadsheets (the reader functions are another module's; faked here) --------------------


@dataclass
class FakeRegistration:
    row: int
    name: str
    ext_id: str | None = None
    deck_text: str | None = None
    deck_path: str | None = None
    refusal: object = None  # a row refused alone (an id on another player's row)


@dataclass
class FakeResult:
    row: int
    round: int
    table: int
    result: str
    first: list[str] | None = None
    winners: list[str] | None = None
    turns: list[int] | None = None


def fake_importing(monkeypatch: pytest.MonkeyPatch, registrations: list[FakeRegistration],
                   results: list[FakeResult]) -> None:
    from tt_organizer.events import sheet_import

    monkeypatch.setattr(sheet_import, "read_registrations", lambda path: registrations)
    monkeypatch.setattr(sheet_import, "read_results", lambda path, snapshot: results)


def test_register_and_report_from_sheet(tt: Tt, monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path) -> None:
    tt("create", "Sheet Cup", "--seed", "4")
    tt("register", "Ann")
    regs = [
        FakeRegistration(2, "Ben", "B-2", deck_path=LEGAL),
        FakeRegistration(3, "Cat", None, deck_text=Path(LEGAL).read_text()),
        FakeRegistration(4, "ann"),  # registered already, and no deck given: unchanged
        FakeRegistration(5, "Dan", deck_path=ILLEGAL),  # illegal: refused
        FakeRegistration(6, "Eve"),
    ]
    fake_importing(monkeypatch, regs, [])
    out = tt("register", "--from", str(tmp_path / "signup.xlsx"), code=1).stdout
    assert "row 2: legal" in out and "row 3: legal" in out and "row 6: no deck" in out
    assert "row 4: unchanged — #1 Ann" in out and "row 5: refused" in out
    assert "3 new, 0 updated, 1 unchanged, 1 refused" in out
    assert [p["name"] for p in tt.json("players")] == ["Ann", "Ben", "Cat", "Eve"]  # type: ignore[union-attr]
    tt("pair")
    tables = [p["table"] for p in tt.json("pairings")]  # type: ignore[union-attr]
    bad = [FakeResult(2, 1, tables[0], "2-1", winners=["P1", "P2", "P1"], turns=[5, 6, 7]),
           FakeResult(3, 1, tables[1], "5-0")]
    fake_importing(monkeypatch, [], bad)
    before = dump(tt.path)
    err = tt("report", "--from", str(tmp_path / "results.xlsx"), code=2).stderr
    assert "nothing recorded" in err and "row 3:" in err and "row 2" not in err
    assert dump(tt.path) == before
    good = [bad[0], FakeResult(3, 1, tables[1], "0-2")]
    fake_importing(monkeypatch, [], good)
    assert "Recorded 2 result(s)" in tt("report", "--from", "results.xlsx").stdout
    assert [p["result"] for p in tt.json("pairings")] == ["2-1", "0-2"]  # type: ignore[union-attr]


def test_top_cut_seats_the_better_seed_as_player_1(tt: Tt) -> None:
    """Issue 26 item 10: every underdog wins its quarter-final (8, 5, 7 and 6 go through);
    in the semi-finals the better seeds, 5 and 6, sit as player 1 (before: 8 v 5, 7 v 6)."""
    tt("create", "Eight", "--seed", "3", "--rounds", "1", "--top-cut", "8", "--best-of", "1")
    for name in NAMES[:8]:
        tt("register", name)
    tt("pair")
    for t in range(1, 5):
        tt("report", str(t), "1-0")
    seed = {row["player"]: row["rank"] for row in tt.json("standings")}
    quarter = tt.json("top-cut")["pairings"]
    assert [(seed[p["player1"]], seed[p["player2"]]) for p in quarter] == [
        (1, 8), (4, 5), (2, 7), (3, 6)]
    for t in range(1, 5):
        tt("report", str(t), "0-1")
    semi = tt.json("top-cut")["pairings"]
    assert [(seed[p["player1"]], seed[p["player2"]]) for p in semi] == [(5, 8), (6, 7)]
    tt("report", "1", "0-1")  # 8 beats 5
    tt("report", "2", "1-0")  # 6 beats 7
    paired = tt.json("top-cut")
    assert set(paired) == {"champion", "round", "pairings"}  # the shape docs/events.md gives
    assert paired["champion"] is None and paired["round"] == 3
    final = paired["pairings"]
    assert [(seed[p["player1"]], seed[p["player2"]]) for p in final] == [(6, 8)]
    assert set(final[0]) == {"table", "player1", "player2", "result"}
    tt("report", "1", "1-0")
    assert tt.json("top-cut") == {"champion": final[0]["player1"], "pairings": []}


def test_a_correction_that_changes_nothing_is_refused_and_not_logged(tt: Tt) -> None:
    """Issue 26 item 9: ``correct 1 3 1-2 --override`` on a table already 1-2 (two rounds
    paired on it since) is refused, names the result, and leaves the file (log included)
    as it was; a real correction still goes through."""
    tt("create", "Cup", "--seed", "5", "--rounds", "4", "--top-cut", "0")
    for name in NAMES:
        tt("register", name)
    for _ in range(3):
        tt("pair")
        for t in range(1, 5):
            tt("report", str(t), "1-2" if t == 3 else "2-0")
    err = tt.refused("correct", "1", "3", "1-2", "--override", match="table 3 is already 1-2")
    assert "paired on" not in err
    tt.refused("correct", "1", "3", "1-2-0", "--override", match="table 3 is already 1-2")
    tt.refused("correct", "3", "3", "1-2", match="table 3 is already 1-2")  # no override needed
    fixed = tt.json("correct", "1", "3", "2-1", "--override")
    assert fixed["result"] == "2-1"


def test_a_refused_sign_up_names_the_card_and_its_suggestion(tt: Tt, tmp_path: Path) -> None:
    """Issue 26 item 8: a sheet row whose deck holds ``BT13-909 Huckmon`` is refused naming
    the number and suggesting BT13-009 Huckmon first (not only ``UNKNOWN_CARD``)."""
    import csv

    tt("create", "Cup", "--seed", "1")
    sheet = tmp_path / "signup.csv"
    with sheet.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows([["Name", "Decklist"],
                                 ["Ann", "4 BT13-909 Huckmon\n4 BT1-010 Agumon"]])
    out = tt("register", "--from", str(sheet), code=1).stdout
    assert "UNKNOWN_CARD" in out
    assert "BT13-909 is not a known card number; closest known: BT13-009 Huckmon," in out
    rows = tt.runner.invoke(cli, ["event", "register", "--from", str(sheet), "--json"],
                            env={"TT_EVENT": str(tt.path)})
    assert "closest known: BT13-009 Huckmon" in rows.stdout
