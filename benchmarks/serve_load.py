"""Load benchmark of ``tt event serve``: a whole room on 127.0.0.1.

Starts ``tt event serve`` (a subprocess) over a fresh event of ``--players`` players with round 1
paired, then runs a room against it:

* ``--phones`` phones, each polling ``/api/version?page=/me/<id>`` every ``--poll`` seconds (as
  ``app.js`` does) and fetching its page again when the version it is told changed;
* ``--tables`` tables, ``--concurrency`` of them at a time: P1 opens their page and reports
  2-1, P2 opens theirs and confirms (each POST follows the redirect, as a phone does), with
  ``--pace`` seconds between one table's steps (a player's thumbs).

With ``--events N`` the server serves N such events at once (``tt event serve --event A
--event B …``, each under ``/e/<id>``): ``--players`` and ``--tables`` are per event, the
phones and the tables are spread over the events.

Prints p50 / p99 of polls, page fetches, reports and confirms, the throughput, the server's CPU
(user + system seconds of its process over the load, and as a share of one core), and checks
that every table's result was recorded exactly once (lost, doubled). Exit status 1 when a result
was lost or doubled, the server answered 5xx, or a p99 is over its target (``--target``).

The two scenarios of issue 39 (targets included):

    python benchmarks/serve_load.py --scenario room   # 1 event, 256 tables, 256 phones
    python benchmarks/serve_load.py --scenario hall   # 4 events x 256 tables, 1,024 phones

    python benchmarks/serve_load.py --players 2048 --tables 1024 --phones 1024 --poll 3
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import requests

TOKEN = secrets.token_urlsafe(24)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def make_event(path: Path, players: int) -> None:
    from tt_organizer.events import setup, store
    from tt_organizer.events.players import register_player
    from tt_organizer.events.rounds import pair_next_round

    setup.create_event(path, "Load Cup", best_of=3, seed=5, rounds=7, top_cut=0)
    with store.connect(path) as conn, store.transaction(conn):
        for i in range(players):
            register_player(conn, f"Player {i + 1:04d}")
    with store.connect(path) as conn:
        pair_next_round(conn)


SCENARIOS: dict[str, dict[str, Any]] = {  # issue 39's two runs and their p99 targets (ms)
    "room": {"events": 1, "players": 512, "tables": 256, "phones": 256, "poll": 3.0,
             "concurrency": 64, "target": "1000,300"},
    "hall": {"events": 4, "players": 512, "tables": 256, "phones": 1024, "poll": 3.0,
             "concurrency": 128, "target": "2000,500"},
}


def start(paths: list[Path]) -> tuple[subprocess.Popen[str], str]:
    port = free_port()
    events = [arg for path in paths for arg in ("--event", str(path))]
    proc = subprocess.Popen(
        [sys.executable, "-m", "tt_organizer", "event", "serve", *events,
         "--port", str(port), "--json"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "TT_SERVE_TOKEN": TOKEN})
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            requests.get(base + "/api/version", timeout=2)
            return proc, base
        except requests.ConnectionError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise SystemExit("server did not start") from None
            time.sleep(0.05)


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Timings:
    """Latencies (seconds) by kind, thread-safe."""

    def __init__(self) -> None:
        self.lat: dict[str, list[float]] = {}
        self.errors: list[str] = []
        self.retried = 0
        self.lock = threading.Lock()

    def timed(self, kind: str, call: Callable[..., requests.Response], *args: Any,
              **kw: Any) -> requests.Response:
        t = time.perf_counter()
        try:
            r = call(*args, timeout=60, **kw)
        except requests.ConnectionError:
            # the server closed a kept-alive connection as it was reused: a browser sends the
            # request again on a new connection, and so does this phone (counted)
            with self.lock:
                self.retried += 1
            r = call(*args, timeout=60, **kw)
        dt = time.perf_counter() - t
        with self.lock:
            self.lat.setdefault(kind, []).append(dt)
            if r.status_code >= 500:
                self.errors.append(f"{kind}: {r.status_code}")
        return r


def csrf_of(html: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', html)
    assert m, html[:300]
    return m.group(1)


def play_table(base: str, t: Timings, pace: float, p1: int, pin1: str, p2: int,
               pin2: str) -> None:
    """P1 reports 2-1, P2 confirms: GET page, POST report, GET page, POST confirm."""
    a, b = requests.Session(), requests.Session()
    tok = csrf_of(t.timed("page", a.get, f"{base}/me/{p1}").text)
    time.sleep(pace)
    r = t.timed("report", a.post, f"{base}/me/{p1}",
                data={"csrf": tok, "pin": pin1, "action": "report", "result": "2-1"})
    if "waiting for your opponent" not in r.text:
        t.errors.append(f"report {p1}: {r.status_code} {r.url}")
    tok = csrf_of(t.timed("page", b.get, f"{base}/me/{p2}").text)
    time.sleep(pace)
    r = t.timed("confirm", b.post, f"{base}/me/{p2}",
                data={"csrf": tok, "pin": pin2, "action": "confirm"})
    if "recorded" not in r.text:
        t.errors.append(f"confirm {p2}: {r.status_code} {r.url}")


def phone(base: str, t: Timings, stop: threading.Event, poll: float, pid: int,
          prefix: str = "") -> None:
    """One phone on /me/<pid>: poll the page's version, fetch the page when it changed. Plain
    http.client on one kept-alive connection (cheap: the load generator shares the cores)."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=60)
    seen = None

    def get(kind: str, path: str) -> bytes:
        nonlocal conn
        started = time.perf_counter()
        for attempt in (1, 2):
            try:
                conn.request("GET", path)
                resp = conn.getresponse()
                body = resp.read()
                break
            except (OSError, http.client.HTTPException):
                conn.close()  # closed as it was reused: a browser sends it again, so do we
                conn = http.client.HTTPConnection(host, int(port), timeout=60)
                if attempt == 2:
                    raise
                with t.lock:
                    t.retried += 1
        with t.lock:
            t.lat.setdefault(kind, []).append(time.perf_counter() - started)
            if resp.status >= 500:
                t.errors.append(f"{kind}: {resp.status}")
        return body

    stop.wait(poll * (pid % 97) / 97)  # phones do not all start in the same instant
    while not stop.is_set():
        try:
            v = json.loads(get("poll", f"/api/version?page={prefix}/me/{pid}"))["version"]
            if seen is not None and v != seen:
                get("refresh", f"{prefix}/me/{pid}")
            seen = v
        except (OSError, http.client.HTTPException, ValueError) as exc:  # counted, goes on
            with t.lock:
                t.errors.append(f"phone {pid}: {type(exc).__name__}")
        stop.wait(poll)
    conn.close()


