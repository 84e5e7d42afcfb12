"""The Starlette application of ``tt event serve``: player pages, the JSON API, static files.

Reads run on the server threads' own connections (WAL: they never wait for a writer); every
change goes through the one writer thread (:mod:`tt_organizer.web.writer`, group commit), and
each page's version for the phones' polls comes from :mod:`tt_organizer.web.live`. The CLI
keeps working on the same file while the server runs. The organizer's pages are in
:mod:`tt_organizer.web.organizer`.
"""

from __future__ import annotations

import html
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

from tt_organizer.errors import TTError, in_words
from tt_organizer.events import phone_reports, setup, store, timer, views
from tt_organizer.events.result_text import valid_results
from tt_organizer.events.store import Connection, acting_as
from tt_organizer.numbers import is_count
from tt_organizer.web import security
from tt_organizer.web.openapi import OPENAPI
from tt_organizer.web.server import Server, json_response, secure_headers

STATIC = Path(__file__).parent / "static"


def _int_param(request: Request, name: str) -> int | None:
    value = request.query_params.get(name)
    if value is None or value == "":
        return None
    if not is_count(value) or len(value.strip()) > 6:
        raise HTTPException(400, f"{name}: a round number")
    return int(value)


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


def pairings_rows(conn: Connection) -> tuple[list[dict[str, Any]], int, str]:
    """The current round's tables (Swiss or top cut) with each player's points."""
    stage = setup.TOP_CUT if store.current_round(conn, setup.TOP_CUT) else setup.SWISS
    rnd = store.current_round(conn, stage)
    if not rnd:
        return [], 0, stage
    rows = views.pairings_json(conn, rnd, stage == setup.TOP_CUT)
    return rows, rnd, stage


