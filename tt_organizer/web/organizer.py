"""The organizer's side of ``tt event serve``: console, results, drops, late entries, pairing,
the round timer and the decklist queue. Every route needs the token printed at start; every
change is audited as ``web:organizer@ADDRESS``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from tt_organizer import i18n
from tt_organizer.errors import TTError
from tt_organizer.events import (
    drops,
    paired_rounds,
    phone_reports,
    players,
    queries,
    result_changes,
    rounds,
    submissions,
    timer,
    topcut,
    views,
)
from tt_organizer.events.event_reads import event_snapshot, stored_players, stored_settings
from tt_organizer.events.notices import Notice
from tt_organizer.events.store import acting_as
from tt_organizer.i18n import N_, ngettext
from tt_organizer.i18n import gettext as _
from tt_organizer.typed_numbers import is_count
from tt_organizer.web import pages, security
from tt_organizer.web.server import json_response

if TYPE_CHECKING:
    from tt_organizer.events.paired_rounds import PairedRound
    from tt_organizer.events.store import Connection
    from tt_organizer.web.server import Server


def _number(fields: dict[str, str], key: str, low: int = 1, high: int = 100_000) -> int:
    value = fields.get(key, "").strip()
    if not is_count(value.removeprefix("-")) or not low <= int(value) <= high:
        raise HTTPException(400, f"{key}: a number from {low} to {high}")
    return int(value)


TOP_CUT_BUTTON = N_("Pair the top cut")


def next_step(status: dict[str, Any]) -> str:
    """What the console's pairing button does now (from :func:`views.status_json`): ``pair``
    (the next Swiss round), ``top-cut`` (seed the bracket, or its next round) or ``over``
    (the champion is known, or the last Swiss round of an event without a top cut)."""
    if status["champion"]:
        return "over"
    if status["stage"] == "top-cut":
        return "top-cut"
    if status["round"] and status["round"] >= status["rounds"]:
        return "top-cut" if status["top_cut"] else "over"
    return "pair"


def paired_text(paired: PairedRound) -> str:
    """What the console says after pairing a round: how many tables, then each of the
    library's warnings (the words the command line uses, without its command advice)."""
    n = len(paired.tables)
    return "; ".join([ngettext("Round {round} paired: {n} tables",
                               "Round {round} paired: {n} tables", n).format(
                                   round=paired.round, n=n),
                      *(notice.shown() for notice in paired.notices)])


# what a console action answers: the message shown after it, or the message and the player
# whose PIN the console then shows (a new registration: the desk tells them, never the URL)
Done = str | tuple[str, int]


def _with_notices(text: str, notices: list[Notice]) -> str:
    """A console message and the operation's warnings, as the CLI words them."""
    return "".join([text, *(" — " + n.shown() for n in notices)])