def tables_worker(base: str, t: Timings, pace: float,
                  queue: list[tuple[str, int, str, int, str]], lock: threading.Lock) -> None:
    while True:
        with lock:
            if not queue:
                return
            job = queue.pop()
        try:
            play_table(base + job[0], t, pace, *job[1:])
        except (requests.RequestException, AssertionError) as exc:  # counted, not fatal
            with t.lock:
                t.errors.append(f"table of player {job[0]}{job[1]}: {type(exc).__name__}")


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--scenario", choices=sorted(SCENARIOS),
                    help="issue 39's runs: room (1 event) or hall (4 events); sets the rest")
    ap.add_argument("--events", type=int, default=1, help="events served by the one server")
    ap.add_argument("--players", type=int, default=512, help="players of each event")
    ap.add_argument("--tables", type=int, default=256,
                    help="tables of each event that report and confirm")
    ap.add_argument("--phones", type=int, default=256, help="phones polling their page")
    ap.add_argument("--poll", type=float, default=3.0, help="seconds between a phone's polls")
    ap.add_argument("--concurrency", type=int, default=64, help="tables reporting at once")
    ap.add_argument("--pace", type=float, default=0.0, help="seconds between a table's steps")
    ap.add_argument("--seconds", type=float, default=300.0, help="load phase at most")
    ap.add_argument("--baseline", type=int, default=200, help="polls of one client alone")
    ap.add_argument("--target", default=None, metavar="REPORT_MS,POLL_MS",
                    help="p99 targets: report and confirm, poll (exit 1 when over)")
    ap.add_argument("--profile", default=None, metavar="FILE",
                    help="record the server with py-spy (pip install py-spy): a flame graph "
                         "to FILE (.svg), or its folded stacks (.txt)")
    args = ap.parse_args()
    if args.scenario:
        for key, value in SCENARIOS[args.scenario].items():
            setattr(args, key, value)
    run(args)


