"""What dropping a player (or taking a drop back) did, as one object: :class:`DropChange`
holds the player, the table they still sit at in the current round and the phone reports the
drop withdrew; its :meth:`~DropChange.headline` and :meth:`~DropChange.notices` are the one
wording the command line and the organizer's console both show, and
:meth:`~DropChange.to_json` is what ``tt event drop --json`` prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tt_organizer.events import players
from tt_organizer.events.models import MatchInfo, PlayerInfo
from tt_organizer.events.notices import Notice, notice
from tt_organizer.events.result_changes import WithdrawnReport, withdrawn_reports
from tt_organizer.events.setup import TOP_CUT
from tt_organizer.events.store import Connection


@dataclass(frozen=True)
class DropChange:
    """A drop: the player as now stored, the table they are still seated at in the current
    round (None when none), and the phone reports of that table it withdrew."""

    player: PlayerInfo
    pending: MatchInfo | None = None
    withdrawn: tuple[WithdrawnReport, ...] = ()

    @property
    def in_bracket(self) -> bool:
        """Whether the player still sits at a table of the top cut."""
        return self.pending is not None and self.pending.stage == TOP_CUT

    @property
    def headline(self) -> Notice:
        """``Dropped Ann during round 3`` (after round N, before round 1, during a top-cut
        round)."""
        p, pending = self.player, self.pending
        if pending is not None and pending.stage == TOP_CUT:
            return notice("dropped-during-top-cut", name=p.name, round=pending.round)
        if pending is not None:
            return notice("dropped-during-round", name=p.name, round=p.dropped_round)
        if p.dropped_round:
            return notice("dropped-after-round", name=p.name, round=p.dropped_round)
        return notice("dropped-before-round-1", name=p.name)

    @property
    def notices(self) -> list[Notice]:
        """The warnings: each withdrawn phone report, then the table still to report."""
        out = [w.notice for w in self.withdrawn]
        pending = self.pending
        if pending is not None and pending.stage == TOP_CUT:
            out.append(notice("drop-in-bracket", name=self.player.name, table=pending.table))
        elif pending is not None:
            out.append(notice("drop-still-paired", name=self.player.name, table=pending.table,
                              round=pending.round))
        return out

    def to_json(self) -> dict[str, Any]:
        """What ``tt event drop --json`` prints: the player, the table they still sit at and
        the phone reports of that table the drop withdrew."""
        return {**self.player.to_dict(),
                "still_paired_at_table": self.pending.table if self.pending else None,
                "withdrawn_reports": [w.to_json() for w in self.withdrawn]}


def drop(conn: Connection, ref: str, *, by_id: bool = False) -> DropChange:
    """Drop the player ``ref`` (a name, or an id with ``by_id``) from the next pairing on
    (see :func:`players.drop`) and say what it left behind."""
    p = players.drop(conn, ref, by_id=by_id)
    withdrawn = withdrawn_reports(conn)
    return DropChange(p, players.pending_in_current_round(conn, p.id), withdrawn)


@dataclass(frozen=True)
class UndropChange:
    """A drop taken back: the player, paired again from the next round."""

    player: PlayerInfo

    @property
    def headline(self) -> Notice:
        """``Ann is back: paired again from the next round``."""
        return notice("undropped", name=self.player.name)

    def to_json(self) -> dict[str, Any]:
        """What ``tt event undrop --json`` prints: the player."""
        return self.player.to_dict()


def undrop(conn: Connection, ref: str, *, by_id: bool = False) -> UndropChange:
    """Take back the drop of ``ref`` (see :func:`players.undrop`)."""
    return UndropChange(players.undrop(conn, ref, by_id=by_id))
