"""Entering results: reporting a table of the current round (by score, or by the winner's
name), correcting a recorded result, clearing a mistaken report, and saying which later rounds
were paired on a result (the result text itself is parsed by
:mod:`tt_organizer.events.result_text`).

``report --winner NAME`` names the player who won instead of typing a score from seat P1's
side (how wrong-winner slips happen); a name that is not at the table is refused, which also
catches a slip typed against the wrong table. ``unreport`` clears a result as long as nothing
was paired on it yet; once a later round (or the top cut) has been paired from it, the result
can only be corrected, and the correction names those rounds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tt_organizer.errors import EventError, field_hint
from tt_organizer.events import queries, store, timer
from tt_organizer.events.models import (
    EventSettings,
    GameInfo,
    MatchInfo,
    paired_round,
)
from tt_organizer.events.result_text import (
    MatchResult,
    games_to_win,
    parse_game_flags,
    parse_result,
    result_text,
)
from tt_organizer.events.result_words import CONTEXT as RESULT_WORD
from tt_organizer.events.setup import SWISS, TOP_CUT
from tt_organizer.events.store import Connection
from tt_organizer.i18n import N_, Listed, Msg, Term
from tt_organizer.messages import WORDS
from tt_organizer.names import fold


def _games(
    match: MatchInfo, result: MatchResult, best_of: int,
    first: str | list[str] | None, winners: str | list[str] | None,
    turns: str | list[int] | list[str] | None,
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
    if result.outcome == "draw" and settings.unfinished == "double-loss" \
            and not result.no_game_draw:  # an intentional draw is a draw, not unfinished
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
        stage, rnd = queries.current_stage(conn)
        if not rnd:
            raise EventError("no-round", hint={"command": "pair"})
        if round_number is not None and round_number != rnd:
            if round_number < rnd and stage == SWISS:
                raise EventError("round-finished", round=round_number, current=rnd,
                                 hint={"command": "correct", "round": round_number,
                                       "table": table})
            raise EventError("not-current-round", round=round_number, current=rnd)
        try:
            match = queries.find_match(conn, stage, rnd, table)
        except EventError as exc:
            earlier = [r for r in range(rnd - 1, 0, -1)
                       if table > 0 and store.read_matches(conn, stage, r, table)]
            if earlier:
                raise EventError("table-in-finished-round", error=exc.words or str(exc),
                                 table=table, round=earlier[0],
                                 hint=correct_hint(stage, earlier[0], table)) from None
            raise
        if match.player2 is None:
            raise EventError("bye-nothing-to-report", table=table, round=rnd)
        if match.result is not None:
            raise EventError("result-exists", table=table, round=rnd,
                             result=Term(match.result, RESULT_WORD),
                             hint=correct_hint(stage, rnd, table))
        parsed = parse_result(result, settings.best_of)
        if stage == TOP_CUT:
            _check_top_cut_winner(conn, match, parsed)
        games = _games(match, parsed, settings.best_of, first, winners, turns)
        _write_result(conn, match, parsed, _outcome(parsed, settings), games)
        store.audit(conn, "report", match_subject(stage, rnd, table), None,
                    result_dict(None, parsed, games))
        if _event_over(conn, stage, rnd, settings.rounds):
            timer.reset_timer(conn, "the event is over")
        return queries.find_match(conn, stage, rnd, table)


def _event_over(conn: Connection, stage: str, rnd: int, rounds: int | None) -> bool:
    """Whether the result just recorded was the event's last: the top cut's final, or the
    last table of the last Swiss round of an event without a top cut."""
    from tt_organizer.events.topcut import champion, top_cut_size

    if stage == TOP_CUT:
        return champion(conn) is not None
    return (rnd == rounds and not store.unreported_tables(conn, SWISS, rnd)
            and top_cut_size(conn) == 0)


def _check_top_cut_winner(conn: Connection, match: MatchInfo, result: MatchResult
                          ) -> None:
    """A top-cut match needs a winner, and a player who dropped concedes their match (a
    correction that keeps the recorded winner is not refused for a later drop)."""
    if result.outcome not in ("p1", "p2"):
        raise EventError("top-cut-needs-winner", result=Term(result.text, RESULT_WORD))
    if result.outcome == match.outcome:
        return
    winner = match.player1 if result.outcome == "p1" else match.player2
    assert winner is not None
    p = queries.player_by_id(conn, winner)
    if p.dropped:
        raise EventError("dropped-cannot-advance", name=p.name, table=match.table)


def correct_hint(stage: str, rnd: int, table: int) -> dict[str, Any]:
    """The hint of a refusal whose way out is correcting this table's result."""
    return {"command": "correct", "round": rnd, "table": table, "top_cut": stage == TOP_CUT}


