"""Swiss rounds: the players' states for pairing, pairing the next round, the repair hook
(:mod:`tt_organizer.events.manual` re-pairs only what must change) and the round helpers the
other operations share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt_organizer.errors import EventError
from tt_organizer.events.models import MatchInfo, paired_round
from tt_organizer.events.setup import SWISS, TOP_CUT
from tt_organizer.events.standings import compute_event_standings
from tt_organizer.events.store import Connection
from tt_organizer.events.store.dispatch import store
from tt_organizer.i18n import Msg


def _current_stage(conn: Connection) -> tuple[str, int]:
    top = store.current_round(conn, TOP_CUT)
    return (TOP_CUT, top) if top else (SWISS, store.current_round(conn))


def _round(conn: Connection, stage: str, rnd: int) -> list[MatchInfo]:
    return store.read_matches(conn, stage, rnd, tables_only=True)


def _missing(matches: Sequence[MatchInfo]) -> list[int]:
    return [m.table for m in matches if m.result is None]


def _player_states(
    conn: Connection, ids: Sequence[int], *, seeded: bool, upto: int | None = None
) -> list[Any]:
    """What the pairing needs of ``ids``: points and rank in the standings of every result up
    to round ``upto`` (default all so far), opponents met, byes had."""
    return _states_and_points(conn, ids, seeded=seeded, upto=upto)[0]


def _states_and_points(
    conn: Connection, ids: Sequence[int], *, seeded: bool, upto: int | None = None
) -> tuple[list[Any], dict[int, int]]:
    """:func:`_player_states`, and every player's points in those standings (the matches
    and standings are read and computed once)."""
    from tt_organizer.pairing.swiss import PlayerState

    current = store.current_round(conn)
    paired_round(upto, current, first=0)
    matches = [m for m in store.read_matches(conn, SWISS, games=False)
               if upto is None or m.round <= upto]
    ranks: dict[int, int] = {}
    points: dict[int, int] = {}
    if matches:
        for s in compute_event_standings(store.read_settings(conn), store.read_roster(conn),
                                         matches, current, upto):
            ranks[s.player] = s.rank
            points[s.player] = s.points
    opponents: dict[int, set[int]] = {pid: set() for pid in ids}
    had_bye: set[int] = set()
    for m in matches:
        if m.player2 is None:
            if m.outcome == "bye":
                had_bye.add(m.player1)
            continue
        opponents.setdefault(m.player1, set()).add(m.player2)
        opponents.setdefault(m.player2, set()).add(m.player1)
    return [
        PlayerState(
            id=pid,
            points=points.get(pid, 0),
            opponents=frozenset(opponents.get(pid, ())),
            had_bye=pid in had_bye,
            rank=ranks.get(pid, pid) if matches or seeded else pid,
        )
        for pid in ids
    ], points


def _insert_pairings(
    conn: Connection, stage: str, rnd: int, pairings: Sequence[Any],
    tables: Sequence[int] | None = None,
) -> None:
    settings = store.read_settings(conn)
    at = store.now()
    for i, p in enumerate(pairings):
        table = tables[i] if tables is not None else p.table
        if p.player2 is None:
            games = 1 if settings.best_of == 1 else 2
            store.insert_bye(conn, stage, rnd, table, p.player1, games, at)
        else:
            store.insert_pairing(conn, stage, rnd, table, p.player1, p.player2)


def _describe(matches: Sequence[MatchInfo]) -> list[list[Any]]:
    return [[m.table, m.player1, m.player2] for m in matches]


def pair_next_round(conn: Connection, *, seeded: bool = False) -> list[MatchInfo]:
    """Pair the next Swiss round (byes are reported at once). ``seeded`` pairs round 1 by
    registration order instead of at random."""
    return pair_round_and_points(conn, seeded=seeded)[0]


def pair_round_and_points(conn: Connection, *, seeded: bool = False
                          ) -> tuple[list[MatchInfo], dict[int, int]]:
    """:func:`pair_next_round`, and every player's points before the round (the standings
    the pairing used: what a round's tables print beside each name)."""
    from tt_organizer.pairing.swiss import pair_round

    with store.transaction(conn):
        if store.current_round(conn, TOP_CUT):
            raise EventError(Msg("the top cut has started"), code="top-cut-started",
                             hint={"command": "top-cut"})
        settings = store.read_settings(conn)
        current = store.current_round(conn)
        if current:
            missing = _missing(_round(conn, SWISS, current))
            if missing:
                raise EventError(
                    Msg("round {round} still misses results for table(s) {tables}",
                        round=current, tables=", ".join(map(str, missing)))
                )
        active = [p.id for p in store.read_roster(conn) if not p.dropped]
        from tt_organizer.events import manual  # constraints: check-in, granted byes, avoid

        active, granted, _removed = manual.prepare_round(conn, current + 1, active)
        if len(active) + len(granted) < 2:
            raise EventError(f"{len(active) + len(granted)} active player(s); at least 2 are "
                             "needed to pair")
        total = settings.rounds
        if total is None:
            from tt_organizer.pairing.swiss import rounds_for_players

            total = rounds_for_players(len(active) + len(granted))
            store.set_rounds(conn, total)
            store.audit(conn, "rounds", "settings", "auto",
                        {"rounds": total, "players": len(active)})
        if current >= total:
            raise EventError(Msg("all {total} Swiss rounds are paired", total=total),
                             code="swiss-over",
                             hint={"command": "standings", "then": "top-cut"})
        rnd = current + 1
        states, points = _states_and_points(conn, active, seeded=seeded)
        states = manual.apply_avoid(conn, rnd, states)
        pairings = pair_round(states, round_number=rnd, seed=settings.seed,
                              random_first_round=not (seeded and rnd == 1),
                              win_points=settings.win_points) if active else []
        pairings += manual.granted_byes(granted, len(pairings))
        store.insert_round(conn, SWISS, rnd, store.now(), seeded=seeded and rnd == 1)
        _insert_pairings(conn, SWISS, rnd, pairings)
        matches = _round(conn, SWISS, rnd)
        store.audit(conn, "pair", f"round {rnd}", None,
                    {"seeded": seeded and rnd == 1, "tables": _describe(matches)})
        return matches, points


def repair_round(conn: Connection) -> list[MatchInfo]:
    """Re-pair only what must change in the current Swiss round (tables with a dropped
    player, active players without a seat; :func:`tt_organizer.events.manual.repair`);
    returns the whole round."""
    from tt_organizer.events import manual

    plan = manual.repair(conn)
    return _round(conn, SWISS, plan.round)