def run(args: argparse.Namespace) -> None:
    from tt_organizer.events import phone_reports, store

    load_avg = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        paths = ([Path(tmp) / "load.sqlite"] if args.events == 1 else
                 [Path(tmp) / f"load-{i + 1}.sqlite" for i in range(args.events)])
        prefixes = [""] if args.events == 1 else [f"/e/load-{i + 1}" for i in range(args.events)]
        pins: dict[str, dict[int, str]] = {}
        tables: dict[str, list[tuple[int, int | None]]] = {}
        for path, prefix in zip(paths, prefixes, strict=True):
            make_event(path, max(args.players, args.tables * 2 + 2))
            with store.connect(path) as conn:
                pins[prefix] = phone_reports.player_pins(conn)
                tables[prefix] = [(m.player1, m.player2) for m in store.read_matches(conn)
                                  if m.player2 is not None][: args.tables + 1]
        proc, base = start(paths)
        if args.profile:
            spy = subprocess.Popen([str(Path(sys.executable).with_name("py-spy")), "record",
                                    "-o", args.profile, "--pid", str(proc.pid), "--rate", "50",
                                    "--nonblocking", "--gil", "--format",
                                    "raw" if args.profile.endswith(".txt") else "flamegraph"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            base_t = Timings()
            s = requests.Session()
            t0 = time.perf_counter()
            first = prefixes[0]
            for _ in range(args.baseline):
                base_t.timed("poll", s.get, f"{base}/api/version",
                             params={"page": f"{first}/me/1"})
            base_rps = args.baseline / (time.perf_counter() - t0)
            for prefix in prefixes:  # each event's first table alone
                p1, p2 = tables[prefix][0]
                assert p2 is not None
                play_table(base + prefix, base_t, 0.0, p1, pins[prefix][p1], p2,
                           pins[prefix][p2])

            load = Timings()
            stop = threading.Event()
            everyone = [(prefix, pid) for pid in range(1, 1 + max(len(p) for p in pins.values()))
                        for prefix in prefixes if pid in pins[prefix]]
            phones = [threading.Thread(target=phone, daemon=True, args=(
                base, load, stop, args.poll, everyone[i % len(everyone)][1],
                everyone[i % len(everyone)][0])) for i in range(args.phones)]
            # the events' tables interleaved: every event reports at once
            queue = [(prefix, a, pins[prefix][a], b, pins[prefix][b])
                     for n in range(args.tables, 0, -1) for prefix in reversed(prefixes)
                     if n < len(tables[prefix]) for a, b in [tables[prefix][n]]
                     if b is not None]
            lock = threading.Lock()
            workers = [threading.Thread(target=tables_worker, daemon=True,
                                        args=(base, load, args.pace, queue, lock))
                       for _ in range(args.concurrency)]
            cpu0, t0 = cpu_seconds(proc.pid), time.perf_counter()
            for th in phones:
                th.start()
            time.sleep(args.poll)  # the room is polling before the first result comes in
            t_rep = time.perf_counter()
            for th in workers:
                th.start()
            deadline = t0 + args.seconds
            for th in workers:
                th.join(max(0.0, deadline - time.perf_counter()))
            reported_in = time.perf_counter() - t_rep
            time.sleep(min(args.poll, max(0.0, deadline - time.perf_counter())))
            stop.set()
            for th in phones:
                th.join(30)
            elapsed = time.perf_counter() - t0
            cpu = cpu_seconds(proc.pid) - cpu0
        finally:
            if args.profile:
                spy.send_signal(signal.SIGINT)
                spy.wait(60)
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

        expected = recorded_n = lost = doubled = 0
        for path, prefix in zip(paths, prefixes, strict=True):
            with store.connect(path) as conn:
                recorded = [m for m in store.read_matches(conn)
                            if m.result is not None and m.player2 is not None]
                audit = [e for e in store.read_audit(conn) if e.action == "report"]
                confirmed = [r for r in phone_reports.reports(conn) if r.status == "confirmed"]
            expected += len(tables[prefix])
            recorded_n += len(recorded)
            lost += len(tables[prefix]) - len(recorded)
            doubled += len(audit) - len(recorded) + (len(confirmed) - len(recorded))
    total = sum(len(v) for v in load.lat.values())
    bp50 = pct(base_t.lat["poll"], .5)
    print(f"baseline (1 client alone): {base_rps:.0f} polls/s, p50 {bp50 * 1000:.1f} ms; "
          f"machine load average {load_avg[0]:.1f} before, {os.getloadavg()[0]:.1f} after "
          f"({os.cpu_count()} cores)")
    print(f"load: {args.events} event(s) of {args.players} players, {args.phones} phones "
          f"polling every {args.poll:g} s, {expected - len(prefixes)} tables reporting and "
          f"confirming ({args.concurrency} at a time, pace {args.pace:g} s); all reported in "
          f"{reported_in:.1f} s")
    print(f"  {total} requests in {elapsed:.1f} s = {total / elapsed:.0f} req/s; server CPU "
          f"{cpu:.1f} s = {100 * cpu / elapsed:.0f}% of one core")
    summary: dict[str, Any] = {"events": args.events, "rps": round(total / elapsed, 1),
                               "cpu_share": round(cpu / elapsed, 2)}
    for kind in ("poll", "refresh", "page", "report", "confirm"):
        lat = load.lat.get(kind, [])
        if not lat:
            continue
        p50, p99 = pct(lat, .5), pct(lat, .99)
        summary[kind] = {"n": len(lat), "p50_ms": round(p50 * 1000, 1),
                         "p99_ms": round(p99 * 1000, 1)}
        print(f"  {kind:8} n={len(lat):6}  p50 {p50 * 1000:8.1f} ms  p99 {p99 * 1000:8.1f} ms")
    print(f"results: {recorded_n}/{expected} recorded, lost {lost}, doubled {doubled}, "
          f"errors (5xx, failed tables or polls) {len(load.errors) + len(base_t.errors)}, "
          f"requests sent again after a closed keep-alive connection {load.retried}")
    over = []
    if args.target:
        report_ms, poll_ms = (float(x) for x in args.target.split(","))
        for kind, limit in (("report", report_ms), ("confirm", report_ms), ("poll", poll_ms)):
            if kind in summary and summary[kind]["p99_ms"] > limit:
                over.append(f"{kind} p99 {summary[kind]['p99_ms']} ms > {limit:g} ms")
        print("targets: " + ("; ".join(over) if over else f"met (report and confirm p99 <= "
                             f"{report_ms:g} ms, poll p99 <= {poll_ms:g} ms)"))
    summary.update(lost=lost, doubled=doubled, retried=load.retried, over=over,
                   errors=load.errors[:5] + base_t.errors[:5])
    print(json.dumps(summary))
    if lost or doubled or load.errors or base_t.errors or over:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