def _actions(server: Server) -> dict[str, Callable[[Connection, dict[str, str]], Done]]:
    """Each console form's action: the library call, and the message shown after it."""

    def result(conn: Connection, f: dict[str, str]) -> str:
        result = f.get("result", "")
        best_of = stored_settings(conn).best_of
        # the lists as typed (first=P1,P2) or the console's one-tap fields (first1, first2…)
        change = result_changes.desk_result(
            conn, _number(f, "table"), result,
            first=f.get("first") or pages.game_list(f, "first", result, best_of),
            winners=f.get("winners") or pages.game_list(f, "winner", result, best_of),
            turns=f.get("turns") or pages.game_list(f, "turns", result, best_of),
            override=f.get("override") == "on")
        return _with_notices(pages.desk_result_text(change, best_of), change.notices)

    def drop(conn: Connection, f: dict[str, str]) -> str:
        done = drops.drop(conn, f.get("name", ""))
        return _with_notices(done.headline.shown(), done.notices)

    def undrop(conn: Connection, f: dict[str, str]) -> str:
        return drops.undrop(conn, f.get("name", "")).headline.shown()

    def late(conn: Connection, f: dict[str, str]) -> Done:
        reg = players.register_player(conn, f.get("name", ""), ext_id=f.get("ext_id") or None,
                                      late=True)
        return (_("Registered {name}: tell them their PIN (shown below)").format(
                    name=reg.player.name)
                + (ngettext("; a loss for round(s) {rounds}", "; a loss for round(s) {rounds}",
                            len(reg.missed_rounds)).format(
                    rounds=", ".join(map(str, reg.missed_rounds))) if reg.missed_rounds else "")
                + (_("; seated at table {table} (it was the bye)").format(
                    table=reg.seated.table) if reg.seated is not None else ""), reg.player.id)

    def pair(conn: Connection, f: dict[str, str]) -> str:
        try:
            paired = rounds.pair(conn)
        except TTError as exc:
            if exc.hint.get("command") == "top-cut" or exc.hint.get("then") == "top-cut":
                # the Swiss is over: say so, and where the top cut is (the button below)
                return _("Refused: {error}").format(error=exc.shown()) + " — " + _(
                    "the top cut is next: use “{button}”").format(button=_(TOP_CUT_BUTTON))
            raise
        return paired_text(paired)

    def top_cut(conn: Connection, f: dict[str, str]) -> str:
        matches = topcut.advance_top_cut(conn)
        name = paired_rounds.shown_round(conn, matches[0].round, top_cut=True,
                                  json_only=True).round_name()
        return ngettext("{name} paired: {n} table", "{name} paired: {n} tables",
                        len(matches)).format(name=name[:1].upper() + name[1:], n=len(matches))

    def timer_start(conn: Connection, f: dict[str, str]) -> str:
        minutes = _number(f, "minutes", 1, 600) if f.get("minutes") else None
        timer.start_timer(conn, minutes)
        return _("Timer running")

    def timer_pause(conn: Connection, f: dict[str, str]) -> str:
        timer.pause_timer(conn)
        return _("Timer paused")

    def timer_extend(conn: Connection, f: dict[str, str]) -> str:
        minutes = _number(f, "minutes", -600, 600)
        timer.extend_timer(conn, minutes)
        return _("Timer extended by {minutes} min").format(minutes=minutes)

    def approve(conn: Connection, f: dict[str, str]) -> Done:
        reg = submissions.approve_deck(conn, _number(f, "submission"),
                                       allow_illegal=f.get("allow_illegal") == "on")
        return (_("Registered {name}: tell them their PIN (shown below)").format(
                    name=reg.player.name), reg.player.id)

    def reject(conn: Connection, f: dict[str, str]) -> str:
        submissions.reject_deck(conn, _number(f, "submission"))
        return _("Submission rejected")

    return {"result": result, "drop": drop, "undrop": undrop, "late": late, "pair": pair,
            "top-cut": top_cut,
            "timer-start": timer_start, "timer-pause": timer_pause,
            "timer-extend": timer_extend, "approve": approve, "reject": reject}


def _copy_line(server: Server, request: Request) -> tuple[str, bool] | None:
    """The continuous copy of the event (tt event replicate, serve --replica) in one sentence
    in the page's language, and whether it is a warning; None when it is not copied."""
    from tt_organizer.events import replica

    state = replica.read_state(server.path)
    if state is None:
        return None
    with i18n.using(server.language(request)):
        return replica.describe(state)


