"""Results reported by the players themselves: PINs, a report, the opponent's confirmation.

One player of a table reports (result from seat P1's side, plus the calibration fields); the
opponent confirms with their PIN, and only then is the result recorded — through
:func:`tt_organizer.events.entering.report_result`, exactly as ``tt event report`` records it.
A disagreement leaves the report *disputed* for the organizer. Every step is one transaction
in the event file and appends to the audit log, so a killed server loses nothing confirmed.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Any

from tt_organizer.errors import EventError
from tt_organizer.events import entering, queries, setup, store
from tt_organizer.events.models import MatchInfo
from tt_organizer.events.result_text import parse_result
from tt_organizer.events.result_words import ResultWords
from tt_organizer.events.store import Connection, Row

OPEN = ("pending", "disputed")


def player_pin(conn: Connection, player_id: int) -> str:
    """The player's PIN (given at registration; shown on the desk screen and match slip)."""
    pin = store.player_pin(conn, player_id)
    if pin is None:
        raise EventError("phone-no-player", id=player_id)
    return pin


def player_pins(conn: Connection) -> dict[int, str]:
    """Every player's PIN by player id."""
    return store.player_pins(conn)


def check_pin(conn: Connection, player_id: int, pin: str) -> bool:
    """True when ``pin`` is the player's PIN (compared in constant time)."""
    try:
        real = player_pin(conn, player_id)
    except EventError:
        return False
    return hmac.compare_digest(real.encode(), pin.strip().encode())


@dataclass(frozen=True)
class Report:
    """A result reported from a phone, waiting for (or past) the opponent's answer."""

    id: int
    stage: str
    round: int
    table: int
    reporter: int
    result: str
    first: str | None
    winners: str | None
    turns: str | None
    status: str  # pending, confirmed, disputed, resolved, withdrawn
    created_at: str
    client: str
    answered_by: int | None
    counter: str | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return dict(self.__dict__)


def _report(row: Row) -> Report:
    return Report(id=row["id"], stage=row["stage"], round=row["round"], table=row["table_no"],
                  reporter=row["reporter"], result=row["result"], first=row["first"],
                  winners=row["winners"], turns=row["turns"], status=row["status"],
                  created_at=row["created_at"], client=row["client"],
                  answered_by=row["answered_by"], counter=row["counter"])


def reports(conn: Connection, *, open_only: bool = False) -> list[Report]:
    """Reports from phones, oldest first (``open_only``: pending and disputed ones)."""
    return [_report(r) for r in store.report_rows(conn, open_only=open_only)]


def _at_table(rep: Report, match: MatchInfo) -> bool:
    """Whether the reporter (and whoever answered) sit at the table now."""
    seated = (match.player1, match.player2)
    return rep.reporter in seated and (rep.answered_by is None or rep.answered_by in seated)


def open_report(conn: Connection, match: MatchInfo) -> Report | None:
    """The pending or disputed report of a table, if any. A report whose reporter is not at
    the table (any change of its players withdraws its reports; this is the second guard)
    is never shown, confirmed or disputed."""
    row = store.open_report_row(conn, match.stage, match.round, match.table)
    rep = None if row is None else _report(row)
    return rep if rep is not None and _at_table(rep, match) else None


def withdrawn(conn: Connection) -> list[Report]:
    """The reports the last change on ``conn`` withdrew because their table changed (its
    players, seats or result): what the operation that made it says."""
    return [_report(r) for r in store.withdrawn_reports(conn)]


def withdrawn_report(conn: Connection, player_id: int) -> Report | None:
    """The player's own report of the current round that a change of their table withdrew,
    when they have made no report since (what their phone tells them)."""
    stage, rnd = queries.current_stage(conn)
    row = store.last_report_row(conn, player_id, stage, rnd)
    if row is None or row["status"] != "withdrawn" or not row["answered_at"]:
        return None
    return _report(row)


def current_match(conn: Connection, player_id: int) -> MatchInfo | None:
    """The player's table in the current round (Swiss, or the top cut once it started)."""
    stage, rnd = queries.current_stage(conn)
    if not rnd:
        return None
    found = store.read_matches(conn, stage, rnd, tables_only=True, player=player_id)
    return found[0] if found else None


def table_states(conn: Connection) -> list[dict[str, Any]]:
    """Each table of the current round: its players, result and state — ``confirmed``
    (recorded), ``reported`` (awaiting the opponent), ``disputed``, ``missing`` or ``bye``."""
    stage, rnd = queries.current_stage(conn)
    names = {p.id: p.name for p in store.read_players(conn)}
    open_by_table = {r.table: r for r in reports(conn, open_only=True)
                     if r.stage == stage and r.round == rnd}
    out = []
    for m in store.read_matches(conn):
        if m.stage != stage or m.round != rnd or m.table <= 0:
            continue
        rep = open_by_table.get(m.table)
        rep = rep if rep is not None and _at_table(rep, m) else None
        state = ("bye" if m.player2 is None else "confirmed" if m.result is not None
                 else "disputed" if rep and rep.status == "disputed"
                 else "reported" if rep else "missing")
        out.append({"round": rnd, "stage": stage, "table": m.table,
                    "player1": names[m.player1],
                    "player2": None if m.player2 is None else names[m.player2],
                    "result": m.result, "state": state,
                    "report": rep.to_dict() if rep else None})
    return out


class _DryRun(Exception):
    """Rolls back the savepoint of a trial report."""


def _try_report(conn: Connection, match: MatchInfo, result: str, first: str | None,
                winners: str | None, turns: str | None) -> None:
    """Run every check of ``tt event report`` on this result, then roll it back."""
    try:
        with store.transaction(conn):
            entering.report_result(conn, match.table, result, round_number=match.round,
                                  first=first or None, winners=winners or None,
                                  turns=turns or None)
            raise _DryRun
    except _DryRun:
        pass


