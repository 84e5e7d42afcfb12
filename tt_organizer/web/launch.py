"""Starting the event server: the address to print, the QR code, uvicorn."""

from __future__ import annotations

import io
import socket
from pathlib import Path
from typing import Any

from tt_organizer.web.security import bind_host


def lan_address() -> str:
    """This machine's address on the LAN (the interface of the default route; no packet is
    sent), or the loopback when there is no network."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.connect(("10.255.255.255", 1))
        return str(sock.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        sock.close()


def player_url(lan: bool, port: int) -> str:
    """The address players open."""
    return f"http://{lan_address() if lan else '127.0.0.1'}:{port}/"


def server_info(event_path: str, host: str, port: int, url: str, token: str,
                replica: str | None = None, events: list[str] | None = None
                ) -> dict[str, Any]:
    """What ``tt event serve --json`` prints before serving: where players, the projector and
    the organizer (with the token) find the event, and where it is copied (``--replica``).
    With several ``events``: ``event`` is the first (``/org/login`` opens its console, and
    with it every console), and ``events`` lists each one's id, file, pages and login."""
    info = {"event": event_path, "host": host, "port": port, "url": url,
            "organizer": f"{url}org/login?token={token}", "token": token,
            **({"replica": replica} if replica is not None else {})}
    if events:
        info["events"] = [{"id": eid, "event": path, "url": f"{url}e/{eid}/",
                           "organizer": f"{url}e/{eid}/org/login?token={token}"}
                          for eid, path in zip(hall_ids(events), events, strict=True)]
    return info


def hall_ids(paths: list[str]) -> list[str]:
    """The ids of several served events (:func:`tt_organizer.web.hall.event_ids`)."""
    from tt_organizer.web.hall import event_ids

    return event_ids(paths)


def qr_text(url: str) -> str:
    """A QR code of ``url`` drawn with block characters for the terminal."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def check_port(host: str, port: int) -> None:
    """Raise InputError when ``port`` cannot be listened on (in use, or not allowed)."""
    from tt_organizer.errors import InputError

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as exc:
            raise InputError(f"cannot listen on {host}:{port} ({exc.strerror or exc})",
                             code="port-busy", hint={"host": host, "port": port}) from None


HEADER_SECONDS = 10.0  # a request's headers must arrive within this of the connection / last answer
BODY_SECONDS = 20.0  # its body within this of its start
IDLE_SECONDS = 10.0  # a kept-alive connection without a request is closed after this


def timed_protocol(header_seconds: float) -> type[Any]:
    """uvicorn's HTTP/1.1 protocol with a deadline for a request's headers: a connection that
    sends no complete request within ``header_seconds`` of opening (or of its last answer) is
    closed. uvicorn alone times out only an idle kept-alive connection, and forgets even that
    once a single byte arrives."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class TimedH11Protocol(H11Protocol):
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def _arm(self) -> None:
            cycle = getattr(self, "cycle", None)
            self.loop.call_later(header_seconds, self._late, cycle)

        def _late(self, cycle: Any) -> None:
            if getattr(self, "cycle", None) is cycle and not self.transport.is_closing():
                self.transport.close()  # no new request began since the timer was set

    return TimedH11Protocol


def config(app: Any, host: str, port: int, *, header_seconds: float = HEADER_SECONDS,
           idle_seconds: float = IDLE_SECONDS) -> Any:
    """The uvicorn configuration of the event server: time limits on slow or idle connections,
    and no proxy headers (``X-Forwarded-For`` is the app's to judge, see ``--proxy``)."""
    import uvicorn

    return uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                          timeout_graceful_shutdown=3, proxy_headers=False, server_header=False,
                          timeout_keep_alive=int(idle_seconds) or 1,
                          http=timed_protocol(header_seconds))


def announced_hosts(lan: bool) -> frozenset[str]:
    """The host names the server answers to: this computer's, and its LAN address with --lan."""
    from tt_organizer.web.security import LOCAL_HOSTS

    return LOCAL_HOSTS | ({lan_address()} if lan else set())


def run(event_paths: str | Path | list[str], token: str, port: int, lan: bool,
        proxy: str | None = None) -> None:
    """Serve the event (or several: a hall, :mod:`tt_organizer.web.hall`) until interrupted
    (Ctrl-C)."""
    import uvicorn

    from tt_organizer.web.app import create_app
    from tt_organizer.web.hall import create_hall

    paths = event_paths if isinstance(event_paths, list) else [str(event_paths)]
    hosts = announced_hosts(lan)
    app = (create_app(paths[0], token, hosts=hosts, proxy=proxy) if len(paths) == 1
           else create_hall(paths, token, hosts=hosts, proxy=proxy))
    uvicorn.Server(config(app, bind_host(lan), port)).run()
