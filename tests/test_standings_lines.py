"""The standings read model (tt_organizer.events.standings_lines): one read for the table
``tt event standings`` prints and for its ``--json`` (and ``/api/standings``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.serve_helpers import new_event
from tt_organizer.cli.main import cli
from tt_organizer.errors import TTError
from tt_organizer.events import result_changes, rounds, store
from tt_organizer.events.standings_lines import read_standings, shown_standings

NAMES = ("Ana", "Bob", "Cid", "Dee", "Eve")


def _played(tmp_path: Path) -> Path:
    path = new_event(tmp_path / "ev.sqlite", NAMES)
    with store.connect(path) as conn:
        result_changes.report(conn, 1, "2-0")
        result_changes.report(conn, 2, "2-1")
        rounds.pair_next_round(conn)
    return path


def _cli(path: Path, *args: str) -> str:
    result = CliRunner().invoke(cli, ["event", "standings", *args, "--event", str(path)])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_lines_after_a_round(tmp_path: Path) -> None:
    path = _played(tmp_path)
    with store.connect(path) as conn:
        now = read_standings(conn)
        before = read_standings(conn, 0)
        one = read_standings(conn, 1)
    assert now.after_round == 2 and not now.final and not now.top_cut_played
    assert [s.points for s in now.standings] == sorted((s.points for s in now.standings),
                                                       reverse=True)
    assert sum(s.points for s in one.standings) == 3 + 3 + 3  # two wins and the bye
    assert sum(s.points for s in now.standings) == 9 + 3  # and round 2's bye, given at pairing
    assert one.after_round == 1
    assert before.after_round == 0 and {s.points for s in before.standings} == {0}
    assert set(now.names.values()) == set(NAMES)
    assert now.tiebreakers and now.policy == "rulebook"


def test_text_and_json_come_from_the_same_read(tmp_path: Path) -> None:
    path = _played(tmp_path)
    with store.connect(path) as conn:
        lines = read_standings(conn, 1)
    assert json.loads(_cli(path, "--round", "1", "--json")) == lines.to_json()
    table = _cli(path, "--round", "1")
    assert "Standings after round 1" in table
    for row in lines.to_json():
        assert row["player"] in table


def test_final_placings_wait_for_a_planned_top_cut_and_shown_is_swiss(tmp_path: Path) -> None:
    path = _played(tmp_path)
    with store.connect(path) as conn:
        final = read_standings(conn, final=True)  # no top cut planned: the Swiss order
        shown, kind = shown_standings(conn)
        with pytest.raises(TTError):
            read_standings(conn, 5)  # not paired
    assert final.final and all(p.place for p in final.lines)
    assert kind == "swiss" and not shown.final
