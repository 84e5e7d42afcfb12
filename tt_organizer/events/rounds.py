"""Swiss rounds: pairing the next round, entering one paired elsewhere, changing or repairing
the current one (:mod:`tt_organizer.events.manual` does the work); each returns the round's
read model, a :class:`~tt_organizer.events.paired_rounds.PairedRound`."""

from __future__ import annotations

from tt_organizer.errors import EventError
from tt_organizer.events import constraints, manual, paired_rounds, players, queries, store, timer
from tt_organizer.events.models import MatchInfo
from tt_organizer.events.paired_rounds import PairedRound
from tt_organizer.events.setup import SWISS, TOP_CUT
from tt_organizer.events.store import Connection
from tt_organizer.events.swiss_states import states_and_points
from tt_organizer.i18n import NMsg


def pair_next_round(conn: Connection, *, seeded: bool = False) -> list[MatchInfo]:
    """Pair the next Swiss round (byes are reported at once). ``seeded`` pairs round 1 by
    registration order instead of at random."""
    return pair(conn, seeded=seeded).matches


def pair(conn: Connection, *, seeded: bool = False) -> PairedRound:
    """:func:`pair_next_round`, said as its read model: the tables with every player's points
    before the round (the standings the pairing used), who was set aside at check-in, who has
    no deck, a rematch the pairing could not avoid."""
    from tt_organizer.pairing.swiss import pair_round

    with store.transaction(conn):
        if store.current_round(conn, TOP_CUT):
            raise EventError("top-cut-started", hint={"command": "top-cut"})
        settings = store.read_settings(conn)
        current = store.current_round(conn)
        if current:
            missing = queries.tables_without_result(queries.round_matches(conn, SWISS, current))
            if missing:
                raise EventError("round-unreported", round=current, results=NMsg(
                    "results for table(s) {tables}", "results for table(s) {tables}",
                    len(missing), tables=", ".join(map(str, missing))))
        active = [p.id for p in store.read_roster(conn) if not p.dropped]
        # constraints: check-in, granted byes, avoid
        active, granted, removed = constraints.prepare_round(conn, current + 1, active)
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
        states = constraints.apply_avoid(conn, rnd, states)
        pairings = pair_round(states, round_number=rnd, seed=settings.seed,
                              random_first_round=not (seeded and rnd == 1),
                              win_points=settings.win_points) if active else []
        pairings += constraints.granted_byes(granted, len(pairings))
        store.insert_round(conn, SWISS, rnd, store.now(), seeded=seeded and rnd == 1)
        timer.reset_timer(conn, f"round {rnd}")  # the last round's clock stops with it
        queries.insert_pairings(conn, SWISS, rnd, pairings)
        matches = queries.round_matches(conn, SWISS, rnd)
        store.audit(conn, "pair", f"round {rnd}", None,
                    {"seeded": seeded and rnd == 1, "tables": queries.describe_tables(matches)})
        return paired_rounds.build(conn, paired_rounds.PAIRED, SWISS, rnd, matches,
                                   points=points, set_aside=removed,
                                   seeded=seeded and rnd == 1)


def repair_round(conn: Connection, *, dry_run: bool = False) -> PairedRound:
    """Re-pair only what must change in the current Swiss round (tables with a dropped
    player, active players without a seat; :func:`tt_organizer.events.manual.repair`): the
    new tables (``tables``), those taken apart (``before``) and the whole round (``whole``,
    what ``to_json`` gives). ``dry_run``: what it would do, nothing changed."""
    plan = manual.plan_repair(conn) if dry_run else manual.repair(conn)
    whole = queries.round_matches(conn, SWISS, plan.round)
    return paired_rounds.build(conn, paired_rounds.REPAIRED, SWISS, plan.round, plan.after,
                               before=plan.before, withdrawn=plan.withdrawn,
                               unchanged=plan.unchanged, whole=whole)


def pair_from_file(conn: Connection, path: str) -> PairedRound:
    """Enter the next Swiss round as paired elsewhere, from a ``.json``/``.csv``/``.xlsx``
    file (:func:`tt_organizer.events.manual.read_pairings_file`); results in it are
    recorded too."""
    matches = manual.pair_from_rows(conn, manual.read_pairings_file(path), source=path)
    rnd = matches[0].round if matches else store.current_round(conn)
    return paired_rounds.build(conn, paired_rounds.ENTERED, SWISS, rnd, matches, source=path)


def change_round(conn: Connection, change: manual.Change) -> PairedRound:
    """The read model of a change by hand of the current round (:func:`manual.swap`,
    :func:`manual.set_table`, :func:`manual.give_bye`, :func:`manual.unpair`): the tables as
    they are now, those removed, the players left unpaired, the moved tables as they were."""
    return paired_rounds.build(conn, paired_rounds.CHANGED, SWISS, change.round, change.changed,
                               before=change.before, removed=change.removed,
                               unpaired=change.unpaired, withdrawn=change.withdrawn)
