"""Named store operations on players and their decks (``players``, ``decks``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

Connection = sqlite3.Connection


def name_with_key(conn: Connection, name_key: str) -> str | None:
    """The registered name whose case-folded key is ``name_key``, if any."""
    row = conn.execute("SELECT name FROM players WHERE name_key = ?", (name_key,)).fetchone()
    return None if row is None else str(row["name"])


def name_with_ext_id(conn: Connection, ext_id: str) -> str | None:
    """The name of the player registered with ``ext_id``, if any."""
    row = conn.execute("SELECT name FROM players WHERE ext_id = ?", (ext_id,)).fetchone()
    return None if row is None else str(row["name"])


def player_id_by_ext_id(conn: Connection, ext_id: str) -> int | None:
    row = conn.execute("SELECT id FROM players WHERE ext_id = ?", (ext_id,)).fetchone()
    return None if row is None else int(row[0])


def player_id_by_number(conn: Connection, number: int) -> int | None:
    row = conn.execute("SELECT id FROM players WHERE id = ?", (number,)).fetchone()
    return None if row is None else int(row[0])


def player_id_by_name_key(conn: Connection, name_key: str) -> int | None:
    row = conn.execute("SELECT id FROM players WHERE name_key = ?", (name_key,)).fetchone()
    return None if row is None else int(row[0])


def insert_player(conn: Connection, name: str, ext_id: str | None, registered_at: str,
                  late_entry_round: int | None) -> int:
    """Add a player; returns the new player's number."""
    cur = conn.execute(
        "INSERT INTO players (name, name_key, ext_id, registered_at, late_entry_round) "
        "VALUES (?, ?, ?, ?, ?)",
        (name, name.casefold(), ext_id, registered_at, late_entry_round),
    )
    return int(cur.lastrowid or 0)


_DECK_COLUMNS = ("source", "text", "format_id", "banlist_date", "legal", "allow_illegal",
                 "codes", "colors", "main", "pile", "report", "checked_at")
_INSERT_DECK = (f"INSERT INTO decks (player_id, {', '.join(_DECK_COLUMNS)}) "
                f"VALUES (?{', ?' * len(_DECK_COLUMNS)})")


def insert_deck(conn: Connection, player_id: int, values: dict[str, Any]) -> None:
    """Store a player's checked deck; ``values`` holds the ``decks`` columns (JSON as text)."""
    conn.execute(_INSERT_DECK, (player_id, *(values[c] for c in _DECK_COLUMNS)))


def insert_decks(conn: Connection, decks: Sequence[tuple[int, dict[str, Any]]]) -> None:
    """:func:`insert_deck` of many players' decks at once (a sign-up sheet's)."""
    conn.executemany(_INSERT_DECK, [(pid, *(values[c] for c in _DECK_COLUMNS))
                                    for pid, values in decks])


def set_dropped(conn: Connection, player_id: int, after_round: int | None) -> None:
    """Drop a player after ``after_round``, or (None) take the drop back."""
    conn.execute("UPDATE players SET dropped = ?, dropped_round = ? WHERE id = ?",
                 (int(after_round is not None), after_round, player_id))


def set_dropped_round(conn: Connection, player_id: int, after_round: int) -> None:
    conn.execute("UPDATE players SET dropped_round = ? WHERE id = ?", (after_round, player_id))


def count_players(conn: Connection) -> int:
    return int(conn.execute("SELECT count(*) FROM players").fetchone()[0])


def roster_flags(conn: Connection) -> list[dict[str, Any]]:
    """Each player's name, dropped flag, ``checked_in`` (1, 0 a no-show, None) and deck state
    (``has_deck``, ``legal``), by number;
    no deck is parsed."""
    rows = conn.execute(
        "SELECT p.name, p.dropped, p.checked_in, d.player_id IS NOT NULL AS has_deck, d.legal "
        "FROM players p LEFT JOIN decks d ON d.player_id = p.id ORDER BY p.id"
    )
    return [dict(r) for r in rows]


