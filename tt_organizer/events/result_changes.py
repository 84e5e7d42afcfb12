"""What a change of a table's result did, as one object: ``report``, ``correct`` and
``unreport`` — from the command line or the organizer's console — return a
:class:`ResultChange`: the table and its players, the old and the new result, the winner, the
tables still to report, the rounds already paired on the old result and the phone reports the
change withdrew (:class:`WithdrawnReport`), with the warnings to show as :class:`Notice`.

The CLI's text, its ``--json`` (:meth:`ResultChange.to_json`, exactly the shape the commands
always printed) and the console's message all render this object; none of them reads the
event again to word what happened.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tt_organizer.events import entering, phone_reports, status, store
from tt_organizer.events.models import MatchInfo
from tt_organizer.events.notices import Joined, Notice, notice
from tt_organizer.events.phone_reports import Report
from tt_organizer.events.result_words import CONTEXT as RESULT_WORD
from tt_organizer.events.setup import SWISS, TOP_CUT
from tt_organizer.events.store import Connection
from tt_organizer.i18n import Msg, Term

REPORT, CORRECT, UNREPORT = "report", "correct", "unreport"


@dataclass(frozen=True)
class WithdrawnReport:
    """A phone report (pending or disputed) a change withdrew because its table changed."""

    report: Report  # as it was before the change
    reporter: str  # the reporter's name

    def to_json(self) -> dict[str, Any]:
        """One entry of a command's ``withdrawn_reports``."""
        r = self.report
        return {"stage": r.stage, "round": r.round, "table": r.table, "reporter": self.reporter,
                "result": r.result, "was": r.status}

    @property
    def notice(self) -> Notice:
        """The warning: which report went, and that its players report again."""
        r = self.report
        return notice("report-withdrawn", table=r.table, round=r.round, name=self.reporter,
                      result=r.result)


def withdrawn_reports(conn: Connection) -> tuple[WithdrawnReport, ...]:
    """What the last change on ``conn`` withdrew (read right after the change, on its
    connection), with the reporters' names."""
    reports = phone_reports.withdrawn(conn)
    names = store.player_names(conn, [r.reporter for r in reports])
    return tuple(WithdrawnReport(r, names[r.reporter]) for r in reports)


@dataclass(frozen=True)
class ResultChange:
    """What one result change did. ``action``: ``report``, ``correct`` or ``unreport``;
    ``match``: the table as now recorded (for ``unreport``: as it was before it was cleared);
    ``before``: the table before a correction."""

    action: str
    match: MatchInfo
    names: Mapping[int, str]  # the table's players by id
    before: MatchInfo | None = None
    missing_tables: tuple[int, ...] = ()  # the current round's tables still to report
    paired_on: tuple[Msg, ...] = ()  # rounds paired on the old result (``correct``)
    override: bool = False
    settled: Report | None = None  # the phone report an organizer's entry settled
    withdrawn: tuple[WithdrawnReport, ...] = ()

    @property
    def result(self) -> str | None:
        """The result now recorded."""
        return self.match.result

    @property
    def old_result(self) -> str | None:
        """The result before a correction (None otherwise)."""
        return self.before.result if self.before is not None else None

    @property
    def top_cut(self) -> bool:
        """Whether the table is a top-cut table."""
        return self.match.stage == TOP_CUT

    def name(self, player_id: int | None) -> str:
        """A player of the table by id (``BYE`` for None)."""
        return "BYE" if player_id is None else self.names[player_id]

    @property
    def winner(self) -> str | None:
        """Who won (None for a draw, a double loss or no result)."""
        return entering.winner_name(self.match, self.names)

    def summary(self, *, shown: bool = False) -> str:
        """``Table 6: Ann 2-1 Bob`` in English, or with ``shown`` in the reader's language."""
        return entering.describe(self.match, self.names, shown=shown)

    @property
    def notices(self) -> list[Notice]:
        """The warnings of the change, in the order to show them: each withdrawn phone report,
        then the rounds already paired on the old result."""
        out = [w.notice for w in self.withdrawn]
        if self.paired_on:
            old = Term(self.old_result or "?", RESULT_WORD)
            out.append(notice("paired-on-old-result" if len(self.paired_on) == 1
                              else "paired-on-old-result-many",
                              rounds=Joined(list(self.paired_on)), old=old))
        return out

    def to_json(self) -> dict[str, Any]:
        """What ``tt event report|correct|unreport --json`` prints."""
        base = self.match.result_dict(self.names)
        withdrawn = [w.to_json() for w in self.withdrawn]
        if self.action == UNREPORT:
            return {**base, "cleared": True, "withdrawn_reports": withdrawn}
        if self.action == CORRECT:
            return {**base, "old_result": self.old_result, "override": self.override,
                    "paired_on_old_result": [str(r) for r in self.paired_on],
                    "withdrawn_reports": withdrawn}
        return {**base, "missing_tables": list(self.missing_tables), "winner": self.winner,
                "summary": self.summary(), "withdrawn_reports": withdrawn}