def _record(conn: Connection, rep: Report) -> MatchInfo:
    return entering.report_result(conn, rep.table, rep.result, round_number=rep.round,
                                 first=rep.first or None, winners=rep.winners or None,
                                 turns=rep.turns or None)


def _same(a: Report, result: str, first: str | None, winners: str | None,
          turns: str | None) -> bool:
    return (a.result, a.first or "", a.winners or "", a.turns or "") == (
        result, first or "", winners or "", turns or "")


def submit_report(
    conn: Connection, player_id: int, result: str, *, first: str | None = None,
    winners: str | None = None, turns: str | None = None, client: str = "",
) -> Report:
    """A player reports their table's result (from seat P1's side). Refused (EventError) when
    they have no open table, it is recorded already, or ``tt event report`` would refuse the
    result. If the opponent's report is already waiting, this is their answer: the same
    result confirms it, another one disputes it."""
    with store.transaction(conn):
        match = current_match(conn, player_id)
        if match is None or match.player2 is None:
            raise EventError("phone-no-table")
        if match.result is not None:
            raise EventError("phone-already-recorded", table=match.table,
                             result=ResultWords((match.result,)))
        _try_report(conn, match, result, first, winners, turns)
        stale = store.open_report_row(conn, match.stage, match.round, match.table)
        if stale is not None and not _at_table(_report(stale), match):
            store.withdraw_table_reports(conn, match.stage, match.round, match.table,
                                         store.now())
        settings = store.read_settings(conn)
        if not settings.intentional_draws and parse_result(result,
                                                            settings.best_of).no_game_draw:
            raise EventError("no-intentional-draws")
        waiting = open_report(conn, match)
        if waiting is not None and waiting.status == "disputed":
            raise EventError("phone-disputed", table=match.table)
        if waiting is not None and waiting.reporter != player_id:
            return _answer(conn, waiting, player_id, _same(waiting, result, first, winners,
                                                           turns), result, client)
        if waiting is not None:  # the reporter changes their own pending report
            store.set_report_status(conn, waiting.id, "withdrawn")
        row = store.insert_report(conn, {
            "stage": match.stage, "round": match.round, "table_no": match.table,
            "reporter": player_id, "result": result, "first": first or None,
            "winners": winners or None, "turns": turns or None, "created_at": store.now(),
            "client": client,
        })
        store.audit(conn, "web-report",
                    entering.match_subject(match.stage, match.round, match.table),
                    None, {"result": result, "first": first, "winners": winners,
                           "turns": turns, "by": player_id, "from": client})
        return _report(row)


def _answer(conn: Connection, rep: Report, player_id: int, agree: bool,
            counter: str | None, client: str) -> Report:
    subject = entering.match_subject(rep.stage, rep.round, rep.table)
    status = "confirmed" if agree else "disputed"
    # answered first: recording the result then finds no open report of the table to withdraw
    store.answer_report(conn, rep.id, status, player_id, store.now(),
                        None if agree else counter)
    if agree:
        _record(conn, rep)
    store.audit(conn, "web-confirm" if agree else "web-dispute", subject,
                {"result": rep.result, "by": rep.reporter},
                {"by": player_id, "from": client, "counter": None if agree else counter})
    row = store.report_row(conn, rep.id)
    assert row is not None
    return _report(row)


def answer_report(conn: Connection, player_id: int, *, agree: bool,
                  counter: str | None = None, client: str = "") -> Report:
    """The opponent confirms (``agree``) the pending report of their table — the result is
    then recorded — or disputes it (``counter``: what they say the result was)."""
    with store.transaction(conn):
        match = current_match(conn, player_id)
        rep = None if match is None else open_report(conn, match)
        if match is None or rep is None or rep.status != "pending":
            raise EventError("phone-nothing-to-confirm")
        if rep.reporter == player_id:
            raise EventError("phone-opponent-confirms")
        return _answer(conn, rep, player_id, agree, counter, client)


@dataclass(frozen=True)
class DeskResult:
    """What the organizer's entry of a result did: the table as now recorded, the table as it
    was when this corrected a recorded result (else None), and the phone report — pending or
    disputed — it settled (else None)."""

    match: MatchInfo
    before: MatchInfo | None = None
    settled: Report | None = None

    @property
    def result(self) -> str | None:
        """The result now recorded."""
        return self.match.result


def organizer_result(
    conn: Connection, table: int, result: str, *, first: str | None = None,
    winners: str | None = None, turns: str | None = None, round_number: int | None = None,
    override: bool = False,
) -> DeskResult:
    """The organizer enters a table's result (settling any open report of it: ``resolved``)
    or, for a table already recorded, corrects it — the same library calls as ``tt event
    report``/``correct`` — and says which it did. An open report whose reporter left the
    table is withdrawn (see :func:`withdrawn`)."""
    with store.transaction(conn):
        stage, current = queries.current_stage(conn)
        top = stage == setup.TOP_CUT
        rnd = round_number or current
        found = store.read_matches(conn, stage, rnd, table, tables_only=True)
        match = found[0] if found else None
        # a bye is never corrected: the report path refuses it as `tt event report` does
        if match is not None and match.result is not None and match.player2 is not None:
            return DeskResult(entering.correct_result(
                conn, rnd, table, result, override=override, top_cut=top, first=first or None,
                winners=winners or None, turns=turns or None), before=match)
        rep = None if match is None else open_report(conn, match)
        if rep is not None:  # settled by the organizer (resolved before the result is written)
            store.resolve_report(conn, rep.id, store.now())
        m = entering.report_result(conn, table, result, round_number=rnd, first=first or None,
                                   winners=winners or None, turns=turns or None)
        return DeskResult(m, settled=rep)
