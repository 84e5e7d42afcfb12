"""The work of the hot ``tt event`` commands -- ``report``, ``drop``, ``pairings``,
``standings`` -- and the printing the event commands share, without click.

Both the click commands (:mod:`tt_organizer.cli.event`) and the click-free path
(:mod:`tt_organizer.cli.fast`) call these functions with the keywords the click command
receives, so the two print the same and exit the same. The click commands check the
combinations of options first (a usage error is click's to print); a function here trusts
that it was given a combination its command accepts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tt_organizer.events.store import Connection


def _out(item: Any) -> None:
    """Print a line (never wrapped: lines are copied into logs and docs) or a table."""
    from tt_organizer.cli.output import console

    console.print(item, soft_wrap=isinstance(item, str))


def _matches_json(conn: Connection, matches: Sequence[Any]) -> list[dict[str, Any]]:
    """The ``pairings --json`` shape: table, player1, player2 (null for the bye), result."""
    from tt_organizer.events.views import matches_json

    return matches_json(conn, matches)


def _print_round(conn: Connection, matches: Sequence[Any], title: str,
                 points: dict[int, int] | None = None) -> None:
    """A round's tables with each player's points before it (``points``, else computed)."""
    from tt_organizer.cli.render import print_table
    from tt_organizer.events import store

    names = store.player_names(conn, [p for m in matches for p in (m.player1, m.player2)])
    if points is None:
        points = _points_before(conn, matches)
    columns = [(col, "right" if col in ("Table", "Pts") else "left")
               for col in ("Table", "Player 1", "Pts", "Player 2", "Pts", "Result")]
    print_table(title, columns, [
        (str(m.table), names[m.player1], str(points.get(m.player1, 0)),
         "BYE" if m.player2 is None else names[m.player2],
         "" if m.player2 is None else str(points.get(m.player2, 0)), m.result or "")
        for m in matches
    ])


def _points_before(conn: Connection, matches: Sequence[Any]) -> dict[int, int]:
    """Each player's Swiss points before the round of ``matches`` (the final Swiss points for
    a top-cut round)."""
    from tt_organizer.events import event_standings, setup

    if not matches:
        return {}
    if matches[0].stage == setup.SWISS:
        before = matches[0].round - 1
        return ({s.player: s.points for s in event_standings.standings(conn, before)}
                if before else {})
    return {s.player: s.points for s in event_standings.standings(conn)}


def warn_unpaired(names: Sequence[str]) -> None:
    """Warn about the players no table of the current round seats."""
    from tt_organizer.cli.output import warn

    if names:
        warn(f"unpaired: {', '.join(names)} — seat them (--set, --bye) or run "
             "`tt event repair`")


# --- the commands ----------------------------------------------------------------------------


def report_table(*, table: int, result: str | None, winner: str | None, draw: bool,
                 first: str | None, winners: str | None, turns: str | None,
                 round_number: int | None, as_json: bool, event_path: str) -> None:
    """``tt event report TABLE RESULT`` (or ``--winner NAME`` / ``--draw``): record one
    table's result and say who won and how many tables are left."""
    from tt_organizer.cli.output import line
    from tt_organizer.events import entering, setup, status, store

    with store.connect(event_path) as conn:
        if winner is not None or draw:
            m = entering.report_by_name(conn, table, winner=winner, draw=draw, score=result,
                                         round_number=round_number, first=first,
                                         winners=winners, turns=turns)
        else:
            assert result is not None  # the click command and the fast path ask for it
            m = entering.report_result(conn, table, result, round_number=round_number,
                                      first=first, winners=winners, turns=turns)
        snap_names = store.player_names(conn, (m.player1, m.player2))
        left = status.missing_tables(conn)
        text = entering.describe(m, snap_names)
        won = entering.winner_name(m, snap_names)
        if as_json:
            from tt_organizer.cli.output import print_json
            from tt_organizer.events.views import result_json

            print_json(result_json(conn, m, missing_tables=list(left), winner=won,
                                   summary=text))
            return
    where = (f"top-cut round {m.round}" if m.stage == setup.TOP_CUT else f"round {m.round}")
    verdict = (f"{won} wins" if won else
               f"recorded as {m.outcome}" if m.outcome == "double-loss" else "a draw")
    line(f"{text}  ({where}; {verdict})")  # plain text: no markup, so rich is not loaded
    line(f"  {len(left)} table(s) still to report" if left else "  round complete")