def _table_names(conn: Connection, m: MatchInfo) -> dict[int, str]:
    return store.player_names(conn, (m.player1, m.player2))


def report(
    conn: Connection, table: int, result: str | None = None, *, winner: str | None = None,
    draw: bool = False, round_number: int | None = None, first: str | None = None,
    winners: str | None = None, turns: str | None = None,
) -> ResultChange:
    """Report ``table`` of the current round: ``result`` from seat P1's side, or the
    ``winner``'s name (``result`` then the score from their side) or a ``draw`` (see
    :func:`entering.report_result`, :func:`entering.report_by_name`)."""
    if winner is not None or draw:
        m = entering.report_by_name(conn, table, winner=winner, draw=draw, score=result,
                                    round_number=round_number, first=first, winners=winners,
                                    turns=turns)
    else:
        assert result is not None, "report: give result, winner or draw"
        m = entering.report_result(conn, table, result, round_number=round_number,
                                   first=first, winners=winners, turns=turns)
    withdrawn = withdrawn_reports(conn)
    return ResultChange(REPORT, m, _table_names(conn, m),
                        missing_tables=tuple(status.missing_tables(conn)), withdrawn=withdrawn)


def correct(
    conn: Connection, round_number: int, table: int, result: str, *, override: bool = False,
    top_cut: bool = False, first: str | None = None, winners: str | None = None,
    turns: str | None = None,
) -> ResultChange:
    """Correct the result of ``table`` in ``round_number`` (see :func:`entering.correct_result`)
    and say what it was and which rounds were already paired on it."""
    stage = TOP_CUT if top_cut else SWISS
    with store.transaction(conn):
        found = store.read_matches(conn, stage, round_number, table, tables_only=True)
        m = entering.correct_result(conn, round_number, table, result, override=override,
                                    top_cut=top_cut, first=first, winners=winners, turns=turns)
        withdrawn = withdrawn_reports(conn)
        later = entering.rounds_paired_on_words(conn, round_number, top_cut=top_cut)
    return ResultChange(CORRECT, m, _table_names(conn, m), before=found[0] if found else None,
                        paired_on=tuple(later), override=override, withdrawn=withdrawn)


def unreport(conn: Connection, round_number: int, table: int, *,
             top_cut: bool = False) -> ResultChange:
    """Clear the result of ``table`` in ``round_number`` (see :func:`entering.unreport_result`);
    the change's ``match`` is the table as it was."""
    m = entering.unreport_result(conn, round_number, table, top_cut=top_cut)
    withdrawn = withdrawn_reports(conn)
    return ResultChange(UNREPORT, m, _table_names(conn, m), withdrawn=withdrawn)


def desk_result(
    conn: Connection, table: int, result: str, *, first: str | None = None,
    winners: str | None = None, turns: str | None = None, round_number: int | None = None,
    override: bool = False,
) -> ResultChange:
    """The organizer's entry of a table's result at the console: a report (settling an open
    phone report) or, for a table already recorded, a correction — see
    :func:`phone_reports.organizer_result`."""
    with store.transaction(conn):
        done = phone_reports.organizer_result(conn, table, result, first=first,
                                              winners=winners, turns=turns,
                                              round_number=round_number, override=override)
        withdrawn = withdrawn_reports(conn)
        m = done.match
        if done.before is not None:
            later = entering.rounds_paired_on_words(conn, m.round, top_cut=m.stage == TOP_CUT)
            return ResultChange(CORRECT, m, _table_names(conn, m), before=done.before,
                                paired_on=tuple(later), override=override,
                                withdrawn=withdrawn)
        return ResultChange(REPORT, m, _table_names(conn, m), settled=done.settled,
                            missing_tables=tuple(status.missing_tables(conn)),
                            withdrawn=withdrawn)
