"""The drop read model (tt_organizer.events.drops): what a drop did — the player, the table
they still sit at, the phone reports it withdrew — with one headline and one set of warnings
the command line and the console both show, and ``to_json()`` as ``tt event drop --json``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from tests.serve_helpers import new_event
from tt_organizer.cli.main import cli
from tt_organizer.events import drops, phone_reports, result_changes, rounds, store

NAMES = ("Ana", "Bob", "Cid", "Dee")


def _seated(path: Path, table: int) -> tuple[int, int]:
    with store.connect(path) as conn:
        m = store.read_matches(conn, "swiss", store.current_round(conn), table)[0]
    assert m.player2 is not None
    return m.player1, m.player2


def test_a_drop_before_round_one_leaves_nothing_behind(tmp_path: Path) -> None:
    path = new_event(tmp_path / "ev.sqlite", NAMES, pair=False)
    with store.connect(path) as conn:
        done = drops.drop(conn, "Cid")
    assert done.player.dropped and done.pending is None and done.withdrawn == ()
    assert done.headline.code == "dropped-before-round-1"
    assert str(done.headline) == "Dropped Cid before round 1"
    assert done.notices == []
    assert done.to_json()["still_paired_at_table"] is None


def test_a_drop_during_a_round_names_the_table_still_to_report(tmp_path: Path) -> None:
    path = new_event(tmp_path / "ev.sqlite", NAMES)
    p1, p2 = _seated(path, 2)
    with store.connect(path) as conn:
        name = store.player_names(conn)[p1]
        phone_reports.submit_report(conn, p2, "0-2")
        done = drops.drop(conn, name)
    assert done.pending is not None and done.pending.table == 2
    assert str(done.headline) == f"Dropped {name} during round 1"
    codes = [n.code for n in done.notices]
    assert codes == ["report-withdrawn", "drop-still-paired"]  # the withdrawn report first
    assert str(done.notices[1]) == f"{name} is still paired at table 2 of round 1; report it"
    assert done.to_json()["still_paired_at_table"] == 2
    assert done.to_json()["withdrawn_reports"][0]["table"] == 2


def test_a_drop_after_the_round_is_reported(tmp_path: Path) -> None:
    path = new_event(tmp_path / "ev.sqlite", NAMES)
    with store.connect(path) as conn:
        result_changes.report(conn, 1, "2-0")
        result_changes.report(conn, 2, "2-0")
        done = drops.drop(conn, "Ana")
    assert done.pending is None and str(done.headline) == "Dropped Ana after round 1"
    with store.connect(path) as conn:
        back = drops.undrop(conn, "Ana")
        assert str(back.headline) == "Ana is back: paired again from the next round"
        assert back.to_json()["dropped"] is False
        paired = rounds.pair_next_round(conn)
    assert any(back.player.id in (m.player1, m.player2) for m in paired)


def test_to_json_is_what_the_command_prints(tmp_path: Path) -> None:
    path = new_event(tmp_path / "ev.sqlite", NAMES)
    copy = tmp_path / "copy.sqlite"
    shutil.copyfile(path, copy)
    with store.connect(path) as conn:
        done = drops.drop(conn, "Dee")
    result = CliRunner().invoke(cli, ["event", "drop", "Dee", "--json", "--event", str(copy)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == done.to_json()
    text = CliRunner().invoke(cli, ["event", "drop", "Bob", "--event", str(copy)])
    assert "Dropped Bob during round 1" in text.stdout
    assert "Bob is still paired at table" in text.stderr and "tt event repair" in text.stderr
