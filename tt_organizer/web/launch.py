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


def server_info(event_path: str, host: str, port: int, url: str, token: str) -> dict[str, Any]:
    """What ``tt event serve --json`` prints before serving: where players, the projector and
    the organizer (with the token) find the event."""
    return {"event": event_path, "host": host, "port": port, "url": url,
            "organizer": f"{url}org/login?token={token}", "token": token}


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


def run(event_path: str | Path, token: str, port: int, lan: bool) -> None:
    """Serve the event until interrupted (Ctrl-C)."""
    import uvicorn

    from tt_organizer.web.app import create_app

    app = create_app(event_path, token)
    uvicorn.run(app, host=bind_host(lan), port=port, log_level="warning", access_log=False,
                timeout_graceful_shutdown=3)
