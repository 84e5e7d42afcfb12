"""Renaming a player: a name spelt better, or corrected, by hand (``tt event rename``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tt_organizer.errors import EventError
from tt_organizer.events import naming, store
from tt_organizer.events.players import clean_text
from tt_organizer.events.store import Connection
from tt_organizer.i18n import N_
from tt_organizer.names import fold


@dataclass
class Renamed:
    """What :func:`rename_player` did: the player's number, the old and the new name."""

    player_id: int
    old: str
    new: str
    changed: bool = True

    def to_dict(self) -> dict[str, Any]:
        """The ``tt event rename --json`` form."""
        return {"id": self.player_id, "old": self.old, "name": self.new,
                "changed": self.changed}


def rename_player(conn: Connection, ref: str, new: str) -> Renamed:
    """Rename the player ``ref`` (found as every command finds a name) to ``new``: refused
    when ``new`` is another player's name once case and accents are dropped (``name-taken``),
    or is not a player name; logged (``rename``, the old and the new name) in one
    transaction. The results, pairings, deck and PIN follow the player: they are kept by
    number. The same name again changes nothing (``changed`` False, nothing logged)."""
    new = clean_text(new, N_("a player name"))
    if not new:
        raise EventError("player-needs-name")
    if new.upper() == "BYE":
        raise EventError("bye-not-a-name")
    with store.transaction(conn):
        pid = naming.player_named(conn, ref)
        names = store.player_names(conn)
        old = names[pid]
        clash = [n for i, n in names.items() if i != pid and fold(n) == fold(new)]
        if clash:
            raise EventError("name-taken", new=new, other=clash[0], hint={"name": clash[0]})
        if old == new:
            return Renamed(pid, old, new, changed=False)
        store.rename_player(conn, pid, new)
        store.audit(conn, "rename", f"player {pid} {new}", {"name": old}, {"name": new})
        return Renamed(pid, old, new)
