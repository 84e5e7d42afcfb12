"""Swiss rounds: pairing the next round and the repair hook (:mod:`tt_organizer.events.manual`
re-pairs only what must change)."""

from __future__ import annotations

from tt_organizer.errors import EventError
from tt_organizer.events import lookup, players, store, timer
from tt_organizer.events.models import MatchInfo
from tt_organizer.events.setup import SWISS, TOP_CUT
from tt_organizer.events.store import Connection
from tt_organizer.events.swiss_states import states_and_points
from tt_organizer.i18n import NMsg


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
            raise EventError("top-cut-started", hint={"command": "top-cut"})
        settings = store.read_settings(conn)
        current = store.current_round(conn)
        if current:
            missing = lookup.tables_without_result(lookup.round_matches(conn, SWISS, current))
            if missing:
                raise EventError("round-unreported", round=current, results=NMsg(
                    "results for table(s) {tables}", "results for table(s) {tables}",
                    len(missing), tables=", ".join(map(str, missing))))
        active = [p.id for p in store.read_roster(conn) if not p.dropped]
        from tt_organizer.events import manual  # constraints: check-in, granted byes, avoid

        active, granted, _removed = manual.prepare_round(conn, current + 1, active)
        players.refuse_without_deck(conn, settings)
        if len(active) + len(granted) < 2:
            n = len(active) + len(granted)
            raise EventError("too-few-to-pair", players=NMsg(
                "{n} active player(s)", "{n} active player(s)", n, n=n))
        total = settings.rounds
        if total is None:
            from tt_organizer.pairing.swiss import rounds_for_players

            total = rounds_for_players(len(active) + len(granted))
            store.set_rounds(conn, total)
            store.audit(conn, "rounds", "settings", "auto",
                        {"rounds": total, "players": len(active)})
        if current >= total:
            raise EventError("swiss-over", total=total,
                             hint={"command": "standings", "then": "top-cut"})
        rnd = current + 1
        states, points = states_and_points(conn, active, seeded=seeded)
        states = manual.apply_avoid(conn, rnd, states)
        pairings = pair_round(states, round_number=rnd, seed=settings.seed,
                              random_first_round=not (seeded and rnd == 1),
                              win_points=settings.win_points) if active else []
        pairings += manual.granted_byes(granted, len(pairings))
        store.insert_round(conn, SWISS, rnd, store.now(), seeded=seeded and rnd == 1)
        timer.reset_timer(conn, f"round {rnd}")  # the last round's clock stops with it
        lookup.insert_pairings(conn, SWISS, rnd, pairings)
        matches = lookup.round_matches(conn, SWISS, rnd)
        store.audit(conn, "pair", f"round {rnd}", None,
                    {"seeded": seeded and rnd == 1, "tables": lookup.describe_tables(matches)})
        return matches, points


def repair_round(conn: Connection) -> list[MatchInfo]:
    """Re-pair only what must change in the current Swiss round (tables with a dropped
    player, active players without a seat; :func:`tt_organizer.events.manual.repair`);
    returns the whole round."""
    from tt_organizer.events import manual

    plan = manual.repair(conn)
    return lookup.round_matches(conn, SWISS, plan.round)
