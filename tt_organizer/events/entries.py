"""A player's entry as one operation: registration (or a late entry) and the invited byes
granted with it, in one transaction — what ``tt event register NAME --bye-rounds`` does —
returned as :class:`Entry` (its :meth:`~Entry.to_json` is ``register --json``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tt_organizer.events import players, store
from tt_organizer.events.players import Registration
from tt_organizer.events.store import Connection
from tt_organizer.events.views import registration_json


@dataclass(frozen=True)
class Entry:
    """What an entry did: the registration and the rounds the player has an invited bye in."""

    registration: Registration
    bye_rounds: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """What ``tt event register/late-entry --json`` prints."""
        return registration_json(self.registration, self.bye_rounds)


def enter_player(conn: Connection, name: str, *, deck_path: str | None = None,
                 ext_id: str | None = None, allow_illegal: bool = False, late: bool = False,
                 bye_rounds: Sequence[int] = ()) -> Entry:
    """Register ``name`` (``late``: a late entry) and grant the ``bye_rounds``, all or
    nothing (see :func:`players.register_player`, :func:`constraints.set_bye_rounds`)."""
    with store.transaction(conn):
        reg = players.register_player(conn, name, deck_path=deck_path, ext_id=ext_id,
                                      allow_illegal=allow_illegal, late=late)
        if bye_rounds:  # manual loads pairing: not for a drop or a report (test_startup)
            from tt_organizer.events import constraints

            constraints.set_bye_rounds(conn, reg.player.name, bye_rounds)
    return Entry(reg, tuple(bye_rounds))
