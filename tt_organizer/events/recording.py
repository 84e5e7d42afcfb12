"""Recording results: reporting a table of the current round and correcting a recorded one
(the result text itself is parsed by :mod:`tt_organizer.events.results`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt_organizer.errors import EventError
from tt_organizer.events.models import (
    EventSettings,
    GameInfo,
    MatchInfo,
    paired_round,
)
from tt_organizer.events.players import _player
from tt_organizer.events.results import MatchResult, parse_game_flags, parse_result
from tt_organizer.events.rounds import _current_stage, _round
from tt_organizer.events.setup import SWISS, TOP_CUT
from tt_organizer.events.store import Connection
from tt_organizer.events.store.dispatch import store
from tt_organizer.i18n import Msg


def _games(
    match: MatchInfo, result: MatchResult, best_of: int,
    first: Any, winners: Any, turns: Any,
) -> list[GameInfo]:
    flags = parse_game_flags(result, first=first, winners=winners, turns=turns, best_of=best_of)
    seat = {"P1": match.player1, "P2": match.player2}
    return [
        GameInfo(
            number=g.number,
            first=seat[g.first] if g.first else None,
            winner=seat[g.winner] if g.winner else None,
            turns=g.turns,
        )
        for g in flags
    ]


def _find_match(conn: Connection, stage: str, rnd: int, table: int) -> MatchInfo:
    if table > 0:
        found = store.read_matches(conn, stage, rnd, table, tables_only=True)
        if found:
            return found[0]
    tables = [m.table for m in _round(conn, stage, rnd)]
    if not tables:
        raise EventError(Msg("top-cut round {round} is not paired", round=rnd)
                         if stage == TOP_CUT else Msg("round {round} is not paired", round=rnd))
    where = (Msg("top-cut round {round}", round=rnd) if stage == TOP_CUT
             else Msg("round {round}", round=rnd))
    raise EventError(Msg("no table {table} in {where} (tables {low}–{high})", table=table,
                         where=where, low=min(tables), high=max(tables)))


def _outcome(result: MatchResult, settings: EventSettings) -> str:
    if result.outcome == "draw" and settings.unfinished == "double-loss":
        return "double-loss"
    return result.outcome


def _write_result(
    conn: Connection, match: MatchInfo, result: MatchResult, outcome: str,
    games: Sequence[GameInfo],
) -> None:
    mid = store.match_id(conn, match.stage, match.round, match.table)
    assert mid is not None
    store.record_result(conn, mid, result.text, result.p1_games, result.p2_games, result.draws,
                        outcome, store.now(),
                        [(g.number, g.first, g.winner, g.turns) for g in games])


def _result_dict(m: MatchInfo | None, result: MatchResult | None = None,
                 games: Sequence[GameInfo] = ()) -> dict[str, Any] | None:
    if result is not None:
        return {"result": result.text, "games": [[g.first, g.winner, g.turns] for g in games]}
    if m is None or m.result is None:
        return None
    return {"result": m.result, "games": [[g.first, g.winner, g.turns] for g in m.games]}


def report_result(
    conn: Connection,
    table: int,
    result: str,
    *,
    round_number: int | None = None,
    first: str | list[str] | None = None,
    winners: str | list[str] | None = None,
    turns: str | list[int] | None = None,
) -> MatchInfo:
    """Record the result of ``table`` of the current round (Swiss, or the top cut once it has
    started). ``round_number``, when given, must be that round. Calibration lists use seats
    ``P1``/``P2``, one entry per game played."""
    with store.transaction(conn):
        settings = store.read_settings(conn)
        stage, rnd = _current_stage(conn)
        if not rnd:
            raise EventError(Msg("no round is paired yet"))
        if round_number is not None and round_number != rnd:
            if round_number < rnd and stage == SWISS:
                raise EventError(
                    Msg("round {round} is finished (the current round is {current})",
                        round=round_number, current=rnd),
                    code="round-finished",
                    hint={"command": "correct", "round": round_number, "table": table},
                )
            raise EventError(Msg("round {round} is not the current round ({current})",
                                 round=round_number, current=rnd))
        try:
            match = _find_match(conn, stage, rnd, table)
        except EventError as exc:
            earlier = [r for r in range(rnd - 1, 0, -1)
                       if table > 0 and store.read_matches(conn, stage, r, table)]
            if earlier:
                raise EventError(
                    Msg("{error}; table {table} belongs to the finished round {round}",
                        error=exc.words or str(exc), table=table, round=earlier[0]),
                    code="table-in-finished-round",
                    hint=_correct_hint(stage, earlier[0], table),
                ) from None
            raise
        if match.player2 is None:
            raise EventError(Msg("table {table} of round {round} is a bye; nothing to report",
                                 table=table, round=rnd))
        if match.result is not None:
            raise EventError(
                Msg("table {table} of round {round} is already reported as {result}",
                    table=table, round=rnd, result=match.result),
                code="result-exists", hint=_correct_hint(stage, rnd, table),
            )
        parsed = parse_result(result, settings.best_of)
        if stage == TOP_CUT:
            _check_top_cut_winner(conn, match, parsed)
        games = _games(match, parsed, settings.best_of, first, winners, turns)
        _write_result(conn, match, parsed, _outcome(parsed, settings), games)
        store.audit(conn, "report", _subject(stage, rnd, table), None,
                    _result_dict(None, parsed, games))
        return _find_match(conn, stage, rnd, table)


def _check_top_cut_winner(conn: Connection, match: MatchInfo, result: MatchResult
                          ) -> None:
    """A top-cut match needs a winner, and a player who dropped concedes their match (a
    correction that keeps the recorded winner is not refused for a later drop)."""
    if result.outcome not in ("p1", "p2"):
        raise EventError(f"a top-cut match needs a winner; {result.text} has none")
    if result.outcome == match.outcome:
        return
    winner = match.player1 if result.outcome == "p1" else match.player2
    assert winner is not None
    p = _player(conn, winner)
    if p.dropped:
        raise EventError(f"{p.name} has dropped and cannot advance; report table "
                         f"{match.table} as a loss for them")


def _correct_hint(stage: str, rnd: int, table: int) -> dict[str, Any]:
    """The hint of a refusal whose way out is correcting this table's result."""
    return {"command": "correct", "round": rnd, "table": table, "top_cut": stage == TOP_CUT}


