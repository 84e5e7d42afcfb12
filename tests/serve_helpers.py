"""A real ``tt event serve`` for tests: the app on 127.0.0.1 on a free port (uvicorn in a
thread, or the CLI in a subprocess), always stopped afterwards."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import requests

from tt_organizer.events import players, rounds, setup, store

TOKEN = "test-organizer-token-Zq8wX3vN5rT1kM7p"
NAMES = ("Alice", "Bob", "Carol", "Dan", "Eve", "Finn")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def new_event(path: Path, names: tuple[str, ...] = NAMES, *, pair: bool = True,
              best_of: int = 3, title: str = "Serve Cup") -> Path:
    """An event with ``names`` registered and (``pair``) round 1 paired, seed fixed."""
    setup.create_event(path, title, best_of=best_of, seed=11, rounds=3, top_cut=0)
    with store.connect(path) as conn:
        for n in names:
            players.register_player(conn, n)
        if pair:
            rounds.pair_next_round(conn)
    return path


@dataclass
class Live:
    """A running server."""

    url: str
    token: str = TOKEN

    def get(self, path: str, **kw: object) -> requests.Response:
        return requests.get(self.url + path, timeout=10, **kw)  # type: ignore[arg-type]


@contextmanager
def live_server(event: Path, token: str = TOKEN, *, header_seconds: float = 10.0,
                idle_seconds: float = 5.0, **app_options: object) -> Iterator[Live]:
    """The app served by uvicorn in a thread on 127.0.0.1:<free port>, configured as
    ``tt event serve`` configures it; stopped at the end."""
    from tt_organizer.web.app import create_app

    with serving(create_app(event, token, **app_options),  # type: ignore[arg-type]
                 header_seconds, idle_seconds) as url:
        yield Live(url, token)


@contextmanager
def live_hall(events: list[Path], token: str = TOKEN) -> Iterator[Live]:
    """Several events served by one server (``tt event serve --event A --event B``)."""
    from tt_organizer.web.hall import create_hall

    with serving(create_hall(events, token), 10.0, 5.0) as url:
        yield Live(url, token)


@contextmanager
def serving(app: object, header_seconds: float, idle_seconds: float) -> Iterator[str]:
    """``app`` served by uvicorn in a thread on 127.0.0.1:<free port>; its base URL."""
    import uvicorn

    from tt_organizer.web.launch import config as serve_config

    port = free_port()
    config = serve_config(app, "127.0.0.1", port, header_seconds=header_seconds,
                          idle_seconds=idle_seconds)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 15
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("server did not start")
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


@contextmanager
def serve_process(event: Path, *extra: str, token: str = TOKEN,
                  env: dict[str, str] | None = None,
                  ) -> Iterator[tuple[subprocess.Popen[str], dict[str, object]]]:
    """``tt event serve --json`` in a subprocess; yields it and its start-up JSON. Killed (and
    waited for) at the end whatever happens."""
    port = free_port()
    env = {**os.environ, "TT_SERVE_TOKEN": token, "PYTHONUNBUFFERED": "1", **(env or {})}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tt_organizer", "event", "serve", "--event", str(event),
         "--port", str(port), "--json", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        head = line = ""
        while not line.startswith("}"):  # the top level's closing brace (JSON indented)
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError(f"serve exited: {proc.stderr.read() if proc.stderr else ''}")
            head += line
        info = json.loads(head)
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                requests.get(url + "/api/version", timeout=2)
                break
            except requests.ConnectionError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("server did not start") from None
                time.sleep(0.05)
        info["base"] = url
        yield proc, info
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        for stream in (proc.stdout, proc.stderr):
            if stream:
                stream.close()


def csrf(session: requests.Session, base: str, path: str) -> str:
    """GET a page in ``session`` and return its form's CSRF token."""
    html = session.get(base + path, timeout=10).text
    match = re.search(r'name="csrf" value="([^"]+)"', html)
    assert match, html[:500]
    return match.group(1)