def delete_player(conn: Connection, player_id: int) -> None:
    """Remove a player and their deck (a no-show before round 1)."""
    conn.execute("DELETE FROM decks WHERE player_id = ?", (player_id,))
    conn.execute("DELETE FROM players WHERE id = ?", (player_id,))


def set_bye_rounds(conn: Connection, player_id: int, text: str) -> None:
    conn.execute("UPDATE players SET bye_rounds = ? WHERE id = ?", (text, player_id))


def bye_round_texts(conn: Connection) -> dict[int, str]:
    """Player number -> granted bye rounds (``"1,2"``) of the players that have any."""
    return {r["id"]: r["bye_rounds"]
            for r in conn.execute("SELECT id, bye_rounds FROM players WHERE bye_rounds != ''")}


def checked_in(conn: Connection, player_id: int) -> int | None:
    row = conn.execute("SELECT checked_in FROM players WHERE id = ?", (player_id,)).fetchone()
    return None if row is None else row["checked_in"]


def set_checked_in(conn: Connection, player_id: int, value: bool) -> None:
    conn.execute("UPDATE players SET checked_in = ? WHERE id = ?", (int(value), player_id))


def check_in_states(conn: Connection) -> dict[int, int | None]:
    """Player number -> checked_in (1, 0 for a no-show, None not yet)."""
    return {r["id"]: r["checked_in"] for r in conn.execute("SELECT id, checked_in FROM players")}


def player_pin(conn: Connection, player_id: int) -> str | None:
    row = conn.execute("SELECT pin FROM players WHERE id = ?", (player_id,)).fetchone()
    return None if row is None else str(row["pin"])


def player_pins(conn: Connection) -> dict[int, str]:
    return {r["id"]: str(r["pin"]) for r in conn.execute("SELECT id, pin FROM players")}


def delete_deck(conn: Connection, player_id: int) -> None:
    """Remove a player's deck (before another one is stored: a deck given or replaced)."""
    conn.execute("DELETE FROM decks WHERE player_id = ?", (player_id,))


def rename_player(conn: Connection, player_id: int, name: str) -> None:
    """Store a player's new name (and its case-folded key)."""
    conn.execute("UPDATE players SET name = ?, name_key = ? WHERE id = ?",
                 (name, name.casefold(), player_id))


def set_ext_id(conn: Connection, player_id: int, ext_id: str) -> None:
    conn.execute("UPDATE players SET ext_id = ? WHERE id = ?", (ext_id, player_id))


def deck_texts(conn: Connection) -> dict[int, tuple[str, str | None]]:
    """Player number -> (the decklist text registered, its source), players with a deck."""
    return {r["player_id"]: (str(r["text"]), r["source"])
            for r in conn.execute("SELECT player_id, text, source FROM decks")}


_ASIDE_COLUMNS = ("name", "ext_id", "deck_source", "deck_text", "allow_illegal", "set_aside_at")


def set_aside(conn: Connection, values: dict[str, Any]) -> None:
    """Keep a no-show out of the event (``set_aside`` row: name, id, deck), replacing an
    earlier one of the same name."""
    conn.execute(
        f"INSERT OR REPLACE INTO set_aside (name_key, {', '.join(_ASIDE_COLUMNS)}) "
        f"VALUES (?{', ?' * len(_ASIDE_COLUMNS)})",
        (values["name"].casefold(), *(values[c] for c in _ASIDE_COLUMNS)))


def set_aside_row(conn: Connection, name_key: str) -> dict[str, Any] | None:
    """The player set aside under ``name_key`` (their columns by name), if any."""
    row = conn.execute(f"SELECT {', '.join(_ASIDE_COLUMNS)} FROM set_aside WHERE name_key = ?",
                       (name_key,)).fetchone()
    return None if row is None else dict(row)


def set_aside_names(conn: Connection) -> list[str]:
    """The names of the players set aside (no-shows), in the order they were set aside."""
    rows = conn.execute("SELECT name FROM set_aside ORDER BY set_aside_at, name")
    return [str(r[0]) for r in rows]


def delete_set_aside(conn: Connection, name_key: str) -> None:
    conn.execute("DELETE FROM set_aside WHERE name_key = ?", (name_key,))
