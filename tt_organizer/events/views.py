"""The JSON shapes of an event, built once for the CLI (``--json``) and the web server.

``tt event players/pairings/standings/status --json`` print exactly these, and
``tt event serve`` answers ``/api/…`` with them, so the two can never drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tt_organizer.errors import EventError
from tt_organizer.events import setup, status, store
from tt_organizer.events.models import (
    AuditEntry,
    EventSettings,
    MatchInfo,
    PlayerInfo,
    paired_round,
)
from tt_organizer.events.store import Connection

if TYPE_CHECKING:
    from tt_organizer.events.check_in import CheckIn
    from tt_organizer.events.players import DeckChange, Registration


def player_json(p: PlayerInfo) -> dict[str, Any]:
    """JSON form of a player (as ``tt event players --json`` prints it)."""
    return p.to_dict()


def players_json(players: Sequence[PlayerInfo]) -> list[dict[str, Any]]:
    """What ``tt event players --json`` prints."""
    return [p.to_dict() for p in players]


def matches_json(conn: Connection, matches: Sequence[MatchInfo]) -> list[dict[str, Any]]:
    """The ``pairings --json`` shape: table, player1, player2 (null for the bye), result."""
    names = store.player_names(conn, [p for m in matches for p in (m.player1, m.player2)])
    return [m.to_dict(names) for m in matches]


def created_json(path: str, settings: EventSettings) -> dict[str, Any]:
    """What ``tt event create --json`` prints: the file and the settings as stored."""
    from dataclasses import asdict

    return {"event": path,
            "settings": {**asdict(settings), "tiebreak_policy": settings.tiebreak_policy.to_json()}}


def language_json(path: str, settings: EventSettings) -> dict[str, Any]:
    """What ``tt event settings --json`` prints: the file and the event's language."""
    return {"event": path, "language": settings.language,
            "intentional_draws": settings.intentional_draws}


def registration_json(reg: Registration, bye_rounds: Sequence[int] = ()) -> dict[str, Any]:
    """What ``tt event register/late-entry --json`` prints for one player
    (:class:`~tt_organizer.events.entries.Entry` builds it)."""
    return {**reg.player.to_dict(), "missed_rounds": list(reg.missed_rounds),
            "deck_report": reg.report.to_dict() if reg.report is not None else None,
            "bye_rounds": list(bye_rounds),
            "seated_at_table": reg.seated.table if reg.seated is not None else None,
            "look_alikes": list(reg.look_alikes)}


def sheet_row_json(row: int, name: str, reg: Registration | None = None,
                   error: str | None = None, *, action: str = "new",
                   replaced_by: int | None = None) -> dict[str, Any]:
    """One row of ``register --from --json``: what it did (``action``: new, updated,
    unchanged, replaced, refused) and the player's deck verdict and the player, or the reason
    it was refused, or the later row that replaced it."""
    if action == "replaced":
        return {"row": row, "name": name, "action": action, "status": "replaced",
                "replaced_by": replaced_by}
    if reg is None:
        return {"row": row, "name": name, "action": "refused", "status": "refused",
                "error": error}
    return {"row": row, "name": name, "action": action, "status": deck_verdict(reg.player),
            "player": reg.player.to_dict()}


