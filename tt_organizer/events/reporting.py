"""Safer result entry: report by the winner's name, clear a mistaken report, and say which
later rounds were paired on a result that is being corrected.

``report --winner NAME`` names the player who won instead of typing a score from seat P1's
side (how wrong-winner slips happen); a name that is not at the table is refused, which also
catches a slip typed against the wrong table. ``unreport`` clears a result as long as nothing
was paired on it yet; once a later round (or the top cut) has been paired from it, the result
can only be corrected, and the correction names those rounds.
"""

from __future__ import annotations

from collections.abc import Mapping

from tt_organizer.errors import EventError, field_hint
from tt_organizer.events import lookup, recording, setup, store
from tt_organizer.events.models import MatchInfo, paired_round
from tt_organizer.events.results import games_to_win, parse_result, result_text
from tt_organizer.events.store import Connection

SWISS = setup.SWISS
TOP_CUT = setup.TOP_CUT


def _norm(name: str) -> str:
    return " ".join(name.split()).casefold()


def seat_of_name(match: MatchInfo, names: Mapping[int, str], ref: str) -> str:
    """``P1``/``P2`` of the player called ``ref`` at ``match`` (the full name, any case, or a
    prefix that fits only one of the two). EventError naming both players otherwise."""
    seats = {"P1": match.player1, "P2": match.player2}
    want = _norm(ref)
    exact = [s for s, p in seats.items() if p is not None and _norm(names[p]) == want]
    if len(exact) == 1:
        return exact[0]
    prefix = [s for s, p in seats.items() if p is not None and want
              and _norm(names[p]).startswith(want)]
    if len(prefix) == 1:
        return prefix[0]
    two = f"{names[match.player1]} v {names[match.player2]}" if match.player2 else "a bye"
    why = "fits both players" if len(prefix) > 1 else "is neither"
    raise EventError(f"table {match.table} of round {match.round} is {two}; {ref!r} {why} "
                     "(check the table number on the slip)")


def seat_result(match: MatchInfo, names: Mapping[int, str], best_of: int, *,
                winner: str | None = None, draw: bool = False, score: str | None = None) -> str:
    """The seat-relative result (P1's side) of "``winner`` won ``score``" (the score from the
    winner's side; default a clean win, 2-0 or 1-0) or of a draw (``score`` default
    ``draw``)."""
    if (winner is None) == (not draw):
        raise EventError("give either the winner's name or a draw", code="winner-or-draw",
                         hint=field_hint(("the winner's name", "winner_name"), ("a draw", "draw")))
    if draw:
        parsed = parse_result(score or "draw", best_of)
        if parsed.outcome != "draw":
            raise EventError(f"a draw with {score}: that score has a winner", code="winner-or-draw",
                             hint=field_hint(("a draw", "draw"), score=score))
        return parsed.text
    assert winner is not None
    seat = seat_of_name(match, names, winner)
    need = games_to_win(best_of)
    parsed = parse_result(score or f"{need}-0", best_of)
    if parsed.outcome != "p1":
        raise EventError(f"winner {winner} with {score}: give the score from the winner's "
                         f"side, e.g. {need}-{need - 1}", code="winner-or-draw",
                         hint=field_hint(("winner", "winner"), score=score))
    if seat == "P1":
        return parsed.text
    return result_text(parsed.p2_games, parsed.p1_games, parsed.draws)


def report_by_name(
    conn: Connection, table: int, *, winner: str | None = None, draw: bool = False,
    score: str | None = None, round_number: int | None = None, first: str | None = None,
    winners: str | None = None, turns: str | None = None,
) -> MatchInfo:
    """``report TABLE --winner NAME [SCORE]`` / ``--draw [SCORE]`` of the current round (see
    :func:`seat_result`); everything else as :func:`recording.report_result`."""
    with store.transaction(conn):
        stage, rnd = lookup.current_stage(conn)
        if not rnd:
            raise EventError("no round is paired yet")
        match = lookup.find_match(conn, stage, rnd, table)
        names = {p.id: p.name for p in store.read_players(conn)}
        if match.player2 is None:
            raise EventError(f"table {table} of round {rnd} is a bye; nothing to report")
        text = seat_result(match, names, store.read_settings(conn).best_of, winner=winner,
                           draw=draw, score=score)
        return recording.report_result(conn, table, text, round_number=round_number,
                                     first=first, winners=winners, turns=turns)


def describe(match: MatchInfo, names: Mapping[int, str]) -> str:
    """``Table 6: Ann 2-1 Bob`` (the result from seat P1's side, as stored)."""
    p2 = names[match.player2] if match.player2 is not None else "BYE"
    return f"Table {match.table}: {names[match.player1]} {match.result or '?'} {p2}"


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
    with store.transaction(conn):
        current = store.current_round(conn, stage)
        paired_round(round_number, current, label=label)
        match = lookup.find_match(conn, stage, round_number, table)
        if match.player2 is None:
            raise EventError(f"table {table} of {label} {round_number} is a bye; a bye has no "
                             "result to clear")
        if match.result is None:
            raise EventError(f"table {table} of {label} {round_number} is not reported; "
                             "nothing to clear")
        later = recording.rounds_paired_on(conn, round_number, top_cut=top_cut)
        if later:
            raise EventError(
                f"table {table} of {label} {round_number} cannot be cleared: "
                f"{', '.join(later)} {'was' if len(later) == 1 else 'were'} paired on its "
                f"result {match.result}", code="paired-on-result",
                hint=recording.correct_hint(stage, round_number, table),
            )
        mid = store.match_id(conn, stage, round_number, table)
        assert mid is not None
        store.clear_result(conn, mid)
        store.audit(conn, "unreport", recording.match_subject(stage, round_number, table),
                    recording.result_dict(match), None)
        return match
