"""Local and remote sources against a real HTTP server on 127.0.0.1 (no mocks)."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from http_server import FIXTURES, LocalServer, serve

from tt_organizer.sources import (
    USER_AGENT,
    FetchError,
    LocalSource,
    RemoteSource,
    _is_dns_failure,
    open_source,
)

PAGE = FIXTURES / "banlist" / "current.html"


@pytest.fixture(scope="module")
def server() -> Iterator[LocalServer]:
    with serve() as s:
        s.add("/page", file=PAGE)
        s.add("/boom", status=500)
        s.add("/missing", status=404)
        s.add("/slow", file=PAGE, stall=30)
        s.add("/big", size=20_000_000, content_length=False)
        s.add("/big-declared", size=20_000_000)
        s.add("/json", b"{}", content_type="application/json")
        s.add("/moved", status=302, headers={"Location": "/page"})
        s.add("/away", status=301, headers={"Location": "http://localhost:9/page"})
        s.add("/loop", status=302, headers={"Location": "/loop"})
        yield s


def remote(url: str, **kw: object) -> RemoteSource:
    opts: dict[str, object] = {"timeout": 2.0, "retries": 0, "backoff": 0.01}
    opts.update(kw)
    return RemoteSource(url, **opts)  # type: ignore[arg-type]


def test_fetches_page_with_a_real_user_agent(server: LocalServer) -> None:
    got = remote(server.url("/page")).fetch()
    assert got.body == PAGE.read_bytes()
    assert got.content_type and got.content_type.startswith("text/html")
    assert "List of Currently Affected Cards" in got.text()
    assert len(got.sha256) == 64
    _path, headers = [e for e in server.log if e[0] == "/page"][-1]
    assert headers["User-Agent"] == USER_AGENT
    assert "tt-organizer" in headers["User-Agent"] and "python-requests" not in USER_AGENT


def test_http_500_is_retried_with_backoff_then_fails(server: LocalServer) -> None:
    before = server.hits.get("/boom", 0)
    with pytest.raises(FetchError) as exc:
        remote(server.url("/boom"), retries=2).fetch()
    assert server.hits["/boom"] - before == 3
    assert "HTTP 500" in str(exc.value) and "after 3 attempts" in str(exc.value)
    assert "\n" not in str(exc.value)


def test_http_404_is_not_retried(server: LocalServer) -> None:
    before = server.hits.get("/missing", 0)
    with pytest.raises(FetchError, match="HTTP 404"):
        remote(server.url("/missing"), retries=3).fetch()
    assert server.hits["/missing"] - before == 1


def test_stalled_server_times_out_quickly(server: LocalServer) -> None:
    start = time.monotonic()
    with pytest.raises(FetchError, match="timed out"):
        remote(server.url("/slow"), timeout=1.0).fetch()
    assert time.monotonic() - start < 5


@pytest.mark.parametrize("path", ["/big", "/big-declared"])
def test_body_above_the_size_cap_is_refused(server: LocalServer, path: str) -> None:
    start = time.monotonic()
    with pytest.raises(FetchError, match="too large"):
        remote(server.url(path), max_bytes=1_000_000).fetch()
    assert time.monotonic() - start < 10


def test_wrong_content_type_is_refused(server: LocalServer) -> None:
    with pytest.raises(FetchError, match="unexpected content type 'application/json'"):
        remote(server.url("/json")).fetch()


def test_same_host_redirect_is_followed(server: LocalServer) -> None:
    got = remote(server.url("/moved")).fetch()
    assert got.location == server.url("/page")
    assert got.body == PAGE.read_bytes()


def test_redirect_to_another_host_is_refused(server: LocalServer) -> None:
    with pytest.raises(FetchError, match="redirect to another host"):
        remote(server.url("/away")).fetch()


def test_redirect_loop_stops(server: LocalServer) -> None:
    with pytest.raises(FetchError, match="too many redirects"):
        remote(server.url("/loop")).fetch()


def test_connection_refused_is_one_line() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again when the block ends: nothing listens
    with pytest.raises(FetchError) as exc:
        remote(f"http://127.0.0.1:{port}/x", retries=1).fetch()
    assert "cannot connect to 127.0.0.1" in str(exc.value)
    assert "after 2 attempts" in str(exc.value)


def test_dns_failure_is_recognised_in_the_exception_chain() -> None:
    inner = socket.gaierror(-2, "Name or service not known")
    outer = OSError("connection failed")
    outer.__cause__ = inner
    assert _is_dns_failure(outer)
    assert not _is_dns_failure(OSError("connection refused"))


def test_only_http_addresses_are_remote() -> None:
    with pytest.raises(FetchError, match="not an http"):
        RemoteSource("ftp://example.org/x")
    assert isinstance(open_source("https://example.org/x"), RemoteSource)
    assert isinstance(open_source("file:///tmp/x"), LocalSource)


def test_local_source(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_bytes(PAGE.read_bytes())
    assert LocalSource(page).fetch().body == PAGE.read_bytes()
    with pytest.raises(FetchError, match="too large"):
        LocalSource(page, max_bytes=100).fetch()
    with pytest.raises(FetchError, match="no such file"):
        LocalSource(tmp_path / "nope.html").fetch()
