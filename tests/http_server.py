"""A real HTTP server on 127.0.0.1 (ephemeral port, in a thread) for tests of remote sources.

    with serve() as server:
        server.add("/page", path=FIXTURES / "current.html")
        server.add("/boom", status=500)
        server.add("/slow", stall=30)          # waits (until the server stops) before answering
        server.add("/big", size=20_000_000)    # a 20 MB body, streamed, without Content-Length
        server.add("/drip", body, drip=1.0)    # one byte a second (drip_headers: headers too)
        url = server.url("/page")

Every request is logged in ``server.log`` as ``(path, headers)``. No mocks: the client under
test talks HTTP over a real socket.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "fixtures"
HTML = "text/html; charset=UTF-8"


@dataclass
class Route:
    """How the server answers one path."""

    body: bytes = b""
    status: int = 200
    content_type: str | None = HTML
    headers: dict[str, str] = field(default_factory=dict)
    stall: float = 0.0  # seconds to wait before answering (cut short when the server stops)
    size: int = 0  # > 0: stream this many bytes of filler HTML instead of ``body``
    content_length: bool = True  # send Content-Length (False: the connection end delimits)
    drip: float = 0.0  # > 0: send the body one byte every ``drip`` seconds
    drip_headers: bool = False  # with ``drip``: the status line and headers too


class LocalServer:
    """The running server: register routes with :meth:`add`, build addresses with :meth:`url`."""

    def __init__(self, httpd: ThreadingHTTPServer, stop: threading.Event) -> None:
        self.httpd = httpd
        self.stop = stop
        self.routes: dict[str, Route] = {}
        self.log: list[tuple[str, dict[str, str]]] = []
        self.hits: dict[str, int] = {}

    @property
    def base_url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def url(self, path: str) -> str:
        """The full address of ``path`` on this server."""
        return self.base_url + path

    def add(self, path: str, body: bytes | str = b"", *, file: str | Path | None = None,
            **options: object) -> str:
        """Serve ``body`` (or the bytes of ``file``) at ``path``; return the address."""
        if file is not None:
            body = Path(file).read_bytes()
        if isinstance(body, str):
            body = body.encode("utf-8")
        self.routes[path] = Route(body=body, **options)  # type: ignore[arg-type]
        return self.url(path)


def _handler(server: LocalServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"

        def log_message(self, format: str, *args: object) -> None:
            return

        def do_GET(self) -> None:
            path = self.path.split("?")[0]
            server.log.append((path, dict(self.headers.items())))
            server.hits[path] = server.hits.get(path, 0) + 1
            route = server.routes.get(path)
            if route is None:
                route = Route(body=b"<html><title>404 Not Found</title></html>", status=404)
            if route.stall and server.stop.wait(route.stall):
                return
            if route.drip:
                self._drip(route)
                return
            try:
                self.send_response(route.status)
                if route.content_type:
                    self.send_header("Content-Type", route.content_type)
                for key, value in route.headers.items():
                    self.send_header(key, value.replace("{base}", server.base_url))
                length = route.size or len(route.body)
                if route.content_length:
                    self.send_header("Content-Length", str(length))
                self.end_headers()
                if route.size:
                    chunk = b"<p>" + b"x" * 65529 + b"</p>\n"
                    sent = 0
                    while sent < route.size and not server.stop.is_set():
                        part = chunk[: route.size - sent]
                        self.wfile.write(part)
                        sent += len(part)
                else:
                    self.wfile.write(route.body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (size cap): that is what the test wants

        def _drip(self, route: Route) -> None:
            """A slow server: one byte every ``route.drip`` seconds until the server stops."""
            head = [f"HTTP/1.0 {route.status} OK", f"Content-Type: {route.content_type}"]
            if route.content_length:
                head.append(f"Content-Length: {len(route.body)}")
            raw_head = ("\r\n".join(head) + "\r\n\r\n").encode("ascii")
            slow = raw_head + route.body if route.drip_headers else route.body
            try:
                if not route.drip_headers:
                    self.wfile.write(raw_head)
                    self.wfile.flush()
                for i in range(len(slow)):
                    self.wfile.write(slow[i:i + 1])
                    self.wfile.flush()
                    if server.stop.wait(route.drip):
                        return
            except (BrokenPipeError, ConnectionResetError, OSError):
                pass  # the client gave up: that is what the test wants

    return Handler


@contextmanager
def serve() -> Iterator[LocalServer]:
    """Run a server on 127.0.0.1 with an ephemeral port until the block ends."""
    stop = threading.Event()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    httpd.daemon_threads = True
    server = LocalServer(httpd, stop)
    httpd.RequestHandlerClass = _handler(server)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield server
    finally:
        stop.set()
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Bytes and mtime (ns) of every file under ``folder``: compare before/after a refusal."""
    return {
        str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }
