"""What the ``tt event`` command modules print alike: a line, a round's tables with the
players' points before it, and the warning about players no table seats."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tt_organizer.events.store import Connection


def say(item: Any) -> None:
    """Print a line (never wrapped: lines are copied into logs and docs) or a table."""
    from tt_organizer.cli.output import console

    console.print(item, soft_wrap=isinstance(item, str))


def matches_json(conn: Connection, matches: Sequence[Any]) -> list[dict[str, Any]]:
    """The ``pairings --json`` shape: table, player1, player2 (null for the bye), result."""
    from tt_organizer.events.views import matches_json as shape

    return shape(conn, matches)


def print_round(conn: Connection, matches: Sequence[Any], title: str,
                 points: dict[int, int] | None = None) -> None:
    """A round's tables with each player's points before it (``points``, else computed)."""
    from tt_organizer.cli.render import print_table
    from tt_organizer.events import store
    from tt_organizer.events.result_words import shown
    from tt_organizer.i18n import N_
    from tt_organizer.i18n import gettext as _

    names = store.player_names(conn, [p for m in matches for p in (m.player1, m.player2)])
    if points is None:
        points = points_before(conn, matches)
    columns = [(_(col), "right" if col in ("Table", "Pts") else "left")
               for col in (N_("Table"), N_("Player 1"), N_("Pts"), N_("Player 2"), N_("Pts"),
                           N_("Result"))]
    print_table(title, columns, [
        (str(m.table), names[m.player1], str(points.get(m.player1, 0)),
         _("BYE") if m.player2 is None else names[m.player2],
         "" if m.player2 is None else str(points.get(m.player2, 0)),
         shown(m.result) if m.result else "")
        for m in matches
    ])


def points_before(conn: Connection, matches: Sequence[Any]) -> dict[int, int]:
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
        from tt_organizer.i18n import gettext as _

        warn(_("unpaired: {names} — seat them (--set, --bye) or run `tt event repair`").format(
            names=", ".join(names)))


def warn_withdrawn(conn: Connection, reports: Sequence[Any] | None = None) -> None:
    """Say which phone reports the change withdrew (``reports``, else what the last change on
    ``conn`` withdrew): their table changed, so their players report again."""
    from tt_organizer.cli.output import warn
    from tt_organizer.events import phone_reports, store
    from tt_organizer.i18n import gettext as _

    if reports is None:
        reports = phone_reports.withdrawn(conn)
    if not reports:
        return
    names = store.player_names(conn, [r.reporter for r in reports])
    for r in reports:
        warn(_("withdrew the phone report of table {table} of round {round} ({name} reported "
               "{result}): the table changed; its players report again").format(
                   table=r.table, round=r.round, name=names[r.reporter], result=r.result))
