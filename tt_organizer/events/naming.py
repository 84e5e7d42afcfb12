"""Players' names as organizers type them: the one look-up of a typed name (case and accents
aside, ambiguity refused, the closest names suggested), a player set aside found the same
way."""

from __future__ import annotations

from tt_organizer.errors import EventError
from tt_organizer.events import store
from tt_organizer.events.store import Connection
from tt_organizer.names import NameIndex, fold, match_name, sort_key


def player_named(conn: Connection, ref: str, index: NameIndex[int] | None = None,
                 *, suggest: bool = True) -> int:
    """The number of the player ``ref`` names: the name as registered (any case, one indexed
    look-up), else the one name equal to it without case and accents (``Jose Martinez`` is
    ``José Martínez``). Refused (``ambiguous-player``) when several names fold to it, naming
    them all; refused (``no-player``) when none does, with the closest names suggested
    (``suggest``). Many names in a row: one ``index`` (:func:`name_index`)."""
    pid = store.player_id_by_name_key(conn, " ".join(ref.split()).casefold())
    if pid is not None:
        return pid
    found = (index or name_index(conn)).match(ref, suggestions=suggest)
    if found.found is not None:
        return found.found
    if found.ambiguous:
        raise EventError("ambiguous-player", name=repr(ref), names=" or ".join(found.ambiguous),
                         hint={"names": found.ambiguous})
    if found.suggestions:
        raise EventError("no-player-suggest", code="no-player", name=repr(ref),
                         names=" or ".join(found.suggestions),
                         hint={"command": "players", "suggestions": found.suggestions})
    raise EventError("no-player", name=repr(ref), hint={"command": "players"})


def name_index(conn: Connection) -> NameIndex[int]:
    """Every player's name, indexed for :func:`player_named` (player numbers)."""
    return NameIndex((n, i) for i, n in store.player_names(conn).items())


def set_aside_key(conn: Connection, name: str) -> str:
    """The key of the player set aside (a no-show) whom ``name`` names, accents aside; the
    name's own key when none does (nobody set aside under it)."""
    key = name.casefold()
    if store.set_aside_row(conn, key) is not None:
        return key
    found = match_name(name, [(n, n) for n in store.set_aside_names(conn)]).found
    return found.casefold() if found is not None else key


def look_alikes(conn: Connection, name: str) -> list[str]:
    """The other registered names equal to ``name`` once case and accents are dropped (two
    people, or one registered twice), by collation."""
    key = fold(name)
    return sorted((n for n in store.player_names(conn).values() if n != name and fold(n) == key),
                  key=sort_key)
