"""One served event (:class:`Server`: its file, the organizer token and sessions, the limits on
wrong PINs and tokens, the writer, page versions, the templates) and what every answer of the
web front-end carries (its headers, JSON answers)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from tt_organizer import i18n
from tt_organizer.events import store, timer
from tt_organizer.events.event_reads import last_change, stored_settings
from tt_organizer.events.store import Connection, Error, connect, open_event
from tt_organizer.names import fold
from tt_organizer.web import live, security
from tt_organizer.web.pages import round_title, seat_labels
from tt_organizer.web.writer import Writer

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")


class Server:
    """State of one served event: its file, the organizer token and sessions, the limits on
    wrong PINs and tokens, the writer, page versions, templates."""

    def __init__(self, event_path: str | Path, token: str, *, proxy: str | None = None,
                 sessions: security.Sessions | None = None,
                 tokens: security.Backoff | None = None) -> None:
        self.path = str(event_path)
        self.token = token
        self.proxy = proxy
        self.pins = security.PinLimiter()
        # wrong organizer tokens, by address, and the console sessions: a hall's events share
        # them (one organizer, one token: one login opens every event's console)
        self.tokens = tokens or security.Backoff(free=5)
        self.sessions = sessions or security.Sessions()
        self.notes = security.Notes()
        self.versions = live.Versions()
        self.env = Environment(loader=PackageLoader("tt_organizer.web", "templates"),
                               autoescape=select_autoescape(default=True),
                               auto_reload=False,  # no stat() of the template on every page
                               extensions=["jinja2.ext.i18n"])
        # the catalogs of tt_organizer.i18n, in the language a page is rendered in (using)
        self.env.install_gettext_callables(  # type: ignore[attr-defined]
            gettext=i18n.gettext, ngettext=i18n.ngettext, newstyle=False)
        self.env.globals["number"] = i18n.format_number  # 62,5 in Spanish
        self.env.globals["percent"] = i18n.format_percent  # 62,5 %
        self.env.filters["fold"] = fold  # a name as the phone search compares it
        self.env.globals["round_title"] = round_title  # Round 3, Quarter-final
        self.env.globals["seat_labels"] = seat_labels  # José M. / José P.
        self._local = threading.local()
        self._heads: tuple[int, dict[str, Any], str, dict[str, Any]] | None = None
        with connect(self.path):  # refuse a missing / foreign file now, migrate it
            pass
        self.writer = Writer(self.path)

    def client(self, request: Request) -> str:
        """Where ``request`` came from (through the named proxy, if any)."""
        return security.client(request, self.proxy)

    def organizer(self, request: Request) -> bool:
        """True for the organizer: a console session cookie, or ``Authorization: Bearer`` with
        the token. Wrong tokens are limited per address (429 with Retry-After)."""
        if self.sessions.valid(request.cookies.get(security.ORG_COOKIE)):
            return True
        offered = security.bearer(request)
        return offered is not None and self.check_token(request, offered)

    def check_token(self, request: Request, offered: str) -> bool:
        """Whether ``offered`` is the organizer token; counts a wrong one for the address and
        refuses (429) an address that tried too many."""
        address = self.client(request)
        wait = self.tokens.retry_after(address)
        if wait:
            raise HTTPException(429, f"too many wrong tokens: try again in {wait} s",
                                headers={"Retry-After": str(wait)})
        if security.same(offered, self.token):
            self.tokens.succeeded(address)
            return True
        self.tokens.failed(address)
        return False

    async def change(self, func: Callable[[Connection], Any]) -> Any:
        """Run ``func`` in the writer (a savepoint of its next group commit) and return its
        value once committed; its exception is raised here."""
        return await asyncio.wrap_future(self.writer.submit(func))

    def live(self, handler: Callable[[Request], Response]) -> Callable[[Request], Response]:
        """A page handler whose page carries its version, worked out before the page is read
        (so a change in between makes the phone fetch once more, never miss it)."""
        def endpoint(request: Request) -> Response:
            with self.db() as conn:
                request.state.version = self.version(conn, request.url.path)
            return handler(request)
        return endpoint

    def version(self, conn: Connection, page: str) -> str:
        """The version of ``page`` (:class:`~tt_organizer.web.live.Versions`); the console's
        also changes with the health of the event's copy, so a copy that starts failing shows
        on it without waiting for a change of the event."""
        version = self.versions.of(conn, page)
        if page == "/org":
            from tt_organizer.events import replica

            state = replica.read_state(self.path)
            if state is not None:
                version += f"-{state.health()}"
        return version

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

    # --- what every page shows, read once per change of the event --------------------------

    def heads(self, conn: Connection) -> tuple[dict[str, Any], str, dict[str, Any]]:
        """The header every page shows (:func:`live.header`), the event's language and the
        round timer (:func:`timer.timer_state`, as of now): read again only when the event
        changed (``max(audit.id)``, one index lookup: every change is audited, the CLI's
        and the timer's too), not three to five reads on every page and poll."""
        change = last_change(conn)  # first: what is read after it is at least this new
        known = self._heads
        if known is None or known[0] != change:
            known = (change, live.header(conn), stored_settings(conn).language,
                     timer.timer_state(conn))
            self._heads = known
        _change, head, language, clock = known
        if clock["running"]:  # the same end, the time left as of now
            clock = dict(clock, remaining=round(clock["ends_at"] - time.time(), 1))
        return head, language, clock

    def poll(self, page: str) -> dict[str, Any]:
        """The answer to a phone's poll of ``page`` (``/api/version``): the page's version,
        the round being played (``swiss:2``: a page behind it refreshes even over a form),
        the server's clock, the round timer -- one index lookup while nothing changed."""
        with self.db() as conn:
            head, _language, clock = self.heads(conn)
            return {"version": self.version(conn, page),
                    "round": f"{head['stage']}:{head['round']}",
                    "now": round(time.time(), 3), "timer": clock}

    def timer(self, conn: Connection) -> dict[str, Any]:
        """The round timer as of now (:meth:`heads`)."""
        return self.heads(conn)[2]

    # --- rendering -------------------------------------------------------------------------

    def language(self, request: Request) -> str:
        """The language a page for ``request`` is in (:func:`page_language`)."""
        with self.db() as conn:
            return page_language(request, self.heads(conn)[1])

    def page(self, request: Request, template: str, status_code: int = 200,
             **context: Any) -> HTMLResponse:
        """Render a page with what every page shows: event name, round, timer, version; in
        the reader's language (:func:`page_language`)."""
        with self.db() as conn:
            head, event_language, clock = self.heads(conn)
            context.setdefault("status", head)
            context.setdefault("timer", clock)
            version = getattr(request.state, "version", None) or self.version(
                conn, request.url.path)
        csrf = security.csrf_token(request)
        lang = page_language(request, event_language)
        # the browser's region for numbers and dates (es-MX: 62.5%), the language as chosen
        with i18n.using(i18n.negotiate_locale(request.headers.get("accept-language"), lang)):
            html = self.env.get_template(template).render(
                request=request, version=version, csrf=csrf, now=time.time(),
                organizer=self.organizer(request), lang=lang,
                languages=list(i18n.languages_shown()), **context)
        response = HTMLResponse(html, status_code=status_code)
        secure_headers(response)
        response.headers["Content-Language"] = lang
        response.headers["Vary"] = "Accept-Language, Cookie"
        if request.cookies.get(security.CSRF_COOKIE) != csrf:
            response.set_cookie(security.CSRF_COOKIE, csrf, httponly=True, samesite="strict")
        if request.query_params.get("lang") == lang:  # the switch: remembered
            response.set_cookie(LANGUAGE_COOKIE, lang, max_age=180 * 86400, samesite="lax")
        return response


LANGUAGE_COOKIE = "tt_lang"


def page_language(request: Request, event_language: str) -> str:
    """The language of a page: the switch (``?lang=es``, then its cookie), else the
    browser's ``Accept-Language`` when tt has that language, else the event's."""
    for chosen in (request.query_params.get("lang"), request.cookies.get(LANGUAGE_COOKIE)):
        if chosen and (lang := i18n.normalize(chosen)) is not None:
            return lang
    return i18n.negotiate(request.headers.get("accept-language"), event_language)


def secure_headers(response: Response) -> None:
    """Headers every answer carries: no scripts but ours, no framing, no sniffing."""
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"


def json_response(data: Any, status_code: int = 200) -> JSONResponse:
    response = JSONResponse(data, status_code=status_code)
    secure_headers(response)
    return response
