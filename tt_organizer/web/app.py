"""The Starlette application of ``tt event serve``: player pages, the JSON API, static files.

Reads run on the server threads' own connections (WAL: they never wait for a writer); every
change goes through the one writer thread (:mod:`tt_organizer.web.writer`, group commit), and
each page's version for the phones' polls comes from :mod:`tt_organizer.web.live`. The CLI
keeps working on the same file while the server runs. The organizer's pages are in
:mod:`tt_organizer.web.organizer`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from tt_organizer import i18n
from tt_organizer.errors import InputError, TTError, in_words
from tt_organizer.events import phone_reports, queries, setup, timer, views
from tt_organizer.events.event_reads import event_snapshot, stored_players, stored_settings
from tt_organizer.events.player_page import read_player_page
from tt_organizer.events.store import Connection, Error, acting_as
from tt_organizer.i18n import N_, Msg, ngettext
from tt_organizer.i18n import gettext as _
from tt_organizer.typed_numbers import NumberError, is_count, parse_count
from tt_organizer.web import pages, security
from tt_organizer.web.openapi import OPENAPI
from tt_organizer.web.server import Server, json_response, secure_headers

STATIC = Path(__file__).parent / "static"
ME_COOKIE = "tt_me"  # the player id a phone last opened: their own line on top (not a secret)


def _int_param(request: Request, name: str) -> int | None:
    value = request.query_params.get(name)
    if value is None or value == "":
        return None
    if not is_count(value) or len(value.strip()) > 6:
        raise HTTPException(400, f"{name}: a round number")
    return int(value)


def _player_id(request: Request) -> int:
    """The player number of a ``/me/ID`` path: ASCII digits in range, else 404."""
    try:
        return parse_count(request.path_params["pid"], "player", minimum=1)
    except NumberError:
        raise HTTPException(404, "no such player") from None


def _bool_param(request: Request, name: str) -> bool:
    value = request.query_params.get(name, "false").lower()
    if value not in ("true", "false", "1", "0", ""):
        raise HTTPException(400, f"{name}: true or false")
    return value in ("true", "1")


def api(server: Server, build: Callable[[Connection, Request], Any]
        ) -> Callable[[Request], Response]:
    """A read-only JSON endpoint; a library refusal (e.g. no round paired) is a 409."""
    def endpoint(request: Request) -> Response:
        try:
            with server.db() as conn:
                return json_response(build(conn, request))
        except TTError as exc:
            return json_response({"error": str(exc)}, 409)
    return endpoint


# --- player pages ------------------------------------------------------------------------


def build_routes(server: Server) -> list[Route | Mount]:
    """Every route of the public side (the organizer's are added by ``organizer.routes``)."""

    def home(request: Request) -> Response:
        q = request.query_params.get("q", "").strip()[:60]
        with server.db() as conn:
            stage, rnd = queries.current_stage(conn)
            snap = event_snapshot(conn, server.path, light=True)
        with i18n.using(server.language(request)):  # the results in words
            lines = pages.player_lines(snap, [m for m in snap.matches
                                              if m.stage == stage and m.round == rnd])
        mine = next((line for line in lines if str(line["id"]) == request.cookies.get(ME_COOKIE)),
                    None)
        suggestions = pages.search_lines(lines, q)
        return server.page(request, "pairings.html", lines=lines, mine=mine, round=rnd,
                           stage=stage, players=snap.players, q=q, suggestions=suggestions)

    def standings_page(request: Request) -> Response:
        with server.db() as conn:
            rows, kind = views.shown_standings_json(conn)
        return server.page(request, "standings.html", rows=rows, kind=kind)

    def projector(request: Request) -> Response:
        with server.db() as conn:
            stage, rnd = queries.current_stage(conn)
            snap = event_snapshot(conn, server.path, light=True)
            placings, kind = (views.shown_standings_json(conn) if stage == setup.TOP_CUT
                              else ([], "swiss"))
        with i18n.using(server.language(request)):  # the results in words
            lines = pages.player_lines(snap, [m for m in snap.matches
                                              if m.stage == stage and m.round == rnd])
        # the event over (the final reported): the projector shows the final placings
        return server.page(request, "projector.html", lines=lines, round=rnd, stage=stage,
                           placings=placings if kind == "final" else [])

    def me_pick(request: Request) -> Response:
        with server.db() as conn:
            players = stored_players(conn)
        return server.page(request, "pick.html", players=players)

    def me(request: Request) -> Response:
        pid = _player_id(request)
        response = player_page(server, request, pid,
                               message=server.notes.take(request.query_params.get("note")))
        response.set_cookie(ME_COOKIE, str(pid), samesite="strict", max_age=7 * 24 * 3600)
        return response

    async def me_post(request: Request) -> Response:
        pid = _player_id(request)
        form = await request.form()
        security.check_csrf(request, form.get("csrf"))
        address = server.client(request)
        fields = {k: str(v)[:40] for k, v in form.items() if isinstance(v, str)}
        wait = server.pins.retry_after(pid, address)
        lang = server.language(request)  # of the messages shown back on the player's page
        if wait:
            with i18n.using(lang):
                minutes = (wait + 59) // 60
                later = (ngettext("{n} more second", "{n} more seconds", wait).format(n=wait)
                         if wait < 60 else ngettext("{n} more minute", "{n} more minutes",
                                                    minutes).format(n=minutes))
                error = _("Too many wrong PINs from this phone: wait {later}, or ask the desk: "
                          "they can show you your PIN or enter the result.").format(later=later)
            return await _run_sync(lambda: player_page(
                server, request, pid, status_code=429, form=fields, locked=True,
                error=error, headers={"Retry-After": str(wait)}))
        with server.db() as conn:  # one indexed row: read on the event loop
            pin_ok = phone_reports.check_pin(conn, pid, fields.get("pin", "")[:12])
        if not pin_ok:
            server.pins.failed(pid, address)
            with i18n.using(lang):
                error = _("Wrong PIN. Your PIN is the 4 digits the desk gave you at "
                          "registration; after {tries} wrong tries from this phone each next "
                          "try waits longer. Forgot it? Ask the desk.").format(
                              tries=server.pins.pair.free)
            return await _run_sync(lambda: player_page(
                server, request, pid, status_code=403, form=fields, error=error))
        server.pins.succeeded(pid, address)

        def change(conn: Connection) -> tuple[bool, str]:
            with i18n.using(lang):
                return _player_change(conn, pid, fields, address)

        done, text = await server.change(change)
        if not done:  # refused: the page again, everything chosen still chosen
            return await _run_sync(lambda: player_page(
                server, request, pid, status_code=400, form=fields, error=text))
        return RedirectResponse(f"/me/{pid}?note={server.notes.put(text)}", 303)

    def deck_form(request: Request) -> Response:
        return server.page(request, "deck.html", verdict=None, error=None)

    async def deck_post(request: Request) -> Response:
        from tt_organizer.web.decks import submit

        form = await request.form()
        security.check_csrf(request, form.get("csrf"))
        return await submit(server, request, form)

    async def version(request: Request) -> Response:
        # on the event loop itself, no thread: a remembered version costs one index lookup
        page = request.query_params.get("page", "/")
        if not page.startswith("/") or len(page) > 40:
            raise HTTPException(400, "page: a path of this server, such as /me/5")
        return json_response(server.poll(page))

    def openapi(request: Request) -> Response:
        return json_response(OPENAPI)

    from tt_organizer.web.stats_page import routes as stats_routes

    return [
        *stats_routes(server),
        Route("/", server.live(home)),
        Route("/standings", server.live(standings_page)),
        Route("/projector", server.live(projector)),
        Route("/me", server.live(me_pick)),
        Route("/me/{pid}", server.live(me)),  # not {pid:int}: int() of 4,301 digits raises (a 500)
        Route("/me/{pid}", me_post, methods=["POST"]),
        Route("/deck", deck_form),
        Route("/deck", deck_post, methods=["POST"]),
        Route("/api/pairings", api(server, lambda c, r: views.pairings_json(
            c, _int_param(r, "round"), _bool_param(r, "top_cut")))),
        Route("/api/standings", api(server, _standings_api)),
        Route("/api/status", api(server, lambda c, r: views.status_json(c))),
        Route("/api/timer", api(server, lambda c, r: timer.timer_state(c))),
        Route("/api/version", version),
        Route("/api/openapi.json", openapi),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


def _standings_api(conn: Connection, request: Request) -> list[dict[str, Any]]:
    """``/api/standings``: ``?round=N`` (Swiss) or ``?final=true`` (the final placings, as
    ``tt event standings --final --json``; a 409 while a planned top cut has not started, and
    with a round: the final placings have none)."""
    rnd, final = _int_param(request, "round"), _bool_param(request, "final")
    if final and rnd is not None:
        raise InputError("final: the final placings have no round; leave out round",
                         code="final-with-round")
    return views.standings_json(conn, rnd, final=final)


async def _run_sync(func: Callable[[], Response]) -> Response:
    from starlette.concurrency import run_in_threadpool

    return await run_in_threadpool(func)


def player_page(server: Server, request: Request, pid: int, **options: Any) -> Response:
    """A player's page: their table, opponent and seat, the report or confirm form (filled in
    again with ``form`` after a refusal, ``error`` beside it), both versions of a dispute,
    their results so far; in the reader's language (results in words included)."""

    with i18n.using(server.language(request)):
        return _player_page(server, request, pid, **options)


def _player_page(server: Server, request: Request, pid: int, *, status_code: int = 200,
                 message: str = "", error: str = "", form: dict[str, str] | None = None,
                 locked: bool = False, headers: dict[str, str] | None = None) -> Response:
    with server.db() as conn:
        page = read_player_page(conn, server.path, pid)
    if page is None:
        raise HTTPException(404, "no such player")
    snap, player, match, rep = page.snapshot, page.player, page.match, page.report
    seat = page.seat
    p1 = snap.name(match.player1) if match else ""
    p2 = snap.name(match.player2) if match and match.player2 else None
    opponent = (p2 if seat == "P1" else p1) if match and p2 else None
    best_of = snap.settings.best_of
    history = []
    for m in page.history:
        a, b = snap.name(m.player1), snap.name(m.player2) if m.player2 else None
        history.append({"round": m.round, "stage": m.stage, "table": m.table,
                        "opponent": b if m.player1 == pid else a,
                        "result": pages.result_label(m.result or "", a, b, best_of)})
    report = rep.to_dict() if rep else None
    response = server.page(
        request, "me.html", status_code, player=player, match=match, seat=seat,
        opponent=opponent, report=report, message=message, error=error, locked=locked,
        form=form or {}, p1=p1, p2=p2, best_of=best_of, history=history,
        result_text=pages.result_label(match.result, p1, p2, best_of)
        if match and match.result else "",
        reported_text=pages.result_label(rep.result, p1, p2, best_of) if rep else "",
        versions=pages.report_versions(report, snap, p1, p2),
        details=pages.report_details(report, p1, p2),
        choices=pages.result_choices(p1, p2, best_of,
                                     intentional_draws=snap.settings.intentional_draws)
        if p2 else [],
        penalties=pages.penalty_rows(snap, pid), withdrawn=page.withdrawn)
    for key, value in (headers or {}).items():
        response.headers[key] = value
    return response


def _player_change(conn: Connection, pid: int, fields: dict[str, str],
                   address: str) -> tuple[bool, str]:
    """Report, confirm or dispute a result for player ``pid`` (PIN already checked); run by
    the writer. Returns (recorded, the message the player sees) — a refusal is (False, why)."""
    action = fields.get("action", "")
    try:
        with acting_as(f"web:player#{pid}@{address}"):
            if action == "report":
                best_of = stored_settings(conn).best_of
                result = fields.get("result", "")
                if not result:
                    raise InputError(Msg("choose the result first"), code="no-result")
                rep = phone_reports.submit_report(
                    conn, pid, result,
                    first=pages.game_list(fields, "first", result, best_of),
                    winners=pages.game_list(fields, "winner", result, best_of),
                    turns=pages.game_list(fields, "turns", result, best_of),
                    client=address)
                return True, {"pending": _("Reported: waiting for your opponent to confirm"),
                              "confirmed": _("Confirmed: the result is recorded"),
                              "disputed": _("You disagree: the organizer will decide")
                              }[rep.status]
            if action in ("confirm", "dispute"):
                rep = phone_reports.answer_report(conn, pid, agree=action == "confirm",
                                                  counter=fields.get("counter") or None,
                                                  client=address)
                return True, (_("Confirmed: the result is recorded")
                              if rep.status == "confirmed"
                              else _("Disputed: the organizer will decide"))
    except TTError as exc:
        return False, _("Not recorded: {error}").format(
            error=in_words(exc, _FORM_WORDS, shown=True))
    raise HTTPException(400, "unknown action")


# a library message's fields (its hint) in the words of the report form: its labels
_FORM_WORDS = {"first": "'Went first'", "winners": "'Won'", "turns": "'Turn'"}


ERROR_ADVICE = {  # translated when the page is drawn, in the reader's language
    400: N_("Something in the form was not understood. Go back, check it and send it again."),
    401: N_("This page is for the organizer: open the organizer link printed when the server "
            "started."),
    403: N_("The form was too old or came from another page. Go back, reload it and try "
            "again."),
    404: N_("There is no such page here. The pairings and your page are linked below."),
}
OTHER_ERROR_ADVICE = N_("Try again in a moment, or ask the desk.")


def error_page(server: Server, request: Request, status_code: int, detail: str) -> Response:
    """An error in the site's own layout: what happened, what to do, the way back."""
    advice = ERROR_ADVICE.get(status_code, OTHER_ERROR_ADVICE)
    try:
        return server.page(request, "error.html", status_code, code=status_code,
                           detail=detail, advice=advice)
    except (Error, TTError, OSError):  # the event file itself failed: a page without it
        page = server.env.get_template("error.html").render(
            status=None, timer={"set": False}, code=status_code, detail=detail, advice=advice,
            csrf="", version=0, now=time.time(), organizer=False)
        return HTMLResponse(page, status_code)


def create_app(event_path: str | Path, token: str | None = None, *,
               hosts: frozenset[str] = security.LOCAL_HOSTS, proxy: str | None = None,
               body_seconds: float = 20.0) -> Any:
    """The ASGI application serving ``event_path``; ``token`` is the organizer's (a fresh one
    when None — read it back from ``app.state.server.token``); ``hosts``: the names a request's
    Host header may give; ``proxy``: the one address whose ``X-Forwarded-For`` is believed;
    ``body_seconds``: how long a request's body may take to arrive."""
    server = Server(event_path, security.check_token(token) if token
                    else security.new_token(), proxy=proxy)
    return security.HostCheck(security.BodyDeadline(event_app(server), body_seconds), hosts)


def event_app(server: Server) -> Starlette:
    """The Starlette application of one event's pages and API, every path from ``/`` (a hall
    mounts one per event: :mod:`tt_organizer.web.hall`)."""
    from tt_organizer.web import organizer

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if request.url.path.startswith("/api/"):
            response: Response = JSONResponse({"error": exc.detail}, exc.status_code)
        else:
            response = error_page(server, request, exc.status_code, str(exc.detail))
        secure_headers(response)
        return response

    app = Starlette(routes=[*organizer.routes(server), *build_routes(server)],
                    exception_handlers={HTTPException: http_error})
    app.state.server = server
    return app
