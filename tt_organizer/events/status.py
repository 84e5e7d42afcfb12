"""Where the event stands: stage, round, reported and missing tables, players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt_organizer.events import queries, store
from tt_organizer.events.models import MatchInfo
from tt_organizer.events.setup import TOP_CUT
from tt_organizer.events.store import Connection
from tt_organizer.events.topcut import champion, top_cut_size


def missing_tables(conn: Connection) -> list[int]:
    """Tables of the current round (Swiss, or the top cut once started) still unreported."""
    stage, rnd = queries.current_stage(conn)
    return store.unreported_tables(conn, stage, rnd)


def status(conn: Connection) -> dict[str, Any]:
    """Where the event stands: stage, round, reported and missing tables, players."""
    from tt_organizer.pairing.swiss import rounds_for_players

    settings = store.read_settings(conn)
    players = store.roster_flags(conn)  # names and flags only: no deck is parsed
    stage, rnd = queries.current_stage(conn)
    matches = queries.round_matches(conn, stage, rnd) if rnd else []
    win = champion(conn)
    active = len([p for p in players if not p["dropped"]])
    return {
        "event": settings.name,
        "format": settings.format_id,
        "banlist": settings.banlist_date,
        "best_of": settings.best_of,
        "stage": stage if rnd else "registration",
        "round": rnd,
        "rounds": settings.rounds if settings.rounds is not None
        else rounds_for_players(active),
        "rounds_auto": settings.rounds is None,
        "top_cut": top_cut_size(conn),
        "tables": len(matches),
        "reported": [m.table for m in matches if m.result is not None],
        "missing": queries.tables_without_result(matches),
        "players": len(players),
        "active": active,
        "dropped": [p["name"] for p in players if p["dropped"]],
        "illegal_decks": [p["name"] for p in players if p["has_deck"] and not p["legal"]],
        "no_deck": [p["name"] for p in players if not p["has_deck"]],
        "checked_in": sum(1 for p in players if p["checked_in"]),
        "no_shows": [p["name"] for p in players if p["checked_in"] == 0],
        "set_aside": store.set_aside_names(conn),
        "champion": win.name if win else None,
        "tiebreakers": list(settings.tiebreakers),
        "tiebreak_policy": settings.tiebreak_policy.to_json(),
        "round_name": _round_name(stage, rnd, matches),
    }


def _round_name(stage: str, rnd: int, matches: Sequence[MatchInfo]) -> str | None:
    """"quarter-final", "semi-final", "final" … for a bracket round (None in the Swiss)."""
    if stage != TOP_CUT or not matches:
        return None
    from tt_organizer.events.final_placings import bracket_round_name

    return bracket_round_name(2 * len(matches))