def drop_player(*, name: str | None, ext_id: str | None, as_json: bool,
                event_path: str) -> None:
    """``tt event drop NAME`` / ``--id ID`` (exactly one of them): drop a player from the next
    pairing on, warning when they are still seated in the current round."""
    from tt_organizer.cli.output import line, warn
    from tt_organizer.events import players, setup, store

    by_id = name is None
    with store.connect(event_path) as conn:
        p = players.drop(conn, str(ext_id) if by_id else str(name), by_id=by_id)
        pending = players.pending_in_current_round(conn, p.id)
    if as_json:
        from tt_organizer.cli.output import print_json
        from tt_organizer.events.views import drop_json

        print_json(drop_json(p, pending))
        return
    if pending is not None and pending.stage == setup.TOP_CUT:
        line(f"Dropped {p.name} during top-cut round {pending.round}")
        warn(f"{p.name} is still in the bracket at table {pending.table}; report that table "
             "as a loss for them (the opponent advances)")
        return
    when = (f"during round {p.dropped_round}" if pending
            else f"after round {p.dropped_round}" if p.dropped_round else "before round 1")
    line(f"Dropped {p.name} {when}")
    if pending is not None:
        warn(f"{p.name} is still paired at table {pending.table} of round {pending.round}; "
             "report it, or `tt event repair` to re-pair just their opponent")


def show_pairings(*, round_number: int | None, top: bool, print_path: str | None,
                  as_json: bool, event_path: str) -> None:
    """``tt event pairings`` without a change by hand: a round's tables (JSON: table,
    player1, player2 -- null for the bye --, result), or its wall sheet with ``print_path``."""
    from tt_organizer.cli.output import print_json
    from tt_organizer.events import setup, store
    from tt_organizer.events.views import round_matches

    stage = setup.TOP_CUT if top else setup.SWISS
    with store.connect(event_path) as conn:
        matches = round_matches(conn, round_number, top)
        current = store.current_round(conn, stage)
        rnd = current if round_number is None else round_number
        if print_path:
            from tt_organizer.export.wall import write_wall_pairings

            snap = store.read_snapshot(conn, event_path)
            out = write_wall_pairings(snap, rnd, print_path, stage=stage)
            what = f"top-cut round {rnd}" if top else f"round {rnd}"
            _out(f"Wrote wall pairings of {what} to {out}")
            return
        if as_json:
            print_json(_matches_json(conn, matches))
            return
        if top:
            from tt_organizer.events.final_placings import round_names

            name = round_names(store.read_matches(conn))[rnd]
            _print_round(conn, matches, f"Top-cut round {rnd}: {name}")
            return
        _print_round(conn, matches, f"Round {rnd}")
        if rnd == current:
            from tt_organizer.events.manual import unpaired_players

            warn_unpaired(unpaired_players(conn))


def show_standings(*, round_number: int | None, final: bool, as_json: bool,
                   event_path: str) -> None:
    """``tt event standings``: the Swiss standings after ``round_number`` (default all
    results so far), or with ``final`` (no round) the final placings."""
    from tt_organizer.cli.output import print_json
    from tt_organizer.events import event_standings, setup, store
    from tt_organizer.standings.tiebreakers import TIEBREAK_LABELS

    with store.connect(event_path) as conn:
        if as_json:
            from tt_organizer.events.views import standings_json

            print_json(standings_json(conn, round_number, final=final))
            return
        settings = store.read_settings(conn)
        if final:
            from tt_organizer.events.final_placings import event_final_placings

            placed = [(p.place, p.standing) for p in event_final_placings(conn)]
        else:
            placed = [("", s) for s in event_standings.standings(conn, round_number)]
        names = store.player_names(conn)
        shown = round_number if round_number is not None else store.current_round(conn)
        top_played = store.current_round(conn, setup.TOP_CUT) > 0
    from tt_organizer.cli.render import print_table
    from tt_organizer.standings.tiebreakers import percent_text

    tbs = settings.tiebreakers
    policy = settings.tiebreak_policy.name
    title = ("Final standings" if final else f"Standings after round {shown}") + (
        f" (tiebreak policy {policy})")
    cols = ["Place"] if final else []
    cols += ["Rank", "Player", "Pts", "W-L-D", *(TIEBREAK_LABELS[t] for t in tbs), ""]
    shown_pct: dict[float | None, str] = {}  # a few hundred distinct figures in thousands
    print_table(title, [(c, "left" if c in ("Player", "") else "right") for c in cols], [
        (*((place,) if final else ()), str(s.rank), names[s.player], str(s.points),
         f"{s.wins}-{s.losses}-{s.draws}",
         *(shown_pct.get(v) or shown_pct.setdefault(v, percent_text(v))
           for v in (getattr(s, t) for t in tbs)),
         "dropped" if s.dropped else "")
        for place, s in placed
    ])
    if top_played and not final:
        _out("  the top cut has been played: `tt event standings --final` gives the final "
             "placings")
