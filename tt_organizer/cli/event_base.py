"""What the ``tt event`` command modules share: the ``event`` group and the printing of a line,
a round's tables and a round's JSON (``cli/event.py`` and ``cli/event_pairing.py`` both
import it, so neither imports the other back)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from tt_organizer.events.store import Connection


@click.group()
def event() -> None:
    """Run an event: players, Swiss rounds, results, standings, top cut.

    Every command works on one event database (--event FILE, env TT_EVENT, default
    ./event.sqlite) and is one transaction: a refused command changes nothing.
    """


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
    from tt_organizer.events.store.dispatch import store

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
    from tt_organizer.events import service

    if not matches:
        return {}
    if matches[0].stage == service.SWISS:
        before = matches[0].round - 1
        return {s.player: s.points for s in service.standings(conn, before)} if before else {}
    return {s.player: s.points for s in service.standings(conn)}
