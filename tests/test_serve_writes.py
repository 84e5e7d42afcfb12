"""The server's write path: one writer, group commit, savepoints; phones and the CLI writing
one event file at the same moment lose nothing and double nothing."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
import requests

from tests.serve_helpers import csrf, new_event, serve_process
from tt_organizer.errors import EventError
from tt_organizer.events import phone_reports, store, timer
from tt_organizer.web.writer import Writer

NAMES = tuple(f"Player {i:02d}" for i in range(1, 33))  # 16 tables


def _tables(path: Path) -> list[tuple[int, int, int, str, str]]:
    with store.connect(path) as conn:
        pins = phone_reports.player_pins(conn)
        return [(m.table, m.player1, m.player2, pins[m.player1], pins[m.player2])
                for m in store.read_matches(conn) if m.player2 is not None]


def test_a_group_commits_together_and_a_failure_undoes_only_itself(tmp_path: Path) -> None:
    event = new_event(tmp_path / "ev.sqlite", NAMES)
    writer = Writer(event)
    gate = threading.Event()
    blocker = writer.submit(lambda conn: gate.wait(10))  # holds the writer: the rest queue up

    def start(conn: Any) -> dict[str, Any]:
        return timer.start_timer(conn, 30)

    def refused(conn: Any) -> None:
        timer.start_timer(conn, 45)
        raise EventError("refused after writing")

    futures = [writer.submit(start), writer.submit(refused), writer.submit(timer.pause_timer)]
    groups_before = writer.groups
    gate.set()
    assert blocker.result(10) is True
    assert futures[0].result(10)["seconds"] == 30 * 60
    with pytest.raises(EventError, match="refused after writing"):
        futures[1].result(10)
    assert futures[2].result(10)["running"] is False
    writer.close()
    assert writer.groups - groups_before <= 2 and writer.changes == 4  # grouped, not 4 commits
    with store.connect(event) as conn:
        state = timer.timer_state(conn)
        actions = [e.action for e in store.read_audit(conn) if "timer" in e.action]
    assert state["seconds"] == 30 * 60 and not state["running"]  # the 45 was undone
    assert actions == ["timer-start", "timer-pause"]


def test_phones_and_the_cli_on_one_file_at_once(tmp_path: Path) -> None:
    event = new_event(tmp_path / "ev.sqlite", NAMES)
    tables = _tables(event)
    by_phone, by_cli = tables[::2], tables[1::2]
    errors: list[str] = []

    def phone_table(base: str, p1: int, p2: int, pin1: str, pin2: str) -> None:
        a, b = requests.Session(), requests.Session()
        r = a.post(f"{base}/me/{p1}", timeout=60, data={
            "csrf": csrf(a, base, f"/me/{p1}"), "pin": pin1, "action": "report",
            "result": "2-1"})
        if "waiting for your opponent" not in r.text:
            errors.append(f"report {p1}: {r.status_code}")
        r = b.post(f"{base}/me/{p2}", timeout=60, data={
            "csrf": csrf(b, base, f"/me/{p2}"), "pin": pin2, "action": "confirm"})
        if "recorded" not in r.text:
            errors.append(f"confirm {p2}: {r.status_code}")

    with serve_process(event) as (proc, info):
        base = str(info["base"])
        threads = [threading.Thread(target=phone_table, args=(base, *t[1:]))
                   for t in by_phone]
        for th in threads:
            th.start()
        for table, *_ in by_cli:  # the organizer types results at the same time
            run = subprocess.run(
                [sys.executable, "-m", "tt_organizer", "event", "report", str(table), "0-2",
                 "--event", str(event)], capture_output=True, text=True, timeout=120)
            assert run.returncode == 0, run.stderr
        for th in threads:
            th.join(120)
        proc.kill()  # no clean shutdown: what was answered must be in the file
    assert not errors
    with store.connect(event) as conn:
        results = {m.table: m.result for m in store.read_matches(conn) if m.player2}
        reports = [e for e in store.read_audit(conn) if e.action == "report"]
    assert {t[0]: results[t[0]] for t in by_phone} == {t[0]: "2-1" for t in by_phone}
    assert {t[0]: results[t[0]] for t in by_cli} == {t[0]: "0-2" for t in by_cli}
    assert len(reports) == len(tables)  # none doubled
