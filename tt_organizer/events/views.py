"""The JSON shapes of an event, built once for the CLI (``--json``) and the web server.

``tt event players/pairings/standings/status --json`` print exactly these, and
``tt event serve`` answers ``/api/…`` with them, so the two can never drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt_organizer.errors import EventError
from tt_organizer.events import service, store
from tt_organizer.events.models import MatchInfo, PlayerInfo, paired_round
from tt_organizer.events.store import Connection
from tt_organizer.standings.tiebreakers import Standing


def player_json(p: PlayerInfo) -> dict[str, Any]:
    """JSON form of a player (as ``tt event players --json`` prints it)."""
    return {"id": p.id, "name": p.name, "ext_id": p.ext_id, "dropped": p.dropped,
            "dropped_round": p.dropped_round, "late_entry_round": p.late_entry_round,
            "deck": p.deck_source, "legal": p.deck_legal, "codes": list(p.deck_codes),
            "colors": list(p.deck_colors), "pin": p.pin}


def matches_json(conn: Connection, matches: Sequence[MatchInfo]) -> list[dict[str, Any]]:
    """The ``pairings --json`` shape: table, player1, player2 (null for the bye), result."""
    names = store.player_names(conn, [p for m in matches for p in (m.player1, m.player2)])
    return [
        {"table": m.table, "player1": names[m.player1],
         "player2": None if m.player2 is None else names[m.player2], "result": m.result}
        for m in matches
    ]


def round_matches(conn: Connection, round_number: int | None = None,
                  top_cut: bool = False) -> list[MatchInfo]:
    """The tables of a round (default the current one) of the Swiss or the top cut; raises
    EventError when that round is not paired."""
    stage = service.TOP_CUT if top_cut else service.SWISS
    current = store.current_round(conn, stage)
    if not current:
        raise EventError("the top cut has not started" if top_cut else "no round is paired yet")
    rnd = paired_round(round_number, current, label="top-cut round" if top_cut else "round")
    return store.read_matches(conn, stage, rnd, tables_only=True)


def pairings_json(conn: Connection, round_number: int | None = None,
                  top_cut: bool = False) -> list[dict[str, Any]]:
    """What ``tt event pairings [--round N] [--top-cut] --json`` prints."""
    return matches_json(conn, round_matches(conn, round_number, top_cut))


def _frac(value: float | None) -> float | None:
    return None if value is None else round(float(value), 4)


def standing_json(s: Standing, name: str, tiebreakers: Sequence[str]) -> dict[str, Any]:
    """The ``standings --json`` shape of one line; ``tiebreakers`` holds the ones in use, in
    the order they rank."""
    return {"rank": s.rank, "player": name, "points": s.points, "wins": s.wins,
            "losses": s.losses, "draws": s.draws, "omw": _frac(s.omw), "oomw": _frac(s.oomw),
            "gw": _frac(s.gw), "dropped": s.dropped, "ogw": _frac(s.ogw),
            "tiebreakers": {t: _frac(getattr(s, t)) for t in tiebreakers}}


def standings_json(conn: Connection, round_number: int | None = None, *,
                   final: bool = False) -> list[dict[str, Any]]:
    """What ``tt event standings [--round N] [--final] --json`` prints (percentages as
    fractions; with ``final`` each line also has its ``"place"``, e.g. ``"3-4"``)."""
    from tt_organizer.events.placings import Placing, event_final_placings

    tbs = store.read_settings(conn).tiebreakers
    placed = (event_final_placings(conn) if final
              else [Placing("", s) for s in service.standings(conn, round_number)])
    names = store.player_names(conn)
    return [{**standing_json(p.standing, names[p.standing.player], tbs),
             **({"place": p.place} if final else {})} for p in placed]


def status_json(conn: Connection) -> dict[str, Any]:
    """What ``tt event status --json`` prints."""
    return service.status(conn)
