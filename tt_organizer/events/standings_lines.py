"""The standings as one read: :class:`StandingsLines` holds every line (the Swiss standings
after a round, or the final placings), the players' names, the tiebreakers in use and the
policy, and the round they are after; ``tt event standings`` prints it as a table,
``--json`` and ``/api/standings`` as :meth:`StandingsLines.to_json` — the same read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tt_organizer.events import event_standings, store
from tt_organizer.events.final_placings import Placing, event_final_placings
from tt_organizer.events.models import paired_round
from tt_organizer.events.setup import TOP_CUT
from tt_organizer.events.store import Connection

if TYPE_CHECKING:
    from tt_organizer.standings.tiebreakers import Standing


def _frac(value: float | None) -> float | None:
    return None if value is None else round(float(value), 4)


def standing_json(s: Standing, name: str, tiebreakers: Sequence[str]) -> dict[str, Any]:
    """The ``standings --json`` shape of one line; ``tiebreakers`` holds the ones in use, in
    the order they rank."""
    return {"rank": s.rank, "player": name, "points": s.points, "wins": s.wins,
            "losses": s.losses, "draws": s.draws, "omw": _frac(s.omw), "oomw": _frac(s.oomw),
            "gw": _frac(s.gw), "dropped": s.dropped, "ogw": _frac(s.ogw),
            "tiebreakers": {t: _frac(getattr(s, t)) for t in tiebreakers}}


@dataclass(frozen=True)
class StandingsLines:
    """The standings as read at one moment. ``final``: the final placings (each line's
    ``place`` set, e.g. ``3-4``), else the Swiss standings after ``after_round``."""

    final: bool
    after_round: int
    lines: tuple[Placing, ...]
    names: Mapping[int, str]
    tiebreakers: tuple[str, ...]
    policy: str  # the tiebreak policy's name (``rulebook``, ``melee-2025+custom`` …)
    top_cut_played: bool

    @property
    def standings(self) -> list[Standing]:
        """Each line's Swiss standing, in order."""
        return [p.standing for p in self.lines]

    def to_json(self) -> list[dict[str, Any]]:
        """What ``tt event standings [--round N] [--final] --json`` prints (percentages as
        fractions; with ``final`` each line also has its ``"place"``)."""
        tbs, names = self.tiebreakers, self.names
        return [{**standing_json(p.standing, names[p.standing.player], tbs),
                 **({"place": p.place} if self.final else {})} for p in self.lines]


def read_standings(conn: Connection, round_number: int | None = None, *,
                   final: bool = False) -> StandingsLines:
    """The Swiss standings after ``round_number`` (default all results so far) or, with
    ``final``, the final placings (EventError while a planned top cut has not started), read
    in one state of the file."""
    with store.read_transaction(conn):
        settings = store.read_settings(conn)
        if final:
            placed = tuple(event_final_placings(conn))
            names = store.player_names(conn)
        else:
            roster = store.read_roster(conn)
            placed = tuple(Placing("", s) for s in event_standings.standings(
                conn, round_number, players=roster))
            names = {p.id: p.name for p in roster}
        shown = paired_round(round_number, store.current_round(conn), first=0)
        top_played = store.current_round(conn, TOP_CUT) > 0
    return StandingsLines(final=final, after_round=shown, lines=placed, names=names,
                          tiebreakers=tuple(settings.tiebreakers),
                          policy=settings.tiebreak_policy.name, top_cut_played=top_played)


def shown_standings(conn: Connection) -> tuple[StandingsLines, str]:
    """The standings to show now, and which they are: the Swiss standings (``swiss``), or
    once the top cut is paired the final placings (a player still in the bracket holds a
    range, ``1-4``): ``top-cut`` while it is played, ``final`` once the champion is known."""
    from tt_organizer.events.topcut import champion

    if not store.current_round(conn, TOP_CUT):
        return read_standings(conn), "swiss"
    return read_standings(conn, final=True), ("final" if champion(conn) is not None
                                              else "top-cut")
