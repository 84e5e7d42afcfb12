"""What a flood of the anonymous deck desk (``/deck``, no token) costs ``tt event serve``.

Starts ``tt event serve`` (a subprocess) over a fresh event, then posts ``--posts`` lists of
``--kb`` kB of card numbers that do not exist, all from one address (127.0.0.1), as the attack
of issue 41 did. Prints, after 0, 12 and all posts: the answers so far (by HTTP status), the
event file's size (with its WAL), the size of the console page (``/org``) and the server's CPU
time per post. Run it on two checkouts to compare (before/after):

    python benchmarks/deck_flood.py --posts 40
    PYTHONPATH=/path/to/older/checkout python benchmarks/deck_flood.py --posts 40
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import requests

TOKEN = secrets.token_urlsafe(24)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def unknown_list(kb: int, seed: int) -> str:
    """``kb`` kB of lines naming cards that do not exist."""
    lines, size, i = [], 0, 0
    while size < kb * 1000:
        line = f"1 Card that does not exist {i} BT{100 + 10 * seed + i // 1000}-{i % 1000:03d}\n"
        lines.append(line)
        size += len(line)
        i += 1
    return "".join(lines)


def file_size(event: Path) -> int:
    wal = event.with_name(event.name + "-wal")
    return event.stat().st_size + (wal.stat().st_size if wal.exists() else 0)


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--posts", type=int, default=40)
    parser.add_argument("--kb", type=int, default=190)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="deck-flood-"))
    event = folder / "flood.sqlite"
    env = {**os.environ, "TT_SERVE_TOKEN": TOKEN, "PYTHONUNBUFFERED": "1"}
    tt = [sys.executable, "-m", "tt_organizer"]
    subprocess.run([*tt, "event", "create", "Flood Cup", "--event", str(event)], check=True,
                   env=env, capture_output=True)
    for name in ("Ann", "Bo", "Cy", "Di"):
        subprocess.run([*tt, "event", "register", name, "--event", str(event)], check=True,
                       env=env, capture_output=True)
    port = free_port()
    proc = subprocess.Popen([*tt, "event", "serve", "--event", str(event), "--port", str(port),
                             "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        head = ""
        assert proc.stdout is not None
        while not head.rstrip().endswith("}"):
            line = proc.stdout.readline()
            if not line:
                raise SystemExit("serve exited")
            head += line
        json.loads(head)
        for _ in range(200):
            try:
                requests.get(base + "/api/version", timeout=2)
                break
            except requests.ConnectionError:
                time.sleep(0.05)
        org = requests.Session()
        org.get(f"{base}/org/login?token={TOKEN}", timeout=10)
        phone = requests.Session()
        answers: Counter[int] = Counter()
        start_size = file_size(event)
        lists = [unknown_list(args.kb, i) for i in range(args.posts)]

        def report(done: int, cpu: float) -> None:
            console = len(org.get(base + "/org", timeout=60).content)
            print(f"after {done:>3} posts: answers {dict(sorted(answers.items()))}, event file "
                  f"{file_size(event) / 1e6:6.2f} MB (+{(file_size(event) - start_size) / 1e6:.2f}"
                  f"), console page {console / 1e3:8.1f} kB, server CPU "
                  f"{cpu / max(done, 1):.2f} s/post")

        report(0, 0.0)
        cpu0 = cpu_seconds(proc.pid)
        for i, text in enumerate(lists, 1):
            page = phone.get(base + "/deck", timeout=10).text
            token = re.search(r'name="csrf" value="([^"]+)"', page)
            assert token
            r = phone.post(base + "/deck", data={"csrf": token.group(1), "name": f"Flood {i}",
                                                 "text": text}, timeout=120)
            answers[r.status_code] += 1
            if i in (12, args.posts):
                report(i, cpu_seconds(proc.pid) - cpu0)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
