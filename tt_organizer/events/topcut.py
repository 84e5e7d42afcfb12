"""The top cut: its size, seeding the bracket from the final Swiss standings, pairing each
next bracket round, and the champion."""

from __future__ import annotations

from tt_organizer.errors import EventError, field_hint
from tt_organizer.events import queries, store, timer
from tt_organizer.events.event_standings import standings
from tt_organizer.events.models import (
    MatchInfo,
    PlayerInfo,
)
from tt_organizer.events.setup import SWISS, TOP_CUT, top_cut_for_players
from tt_organizer.events.store import Connection
from tt_organizer.i18n import NMsg


def top_cut_size(conn: Connection) -> int:
    """The event's top-cut size (its setting, else by player count)."""
    settings = store.read_settings(conn)
    if settings.top_cut is not None:
        return settings.top_cut
    return top_cut_for_players(store.count_players(conn))


def advance_top_cut(conn: Connection) -> list[MatchInfo]:
    """Seed the bracket from the final Swiss standings and pair its first round, or, once a
    bracket round is fully reported, pair the next one (winners of tables 1+2, 3+4, …, the
    better seed as player 1)."""
    from tt_organizer.pairing.bracket import bracket_seeds, pair_top_cut, pair_top_cut_round

    with store.transaction(conn):
        settings = store.read_settings(conn)
        top = store.current_round(conn, TOP_CUT)
        if not top:
            swiss = store.current_round(conn)
            total = settings.rounds
            if not swiss or (total is not None and swiss < total):
                raise EventError("swiss-not-over", round=swiss, total=total or "?")
            missing = queries.tables_without_result(queries.round_matches(conn, SWISS, swiss))
            if missing:
                raise EventError("round-unreported", round=swiss, results=NMsg(
                    "results for table(s) {tables}", "results for table(s) {tables}",
                    len(missing), tables=", ".join(map(str, missing))))
            size = top_cut_size(conn)
            if size == 0:
                raise EventError("no-top-cut", hint=field_hint(("a top cut of", "top_cut")))
            seeds = [s.player for s in standings(conn) if not s.dropped][:size]
            if len(seeds) < size:
                raise EventError("top-cut-too-few", n=len(seeds), size=size)
            pairings = pair_top_cut(seeds)
            rnd = 1
            store.audit(conn, "top-cut", "seeds", None, {"size": size, "seeds": seeds})
        else:
            current = queries.round_matches(conn, TOP_CUT, top)
            missing = queries.tables_without_result(current)
            if missing:
                raise EventError("top-cut-round-unreported", round=top, results=NMsg(
                    "results for table(s) {tables}", "results for table(s) {tables}",
                    len(missing), tables=", ".join(map(str, missing))))
            winners = [_winner(m) for m in current]
            if len(winners) == 1:
                raise EventError("top-cut-over",
                                 name=queries.player_by_id(conn, winners[0]).name)
            first = current if top == 1 else queries.round_matches(conn, TOP_CUT, 1)
            seed_of = bracket_seeds([(m.player1, m.player2) for m in first])
            pairings = pair_top_cut_round(winners, seed_of)
            rnd = top + 1
        store.insert_round(conn, TOP_CUT, rnd, store.now())
        timer.reset_timer(conn, f"top-cut round {rnd}")
        queries.insert_pairings(conn, TOP_CUT, rnd, pairings)
        matches = queries.round_matches(conn, TOP_CUT, rnd)
        store.audit(conn, "pair", f"top-cut round {rnd}", None,
                    {"tables": queries.describe_tables(matches)})
        return matches


def _winner(m: MatchInfo) -> int:
    if m.outcome in ("p1", "bye") or m.player2 is None:
        return m.player1
    return m.player2


def start_top_cut(conn: Connection) -> list[MatchInfo]:
    """Seed the bracket and pair its first round (refused once it has started)."""
    if store.current_round(conn, TOP_CUT):
        raise EventError("top-cut-already-started")
    return advance_top_cut(conn)


def champion(conn: Connection) -> PlayerInfo | None:
    """The winner of the top cut's final, once reported."""
    top = store.current_round(conn, TOP_CUT)
    if not top:
        return None
    final = queries.round_matches(conn, TOP_CUT, top)
    if len(final) != 1 or final[0].outcome not in ("p1", "p2"):
        return None
    return queries.player_by_id(conn, _winner(final[0]))
