"""Load benchmark of ``tt event serve`` on 127.0.0.1.

Starts ``tt event serve`` (a subprocess) over a fresh event of 128 players (64 tables), then:

1. baseline: one phone polling ``/api/version`` alone, and one table reporting + confirming;
2. load: 128 phones polling ``/api/version`` every ``--poll`` seconds (and fetching their page
   when it changed) while all 64 tables report and confirm at once.

Prints requests per second and p50 / p99 latency of each kind, as ratios to the baseline, and
checks that every table's result was recorded exactly once (none lost, none doubled).
Bounded: ``--seconds`` of load at most, a fixed number of requests per table.

    python benchmarks/serve_load.py [--phones 128] [--tables 64] [--seconds 30]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

TOKEN = "bench-token"


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
            register_player(conn, f"Player {i + 1:03d}")
    with store.connect(path) as conn:
        pair_next_round(conn)


def start(path: Path) -> tuple[subprocess.Popen[str], str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tt_organizer", "event", "serve", "--event", str(path),
         "--port", str(port), "--json"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "TT_SERVE_TOKEN": TOKEN})
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            requests.get(base + "/api/version", timeout=2)
            return proc, base
        except requests.ConnectionError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise SystemExit("server did not start") from None
            time.sleep(0.05)


class Timings:
    """Latencies (seconds) by kind, thread-safe."""

    def __init__(self) -> None:
        self.lat: dict[str, list[float]] = {}
        self.errors: list[str] = []
        self.lock = threading.Lock()

    def timed(self, kind: str, call, *args, **kw) -> requests.Response:  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        r = call(*args, timeout=30, **kw)
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


def play_table(base: str, t: Timings, p1: int, pin1: str, p2: int, pin2: str) -> None:
    """P1 reports 2-1, P2 confirms: GET page, POST report, GET page, POST confirm."""
    a, b = requests.Session(), requests.Session()
    tok = csrf_of(t.timed("page", a.get, f"{base}/me/{p1}").text)
    r = t.timed("report", a.post, f"{base}/me/{p1}",
                data={"csrf": tok, "pin": pin1, "action": "report", "result": "2-1"})
    if "waiting for your opponent" not in r.text:
        t.errors.append(f"report {p1}: {r.status_code} {r.url}")
    tok = csrf_of(t.timed("page", b.get, f"{base}/me/{p2}").text)
    r = t.timed("confirm", b.post, f"{base}/me/{p2}",
                data={"csrf": tok, "pin": pin2, "action": "confirm"})
    if "recorded" not in r.text:
        t.errors.append(f"confirm {p2}: {r.status_code} {r.url}")


def phone(base: str, t: Timings, stop: threading.Event, poll: float, pid: int) -> None:
    s = requests.Session()
    seen = None
    while not stop.is_set():
        v = t.timed("poll", s.get, f"{base}/api/version").json()["version"]
        if seen is not None and v != seen:
            t.timed("refresh", s.get, f"{base}/me/{pid}")
        seen = v
        stop.wait(poll)


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--phones", type=int, default=128)
    ap.add_argument("--tables", type=int, default=64)
    ap.add_argument("--seconds", type=float, default=30.0, help="load phase at most")
    ap.add_argument("--poll", type=float, default=1.0, help="seconds between a phone's polls")
    ap.add_argument("--baseline", type=int, default=200, help="baseline polls")
    args = ap.parse_args()

    from tt_organizer.events import phone_reports, store

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "load.sqlite"
        make_event(path, max(args.tables * 2 + 2, args.phones))
        with store.connect(path) as conn:
            pins = phone_reports.player_pins(conn)
            tables = [(m.player1, m.player2) for m in store.read_matches(conn)
                      if m.player2 is not None][: args.tables + 1]
        proc, base = start(path)
        try:
            # --- baseline: one client alone -----------------------------------------------
            base_t = Timings()
            s = requests.Session()
            t0 = time.perf_counter()
            for _ in range(args.baseline):
                base_t.timed("poll", s.get, f"{base}/api/version")
            base_rps = args.baseline / (time.perf_counter() - t0)
            p1, p2 = tables[0]
            play_table(base, base_t, p1, pins[p1], p2, pins[p2])  # type: ignore[index]

            # --- load: phones polling while every table reports -------------------------
            load = Timings()
            stop = threading.Event()
            phones = [threading.Thread(target=phone, args=(base, load, stop, args.poll,
                                                           (i % len(pins)) + 1), daemon=True)
                      for i in range(args.phones)]
            workers = [threading.Thread(target=play_table, daemon=True,
                                        args=(base, load, a, pins[a], b, pins[b]))
                       for a, b in tables[1:]]  # type: ignore[index]
            t0 = time.perf_counter()
            for th in phones + workers:
                th.start()
            deadline = t0 + args.seconds
            for th in workers:
                th.join(max(0.0, deadline - time.perf_counter()))
            reported_in = time.perf_counter() - t0
            time.sleep(min(2.0, max(0.0, deadline - time.perf_counter())))
            stop.set()
            for th in phones:
                th.join(10)
            elapsed = time.perf_counter() - t0
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

        # --- correctness: every table exactly once ------------------------------------
        with store.connect(path) as conn:
            recorded = [m for m in store.read_matches(conn)
                        if m.result is not None and m.player2 is not None]
            audit = [e for e in store.read_audit(conn) if e.action == "report"]
            confirmed = [r for r in phone_reports.reports(conn) if r.status == "confirmed"]
    expected = len(tables)
    lost = expected - len(recorded)
    doubled = len(audit) - len(recorded) + (len(confirmed) - len(recorded))
    total = sum(len(v) for v in load.lat.values())
    bp50, bp99 = pct(base_t.lat["poll"], .5), pct(base_t.lat["poll"], .99)
    print(f"baseline (1 client alone): {base_rps:.0f} polls/s, p50 {bp50 * 1000:.1f} ms, "
          f"p99 {bp99 * 1000:.1f} ms")
    print(f"load: {args.phones} phones polling every {args.poll:g} s + {expected - 1} tables "
          f"reporting and confirming at once; all reported in {reported_in:.1f} s")
    print(f"  {total} requests in {elapsed:.1f} s = {total / elapsed:.0f} req/s "
          f"({total / elapsed / base_rps:.2f}× the baseline's polls/s)")
    for kind in ("poll", "refresh", "page", "report", "confirm"):
        lat = load.lat.get(kind, [])
        if not lat:
            continue
        ref = base_t.lat.get(kind) or base_t.lat["poll"]
        p50, p99 = pct(lat, .5), pct(lat, .99)
        print(f"  {kind:8} n={len(lat):5}  p50 {p50 * 1000:7.1f} ms ({p50 / pct(ref, .5):5.1f}× "
              f"baseline)  p99 {p99 * 1000:7.1f} ms ({p99 / pct(ref, .99):5.1f}× baseline)")
    print(f"results: {len(recorded)}/{expected} recorded, lost {lost}, doubled {doubled}, "
          f"server errors {len(load.errors) + len(base_t.errors)}")
    print(json.dumps({"rps": round(total / elapsed, 1), "lost": lost, "doubled": doubled,
                      "errors": load.errors[:5] + base_t.errors[:5]}))
    if lost or doubled or load.errors or base_t.errors:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
