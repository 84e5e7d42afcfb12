"""What the pages of ``tt event serve`` show, as plain data for the templates: each player's
line of the round ("Table 3 vs Bob"), results worded with names, a table's reports from both
sides, the per-game details of a report form. No HTTP here: the handlers in
:mod:`tt_organizer.web.app` and :mod:`tt_organizer.web.organizer` call these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tt_organizer.errors import TTError
from tt_organizer.events.final_placings import top_cut_round_name
from tt_organizer.events.models import EventSnapshot, MatchInfo
from tt_organizer.events.penalties import PENALTY_WORDS
from tt_organizer.events.result_changes import ResultChange
from tt_organizer.events.result_text import (
    NO_GAME_DRAW,
    parse_result,
    stored_result,
    valid_results,
)
from tt_organizer.i18n import gettext as _
from tt_organizer.names import search_hit, sort_key, suggest

# the results a form offers first, by best-of (one tap); the rest are behind "Draw, …"
MAIN_RESULTS = {1: ("1-0", "0-1"), 3: ("2-0", "2-1", "1-2", "0-2")}
STATES = ("missing", "reported", "disputed", "confirmed", "bye")


def result_label(result: str, p1: str, p2: str | None, best_of: int) -> str:
    """A result as a player reads it, with names: ``Alice wins 2-1`` rather than ``1-2``; the
    bye and a round a late entry missed in words too (any result the event file holds)."""
    r = stored_result(result, best_of)
    if r.outcome == "bye":
        return _("Bye: a win without an opponent")
    if r.outcome == "loss-missed":
        return _("Missed round (entered late): a loss")
    if r.outcome == "p1":
        return _("{name} wins {score}").format(name=p1, score=f"{r.p1_games}-{r.p2_games}")
    if r.outcome == "p2":
        return _("{name} wins {score}").format(name=p2, score=f"{r.p2_games}-{r.p1_games}")
    if r.no_game_draw:
        return _("Intentional draw (no game played)")
    if r.outcome == "draw":
        return _("Draw") + (f" {r.p1_games}-{r.p2_games}-{r.draws}" if r.p1_games else "")
    return _("Double loss (both lose)")


def desk_result_text(done: ResultChange, best_of: int) -> str:
    """What the console says after the organizer entered a result, with names: recorded, a
    dispute settled, or a correction from the old result to the new one."""
    m = done.match
    p1, p2 = done.name(m.player1), done.name(m.player2) if m.player2 is not None else None
    table = _("Table {table} ({p1} vs {p2})").format(table=m.table, p1=p1, p2=p2 or "BYE")
    new = result_label(m.result or "", p1, p2, best_of)
    if done.before is not None and done.before.result:
        old = result_label(done.before.result, p1, p2, best_of)
        return _("{table}: corrected {old} → {new}").format(table=table, old=old, new=new)
    if done.settled is not None and done.settled.status == "disputed":
        return _("{table}: dispute settled, {result}").format(table=table, result=new)
    return _("{table}: {result} recorded").format(table=table, result=new)


def round_title(stage: str, rnd: int, top_size: int) -> str:
    """A round as the pages head it, in the current language: ``Round 3``, or a top-cut
    round by its name as the command line and the paper give it (``Quarter-final``: a
    bracket of ``top_size`` players)."""
    if stage == "top-cut":
        name = top_cut_round_name(top_size, rnd, shown=True)
        return name[:1].upper() + name[1:]
    return _("Round {round}").format(round=rnd)


def seat_labels(p1: str | None, p2: str | None) -> tuple[str, str]:
    """The two players as the game-detail buttons name them, short enough for a phone: first
    names (``Ana``, ``Bob``); when those are the same, first name and the initial of the
    rest (``José M.``, ``José P.``); when that is still the same, the whole names."""
    a, b = (p1 or "P1").split() or ["P1"], (p2 or "P2").split() or ["P2"]
    if a[0].casefold() != b[0].casefold():
        return a[0], b[0]
    short = [f"{n[0]} {n[-1][0]}." if len(n) > 1 else n[0] for n in (a, b)]
    if short[0].casefold() != short[1].casefold():
        return short[0], short[1]
    return " ".join(a), " ".join(b)


@dataclass(frozen=True)
class Choice:
    """One result a form offers: its value (from seat P1's side), its words, games played."""

    value: str
    text: str
    games: int
    main: bool


def result_choices(p1: str, p2: str | None, best_of: int, *,
                   intentional_draws: bool = True) -> list[Choice]:
    """Every legal result of a table, worded with its players' names; the intentional draw
    (``0-0-0``) only with ``intentional_draws`` (a phone, where the organizer allows it)."""
    main = MAIN_RESULTS.get(best_of, ())
    return [Choice(c, result_label(c, p1, p2, best_of), parse_result(c, best_of).games_played,
                   c in main) for c in valid_results(best_of)
            if intentional_draws or c != NO_GAME_DRAW]


def game_list(fields: dict[str, str], key: str, result: str, best_of: int) -> str | None:
    """One calibration list (``P1,,P2``) from a form's per-game fields ``key1``, ``key2``…:
    one entry per game the result means (a blank entry: not told), None when none was told.
    Entries told for games the result does not have stay, so that the library refuses them."""
    items = [fields.get(f"{key}{i}", "").strip()[:8] for i in range(1, best_of + 1)]
    while items and not items[-1]:
        items.pop()
    if not items:
        return None
    try:
        played = parse_result(result, best_of).games_played
    except TTError:
        played = len(items)  # the result itself is refused first
    items += [""] * (played - len(items))
    return ",".join(items)


def player_lines(snap: EventSnapshot, matches: list[MatchInfo]) -> list[dict[str, Any]]:
    """One line per player of the round, by name: their table, seat, opponent and result (with
    names). A player who is not paired (dropped, late) has no line."""
    best_of = snap.settings.best_of
    lines = []
    for m in matches:
        p1, p2 = snap.name(m.player1), snap.name(m.player2) if m.player2 else None
        result = result_label(m.result, p1, p2, best_of) if m.result else ""
        for pid, seat, opp in ((m.player1, "P1", p2), (m.player2, "P2", p1)):
            if pid is None:
                continue
            lines.append({"id": pid, "name": snap.name(pid), "table": m.table, "seat": seat,
                          "opponent": opp, "result": result})
    return sorted(lines, key=lambda line: (sort_key(line["name"]), line["table"]))


def search_lines(lines: list[dict[str, Any]], q: str) -> list[dict[str, Any]]:
    """Mark ``hidden`` the lines a phone's search ``q`` does not find (a table number, or part
    of a name, case and accents aside: ``jose`` finds José); when it finds none, the lines of
    the players whose names are closest to ``q`` (best first), to suggest."""
    for line in lines:
        line["hidden"] = bool(q) and not (
            str(line["table"]) == q if q.isdigit() else search_hit(q, line["name"]))
    if not q or q.isdigit() or not all(line["hidden"] for line in lines):
        return []
    by_name = {line["name"]: line for line in lines}
    return [by_name[n] for n in suggest(q, by_name)]


def report_versions(report: dict[str, Any] | None, snap: EventSnapshot, p1: str,
                    p2: str | None) -> list[tuple[str, str]]:
    """A table's open report from each side: ``[(who, what they say), …]`` — the reporter's
    version, and the opponent's when they disputed it."""
    if not report:
        return []
    best_of = snap.settings.best_of
    out = [(snap.name(report["reporter"]), result_label(report["result"], p1, p2, best_of))]
    if report.get("status") == "disputed" and report.get("answered_by"):
        counter = report.get("counter")
        said = (result_label(counter, p1, p2, best_of) if counter
                else _("disagrees (gave no result)"))
        out.append((snap.name(report["answered_by"]), said))
    return out


def report_details(report: dict[str, Any] | None, p1: str, p2: str | None) -> str:
    """The per-game details of a report in words, game by game (games told nothing of are
    left out; empty when none was told)."""
    if not report:
        return ""
    names = {"P1": p1, "P2": p2 or "BYE"}
    lists = [(report.get(key) or "").split(",") for key in ("first", "winners", "turns")]
    games = []
    for i in range(max(len(items) for items in lists)):
        first, winner, turn = (items[i].strip() if i < len(items) else "" for items in lists)
        said = ([_("{name} went first").format(name=names.get(first.upper(), first))]
                if first else []) + (
            [] if not winner else [_("drawn")] if winner.upper() in ("D", "DRAW", "-")
            else [_("{name} won").format(name=names.get(winner.upper(), winner))]) + (
            [_("ended on turn {turn}").format(turn=turn)] if turn else [])
        if said:
            games.append(_("Game {game}: {details}").format(game=i + 1,
                                                            details=", ".join(said)))
    return "; ".join(games)


def console_tables(snap: EventSnapshot, tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The console's table rows: each table's state with its result and reports in words."""
    best_of = snap.settings.best_of
    rows = []
    for t in tables:
        p1, p2 = t["player1"], t["player2"]
        rows.append({**t, "result_text": result_label(t["result"], p1, p2, best_of)
                     if t["result"] else "",
                     "versions": report_versions(t["report"], snap, p1, p2),
                     "details": report_details(t["report"], p1, p2),
                     "choices": result_choices(p1, p2, best_of) if p2 else []})
    return rows


def state_counts(tables: list[dict[str, Any]]) -> dict[str, int]:
    """How many tables are in each state (for the console's filters)."""
    return {s: sum(1 for t in tables if t["state"] == s) for s in STATES}


def penalty_rows(snap: EventSnapshot, player: int | None = None) -> list[dict[str, Any]]:
    """The judge's log as the console (every player) and a player's own page (``player``)
    show it: the player's name and the penalty in words."""
    return [{"player": snap.name(p.player), "stage": p.stage, "round": p.round,
             "infraction": p.infraction, "penalty": PENALTY_WORDS.get(p.penalty, p.penalty),
             "note": p.note}
            for p in snap.penalties if player is None or p.player == player]
