"""Check-in before round 1: players checked in (one, many, or a file's list at once), no-shows
set aside, who has not checked in yet, and who is removed when round 1 is paired.

Check-in is optional: with nobody checked in, pairing round 1 removes nobody. Once anyone is
checked in, pairing round 1 removes everyone not checked in; a no-show is always removed. A
removed player is *set aside*, not forgotten: their name, id and deck are kept out of the event
(the ``set_aside`` table), so that :func:`tt_organizer.events.players.late_entry` of the same
name later brings them back with their deck and needs no file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tt_organizer.errors import EventError
from tt_organizer.events import naming, queries, store
from tt_organizer.events.models import PlayerInfo, SetAside
from tt_organizer.events.store import Connection
from tt_organizer.i18n import Listed, Msg
from tt_organizer.messages import WORDS
from tt_organizer.names import sort_key


@dataclass
class CheckIn:
    """What :func:`check_in` did: the players marked (``here`` False: no-shows), those
    already so (left alone), and the count of players checked in out of the registered."""

    players: list[PlayerInfo]
    here: bool
    already: list[str]
    checked_in: int
    registered: int


_SHOWN = 20  # unknown names a refusal lists


def check_in(conn: Connection, refs: Sequence[str], *, no_show: bool = False) -> CheckIn:
    """Check the players ``refs`` in (or mark them no-shows) before round 1, in one
    transaction: names are found as every command finds them (case and accents aside); a
    name that matches nobody refuses them all (every unknown name listed, the first ones
    with the closest names), so a list is applied whole or not at all. Each change is
    logged."""
    if not refs:
        raise EventError("check-in-nobody")
    with store.transaction(conn):
        if store.current_round(conn):
            raise EventError("check-in-over", hint={"command": "drop"})
        found: dict[int, PlayerInfo] = {}
        unknown: list[Msg | str] = []
        index = naming.name_index(conn)  # read once for the whole list
        for ref in refs:
            try:  # the closest names worked out for the names shown only
                p = queries.player_by_id(conn, naming.player_named(
                    conn, ref, index, suggest=len(unknown) < _SHOWN))
            except EventError as exc:
                if exc.code != "no-player":  # two players fold to the name: refused as is
                    raise
                close = exc.hint.get("suggestions")
                unknown.append(Msg(WORDS["name-did-you-mean"], name=repr(ref),
                                   names=" or ".join(close)) if close else repr(ref))
                continue
            found.setdefault(p.id, p)
        if unknown:
            more = (Msg(WORDS["and-count-more"], count=len(unknown) - _SHOWN)
                    if len(unknown) > _SHOWN else "")
            raise EventError("check-in-unknown", code="no-player",
                             names=Listed(unknown[:_SHOWN]), more=more,
                             hint={"command": "players"})
        states = store.check_in_states(conn)
        value = not no_show
        already: list[str] = []
        changed: list[PlayerInfo] = []
        for p in found.values():
            old = states.get(p.id)
            if old is not None and bool(old) == value:
                already.append(p.name)
                continue
            store.set_checked_in(conn, p.id, value)
            store.audit(conn, "check-in", f"player {p.id} {p.name}",
                        {"checked_in": None if old is None else bool(old)},
                        {"checked_in": value})
            changed.append(p)
        state = check_in_state(conn)
        return CheckIn(changed, value, already, sum(1 for v in state.values() if v),
                       len(state))


def check_in_state(conn: Connection) -> dict[int, bool | None]:
    """Player id -> checked in (True), no-show (False), not asked (None)."""
    return {pid: None if value is None else bool(value)
            for pid, value in store.check_in_states(conn).items()}


def remove_absent(conn: Connection, active: list[int]) -> tuple[list[int], list[SetAside]]:
    """Before round 1 is paired (inside its transaction): set aside the no-shows and, once
    anyone has checked in, everyone who has not; returns (players still active, those set
    aside)."""
    state = check_in_state(conn)
    anyone = any(v for v in state.values())
    gone = [pid for pid in active if state.get(pid) is False
            or (anyone and state.get(pid) is None)]
    if not gone:
        return active, []
    by_id = {p.id: p for p in store.read_players(conn)}
    removed: list[SetAside] = []
    for pid in gone:
        p = by_id[pid]
        allow_illegal = bool(p.deck_text is not None and not p.deck_legal)
        store.set_aside(conn, {"name": p.name, "ext_id": p.ext_id,
                               "deck_source": p.deck_source, "deck_text": p.deck_text,
                               "allow_illegal": int(allow_illegal),
                               "set_aside_at": store.now()})
        store.delete_player(conn, pid)
        store.audit(conn, "no-show", f"player {pid} {p.name}", None,
                    {"removed": True, "checked_in": state.get(pid), "set_aside": True,
                     "deck": p.deck_source if p.deck_text is not None else None})
        removed.append(SetAside(p.name, "no-show" if state.get(pid) is False
                                else "not-checked-in"))
    return [pid for pid in active if pid not in gone], removed


def set_aside_players(conn: Connection) -> list[str]:
    """The names of the players set aside at check-in (they may still arrive late)."""
    return store.set_aside_names(conn)


@dataclass
class Missing:
    """Who has not checked in (:func:`missing`): the players not checked in yet and the
    no-shows, by name; those set aside when round 1 was paired (they may still arrive
    late); and the count checked in of the registered. ``over``: round 1 is paired."""

    waiting: list[PlayerInfo]
    no_shows: list[PlayerInfo]
    set_aside: list[str]
    checked_in: int
    registered: int
    over: bool

    def to_dict(self) -> dict[str, Any]:
        """The ``tt event check-in --missing --json`` form."""
        def people(found: list[PlayerInfo]) -> list[dict[str, Any]]:
            return [{"id": p.id, "name": p.name, "ext_id": p.ext_id} for p in found]
        return {"not_checked_in": people(self.waiting), "no_shows": people(self.no_shows),
                "set_aside": list(self.set_aside), "checked_in_count": self.checked_in,
                "players": self.registered, "check_in_over": self.over}


def missing(conn: Connection) -> Missing:
    """Who has not checked in: the registered players not checked in, the no-shows (both by
    name, as every sheet sorts them), the players set aside at round 1, the count checked in
    — read in one transaction."""
    with store.read_transaction(conn):
        state = check_in_state(conn)
        roster = sorted(store.read_roster(conn), key=lambda p: (sort_key(p.name), p.id))
        aside = store.set_aside_names(conn)
        over = bool(store.current_round(conn))
    return Missing([p for p in roster if state.get(p.id) is None and not p.dropped],
                   [p for p in roster if state.get(p.id) is False],
                   sorted(aside, key=sort_key), sum(1 for v in state.values() if v),
                   len(state), over)
