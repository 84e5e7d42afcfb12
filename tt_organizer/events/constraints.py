"""The constraints a round's pairing starts from: pairs of players who should not meet
(``tt event avoid``), invited players' byes granted for given rounds, and who is set
aside at check-in before round 1 (:func:`prepare_round`). Automatic pairing
(:mod:`tt_organizer.events.rounds`) and manual changes (:mod:`tt_organizer.events.manual`)
both apply them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tt_organizer.errors import EventError, field_hint
from tt_organizer.events import (
    check_in,
    players,
    store,
)
from tt_organizer.events.models import PlayerInfo, SetAside
from tt_organizer.events.store import Connection
from tt_organizer.i18n import N_
from tt_organizer.pairing.swiss import PlayerState
from tt_organizer.typed_numbers import is_count

if TYPE_CHECKING:
    pass

MAX_ROUND = 20

def avoid(conn: Connection, a: str, b: str, rounds: int | None = None
          ) -> tuple[PlayerInfo, PlayerInfo, int | None]:
    """``a`` and ``b`` should not meet (for the next ``rounds`` rounds, default all);
    returns the players and the last round it applies to (None = all)."""
    if rounds is not None and rounds < 1:
        raise EventError("rounds-at-least-1", code="bad-value", value=rounds,
                         hint=field_hint((N_("rounds"), "rounds")))
    with store.transaction(conn):
        pa, pb = players.find_player(conn, a), players.find_player(conn, b)
        if pa.id == pb.id:
            raise EventError("same-player-twice", name=pa.name)
        until = store.current_round(conn) + rounds if rounds is not None else None
        lo, hi = sorted((pa.id, pb.id))
        known, old = store.avoid_until(conn, lo, hi)
        store.set_avoid(conn, lo, hi, until, store.now())
        store.audit(conn, "avoid", f"players {pa.name} / {pb.name}",
                    {"until_round": old} if known else None,
                    {"until_round": until})
        return pa, pb, until


def avoid_pairs(conn: Connection, rnd: int) -> dict[int, set[int]]:
    """Player id -> players they should not meet in round ``rnd``."""
    out: dict[int, set[int]] = {}
    for a, b in store.avoided_pairs(conn, rnd):
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return out


def parse_rounds(text: str) -> list[int]:
    """``"1,2"`` -> ``[1, 2]`` (refused unless distinct rounds 1-20)."""
    parts = [t.strip() for t in text.split(",") if t.strip()]
    if not parts or not all(is_count(t) and 1 <= int(t) <= MAX_ROUND for t in parts):
        raise EventError("bad-bye-rounds", code="bad-value", value=text, most=MAX_ROUND,
                         hint=field_hint((N_("bye rounds"), "bye_rounds")))
    rounds = sorted({int(t) for t in parts})
    return rounds


def set_bye_rounds(conn: Connection, ref: str, rounds: Sequence[int]) -> PlayerInfo:
    """Grant ``ref`` a bye in each of ``rounds`` (an invited player); rounds already paired
    are refused."""
    with store.transaction(conn):
        p = players.find_player(conn, ref)
        current = store.current_round(conn)
        late = [r for r in rounds if r <= current]
        if late:
            raise EventError("bye-round-paired", round=late[0], next=current + 1)
        text = ",".join(map(str, sorted(set(rounds))))
        store.set_bye_rounds(conn, p.id, text)
        store.audit(conn, "bye-rounds", f"player {p.id} {p.name}", None, {"rounds": text})
        return p


def bye_rounds(conn: Connection) -> dict[int, list[int]]:
    """Player id -> rounds with a granted bye."""
    return {pid: [int(x) for x in text.split(",")]
            for pid, text in store.bye_round_texts(conn).items()}


def prepare_round(conn: Connection, rnd: int, active: list[int]
                  ) -> tuple[list[int], list[int], list[SetAside]]:
    """Constraints applied when round ``rnd`` is paired (inside its transaction): returns
    (players to pair, players with a granted bye, those set aside at check-in).

    Before round 1, no-shows are set aside, and -- once anyone has checked in -- so is
    everyone who has not (:func:`tt_organizer.events.check_in.remove_absent`)."""
    removed: list[SetAside] = []
    if rnd == 1:
        active, removed = check_in.remove_absent(conn, active)
    granted = [pid for pid, rounds in bye_rounds(conn).items() if rnd in rounds and pid in active]
    return [pid for pid in active if pid not in granted], granted, removed


def granted_byes(granted: Sequence[int], tables: int) -> list[Any]:
    """Bye tables for the players granted one, after the ``tables`` already paired."""
    from tt_organizer.pairing.swiss import Pairing

    return [Pairing(tables + k, pid, None) for k, pid in enumerate(sorted(granted), 1)]


def apply_avoid(conn: Connection, rnd: int,
                states: list[PlayerState]) -> list[PlayerState]:
    """Player states with the avoided pairs of round ``rnd`` counted as met (so the pairing
    avoids them whenever it can)."""
    pairs = avoid_pairs(conn, rnd)
    return [with_avoid(s, pairs) for s in states]

def with_avoid(state: PlayerState, avoid: dict[int, set[int]]) -> PlayerState:
    from dataclasses import replace

    extra = avoid.get(state.id)
    return replace(state, opponents=state.opponents | extra) if extra else state