def _subject(stage: str, rnd: int, table: int) -> str:
    return f"{'top-cut ' if stage == TOP_CUT else ''}round {rnd} table {table}"


def correct_result(
    conn: Connection,
    round_number: int,
    table: int,
    result: str,
    *,
    override: bool = False,
    top_cut: bool = False,
    first: str | list[str] | None = None,
    winners: str | list[str] | None = None,
    turns: str | list[int] | None = None,
) -> MatchInfo:
    """Change a reported result. A Swiss result may be corrected until the second round after
    it has been paired; later needs ``override`` (logged). A top-cut result may not change its
    winner once the next bracket round is paired."""
    stage = TOP_CUT if top_cut else SWISS
    with store.transaction(conn):
        settings = store.read_settings(conn)
        current = store.current_round(conn, stage)
        paired_round(round_number, current)
        match = _find_match(conn, stage, round_number, table)
        if match.player2 is None:
            raise EventError(Msg("table {table} of round {round} is a bye; nothing to correct",
                                 table=table, round=round_number))
        if match.result is None:
            raise EventError(Msg("table {table} of round {round} is not reported yet",
                                 table=table, round=round_number),
                             code="not-reported", hint={"command": "report", "table": table})
        parsed = parse_result(result, settings.best_of)
        outcome = _outcome(parsed, settings)
        if stage == SWISS and current >= round_number + 2 and not override:
            raise EventError(
                Msg("round {round} is closed for corrections (round {current} is paired)",
                    round=round_number, current=current),
                code="correction-closed", hint={"option": "override"},
            )
        if stage == SWISS and store.current_round(conn, TOP_CUT) and not override:
            raise EventError(
                Msg("the top cut has been seeded from the Swiss results; correcting round "
                    "{round} needs an override (logged)", round=round_number),
                code="correction-after-seeding", hint={"option": "override"},
            )
        if stage == TOP_CUT:
            _check_top_cut_winner(conn, match, parsed)
            if current > round_number and outcome != match.outcome:
                raise EventError(
                    f"top-cut round {round_number + 1} is paired; the winner of table {table} "
                    "can no longer change"
                )
        games = _games(match, parsed, settings.best_of, first, winners, turns)
        _write_result(conn, match, parsed, outcome, games)
        new = _result_dict(None, parsed, games) or {}
        if override:
            new["override"] = True
        from tt_organizer.events.reporting import rounds_paired_on

        later = rounds_paired_on(conn, round_number, top_cut=top_cut)
        if later:
            new["paired_on_old_result"] = later
        store.audit(conn, "correct", _subject(stage, round_number, table),
                    _result_dict(match), new)
        return _find_match(conn, stage, round_number, table)