def build_routes(server: Server) -> list[Route | Mount]:
    """Every route of the public side (the organizer's are added by ``organizer.routes``)."""

    def home(request: Request) -> Response:
        with server.db() as conn:
            rows, rnd, stage = pairings_rows(conn)
            players = store.read_players(conn)
        return server.page(request, "pairings.html", rows=rows, round=rnd, stage=stage,
                           players=players, q=request.query_params.get("q", "")[:60])

    def standings_page(request: Request) -> Response:
        with server.db() as conn:
            rows = views.standings_json(conn)
        return server.page(request, "standings.html", rows=rows)

    def projector(request: Request) -> Response:
        with server.db() as conn:
            rows, rnd, stage = pairings_rows(conn)
        by_name = sorted(
            [(r["player1"], r["table"], r["player2"] or "BYE") for r in rows]
            + [(r["player2"], r["table"], r["player1"]) for r in rows if r["player2"]],
            key=lambda row: (row[0].casefold(), row[1]))
        return server.page(request, "projector.html", rows=rows, round=rnd, stage=stage,
                           by_name=by_name)

    def me_pick(request: Request) -> Response:
        with server.db() as conn:
            players = store.read_players(conn)
        return server.page(request, "pick.html", players=players)

    def me(request: Request) -> Response:
        pid = request.path_params["pid"]
        message = server.notes.take(request.query_params.get("note"))
        with server.db() as conn:
            player = store.read_player(conn, pid)
            if player is None:
                raise HTTPException(404, "no such player")
            match = phone_reports.current_match(conn, pid)
            rep = phone_reports.open_report(conn, match) if match else None
            played = [m for m in store.read_matches(conn, player=pid, games=False) if m.result]
            results = views.matches_json(conn, played)
            names = store.player_names(conn, [match.player1, match.player2] if match else [])
        seat = None if match is None else ("P1" if match.player1 == pid else "P2")
        opponent = None
        if match is not None and match.player2 is not None:
            opponent = names[match.player2 if seat == "P1" else match.player1]
        p1 = names[match.player1] if match else ""
        p2 = names[match.player2] if match and match.player2 else None
        best_of = store.read_settings(conn).best_of
        return server.page(
            request, "me.html", player=player, match=match, seat=seat, opponent=opponent,
            report=rep, results=list(zip([m.round for m in played], results, strict=True)),
            message=message, p1=p1, p2=p2, best_of=best_of,
            choices=[(c, result_label(c, p1, p2, best_of)) for c in valid_results(best_of)],
            label=lambda c: result_label(c, p1, p2, best_of),
            named=lambda seats: seats_named(seats, p1, p2))

    async def me_post(request: Request) -> Response:
        pid = request.path_params["pid"]
        form = await request.form()
        security.check_csrf(request, form.get("csrf"))
        address = server.client(request)
        wait = server.pins.retry_after(pid, address)
        if wait:
            return _answer(pid, f"Too many wrong PINs: try again in {wait} s", 429,
                           {"Retry-After": str(wait)})
        fields = {k: str(v) for k, v in form.items() if isinstance(v, str)}

        with server.db() as conn:  # one indexed row: read on the event loop
            pin_ok = phone_reports.check_pin(conn, pid, fields.get("pin", "")[:12])
        if not pin_ok:
            server.pins.failed(pid, address)
            return _answer(pid, "Wrong PIN", 403)
        server.pins.succeeded(pid, address)
        msg = await server.change(lambda conn: _player_change(conn, pid, fields, address))
        return RedirectResponse(f"/me/{pid}?note={server.notes.put(msg)}", 303)

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
        with server.db() as conn:
            return json_response({"version": server.versions.of(conn, page),
                                  "now": round(time.time(), 3),
                                  "timer": timer.timer_state(conn)})

    def openapi(request: Request) -> Response:
        return json_response(OPENAPI)

    from tt_organizer.web.stats import routes as stats_routes

    return [
        *stats_routes(server),
        Route("/", server.live(home)),
        Route("/standings", server.live(standings_page)),
        Route("/projector", server.live(projector)),
        Route("/me", server.live(me_pick)),
        Route("/me/{pid:int}", server.live(me)),
        Route("/me/{pid:int}", me_post, methods=["POST"]),
        Route("/deck", deck_form),
        Route("/deck", deck_post, methods=["POST"]),
        Route("/api/pairings", api(server, lambda c, r: views.pairings_json(
            c, _int_param(r, "round"), _bool_param(r, "top_cut")))),
        Route("/api/standings", api(server, lambda c, r: views.standings_json(
            c, _int_param(r, "round")))),
        Route("/api/status", api(server, lambda c, r: views.status_json(c))),
        Route("/api/timer", api(server, lambda c, r: timer.timer_state(c))),
        Route("/api/version", version),
        Route("/api/openapi.json", openapi),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


def _answer(pid: int, message: str, status_code: int,
            headers: dict[str, str] | None = None) -> Response:
    """A refusal of a player's form (wrong PIN, too many): the message and a way back."""
    response = HTMLResponse(f'<p>{html.escape(message)}</p><p><a href="/me/{pid}">Back</a></p>',
                            status_code=status_code, headers=headers)
    secure_headers(response)
    return response


def result_label(result: str, p1: str, p2: str | None, best_of: int) -> str:
    """A result as a player reads it, with names: ``Alice wins 2-1`` rather than ``1-2``."""
    from tt_organizer.events.result_text import parse_result

    r = parse_result(result, best_of)
    if r.outcome == "p1":
        return f"{p1} wins {r.p1_games}-{r.p2_games}"
    if r.outcome == "p2":
        return f"{p2} wins {r.p2_games}-{r.p1_games}"
    if r.outcome == "draw":
        return "Draw" + (f" {r.p1_games}-{r.p2_games}-{r.draws}" if r.p1_games else "")
    return "Double loss (both lose)"


def seats_named(seats: str | None, p1: str, p2: str | None) -> str:
    """``P1,P2,D`` with the players' names."""
    names = {"P1": p1, "P2": p2 or "BYE", "D": "draw"}
    return ", ".join(names.get(s.strip().upper(), s) for s in (seats or "").split(",") if s)


def _games(fields: dict[str, str], key: str, count: int) -> str | None:
    """A calibration list (``P1,P2,…``) from the form's per-game fields, blanks dropped at the
    end; None when all are blank."""
    items = [fields.get(f"{key}{i}", "").strip() for i in range(1, count + 1)]
    while items and not items[-1]:
        items.pop()
    return ",".join(items) or None


def _player_change(conn: Connection, pid: int, fields: dict[str, str], address: str) -> str:
    """Report, confirm or dispute a result for player ``pid`` (PIN already checked); run by
    the writer. Returns the message the player sees."""
    action = fields.get("action", "")
    try:
        with acting_as(f"web:player#{pid}@{address}"):
            if action == "report":
                best_of = store.read_settings(conn).best_of
                rep = phone_reports.submit_report(
                    conn, pid, fields.get("result", ""),
                    first=_games(fields, "first", best_of),
                    winners=_games(fields, "winner", best_of),
                    turns=_games(fields, "turns", best_of), client=address)
                return {"pending": "Reported: waiting for your opponent to confirm",
                        "confirmed": "Confirmed: the result is recorded",
                        "disputed": "You disagree: the organizer will decide"}[rep.status]
            if action in ("confirm", "dispute"):
                rep = phone_reports.answer_report(conn, pid, agree=action == "confirm",
                                               counter=fields.get("counter") or None,
                                               client=address)
                return ("Confirmed: the result is recorded" if rep.status == "confirmed"
                        else "Disputed: the organizer will decide")
    except TTError as exc:
        return f"Refused: {in_words(exc, _FORM_WORDS)}"
    raise HTTPException(400, "unknown action")


# a library message's fields (its hint) in the words of the report form: its labels
_FORM_WORDS = {"first": "'Went first'", "winners": "'Winner'", "turns": "'Turns'"}


def create_app(event_path: str | Path, token: str | None = None, *,
               hosts: frozenset[str] = security.LOCAL_HOSTS, proxy: str | None = None,
               body_seconds: float = 20.0) -> Any:
    """The ASGI application serving ``event_path``; ``token`` is the organizer's (a fresh one
    when None — read it back from ``app.state.server.token``); ``hosts``: the names a request's
    Host header may give; ``proxy``: the one address whose ``X-Forwarded-For`` is believed;
    ``body_seconds``: how long a request's body may take to arrive."""
    from tt_organizer.web import organizer

    server = Server(event_path, security.check_token(token) if token
                    else security.new_token(), proxy=proxy)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if request.url.path.startswith("/api/"):
            response: Response = JSONResponse({"error": exc.detail}, exc.status_code)
        else:
            response = HTMLResponse(server.env.from_string(
                "<!doctype html><title>{{ code }}</title><p>{{ detail }}</p>"
                "<p><a href=\"/\">Pairings</a></p>").render(code=exc.status_code,
                                                            detail=exc.detail),
                exc.status_code)
        secure_headers(response)
        return response

    app = Starlette(routes=[*organizer.routes(server), *build_routes(server)],
                    exception_handlers={HTTPException: http_error})
    app.state.server = server
    return security.HostCheck(security.BodyDeadline(app, body_seconds), hosts)