def routes(server: Server) -> list[Route]:
    """The organizer's routes."""
    actions = _actions(server)

    def require(request: Request) -> None:
        if not server.organizer(request):
            raise HTTPException(401, "organizer token needed (printed when the server started)")

    async def login(request: Request) -> Response:
        if request.method == "POST":
            form = await request.form()
            security.check_csrf(request, form.get("csrf"))
            token = str(form.get("token") or "")
        else:
            token = request.query_params.get("token", "")
        if not token or not server.check_token(request, token):
            return server.page(request, "login.html", 401 if token else 200,
                               failed=bool(token))
        response = RedirectResponse("/org", 303)
        response.set_cookie(security.ORG_COOKIE, server.sessions.new(), httponly=True,
                            samesite="strict")
        return response

    def console(request: Request) -> Response:
        require(request)
        show = request.query_params.get("show", "")
        show = show if show in pages.STATES else ""
        reveal = request.query_params.get("pin", "")
        asked = request.query_params.get("drop", "")
        with server.db() as conn, i18n.using(server.language(request)):
            snap = event_snapshot(conn, server.path)
            tables = pages.console_tables(snap, phone_reports.table_states(conn))
            # PINs stay hidden: the desk asks for one player's, to tell it to that player
            pin = (int(reveal), phone_reports.player_pin(conn, int(reveal))) \
                if is_count(reveal) and int(reveal) in {p.id for p in snap.players} else None
            wanted = request.query_params.get("queue", "1")
            queue = submissions.queue_page(conn, int(wanted) if is_count(wanted)
                                           and len(wanted) < 7 else 1)
            status = views.status_json(conn)
            placings, kind = (views.shown_standings_json(conn)  # the top cut's placings
                              if queries.current_stage(conn)[0] == "top-cut" else ([], "swiss"))
        return server.page(request, "console.html", tables=tables, show=show,
                           copy=_copy_line(server, request),
                           placings=placings[:8] if kind != "swiss" else [], kind=kind,
                           counts=pages.state_counts(tables), players=snap.players, pin=pin,
                           subs=queue.items, queue=queue, best_of=snap.settings.best_of,
                           step=next_step(status),
                           champion=status["champion"], top_cut_button=TOP_CUT_BUTTON,
                           drop_asked=next((p for p in snap.players
                                            if p.name == asked and not p.dropped), None),
                           penalties=pages.penalty_rows(snap),
                           message=server.notes.take(request.query_params.get("note")))

    async def act(request: Request) -> Response:
        require(request)
        form = await request.form()
        security.check_csrf(request, form.get("csrf"))
        fields = {k: str(v) for k, v in form.items() if isinstance(v, str)}
        action = actions.get(request.path_params["action"])
        if action is None:
            raise HTTPException(404, "no such action")
        if request.path_params["action"] == "drop" and fields.get("confirm") != "yes":
            # a drop is asked first: the console shows who, and a button to confirm it
            return RedirectResponse(f"/org?{urlencode({'drop': fields.get('name', '')})}"
                                    "#drop-confirm", 303)
        address = server.client(request)
        lang = server.language(request)  # of the message shown back on the console

        def change(conn: Connection) -> Done:
            with i18n.using(lang):
                try:
                    with acting_as(f"web:organizer@{address}"):
                        return action(conn, fields)
                except TTError as exc:
                    return _("Refused: {error}").format(error=exc.shown())

        done = await server.change(change)
        # a PIN to tell is named by its player's id; the message is the server's note
        msg, reveal = (done, "") if isinstance(done, str) else (done[0], f"&pin={done[1]}")
        return RedirectResponse(f"/org?note={server.notes.put(msg)}{reveal}", 303)

    def tables_api(request: Request) -> Response:
        require(request)
        with server.db() as conn:
            return json_response(phone_reports.table_states(conn))

    def players_api(request: Request) -> Response:
        require(request)
        with server.db() as conn:
            pins = phone_reports.player_pins(conn)
            data: list[dict[str, Any]] = [
                {**views.player_json(p), "pin": pins[p.id]} for p in stored_players(conn)]
        return json_response(data)

    return [
        Route("/org/login", login, methods=["GET", "POST"]),
        Route("/org", server.live(console)),
        Route("/org/{action}", act, methods=["POST"]),
        Route("/api/org/tables", tables_api),
        Route("/api/org/players", players_api),
    ]