def match_subject(stage: str, rnd: int, table: int) -> str:
    return f"{'top-cut ' if stage == TOP_CUT else ''}round {rnd} table {table}"


def rounds_paired_on(conn: Connection, round_number: int, *, top_cut: bool = False
                     ) -> list[str]:
    """The rounds paired after ``round_number``'s results were in, i.e. on them: later Swiss
    rounds and the top-cut seeding (for a Swiss round), later bracket rounds (top cut)."""
    return [str(m) for m in rounds_paired_on_words(conn, round_number, top_cut=top_cut)]


def rounds_paired_on_words(conn: Connection, round_number: int, *, top_cut: bool = False
                           ) -> list[Msg]:
    """:func:`rounds_paired_on` as messages, to be shown in the reader's language."""
    if top_cut:
        top = store.current_round(conn, TOP_CUT)
        return [Msg(WORDS["top-cut-round"], round=r) for r in range(round_number + 1, top + 1)]
    current = store.current_round(conn, SWISS)
    out = [Msg(WORDS["round"], round=r) for r in range(round_number + 1, current + 1)]
    if store.current_round(conn, TOP_CUT):
        out.append(Msg(WORDS["top-cut-seeding"]))
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
    winner once the next bracket round is paired. A correction to the result (and games)
    already recorded is refused (``no-change``) and not logged."""
    stage = TOP_CUT if top_cut else SWISS
    with store.transaction(conn):
        settings = store.read_settings(conn)
        current = store.current_round(conn, stage)
        paired_round(round_number, current)
        match = queries.find_match(conn, stage, round_number, table)
        if match.player2 is None:
            raise EventError("bye-nothing-to-correct", table=table, round=round_number)
        if match.result is None:
            raise EventError("not-reported", table=table, round=round_number,
                             hint={"command": "report", "table": table})
        parsed = parse_result(result, settings.best_of)
        outcome = _outcome(parsed, settings)
        games = _games(match, parsed, settings.best_of, first, winners, turns)
        if (parsed.text, parsed.p1_games, parsed.p2_games, parsed.draws, outcome, games) == (
                match.result, match.p1_games, match.p2_games, match.draws, match.outcome,
                list(match.games)):
            raise EventError("no-change-top-cut" if top_cut else "no-change", code="no-change",
                             table=table, result=Term(match.result or "", RESULT_WORD),
                             round=round_number)
        if stage == SWISS and current >= round_number + 2 and not override:
            raise EventError("correction-closed", round=round_number, current=current,
                             hint={"option": "override"})
        if stage == SWISS and store.current_round(conn, TOP_CUT) and not override:
            raise EventError("correction-after-seeding", round=round_number,
                             hint={"option": "override"})
        if stage == TOP_CUT:
            _check_top_cut_winner(conn, match, parsed)
            if current > round_number and outcome != match.outcome:
                raise EventError("top-cut-winner-fixed", round=round_number + 1, table=table)
        _write_result(conn, match, parsed, outcome, games)
        new = result_dict(None, parsed, games) or {}
        if override:
            new["override"] = True
        later = rounds_paired_on(conn, round_number, top_cut=top_cut)
        if later:
            new["paired_on_old_result"] = later
        store.audit(conn, "correct", match_subject(stage, round_number, table),
                    result_dict(match), new)
        return queries.find_match(conn, stage, round_number, table)


def _norm(name: str) -> str:
    return fold(name)


def seat_of_name(match: MatchInfo, names: Mapping[int, str], ref: str) -> str:
    """``P1``/``P2`` of the player called ``ref`` at ``match`` (the full name, case and
    accents aside, or a prefix that fits only one of the two). EventError naming both
    players otherwise."""
    seats = {"P1": match.player1, "P2": match.player2}
    want = _norm(ref)
    exact = [s for s, p in seats.items() if p is not None and _norm(names[p]) == want]
    if len(exact) == 1:
        return exact[0]
    prefix = [s for s, p in seats.items() if p is not None and want
              and _norm(names[p]).startswith(want)]
    if len(prefix) == 1:
        return prefix[0]
    two = (Msg(WORDS["two-players"], p1=names[match.player1], p2=names[match.player2])
           if match.player2 else Msg(WORDS["a-bye"]))
    raise EventError("name-fits-both" if len(prefix) > 1 else "name-fits-neither",
                     table=match.table, round=match.round, two=two, ref=repr(ref))


def seat_result(match: MatchInfo, names: Mapping[int, str], best_of: int, *,
                winner: str | None = None, draw: bool = False, score: str | None = None) -> str:
    """The seat-relative result (P1's side) of "``winner`` won ``score``" (the score from the
    winner's side; default a clean win, 2-0 or 1-0) or of a draw (``score`` default
    ``draw``)."""
    if (winner is None) == (not draw):
        raise EventError("winner-or-draw",
                         hint=field_hint((N_("the winner's name"), "winner_name"),
                                         (N_("a draw"), "draw")))
    if draw:
        parsed = parse_result(score or "draw", best_of)
        if parsed.outcome != "draw":
            raise EventError("draw-score-has-winner", code="winner-or-draw", score=score,
                             hint=field_hint((N_("a draw"), "draw")))
        return parsed.text
    assert winner is not None
    seat = seat_of_name(match, names, winner)
    need = games_to_win(best_of)
    parsed = parse_result(score or f"{need}-0", best_of)
    if parsed.outcome != "p1":
        raise EventError("score-from-winner-side", code="winner-or-draw", winner=winner,
                         score=score, example=f"{need}-{need - 1}",
                         hint=field_hint((N_("winner"), "winner")))
    if seat == "P1":
        return parsed.text
    return result_text(parsed.p2_games, parsed.p1_games, parsed.draws)


def report_by_name(
    conn: Connection, table: int, *, winner: str | None = None, draw: bool = False,
    score: str | None = None, round_number: int | None = None, first: str | None = None,
    winners: str | None = None, turns: str | None = None,
) -> MatchInfo:
    """``report TABLE --winner NAME [SCORE]`` / ``--draw [SCORE]`` of the current round (see
    :func:`seat_result`); everything else as :func:`report_result`."""
    with store.transaction(conn):
        stage, rnd = queries.current_stage(conn)
        if not rnd:
            raise EventError("no-round", hint={"command": "pair"})
        match = queries.find_match(conn, stage, rnd, table)
        names = {p.id: p.name for p in store.read_players(conn)}
        if match.player2 is None:
            raise EventError("bye-nothing-to-report", table=table, round=rnd)
        text = seat_result(match, names, store.read_settings(conn).best_of, winner=winner,
                           draw=draw, score=score)
        return report_result(conn, table, text, round_number=round_number,
                                     first=first, winners=winners, turns=turns)


def describe(match: MatchInfo, names: Mapping[int, str], *, shown: bool = False) -> str:
    """``Table 6: Ann 2-1 Bob`` (the result from seat P1's side, as stored); English, as JSON
    carries it, or with ``shown`` in the current language (``Mesa 6: Ann 2-1 Bob``)."""
    p2 = names[match.player2] if match.player2 is not None else "BYE"
    text = Msg("Table {table}: {p1} {result} {p2}", table=match.table,
               p1=names[match.player1], result=Term(match.result or "?", RESULT_WORD), p2=p2)
    return text.translate() if shown else str(text)


def winner_name(match: MatchInfo, names: Mapping[int, str]) -> str | None:
    """Who won the match (None for a draw, a double loss or no result)."""
    if match.outcome == "p1" or match.outcome == "bye":
        return names[match.player1]
    if match.outcome == "p2" and match.player2 is not None:
        return names[match.player2]
    return None


def unreport_result(conn: Connection, round_number: int, table: int, *,
                    top_cut: bool = False) -> MatchInfo:
    """Clear the reported result of ``table`` in ``round_number`` (logged); returns the match
    as it was. Refused for a bye, an unreported table, and once a later round (or the top
    cut) has been paired on the result: then ``correct`` changes it instead."""
    stage = TOP_CUT if top_cut else SWISS
    label = "top-cut round" if top_cut else "round"
    where = Msg(WORDS["top-cut-round" if top_cut else "round"], round=round_number)
    with store.transaction(conn):
        current = store.current_round(conn, stage)
        paired_round(round_number, current, label=label)
        match = queries.find_match(conn, stage, round_number, table)
        if match.player2 is None:
            raise EventError("bye-nothing-to-clear", table=table, where=where)
        if match.result is None:
            raise EventError("not-reported-nothing-to-clear", table=table, where=where)
        later = rounds_paired_on_words(conn, round_number, top_cut=top_cut)
        if later:
            raise EventError("paired-on-result", table=table, where=where,
                             paired=Msg(WORDS["rounds-paired-one" if len(later) == 1
                                              else "rounds-paired-many"], rounds=Listed(later)),
                             result=Term(match.result, RESULT_WORD),
                             hint=correct_hint(stage, round_number, table))
        mid = store.match_id(conn, stage, round_number, table)
        assert mid is not None
        store.clear_result(conn, mid)
        store.audit(conn, "unreport", match_subject(stage, round_number, table),
                    result_dict(match), None)
        return match
