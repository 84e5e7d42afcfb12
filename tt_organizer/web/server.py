"""One served event (:class:`Server`: its file, the organizer token, the PIN limiter, the
templates) and what every answer of the web front-end carries (its headers, JSON answers)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from tt_organizer.events import store, timer, views
from tt_organizer.events.store import Connection, Error, connect, open_event
from tt_organizer.web import security

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")


class Server:
    """State of one served event: its file, the organizer token, the PIN limiter, templates."""

    def __init__(self, event_path: str | Path, token: str) -> None:
        self.path = str(event_path)
        self.token = token
        self.pins = security.PinLimiter()
        self.env = Environment(loader=PackageLoader("tt_organizer.web", "templates"),
                               autoescape=select_autoescape(default=True))
        self._local = threading.local()
        with connect(self.path):  # refuse a missing / foreign file now, migrate it
            pass

    @contextmanager
    def db(self) -> Iterator[Connection]:
        """The event database for one request: each server thread keeps one connection open
        (autocommit, WAL: it sees every commit, the CLI's too); a connection that failed is
        closed and opened again on the next request."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = open_event(self.path)
        try:
            yield conn
        except Error:
            self._local.conn = None
            conn.close()
            raise
        store.rollback_open(conn)  # never hand a half-open transaction to the next request

    # --- rendering -------------------------------------------------------------------------

    def page(self, request: Request, template: str, status_code: int = 200,
             **context: Any) -> HTMLResponse:
        """Render a page with what every page shows: event name, round, timer, version."""
        with self.db() as conn:
            st = views.status_json(conn)
            context.setdefault("timer", timer.timer_state(conn))
            version = data_version(conn)
        csrf = security.csrf_token(request)
        html = self.env.get_template(template).render(
            request=request, status=st, version=version, csrf=csrf, now=time.time(),
            organizer=security.is_organizer(request, self.token), **context)
        response = HTMLResponse(html, status_code=status_code)
        secure_headers(response)
        if request.cookies.get(security.CSRF_COOKIE) != csrf:
            response.set_cookie(security.CSRF_COOKIE, csrf, httponly=True, samesite="strict")
        return response


def secure_headers(response: Response) -> None:
    """Headers every answer carries: no scripts but ours, no framing, no sniffing."""
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"


def data_version(conn: Connection) -> int:
    """A number that grows with every change of the event (each change is audited)."""
    return store.last_change(conn)


def json_response(data: Any, status_code: int = 200) -> JSONResponse:
    response = JSONResponse(data, status_code=status_code)
    secure_headers(response)
    return response
