"""The hall: several events served by one process on one port (``tt event serve --event A
--event B``, or ``--events DIR``).

Each event is the single-event application of :mod:`tt_organizer.web.app` (its own
:class:`~tt_organizer.web.server.Server`: file, writer, players, PINs, notes, page versions,
timer) under the prefix ``/e/<id>``. The event's app sees the path without the prefix, exactly
as when it is served alone, and its answers are given the prefix on the way out
(:class:`Prefixed`): the links and forms of its pages, a redirect's ``Location``, and the path
of its cookies, so a player's cookies of one event are never sent to another. The organizer's
console sessions and the count of wrong tokens are the hall's: one token, one login, every
console. The root shows the picker (``/``), the list as JSON (``/api/events``), answers the
phones' polls (``/api/version?page=/e/<id>/me/5`` is the event's ``/api/version?page=/me/5``)
and logs the organizer in (``/org/login``, as printed at start: the first event's console).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from tt_organizer import i18n
from tt_organizer.errors import InputError
from tt_organizer.events.event_reads import stored_settings
from tt_organizer.names import fold
from tt_organizer.web import live, security
from tt_organizer.web.app import ME_COOKIE, STATIC, event_app
from tt_organizer.web.server import (
    LANGUAGE_COOKIE,
    Server,
    json_response,
    page_language,
    secure_headers,
)

PREFIX = "/e/"
PER_EVENT_COOKIES = (ME_COOKIE, security.CSRF_COOKIE)  # the language and the console's: hall-wide
_LINK = re.compile(rb'\b(href|action|src)="/(?!/|static/)')


def event_id(path: str | Path) -> str:
    """The id of an event file in a hall: its file name without the extension, in lower case,
    accents dropped, every run of other characters a ``-`` (``Side Event 2.sqlite`` →
    ``side-event-2``); ``event`` when nothing is left. Stable: it depends on the name only."""
    stem = fold(Path(path).stem)  # lower case, accents dropped, as names compare
    return re.sub(r"[^a-z0-9]+", "-", stem).strip("-")[:40].strip("-") or "event"


def event_ids(paths: Iterable[str | Path]) -> list[str]:
    """The ids of ``paths`` in order, a repeated id given ``-2``, ``-3`` … in the order given."""
    ids: list[str] = []
    for path in paths:
        base = candidate = event_id(path)
        n = 1
        while candidate in ids:
            n += 1
            candidate = f"{base}-{n}"
        ids.append(candidate)
    return ids


def folder_events(folder: str | Path) -> list[str]:
    """Every event file of ``folder`` for ``--events``: its ``*.sqlite`` files, by name
    (letter case aside)."""
    where = Path(folder)
    if not where.is_dir():
        raise InputError(f"{folder}: not a folder", code="not-a-folder",
                         hint={"folder": str(folder)})
    found = [str(p) for p in sorted(where.glob("*.sqlite"), key=lambda p: (p.name.casefold(),
                                                                             p.name))
             if p.is_file()]
    if not found:
        raise InputError(f"{folder}: no event file (*.sqlite) in it", code="no-events",
                         hint={"folder": str(folder)})
    return found


class Prefixed:
    """One event's app under ``prefix``: requests reach it without the prefix, and its answers
    get the prefix back (links, forms and images of HTML pages, ``Location``, cookie paths)."""

    def __init__(self, app: Any, prefix: str) -> None:
        self.app, self.prefix = app, prefix
        self._bytes = prefix.encode()

    async def __call__(self, scope: Any, receive: Any, send: Any, path: str) -> None:
        inner = dict(scope, path=path, raw_path=path.encode(), root_path="")
        html = False
        start: dict[str, Any] = {}
        body: list[bytes] = []

        async def prefixed_send(message: Any) -> None:
            nonlocal html, start
            if message["type"] == "http.response.start":
                headers = [self._header(k, v) for k, v in message.get("headers", [])]
                html = any(k == b"content-type" and v.startswith(b"text/html")
                           for k, v in headers)
                message = dict(message, headers=headers)
                if html:  # held until the whole page is there: its length changes
                    start = message
                    return
            elif message["type"] == "http.response.body" and html:
                body.append(message.get("body", b""))
                if message.get("more_body"):
                    return
                page = _LINK.sub(rb'\1="' + self._bytes + rb"/", b"".join(body))
                headers = [(k, str(len(page)).encode() if k == b"content-length" else v)
                           for k, v in start["headers"]]
                await send(dict(start, headers=headers))
                message = {"type": "http.response.body", "body": page}
            await send(message)

        await self.app(inner, receive, prefixed_send)

    def _header(self, key: bytes, value: bytes) -> tuple[bytes, bytes]:
        key = key.lower()
        if key == b"location" and value.startswith(b"/") and not value.startswith(b"//"):
            return key, self._bytes + value
        if key == b"set-cookie":
            name = value.split(b"=", 1)[0].strip().decode("latin-1")
            if name in PER_EVENT_COOKIES:
                return key, re.sub(rb"(?i)\bpath=/(?=;|$)", b"Path=" + self._bytes, value)
        return key, value


@dataclass
class Event:
    """One event of a hall."""

    id: str
    server: Server
    app: Prefixed

    @property
    def url(self) -> str:
        return f"{PREFIX}{self.id}"

    def summary(self) -> dict[str, Any]:
        """What ``/api/events`` says of it: id, name, stage, round, rounds, url."""
        with self.server.db() as conn:
            head = live.header(conn)
        return {"id": self.id, "name": head["event"], "stage": head["stage"],
                "round": head["round"], "rounds": head["rounds"], "url": self.url}


class Hall:
    """The ASGI app of several events: ``/e/<id>/…`` to that event, the rest to the picker."""

    def __init__(self, paths: Iterable[str | Path], token: str, *,
                 proxy: str | None = None) -> None:
        paths = [str(p) for p in paths]
        self.token = token
        self.sessions = security.Sessions()
        self.tokens = security.Backoff(free=5)
        self.events: dict[str, Event] = {}
        for eid, path in zip(event_ids(paths), paths, strict=True):
            server = Server(path, token, proxy=proxy, sessions=self.sessions,
                            tokens=self.tokens)
            self.events[eid] = Event(eid, server, Prefixed(event_app(server), PREFIX + eid))
        self.root = Starlette(routes=[
            Route("/", self.picker),
            Route("/api/events", self.list_json),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ])
        self.state = self.root.state
        self.state.hall = self

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            if scope["path"] == "/api/version":
                await self.version(scope, receive, send)
                return
            if scope["path"] == "/org/login":  # the printed login: the first event's console
                first = next(iter(self.events.values()))
                await first.app(scope, receive, send, "/org/login")
                return
            found = self._event(scope["path"])
            if found is not None:
                event, rest = found
                await event.app(scope, receive, send, rest)
                return
        await self.root(scope, receive, send)

    def _event(self, path: str) -> tuple[Event, str] | None:
        """The event a path is in, and the path within it (``/e/a/me/5`` → a, ``/me/5``)."""
        if not path.startswith(PREFIX):
            return None
        eid, _sep, rest = path[len(PREFIX):].partition("/")
        event = self.events.get(eid)
        return None if event is None else (event, "/" + rest)

    def _organizer(self, request: Request) -> bool:
        return self.sessions.valid(request.cookies.get(security.ORG_COOKIE))

    def list_json(self, request: Request) -> Response:
        return json_response([e.summary() for e in self.events.values()])

    def picker(self, request: Request) -> Response:
        """The root page: every event by name (its round beside it), a tap opens its
        pairings; the organizer also gets each console's link."""
        first = next(iter(self.events.values())).server
        with first.db() as conn:  # the first event's language when the browser says none
            lang = page_language(request, stored_settings(conn).language)
        rows = [e.summary() for e in self.events.values()]
        with i18n.using(i18n.negotiate_locale(request.headers.get("accept-language"), lang)):
            html = first.env.get_template("events.html").render(
                events=rows, lang=lang, languages=list(i18n.languages_shown()),
                organizer=self._organizer(request))
        response = HTMLResponse(html)
        secure_headers(response)
        response.headers["Content-Language"] = lang
        response.headers["Vary"] = "Accept-Language, Cookie"
        if request.query_params.get("lang") == lang:
            response.set_cookie(LANGUAGE_COOKIE, lang, max_age=180 * 86400, samesite="lax")
        return response

    async def version(self, scope: Any, receive: Any, send: Any) -> None:
        """A phone's poll: ``page`` names a page of an event, whose ``/api/version`` answers
        for the page without the prefix; the picker's own version otherwise."""
        page = Request(scope).query_params.get("page", "/")
        found = self._event(page) if len(page) <= 120 else None
        if found is None:
            await json_response({"version": "hall", "now": round(time.time(), 3),
                                 "timer": {"set": False}}, 200 if page == "/" else 404
                                )(scope, receive, send)
            return
        event, rest = found  # answered here, as the event's /api/version answers
        if len(rest) > 40:
            await json_response({"error": "page: a path of this server, such as /me/5"},
                                400)(scope, receive, send)
            return
        await json_response(event.server.poll(rest))(scope, receive, send)


def create_hall(paths: Iterable[str | Path], token: str | None = None, *,
                hosts: frozenset[str] = security.LOCAL_HOSTS, proxy: str | None = None,
                body_seconds: float = 20.0) -> Any:
    """The ASGI application serving every event of ``paths`` (see :func:`create_app` of
    :mod:`tt_organizer.web.app` for the options); ``app.state.hall`` is the :class:`Hall`."""
    hall = Hall(paths, security.check_token(token) if token else security.new_token(),
                proxy=proxy)
    return security.HostCheck(security.BodyDeadline(hall, body_seconds), hosts)
