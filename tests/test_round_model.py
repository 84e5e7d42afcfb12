"""The round read model (``events/paired_rounds.py``): what pairing, entering, showing,
changing and repairing a round return -- each table with both names, points before the round
and a rematch flag; who was set aside at check-in and why; who has no deck; stale sheets; the
warnings as codes with their parameters -- and that ``to_json()`` is the JSON the command line
has always printed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from tt_organizer import i18n
from tt_organizer.events import (
    check_in,
    entering,
    event_standings,
    manual,
    paired_rounds,
    players,
    rounds,
    setup,
    store,
    topcut,
    views,
)
from tt_organizer.events.event_standings import points_before
from tt_organizer.events.notices import Notice
from tt_organizer.events.store import Connection
from tt_organizer.messages import WORDS

NAMES = ("Ana", "Beto", "Carla", "Dani", "Eva", "Fede")


@pytest.fixture
def stack() -> Iterator[ExitStack]:
    with ExitStack() as s:
        yield s


def _event(stack: ExitStack, path: Path, names: tuple[str, ...] = NAMES, rounds_: int = 3,
           top_cut: int = 0) -> Connection:
    setup.create_event(path, "Cup", seed=5, rounds=rounds_, top_cut=top_cut)
    conn = stack.enter_context(store.connect(path))
    for name in names:
        players.register_player(conn, name)
    return conn


def _report_all(conn: Connection, results: tuple[str, ...] = ("2-0", "0-2", "2-1")) -> None:
    rnd = store.current_round(conn)
    for k, m in enumerate(views.round_matches(conn, rnd)):
        if m.player2 is not None and m.result is None:
            entering.report_result(conn, m.table, results[k % len(results)])


def _codes(notices: list[Notice]) -> list[str]:
    return [n.code for n in notices]


def test_round_one_says_who_was_set_aside_and_why_and_who_has_no_deck(
        tmp_path: Path, stack: ExitStack) -> None:
    conn = _event(stack, tmp_path / "e.sqlite", (*NAMES, "Gabi"))
    check_in.check_in(conn, ["Ana", "Beto", "Carla", "Dani", "Eva"])
    check_in.check_in(conn, ["Fede"], no_show=True)  # Gabi: not checked in at all
    paired = rounds.pair(conn)
    assert (paired.what, paired.stage, paired.round, paired.total) == ("paired", "swiss", 1, 3)
    assert {(p.name, p.reason) for p in paired.set_aside} == {
        ("Fede", "no-show"), ("Gabi", "not-checked-in")}
    assert paired.no_deck == ["Ana", "Beto", "Carla", "Dani", "Eva"]  # nobody gave a deck
    assert _codes(paired.notices) == ["round-set-aside", "round-no-deck"]
    aside = next(n for n in paired.notices if n.code == "round-set-aside")
    assert str(aside) == ("removed before round 1 (not checked in; set aside): 2 player(s): "
                          "Fede, Gabi")
    assert str(paired.notices[1]) == ("no deck: 5 player(s) play without a registered deck: "
                                      "Ana, Beto, Carla, Dani, Eva")
    # five players: two tables and the bye, every point 0 before round 1
    assert len(paired.tables) == 3 and [t.bye for t in paired.tables].count(True) == 1
    assert paired.byes[0].points2 is None and paired.byes[0].name2 is None
    assert {t.points1 for t in paired.tables} == {0}
    assert not paired.stale_sheets and not paired.rematches
    assert paired.to_json() == views.pairings_json(conn)  # today's JSON, exactly


def test_an_unavoidable_rematch_is_flagged_with_its_table(tmp_path: Path, stack: ExitStack) -> None:
    conn = _event(stack, tmp_path / "e.sqlite", ("Ana", "Beto"), rounds_=2)
    first = rounds.pair(conn)
    assert not first.rematches and "round-rematch" not in _codes(first.notices)
    _report_all(conn, ("2-1",))
    second = rounds.pair(conn)
    assert second.rematches == [1] and second.tables[0].rematch
    rematch = next(n for n in second.notices if n.code == "round-rematch")
    assert rematch.params["tables"] == "1"
    assert str(rematch) == "rematch at table(s) 1 (these players met before)"
    # the winner of round 1 has 3 points before round 2, the loser 0
    winner = first.tables[0].player1
    table = second.tables[0]
    points = {table.player1: table.points1, table.player2: table.points2}
    assert points[winner] == 3 and sorted(v for v in points.values() if v is not None) == [0, 3]


def test_points_before_are_the_standings_points_of_the_round_before(
        tmp_path: Path, stack: ExitStack) -> None:
    conn = _event(stack, tmp_path / "e.sqlite", (*NAMES, "Gabi"))  # 7: a bye each round
    rounds.pair(conn)
    _report_all(conn, ("2-0", "1-1", "0-2"))
    rounds.pair(conn)
    _report_all(conn, ("2-1", "0-2"))
    third = rounds.pair(conn)
    after_two = {s.player: s.points for s in event_standings.standings(conn, 2)}
    for t in third.tables:
        assert t.points1 == after_two[t.player1]
        if t.player2 is not None:
            assert t.points2 == after_two[t.player2]
    assert set(after_two.values()) != {0}  # a test that can tell a sum from zeros
    # the same sum, from the stored matches, as the sheets and the workbook print it
    every = store.read_matches(conn)
    settings = store.read_settings(conn).scoring()
    assert {p: v for p, v in points_before(every, settings, 3).items() if v} == {
        p: v for p, v in after_two.items() if v}
    assert points_before(every, settings, 1) == {}
    shown = paired_rounds.shown_round(conn)
    assert [(t.points1, t.points2) for t in shown.tables] == [
        (t.points1, t.points2) for t in third.tables]


def test_a_change_by_hand_says_rematch_unpaired_and_stale_sheets(
        tmp_path: Path, stack: ExitStack) -> None:
    conn = _event(stack, tmp_path / "e.sqlite", ("Ana", "Beto", "Carla", "Dani"))
    first = rounds.pair(conn)
    _report_all(conn)
    second = rounds.pair(conn)
    assert not second.rematches
    a, b = first.tables[0].name1, first.tables[0].name2
    assert b is not None
    at = next(t.table for t in second.tables if a in (t.name1, t.name2))
    changed = rounds.change_round(conn, manual.set_table(conn, at, a, b))
    assert changed.what == "changed" and changed.stale_sheets
    assert changed.rematches == [at]
    assert _codes(changed.notices) == ["round-rematch", "round-unpaired",
                                       "round-sheets-stale"]
    assert changed.unpaired and all(n not in (a, b) for n in changed.unpaired)
    shape = changed.to_json()
    assert list(shape) == ["round", "changed", "removed", "unpaired", "before",
                           "withdrawn_reports"]
    assert shape["changed"][0] == {"table": at, "player1": a, "player2": b, "result": None}
    # the round as shown now: the unpaired players are said, the rematch is not repeated
    shown = paired_rounds.shown_round(conn)
    assert _codes(shown.notices) == ["round-unpaired"] and shown.rematches == [at]


def test_repair_plans_without_changing_then_applies(tmp_path: Path, stack: ExitStack) -> None:
    path = tmp_path / "e.sqlite"
    conn = _event(stack, path)
    rounds.pair(conn)
    _report_all(conn)
    paired = rounds.pair(conn)
    leaver = paired.tables[1].name1
    players.drop(conn, leaver)
    before = views.pairings_json(conn)
    plan = rounds.repair_round(conn, dry_run=True)
    assert views.pairings_json(conn) == before  # nothing changed
    assert plan.what == "repaired" and leaver in [t.name1 for t in plan.before]
    done = rounds.repair_round(conn)
    assert [t.to_json() for t in done.tables] == [t.to_json() for t in plan.tables]
    assert done.to_json() == views.pairings_json(conn)  # the whole round, as before
    assert all(leaver not in (t.name1, t.name2) for t in done.whole)
    assert done.unchanged == len(done.whole) - len(done.tables)
    assert _codes(done.notices)[-1] == "round-sheets-stale"


def test_a_round_entered_from_a_file_flags_the_files_rematch(
        tmp_path: Path, stack: ExitStack) -> None:
    conn = _event(stack, tmp_path / "e.sqlite", ("Ana", "Beto", "Carla", "Dani"))
    rounds.pair(conn)
    _report_all(conn)
    first = views.pairings_json(conn, 1)
    again = tmp_path / "r2.csv"
    again.write_text("Table,Player 1,Player 2\n" + "".join(
        f"{t['table']},{t['player1']},{t['player2']}\n" for t in first), encoding="utf-8")
    entered = rounds.pair_from_file(conn, str(again))
    assert entered.what == "entered" and entered.source == str(again)
    assert entered.rematches == [1, 2]
    assert "round-rematch-entered" in _codes(entered.notices)
    assert entered.to_json() == views.pairings_json(conn)


def test_a_top_cut_round_has_its_name_and_the_final_swiss_points(tmp_path: Path,
                                                                  stack: ExitStack) -> None:
    conn = _event(stack, tmp_path / "e.sqlite", NAMES[:4], rounds_=1, top_cut=4)
    rounds.pair(conn)
    _report_all(conn, ("2-0",))
    topcut.advance_top_cut(conn)
    shown = paired_rounds.shown_round(conn, top_cut=True)
    assert shown.stage == "top-cut" and shown.total is None
    assert shown.round_name(shown=False) == "semi-final"
    assert sorted(p for t in shown.tables for p in (t.points1, t.points2)
                  if p is not None) == [0, 0, 3, 3]
    assert not shown.rematches  # the bracket may pair players who met: never flagged


def test_every_warning_is_worded_in_the_catalog_and_in_the_readers_language() -> None:
    notice = Notice("round-sheets-stale", {"round": 4})
    assert str(notice) == WORDS["round-sheets-stale"].format(round=4)
    with i18n.using("es"):
        assert notice.shown() != str(notice) and "4" in notice.shown()
