"""The result-change read model (tt_organizer.events.result_changes): what ``report``,
``correct``, ``unreport`` and the console's entry return — the table, the names, the old and
new result, the winner, the tables left, the rounds paired on the old result, the phone
reports withdrawn — and that its ``to_json()`` is exactly what the commands print."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.serve_helpers import new_event
from tt_organizer.cli.main import cli
from tt_organizer.errors import TTError
from tt_organizer.events import phone_reports, result_changes, rounds, store
from tt_organizer.i18n import using

NAMES = ("Ana", "Bob", "Cid", "Dee")
FIVE = (*NAMES, "Eve")  # table 3 is the bye


def _event(tmp_path: Path) -> Path:
    return new_event(tmp_path / "ev.sqlite", NAMES)


def _tables(path: Path) -> dict[int, tuple[str, str | None]]:
    with store.connect(path) as conn:
        names = store.player_names(conn)
        return {m.table: (names[m.player1], names.get(m.player2 or 0))
                for m in store.read_matches(conn, "swiss", store.current_round(conn))}


def _cli_json(path: Path, *args: str) -> dict[str, object]:
    result = CliRunner().invoke(cli, ["event", *args, "--json", "--event", str(path)])
    assert result.exit_code == 0, result.output
    out: dict[str, object] = json.loads(result.stdout)
    return out


def test_a_report_says_table_names_winner_and_tables_left(tmp_path: Path) -> None:
    path = _event(tmp_path)
    (p1, p2), _other = _tables(path)[1], _tables(path)[2]
    with store.connect(path) as conn:
        change = result_changes.report(conn, 1, "2-1")
    assert change.action == "report" and change.result == "2-1"
    assert (change.name(change.match.player1), change.name(change.match.player2)) == (p1, p2)
    assert change.winner == p1
    assert change.missing_tables == (2,)
    assert change.summary() == f"Table 1: {p1} 2-1 {p2}"
    assert change.notices == [] and change.withdrawn == ()
    with store.connect(path) as conn:
        last = result_changes.report(conn, 2, "1-2")
    assert last.missing_tables == () and last.winner == _tables(path)[2][1]


def test_report_by_winner_name_counts_from_their_side(tmp_path: Path) -> None:
    path = _event(tmp_path)
    _p1, p2 = _tables(path)[1]
    assert p2 is not None
    with store.connect(path) as conn:
        change = result_changes.report(conn, 1, "2-1", winner=p2)
    assert change.result == "1-2" and change.winner == p2


def test_to_json_is_what_the_command_prints(tmp_path: Path) -> None:
    """The same report through the library and through ``tt event report --json`` (two
    copies of one file): the same JSON, field for field."""
    path = _event(tmp_path)
    copy = tmp_path / "copy.sqlite"
    shutil.copyfile(path, copy)
    with store.connect(path) as conn:
        change = result_changes.report(conn, 1, "2-0", first="P1,P2")
    assert change.to_json() == _cli_json(copy, "report", "1", "2-0", "--first", "P1,P2")
    with store.connect(path) as conn:
        fixed = result_changes.correct(conn, 1, 1, "2-1")
    assert fixed.to_json() == _cli_json(copy, "correct", "1", "1", "2-1")
    with store.connect(path) as conn:
        cleared = result_changes.unreport(conn, 1, 1)
    assert cleared.to_json() == _cli_json(copy, "unreport", "1", "1")
    assert cleared.to_json()["cleared"] is True and cleared.result == "2-1"  # as it was


def test_a_correction_names_the_old_result_and_the_rounds_paired_on_it(tmp_path: Path) -> None:
    path = _event(tmp_path)
    with store.connect(path) as conn:
        result_changes.report(conn, 1, "2-0")
        result_changes.report(conn, 2, "2-0")
        fixed = result_changes.correct(conn, 1, 1, "2-1")
        assert fixed.paired_on == () and fixed.notices == []  # nothing paired on it yet
        rounds.pair_next_round(conn)
        again = result_changes.correct(conn, 1, 1, "0-2")
    assert again.action == "correct" and again.old_result == "2-1" and again.result == "0-2"
    assert again.to_json()["paired_on_old_result"] == ["round 2"]
    [warning] = again.notices
    assert warning.code == "paired-on-old-result"
    assert str(warning) == ("round 2 was paired on the old result 2-1; those pairings stay as "
                            "they are")
    with using("es"):
        assert "ronda 2" in warning.shown()


def test_the_phone_reports_a_change_withdrew_are_part_of_its_answer(tmp_path: Path) -> None:
    path = _event(tmp_path)
    with store.connect(path) as conn:
        m = store.read_matches(conn, "swiss", 1, 1)[0]
        reporter = store.player_names(conn)[m.player2 or 0]
        phone_reports.submit_report(conn, m.player2 or 0, "0-2")
        change = result_changes.report(conn, 1, "2-0")
    [gone] = change.withdrawn
    assert gone.reporter == reporter and gone.report.status == "pending"
    assert change.to_json()["withdrawn_reports"] == [
        {"stage": "swiss", "round": 1, "table": 1, "reporter": reporter, "result": "0-2",
         "was": "pending"}]
    assert [str(n) for n in change.notices] == [
        f"withdrew the phone report of table 1 of round 1 ({reporter} reported 0-2): the "
        "table changed; its players report again"]


def test_the_console_entry_settles_a_dispute_then_corrects(tmp_path: Path) -> None:
    path = _event(tmp_path)
    with store.connect(path) as conn:
        m = store.read_matches(conn, "swiss", 1, 1)[0]
        phone_reports.submit_report(conn, m.player1, "2-0")
        phone_reports.answer_report(conn, m.player2 or 0, agree=False, counter="0-2")
        entered = result_changes.desk_result(conn, 1, "2-1")
        assert entered.action == "report" and entered.settled is not None
        assert entered.settled.status == "disputed" and entered.missing_tables == (2,)
        fixed = result_changes.desk_result(conn, 1, "1-2")
    assert fixed.action == "correct" and fixed.old_result == "2-1" and fixed.result == "1-2"
    assert fixed.settled is None


@pytest.mark.parametrize("table,result", [(1, "5-0"), (9, "2-0"), (3, "2-0")])
def test_a_refused_report_is_the_same_refusal_from_the_cli_and_the_console(
        tmp_path: Path, table: int, result: str) -> None:
    """Both front ends make the same library call: the same code and the same words (a bye
    too: the console once called it "nothing to correct")."""
    path = new_event(tmp_path / "ev.sqlite", FIVE)
    with store.connect(path) as conn:
        with pytest.raises(TTError) as cli_side:
            result_changes.report(conn, table, result)
        with pytest.raises(TTError) as console_side:
            result_changes.desk_result(conn, table, result)
    assert (cli_side.value.code, str(cli_side.value)) == (console_side.value.code,
                                                          str(console_side.value))
