"""EventSnapshot objects built directly, for the export and import tests."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from conftest import LEGAL_MAIN, LEGAL_PILE

from tt_organizer.events.models import (
    AuditEntry,
    EventSettings,
    EventSnapshot,
    GameInfo,
    MatchInfo,
    PlayerInfo,
)
from tt_organizer.events.result_text import parse_game_flags, parse_result

EVENT_NAME = "Spring Cup & Friends"
HYPERLINK = '=HYPERLINK("http://x","y")'
NAMES = (
    "Alice Aoyama",
    "bob Brandt",
    HYPERLINK,
    "Chloé Ćwik",
    "-Dmitri",
    "Eve Ebner",
    "+Gus @home",
)


def _players() -> tuple[PlayerInfo, ...]:
    out = []
    for pid, name in enumerate(NAMES, start=1):
        extra: dict[str, object] = {}
        if pid == 1:
            extra = dict(deck_source="alice.txt", deck_text="Main\n4 BT1-009\n", deck_legal=True,
                         deck_colors=("Red",), main=dict(LEGAL_MAIN), pile=dict(LEGAL_PILE))
        elif pid == 2:
            extra = dict(deck_source="bob.txt", deck_legal=False,
                         deck_codes=("E-BANNED", "E-COUNT"), deck_colors=("Blue", "Red"),
                         main={"BT1-009": 4, "XX9-999": 1}, pile={"BT1-001": 4})
        out.append(PlayerInfo(id=pid, name=name, ext_id=f"M{pid:04d}" if pid % 2 else None,
                              registered_at=f"2026-12-02T09:0{pid}:00Z", **extra))  # type: ignore[arg-type]
    return tuple(out)


def _match(rnd: int, table: int, p1: int, p2: int | None, result: str | None = None, *,
           best_of: int = 3, first: str | None = None, winners: str | None = None,
           turns: str | None = None) -> MatchInfo:
    if p2 is None:
        return MatchInfo(rnd, table, p1, None, "bye", outcome="bye",
                         reported_at="2026-12-02T10:00:00Z")
    if result is None:
        return MatchInfo(rnd, table, p1, p2)
    parsed = parse_result(result, best_of)
    flags = parse_game_flags(parsed, first=first, winners=winners, turns=turns, best_of=best_of)
    seat = {"P1": p1, "P2": p2}
    games = tuple(
        GameInfo(g.number, seat[g.first] if g.first else None,
                 seat[g.winner] if g.winner else None, g.turns)
        for g in flags
    )
    return MatchInfo(rnd, table, p1, p2, parsed.text, parsed.p1_games, parsed.p2_games,
                     parsed.draws, parsed.outcome, games, reported_at=f"2026-12-02T1{rnd}:30:00Z")


def event_snapshot(*, best_of: int = 3, name: str = EVENT_NAME) -> EventSnapshot:
    """Seven players, best-of-three; rounds 1 and 2 reported, round 3 paired and open.

    Player 3 is named ``=HYPERLINK("http://x","y")``; 5 and 7 also start with formula
    characters. Each round has a bye at table 4.
    """
    matches = [
        _match(1, 1, 1, 2, "2-1", first="P1,P2,P1", winners="P1,P2,P1", turns="7,9,6"),
        _match(1, 2, 3, 4, "0-2", first="P1,P1", winners="P2,P2", turns="8,10"),
        _match(1, 3, 5, 6, "1-1-1", first="P2,P1,P2", winners="P1,P2,D", turns="6,7,5"),
        _match(1, 4, 7, None),
        _match(2, 1, 1, 4, "2-0"),
        _match(2, 2, 2, 6, "1-2", first="P1,P2,P1", winners="P2,P1,P2", turns="9,8,12"),
        _match(2, 3, 3, 7, "2-0", first="P2,P2", winners="P1,P1", turns="11,10"),
        _match(2, 4, 5, None),
        _match(3, 1, 1, 6),
        _match(3, 2, 4, 7),
        _match(3, 3, 2, 5),
        _match(3, 4, 3, None),
    ]
    audit = (
        AuditEntry(1, "2026-12-02T09:00:00Z", "to", "create", "event", None, name),
        AuditEntry(2, "2026-12-02T09:03:00Z", "to", "register", "player 3", None, HYPERLINK),
        AuditEntry(3, "2026-12-02T11:40:00Z", "to", "report", "round 1 table 1", None,
                   '{"result": "2-1"}'),
    )
    settings = EventSettings(name=name, best_of=best_of, created_at="2026-12-02T09:00:00Z")
    return EventSnapshot(path="spring.ttevent", settings=settings, players=_players(),
                         matches=tuple(matches), audit=audit, current_round=3)


def with_results(snapshot: EventSnapshot, rows: Iterable[object]) -> EventSnapshot:
    """``snapshot`` with the ResultRows of an import applied (as the service would)."""
    by_key = {(r.round, r.table): r for r in rows}  # type: ignore[attr-defined]
    matches = []
    for m in snapshot.matches:
        row = by_key.get((m.round, m.table))
        if row is None or m.stage != "swiss":
            matches.append(m)
            continue
        new = _match(m.round, m.table, m.player1, m.player2, row.result,
                     best_of=snapshot.settings.best_of,
                     first=",".join(row.first) if row.first else None,
                     winners=",".join(row.winners) if row.winners else None,
                     turns=",".join(map(str, row.turns)) if row.turns else None)
        matches.append(new)
    return dataclasses.replace(snapshot, matches=tuple(matches))
