"""Final placings: the top-cut bracket first, then the Swiss standings.

The winner of the final is 1st, its loser 2nd, the losers of the semi-finals share 3rd-4th,
those of the quarter-finals 5th-8th, of the round of 16 9th-16th; within a shared place the
better Swiss rank comes first. Everybody outside the bracket follows in Swiss order (place =
position). While the bracket is still being played, a player still in it holds the range of
places still open to them (``1-4`` during the semi-finals, ``1-2`` once through to the final).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tt_organizer.errors import EventError
from tt_organizer.events.models import EventSnapshot, MatchInfo
from tt_organizer.events.store import Connection
from tt_organizer.i18n import N_, Msg

if TYPE_CHECKING:
    from tt_organizer.standings.tiebreakers import Standing

TOP_CUT = "top-cut"
_NAMES = {2: N_("final"), 4: N_("semi-final"), 8: N_("quarter-final")}


def bracket_round_name(players: int, *, shown: bool = False) -> str:
    """Name of a bracket round by the players in it: final, semi-final, quarter-final, round
    of 16 (English, as JSON carries it; ``shown``: in the current language, for people)."""
    name = Msg(_NAMES[players]) if players in _NAMES else Msg("round of {n}", n=players)
    return name.translate() if shown else str(name)


def top_cut_round_name(size: int, rnd: int, *, shown: bool = False) -> str:
    """Name of round ``rnd`` of a bracket of ``size`` players (the top 8's round 1 is the
    quarter-final, its round 3 the final), as :func:`bracket_round_name` gives it."""
    return bracket_round_name(max(2, size >> (rnd - 1)), shown=shown)


def round_names(matches: Sequence[MatchInfo], *, shown: bool = False) -> dict[int, str]:
    """Top-cut round number -> its name, for the bracket in ``matches`` (``shown``: in the
    current language)."""
    top = [m for m in matches if m.stage == TOP_CUT and m.table > 0]
    first = [m for m in top if m.round == 1]
    size = 2 * len(first)
    return {r: top_cut_round_name(size, r, shown=shown) for r in sorted({m.round for m in top})}


@dataclass(frozen=True)
class Placing:
    """One line of the final standings: the place (``"1"``, ``"3-4"``, ``"9"``) and the
    player's Swiss standing."""

    place: str
    standing: Standing


def _place(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _winner(m: MatchInfo) -> int | None:
    if m.player2 is None:
        return m.player1
    if m.outcome == "p1":
        return m.player1
    if m.outcome == "p2":
        return m.player2
    return None


def final_placings(swiss: Sequence[Standing], matches: Sequence[MatchInfo]) -> list[Placing]:
    """Order ``swiss`` (the final Swiss standings) by the top-cut bracket in ``matches``."""
    top = sorted((m for m in matches if m.stage == TOP_CUT and m.table > 0),
                 key=lambda m: (m.round, m.table))
    if not top:
        return [Placing(str(s.rank), s) for s in swiss]
    size = 2 * len([m for m in top if m.round == 1])
    span: dict[int, tuple[int, int]] = {}  # player -> (best, worst) place still possible
    for m in top:
        in_round = size >> (m.round - 1)
        players = [p for p in (m.player1, m.player2) if p is not None]
        win = _winner(m)
        for p in players:
            if win is None:
                span[p] = (1, in_round)
            elif p == win:
                span[p] = (1, in_round // 2)
            else:
                span[p] = (in_round // 2 + 1, in_round)
    by_rank = {s.player: s for s in swiss}
    bracket = sorted((p for p in span if p in by_rank),
                     key=lambda p: (span[p][0], span[p][1], by_rank[p].rank))
    out = [Placing(_place(*span[p]), by_rank[p]) for p in bracket]
    rest = [s for s in swiss if s.player not in span]
    out += [Placing(str(len(bracket) + i), s) for i, s in enumerate(rest, 1)]
    return out


def _check_started(size: int, matches: Sequence[MatchInfo]) -> None:
    if size and not any(m.stage == TOP_CUT for m in matches):
        raise EventError("top-cut-not-played", size=size, hint={"command": "top-cut"})


def event_final_placings(conn: Connection) -> list[Placing]:
    """Final placings of the event (EventError while a planned top cut has not started)."""
    from tt_organizer.events import store
    from tt_organizer.events.event_standings import standings
    from tt_organizer.events.topcut import top_cut_size

    matches = store.read_matches(conn)
    _check_started(top_cut_size(conn), matches)
    return final_placings(standings(conn), matches)


def snapshot_final_placings(snapshot: EventSnapshot) -> list[Placing] | None:
    """Final placings of a snapshot, or None when it has no top-cut round yet."""
    from tt_organizer.events.event_standings import snapshot_standings

    if not any(m.stage == TOP_CUT for m in snapshot.matches):
        return None
    return final_placings(snapshot_standings(snapshot), snapshot.matches)
