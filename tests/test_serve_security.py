"""``tt event serve`` on venue Wi-Fi: each rule over real HTTP on 127.0.0.1 (a second client
address is 127.0.0.2, the loopback answers on all of 127/8), or with raw sockets."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest
import requests

from tests.serve_helpers import TOKEN, csrf, live_server, new_event, serve_process
from tt_organizer.events import phone_reports, players, store
from tt_organizer.web import launch, security


@pytest.fixture()
def event(tmp_path: Path) -> Path:
    return new_event(tmp_path / "ev.sqlite")


def _seats(path: Path) -> tuple[int, str, int, str]:
    """(reporter id, PIN, opponent id, PIN) of table 1."""
    with store.connect(path) as conn:
        m = next(m for m in store.read_matches(conn) if m.player2 is not None)
        assert m.player2 is not None
        return (m.player1, phone_reports.player_pin(conn, m.player1), m.player2,
                phone_reports.player_pin(conn, m.player2))


class Phone:
    """A browser on one client address (its own cookies), through http.client."""

    def __init__(self, base: str, source: str = "127.0.0.1") -> None:
        self.port = int(base.rsplit(":", 1)[1])
        self.source = source
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, data: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10,
                                          source_address=(self.source, 0))
        head = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                **(headers or {})}
        body = None
        if data is not None:
            body = urlencode(data)
            head["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body=body, headers=head)
        resp = conn.getresponse()
        text = resp.read().decode()
        for name, value in resp.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        conn.close()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, text

    def post_form(self, path: str, **data: str) -> tuple[int, dict[str, str], str]:
        _, _, page = self.request("GET", path)
        token = page.split('name="csrf" value="', 1)[1].split('"', 1)[0]
        return self.request("POST", path, {"csrf": token, **data})


def test_wrong_pins_from_elsewhere_never_lock_the_player_out(event: Path) -> None:
    me, pin, _, _ = _seats(event)
    with live_server(event) as srv:
        attacker = Phone(srv.url, "127.0.0.2")
        codes = [attacker.post_form(f"/me/{me}", pin="0000" if pin != "0000" else "1111",
                                    action="report", result="2-1")[0] for _ in range(7)]
        assert codes[:5] == [403] * 5 and 429 in codes[5:]
        status, headers, _ = attacker.post_form(f"/me/{me}", pin=pin, action="report",
                                                result="2-1")
        assert status == 429 and int(headers["retry-after"]) >= 1  # the attacker waits
        status, headers, _ = Phone(srv.url).post_form(f"/me/{me}", pin=pin, action="report",
                                                      result="2-1")
        assert status == 303 and "note=" in headers["location"]  # the player does not


def test_the_wait_after_wrong_attempts_grows() -> None:
    now = [1000.0]
    limit = security.Backoff(free=2, base=2.0, cap=60.0, clock=lambda: now[0])
    waits = []
    for _ in range(6):
        limit.failed("a")
        waits.append(limit.retry_after("a"))
        now[0] += waits[-1]
    assert waits == [0, 2, 4, 8, 16, 32]
    assert limit.retry_after("b") == 0


def _actors(path: Path) -> list[str]:
    with store.connect(path) as conn:
        return [e.actor for e in store.read_audit(conn) if e.action == "web-report"]


def test_forwarded_for_is_believed_only_from_the_named_proxy(event: Path) -> None:
    me, pin, _, _ = _seats(event)
    spoof = {"X-Forwarded-For": "6.6.6.6"}
    with serve_process(event) as (_, info):
        phone = Phone(str(info["base"]))
        _, _, page = phone.request("GET", f"/me/{me}")
        tok = page.split('name="csrf" value="', 1)[1].split('"', 1)[0]
        phone.request("POST", f"/me/{me}", {"csrf": tok, "pin": pin, "action": "report",
                                            "result": "2-1"}, spoof)
    assert _actors(event) == [f"web:player#{me}@127.0.0.1"]
    with serve_process(event, "--proxy", "127.0.0.1") as (_, info):
        phone = Phone(str(info["base"]))
        _, _, page = phone.request("GET", f"/me/{me}")
        tok = page.split('name="csrf" value="', 1)[1].split('"', 1)[0]
        phone.request("POST", f"/me/{me}", {"csrf": tok, "pin": pin, "action": "report",
                                            "result": "2-0"}, spoof)
    assert _actors(event)[-1] == f"web:player#{me}@6.6.6.6"


def test_host_header_must_name_an_announced_address(event: Path) -> None:
    me, pin, _, _ = _seats(event)
    with live_server(event) as srv:
        phone = Phone(srv.url)
        assert phone.request("GET", "/")[0] == 200
        assert phone.request("GET", "/", headers={"Host": "localhost"})[0] == 200
        assert phone.request("GET", "/", headers={"Host": "evil.example"})[0] == 421
        evil = {"Host": "evil.example", "Origin": "http://evil.example"}
        assert phone.request("POST", f"/me/{me}", {"pin": pin, "action": "report",
                                                   "result": "2-1"}, evil)[0] == 421
    assert launch.lan_address() in launch.announced_hosts(True)
    assert launch.announced_hosts(False) == security.LOCAL_HOSTS


def test_a_short_token_is_refused_with_advice(event: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tt_organizer", "event", "serve", "--event", str(event),
         "--port", "1", "--token", "1234"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert "128" in run.stderr and "token_urlsafe" in run.stderr
    assert security.token_bits(security.new_token()) >= 128
    assert security.token_bits("a" * 40) >= 128 and not _strong("a" * 40)  # one letter


def _strong(token: str) -> bool:
    try:
        security.check_token(token)
    except Exception:
        return False
    return True


def test_the_token_is_read_from_a_file(event: Path, tmp_path: Path) -> None:
    secret = security.new_token()
    (tmp_path / "token").write_text(secret + "\n", encoding="utf-8")
    with serve_process(event, "--token-file", str(tmp_path / "token")) as (_, info):
        assert info["token"] == secret
        ok = requests.get(f"{info['base']}/api/org/tables", timeout=10,
                          headers={"Authorization": f"Bearer {secret}"})
        assert ok.status_code == 200


def test_bearer_attempts_are_limited(event: Path) -> None:
    with live_server(event) as srv:
        codes = [requests.get(srv.url + "/api/org/tables", timeout=10,
                              headers={"Authorization": f"Bearer wrong-{i}"}).status_code
                 for i in range(8)]
        assert codes[:5] == [401] * 5 and codes[5:] == [429] * 3
        other = Phone(srv.url, "127.0.0.2")  # another address is not slowed down
        assert other.request("GET", "/api/org/tables",
                             headers={"Authorization": f"Bearer {TOKEN}"})[0] == 200


def test_the_console_cookie_is_a_session_not_the_token(event: Path) -> None:
    with live_server(event) as srv:
        org = requests.Session()
        org.get(srv.url + f"/org/login?token={TOKEN}", timeout=10)
        cookie = org.cookies.get(security.ORG_COOKIE)
        assert cookie and TOKEN not in cookie and len(cookie) >= 32
        assert org.get(srv.url + "/org", timeout=10).status_code == 200
        stranger = requests.Session()
        stranger.cookies.set(security.ORG_COOKIE, TOKEN)
        assert stranger.get(srv.url + "/org", timeout=10).status_code == 401


def test_status_messages_are_never_taken_from_the_url(event: Path) -> None:
    me, _, _, _ = _seats(event)
    with live_server(event) as srv:
        for query in ("msg=Your+PIN+expired%3A+call+555-0100", "note=Your+PIN+expired"):
            page = srv.get(f"/me/{me}?{query}").text
            assert "PIN expired" not in page and "555-0100" not in page


def test_no_pin_in_any_url_after_a_late_entry(event: Path) -> None:
    with live_server(event) as srv:
        org = requests.Session()
        org.get(srv.url + f"/org/login?token={TOKEN}", timeout=10)
        token = csrf(org, srv.url, "/org")
        answer = org.post(srv.url + "/org/late", data={"csrf": token, "name": "Zoe"},
                          timeout=10, allow_redirects=False)
        with store.connect(event) as conn:
            pin = phone_reports.player_pin(conn, players.find_player(conn, "Zoe").id)
        assert answer.status_code == 303 and pin not in answer.headers["location"]
        shown = org.get(srv.url + answer.headers["location"], timeout=10).text
        assert pin in shown  # the organizer still reads it, on the page


def _closed(sock: socket.socket) -> bool:
    """True once the server closed ``sock`` (what it sent before is skipped)."""
    sock.settimeout(0.2)
    try:
        while True:
            chunk = sock.recv(4096)
            if not chunk:
                return True
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_slow_and_idle_connections_are_closed(event: Path) -> None:
    me, _, _, _ = _seats(event)
    with live_server(event, header_seconds=1.0, idle_seconds=1.0, body_seconds=1.0) as srv:
        port = int(srv.url.rsplit(":", 1)[1])
        socks = [socket.create_connection(("127.0.0.1", port)) for _ in range(4)]
        _idle, slow_head, slow_body, kept = socks
        slow_head.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        slow_body.sendall(f"POST /me/{me} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                          "application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n"
                          "pin=1".encode())
        kept.sendall(b"GET /api/version HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        first = kept.recv(65536)
        assert first.startswith(b"HTTP/1.1 200")
        kept.sendall(b"G")  # one byte of a next request, then nothing
        deadline = time.monotonic() + 8
        open_ = set(range(4))
        while open_ and time.monotonic() < deadline:
            for i in list(open_):
                if _closed(socks[i]):
                    open_.discard(i)
        for s in socks:
            s.close()
        assert not open_, f"still open: {sorted(open_)}"
        assert srv.get("/api/version").status_code == 200  # the server itself is fine


def test_version_of_a_page_changes_only_with_that_page(event: Path) -> None:
    me, pin, other, other_pin = _seats(event)
    with store.connect(event) as conn:
        far = next(m for m in store.read_matches(conn) if m.player2 is not None
                   and me not in (m.player1, m.player2))
    with live_server(event) as srv:
        def version(page: str) -> str:
            return str(srv.get(f"/api/version?page={page}").json()["version"])

        before = {p: version(p) for p in (f"/me/{me}", f"/me/{far.player1}", "/")}
        page = srv.get(f"/me/{me}").text
        assert f'data-version="{before[f"/me/{me}"]}"' in page
        assert Phone(srv.url).post_form(f"/me/{me}", pin=pin, action="report",
                                        result="2-1")[0] == 303
        after = {p: version(p) for p in before}
        assert after[f"/me/{me}"] != before[f"/me/{me}"]
        assert after[f"/me/{far.player1}"] == before[f"/me/{far.player1}"]
        assert after["/"] == before["/"]  # a pending report does not change the pairings
        Phone(srv.url).post_form(f"/me/{other}", pin=other_pin, action="confirm")
        assert version("/") != before["/"]
        assert json.loads(json.dumps(srv.get("/api/version").json()))["timer"]["set"] is False
