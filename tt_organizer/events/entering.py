"""Recording results: reporting a table of the current round and correcting a recorded one
(the result text itself is parsed by :mod:`tt_organizer.events.results`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt_organizer.errors import EventError
from tt_organizer.events import lookup, store
from tt_organizer.events.models import (
    EventSettings,
    GameInfo,
    MatchInfo,
    paired_round,
)
from tt_organizer.events.results import MatchResult, parse_game_flags, parse_result
from tt_organizer.events.setup import SWISS, TOP_CUT
from tt_organizer.events.store import Connection


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


def result_dict(m: MatchInfo | None, result: MatchResult | None = None,
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
        stage, rnd = lookup.current_stage(conn)
        if not rnd:
            raise EventError("no round is paired yet")
        if round_number is not None and round_number != rnd:
            if round_number < rnd and stage == SWISS:
                raise EventError(
                    f"round {round_number} is finished (the current round is {rnd})",
                    code="round-finished",
                    hint={"command": "correct", "round": round_number, "table": table},
                )
            raise EventError(f"round {round_number} is not the current round ({rnd})")
        try:
            match = lookup.find_match(conn, stage, rnd, table)
        except EventError as exc:
            earlier = [r for r in range(rnd - 1, 0, -1)
                       if table > 0 and store.read_matches(conn, stage, r, table)]
            if earlier:
                raise EventError(
                    f"{exc}; table {table} belongs to the finished round {earlier[0]}",
                    code="table-in-finished-round",
                    hint=correct_hint(stage, earlier[0], table),
                ) from None
            raise
        if match.player2 is None:
            raise EventError(f"table {table} of round {rnd} is a bye; nothing to report")
        if match.result is not None:
            raise EventError(
                f"table {table} of round {rnd} is already reported as {match.result}",
                code="result-exists", hint=correct_hint(stage, rnd, table),
            )
        parsed = parse_result(result, settings.best_of)
        if stage == TOP_CUT:
            _check_top_cut_winner(conn, match, parsed)
        games = _games(match, parsed, settings.best_of, first, winners, turns)
        _write_result(conn, match, parsed, _outcome(parsed, settings), games)
        store.audit(conn, "report", match_subject(stage, rnd, table), None,
                    result_dict(None, parsed, games))
        return lookup.find_match(conn, stage, rnd, table)


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
    p = lookup.player_by_id(conn, winner)
    if p.dropped:
        raise EventError(f"{p.name} has dropped and cannot advance; report table "
                         f"{match.table} as a loss for them")


def correct_hint(stage: str, rnd: int, table: int) -> dict[str, Any]:
    """The hint of a refusal whose way out is correcting this table's result."""
    return {"command": "correct", "round": rnd, "table": table, "top_cut": stage == TOP_CUT}


def match_subject(stage: str, rnd: int, table: int) -> str:
    return f"{'top-cut ' if stage == TOP_CUT else ''}round {rnd} table {table}"


def rounds_paired_on(conn: Connection, round_number: int, *, top_cut: bool = False
                     ) -> list[str]:
    """The rounds paired after ``round_number``'s results were in, i.e. on them: later Swiss
    rounds and the top-cut seeding (for a Swiss round), later bracket rounds (top cut)."""
    if top_cut:
        top = store.current_round(conn, TOP_CUT)
        return [f"top-cut round {r}" for r in range(round_number + 1, top + 1)]
    current = store.current_round(conn, SWISS)
    out = [f"round {r}" for r in range(round_number + 1, current + 1)]
    if store.current_round(conn, TOP_CUT):
        out.append("the top-cut seeding")
    return out


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
        match = lookup.find_match(conn, stage, round_number, table)
        if match.player2 is None:
            raise EventError(f"table {table} of round {round_number} is a bye; nothing to correct")
        if match.result is None:
            raise EventError(f"table {table} of round {round_number} is not reported yet",
                             code="not-reported", hint={"command": "report", "table": table})
        parsed = parse_result(result, settings.best_of)
        outcome = _outcome(parsed, settings)
        if stage == SWISS and current >= round_number + 2 and not override:
            raise EventError(
                f"round {round_number} is closed for corrections (round {current} is paired)",
                code="correction-closed", hint={"option": "override"},
            )
        if stage == SWISS and store.current_round(conn, TOP_CUT) and not override:
            raise EventError(
                f"the top cut has been seeded from the Swiss results; correcting round "
                f"{round_number} needs an override (logged)",
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
        new = result_dict(None, parsed, games) or {}
        if override:
            new["override"] = True
        later = rounds_paired_on(conn, round_number, top_cut=top_cut)
        if later:
            new["paired_on_old_result"] = later
        store.audit(conn, "correct", match_subject(stage, round_number, table),
                    result_dict(match), new)
        return lookup.find_match(conn, stage, round_number, table)
