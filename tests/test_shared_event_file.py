"""One event file under two front-ends at once: a real ``tt event serve`` process (several
server threads, each with its own connection) and ``tt event …`` CLI processes writing the same
file, in several interleavings, with ``kill -9`` of the server and of a CLI in the middle.

What docs/serve.md promises and this test requires: every result acknowledged (HTTP answer
"recorded", CLI exit 0) is in the file after every process has stopped; the WAL (``-wal``)
exists as long as any connection is open (no process checkpoints and deletes it under
another); no request answers 500. Before the header check of ``store.open_event`` went through
SQLite, a plain ``open()``/``close()`` of the file in the server dropped the server's POSIX
locks, and the first CLI process to close its connection deleted the WAL under the server."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

from tests.serve_helpers import TOKEN, csrf, new_event, serve_process
from tt_organizer.events import phone_reports, store
from tt_organizer.events.store import TEST_PAUSE_ENV

NAMES = tuple(f"Player {i:02d}" for i in range(1, 17))  # 16 players: 8 tables


class Shared:
    """The event, the running server and what each front-end acknowledged."""

    def __init__(self, event: Path, base: str) -> None:
        self.event = event
        self.base = base
        self.acked: dict[int, str] = {}  # table -> result acknowledged by someone
        self.statuses: list[tuple[str, int]] = []
        with store.connect(event) as conn:
            self.matches = {m.table: m for m in store.read_matches(conn) if m.round == 1}
            self.pins = phone_reports.player_pins(conn)
        self.org = requests.Session()
        self.org.get(f"{base}/org/login?token={TOKEN}", timeout=20)

    def wal_alive(self) -> None:
        assert os.path.exists(f"{self.event}-wal"), "the WAL was deleted under the server"

    def _seen(self, what: str, r: requests.Response) -> requests.Response:
        for step in (*r.history, r):
            self.statuses.append((what, step.status_code))
        return r

    def readers(self, n: int = 8) -> None:
        """``n`` phones open their page at once (several server threads, one connection each)."""
        ids = [pid for m in self.matches.values() for pid in (m.player1, m.player2)][:n]
        with ThreadPoolExecutor(n) as pool:
            for r in pool.map(lambda pid: requests.get(f"{self.base}/me/{pid}", timeout=30),
                              ids):
                self._seen("phone page", r)
                assert r.status_code == 200

    def console(self, table: int, result: str = "2-0") -> None:
        """The organizer enters a result on the console."""
        token = csrf(self.org, self.base, "/org")
        r = self._seen("console", self.org.post(
            f"{self.base}/org/result", data={"csrf": token, "table": str(table),
                                              "result": result},
            timeout=40, allow_redirects=False))
        assert r.status_code == 303, r.text[:300]
        # the message is the server's note, named (not written) in the address
        msg = self.org.get(self.base + r.headers["location"], timeout=40).text
        # said with names: "Table 2 (Ana vs Bob): Ana wins 2-1 recorded" (P1 wins here)
        assert f"Table {table} (" in msg and f" wins {result} recorded" in msg, msg[:500]
        self.acked[table] = result

    def phone(self, table: int) -> None:
        """Both players of ``table`` on their phones: P1 reports 2-0, P2 confirms."""
        m = self.matches[table]
        s = requests.Session()
        for pid, data in ((m.player1, {"action": "report", "result": "2-0"}),
                          (m.player2, {"action": "confirm"})):
            token = csrf(s, self.base, f"/me/{pid}")
            r = self._seen("phone", s.post(f"{self.base}/me/{pid}", timeout=40, data={
                "csrf": token, "pin": self.pins[pid], **data}))
            assert r.status_code == 200, r.text[:300]
        assert "recorded" in r.text, r.text[:500]
        self.acked[table] = "2-0"

    def cli(self, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-m", "tt_organizer", "event", *args, "--event", str(self.event)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "TT_ORGANIZER": "cli", **(env or {})})

    def cli_report(self, table: int, result: str = "2-0", *, server: bool = True) -> None:
        proc = self.cli("report", str(table), result)
        _out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        self.acked[table] = result
        if server:  # alone on the file, the last connection to close removes the WAL
            self.wal_alive()

    def cli_sees_everything(self) -> None:
        import json

        proc = self.cli("pairings", "--json")
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        seen = {p["table"]: p["result"] for p in json.loads(out)}
        assert {t: seen.get(t) for t in self.acked} == self.acked
        self.wal_alive()


def _in_file(event: Path) -> dict[int, str | None]:
    with store.connect(event) as conn:
        return {m.table: m.result for m in store.read_matches(conn) if m.round == 1}


def _both(*calls: Callable[[], None]) -> None:
    """Run ``calls`` at the same time (threads), re-raising the first failure."""
    with ThreadPoolExecutor(len(calls)) as pool:
        for f in [pool.submit(c) for c in calls]:
            f.result()


def _cli_between_readers(s: Shared, proc: subprocess.Popen[str], tmp: Path) -> None:
    # the sequence: phones open pages, the CLI reports, the console enters a result
    s.readers()
    s.cli_report(1)
    s.console(2, "2-1")
    s.cli_sees_everything()
    s.readers()
    _both(lambda: s.phone(3), lambda: s.cli_report(4))
    s.console(5)
    s.cli_sees_everything()
    proc.send_signal(signal.SIGINT)  # a normal stop (Ctrl-C)
    proc.wait(20)


def _kill_server(s: Shared, proc: subprocess.Popen[str], tmp: Path) -> None:
    # console, phone and CLI writes at the same time, then kill -9 of the server
    s.readers()
    _both(lambda: s.console(1), lambda: s.cli_report(2), lambda: s.console(3),
          lambda: s.cli_report(4), lambda: s.phone(5))
    s.readers()
    s.cli_sees_everything()
    proc.kill()
    proc.wait(10)
    s.cli_report(6, server=False)  # the CLI alone on the file the killed server left


def _kill_cli(s: Shared, proc: subprocess.Popen[str], tmp: Path) -> None:
    # a CLI killed inside its transaction (holding the write lock) while the console waits
    s.readers()
    s.console(1)
    marker = tmp / "in-transaction"
    stuck = s.cli("report", "2", "2-0", env={TEST_PAUSE_ENV: f"60:{marker}:{tmp / 'never'}"})
    deadline = time.monotonic() + 30
    while not marker.exists():
        assert time.monotonic() < deadline and stuck.poll() is None, "CLI never wrote"
        time.sleep(0.02)

    def kill_stuck() -> None:
        time.sleep(0.3)  # the console's write is waiting for the lock by now
        stuck.kill()
        stuck.communicate(timeout=10)

    _both(lambda: s.console(3), kill_stuck)
    s.wal_alive()
    s.readers()
    s.cli_report(4)
    s.phone(6)
    s.cli_sees_everything()
    proc.kill()
    proc.wait(10)


@pytest.mark.parametrize("scenario", [_cli_between_readers, _kill_server, _kill_cli],
                         ids=["cli-between-readers", "kill-9-server", "kill-9-cli"])
def test_cli_and_server_share_one_event_file(
        tmp_path: Path, scenario: Callable[[Shared, subprocess.Popen[str], Path], None],
) -> None:
    event = new_event(tmp_path / "ev.sqlite", NAMES)
    with serve_process(event) as (proc, info):
        shared = Shared(event, str(info["base"]))
        shared.wal_alive()
        scenario(shared, proc, tmp_path)
    assert [s for s in shared.statuses if s[1] >= 500] == []
    recorded = _in_file(event)  # every process has stopped: what the file holds
    assert {t: recorded[t] for t in shared.acked} == shared.acked
    assert all(recorded[t] is None for t in recorded if t not in shared.acked)