def sign_up_json(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """What ``register --from --json`` prints: the counts of each action, and every row."""
    counts = {a: sum(r["action"] == a for r in rows)
              for a in ("new", "updated", "unchanged", "replaced", "refused")}
    return {**counts, "rows": rows}


def deck_change_json(change: DeckChange) -> dict[str, Any]:
    """What ``tt event deck --json`` prints (``change`` is a
    :class:`~tt_organizer.events.players.DeckChange`): the player, the deck's report and the
    deck it replaced."""
    return {**change.player.to_dict(), "replaced": change.replaced,
            "override": change.override, "deck_report": change.report.to_dict()}


def deck_verdict(p: PlayerInfo) -> str:
    """``legal``, ``illegal`` or ``no deck``."""
    return "legal" if p.deck_legal else ("no deck" if p.deck_legal is None else "illegal")


def top_cut_json(conn: Connection, champion: PlayerInfo | None,
                 matches: Sequence[MatchInfo] = ()) -> dict[str, Any]:
    """What ``tt event top-cut --json`` prints: the champion once the bracket is played, else
    the round just paired."""
    if champion is not None:
        return {"champion": champion.name, "pairings": []}
    return {"champion": None, "round": matches[0].round,
            "pairings": matches_json(conn, matches)}


def log_json(entries: Sequence[AuditEntry]) -> list[dict[str, Any]]:
    """What ``tt event log --json`` prints."""
    return [e.to_dict() for e in entries]


def round_matches(conn: Connection, round_number: int | None = None,
                  top_cut: bool = False) -> list[MatchInfo]:
    """The tables of a round (default the current one) of the Swiss or the top cut, without
    their games; raises EventError when that round is not paired."""
    stage = setup.TOP_CUT if top_cut else setup.SWISS
    current = store.current_round(conn, stage)
    if not current:
        if top_cut:
            raise EventError("top-cut-not-started")
        raise EventError("no-round")
    rnd = paired_round(round_number, current, label="top-cut round" if top_cut else "round")
    return store.read_matches(conn, stage, rnd, tables_only=True, games=False)


def pairings_json(conn: Connection, round_number: int | None = None,
                  top_cut: bool = False) -> list[dict[str, Any]]:
    """What ``tt event pairings [--round N] [--top-cut] --json`` prints."""
    return matches_json(conn, round_matches(conn, round_number, top_cut))


def standings_json(conn: Connection, round_number: int | None = None, *,
                   final: bool = False) -> list[dict[str, Any]]:
    """What ``tt event standings [--round N] [--final] --json`` prints
    (:meth:`~tt_organizer.events.standings_lines.StandingsLines.to_json`)."""
    # standings_lines costs `pairings --json` 1.4 ms, which never shows standings
    from tt_organizer.events.standings_lines import read_standings

    return read_standings(conn, round_number, final=final).to_json()


def shown_standings_json(conn: Connection) -> tuple[list[dict[str, Any]], str]:
    """The standings to show now as JSON, and which they are (``swiss``, ``top-cut``,
    ``final``: :func:`~tt_organizer.events.standings_lines.shown_standings`)."""
    from tt_organizer.events.standings_lines import shown_standings  # see standings_json

    lines, kind = shown_standings(conn)
    return lines.to_json(), kind


def status_json(conn: Connection) -> dict[str, Any]:
    """What ``tt event status --json`` prints."""
    return status.status(conn)


def withdrawn_json(conn: Connection, reports: Sequence[Any]) -> list[dict[str, Any]]:
    """The phone reports a change withdrew (``reports``: :class:`~tt_organizer.events.
    phone_reports.Report`, as they were): stage, round, table, reporter, result, and what they
    were (``pending`` or ``disputed``)."""
    names = store.player_names(conn, [r.reporter for r in reports])
    return [{"stage": r.stage, "round": r.round, "table": r.table,
             "reporter": names[r.reporter], "result": r.result, "was": r.status}
            for r in reports]


def avoid_json(a: PlayerInfo, b: PlayerInfo, until: int | None) -> dict[str, Any]:
    """What ``tt event avoid --json`` prints."""
    return {"players": [a.name, b.name], "until_round": until}


def check_in_json(done: CheckIn) -> dict[str, Any]:
    """What ``tt event check-in --json`` prints (``done`` is a
    :class:`~tt_organizer.events.check_in.CheckIn`): the players marked (``name`` when one),
    those already so, and how many are checked in of the registered."""
    names = [p.name for p in done.players]
    every = names + list(done.already)
    return {"name": every[0] if len(every) == 1 else None,
            "names": names, "already": list(done.already), "checked_in": done.here,
            "checked_in_count": done.checked_in, "players": done.registered}


def recorded_json(path: str, count: int) -> dict[str, Any]:
    """What ``tt event report --from FILE --json`` prints."""
    return {"file": path, "recorded": count}


def written_json(paths: Sequence[Any]) -> dict[str, Any]:
    """What ``tt event export --json`` prints: the files written."""
    return {"written": [str(p) for p in paths]}
