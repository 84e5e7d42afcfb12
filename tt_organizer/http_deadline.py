"""A wall-clock limit on an HTTP exchange that a slow server cannot stretch.

``requests``' read timeout applies to each ``recv``: a server that sends one byte a second (in
the headers or the body, or during the TLS handshake) never trips it. A :class:`SocketWatchdog`
is armed for a number of seconds; every socket opened through a :func:`watched_session` is
registered with it, and when the time is up the watchdog shuts those sockets down, so the
blocked read returns at once and the caller sees :attr:`SocketWatchdog.fired`.

The watchdog keeps a duplicate of each socket's descriptor: ``shutdown`` on the duplicate ends
the connection for every descriptor of it, and the duplicate cannot be reused for another file
while the watchdog holds it.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import requests


class SocketWatchdog:
    """Shuts down every watched socket ``seconds`` after it is created (unless cancelled)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.fired = False
        self._lock = threading.Lock()
        self._socks: list[socket.socket] = []
        self._timer = threading.Timer(max(0.0, seconds), self._fire)
        self._timer.daemon = True
        self._timer.start()

    def watch(self, sock: socket.socket) -> None:
        """Shut ``sock`` down when the time is up (at once if it is already up)."""
        try:
            dup = sock.dup()
        except OSError:
            return
        with self._lock:
            if not self.fired:
                self._socks.append(dup)
                return
        _shutdown(dup)
        dup.close()

    def _fire(self) -> None:
        with self._lock:
            self.fired = True
            socks = list(self._socks)
        for sock in socks:
            _shutdown(sock)

    def cancel(self) -> None:
        """Disarm the watchdog and release its descriptors."""
        self._timer.cancel()
        with self._lock:
            socks, self._socks = self._socks, []
        for sock in socks:
            sock.close()

    def __enter__(self) -> SocketWatchdog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.cancel()


def _shutdown(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)


def watched_session(watchdog: SocketWatchdog) -> requests.Session:
    """A ``requests`` session whose every connection is watched by ``watchdog`` (proxied ones
    too); no retries of its own."""
    import requests
    from requests.adapters import HTTPAdapter
    from urllib3.connection import HTTPConnection, HTTPSConnection
    from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

    def watched(base: type[Any]) -> type[Any]:
        class Watched(base):
            def _new_conn(self) -> socket.socket:
                sock = super()._new_conn()
                watchdog.watch(sock)
                return sock

        return Watched

    class WatchedHTTPPool(HTTPConnectionPool):
        ConnectionCls = watched(HTTPConnection)

    class WatchedHTTPSPool(HTTPSConnectionPool):
        ConnectionCls = watched(HTTPSConnection)

    pools = {"http": WatchedHTTPPool, "https": WatchedHTTPSPool}

    class WatchedAdapter(HTTPAdapter):
        def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
            super().init_poolmanager(*args, **kwargs)
            self.poolmanager.pool_classes_by_scheme = pools

        def proxy_manager_for(self, proxy: str, **kwargs: Any) -> Any:
            manager = super().proxy_manager_for(proxy, **kwargs)
            manager.pool_classes_by_scheme = pools
            return manager

    session = requests.Session()
    session.mount("http://", WatchedAdapter(max_retries=0))
    session.mount("https://", WatchedAdapter(max_retries=0))
    return session
