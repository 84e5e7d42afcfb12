"""Named store operations on settings, rounds, matches, games and pairing constraints."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Any

from tt_organizer.events.store.audit import now
from tt_organizer.events.store.web import withdraw_table_reports

Connection = sqlite3.Connection
SWISS = "swiss"

_SETTINGS_COLUMNS = (
    "name", "format_id", "banlist_date", "best_of", "rounds", "rounds_auto", "top_cut",
    "win_points", "draw_points", "loss_points", "bye_points", "unfinished", "tiebreakers",
    "seed", "strict_colors", "created_at", "format_settings", "tiebreak_policy", "require_decks",
    "language", "intentional_draws",
)


def insert_settings(conn: Connection, values: dict[str, Any]) -> None:
    """Write the event's one settings row; ``values`` holds its columns (JSON as text)."""
    conn.execute(
        f"INSERT INTO settings (id, {', '.join(_SETTINGS_COLUMNS)}) "
        f"VALUES (1{', ?' * len(_SETTINGS_COLUMNS)})",
        tuple(values[c] for c in _SETTINGS_COLUMNS),
    )


def set_intentional_draws(conn: Connection, allowed: bool) -> None:
    """Allow (or not) players to report an intentional draw on their phones."""
    conn.execute("UPDATE settings SET intentional_draws = ? WHERE id = 1", (int(allowed),))


def set_language(conn: Connection, language: str) -> None:
    """Change the language of what the event prints, exports and shows."""
    conn.execute("UPDATE settings SET language = ? WHERE id = 1", (language,))


def set_rounds(conn: Connection, total: int) -> None:
    """Fix the number of Swiss rounds (chosen by player count when round 1 is paired)."""
    conn.execute("UPDATE settings SET rounds = ? WHERE id = 1", (total,))


def insert_round(conn: Connection, stage: str, number: int, paired_at: str, *,
                 seeded: bool = False) -> None:
    """Record that round ``number`` of ``stage`` was paired (``seeded``: by --seeded)."""
    conn.execute("INSERT INTO rounds (stage, number, paired_at, seeded) VALUES (?, ?, ?, ?)",
                 (stage, number, paired_at, int(seeded)))


def round_seeded(conn: Connection, stage: str, number: int) -> bool:
    """Whether that round was paired with ``--seeded``."""
    row = conn.execute("SELECT seeded FROM rounds WHERE stage = ? AND number = ?",
                       (stage, number)).fetchone()
    return bool(row and row["seeded"])


def _table_changes(conn: Connection, stage: str, rnd: int, table: int) -> None:
    """Every write of a table's players, seats or result goes through here: the table's open
    phone reports are withdrawn in the same transaction (a report belongs to the players
    who made it, not to a table number)."""
    withdraw_table_reports(conn, stage, rnd, table, now())


def _match_changes(conn: Connection, match: int) -> None:
    row = conn.execute("SELECT stage, round, table_no FROM matches WHERE id = ?",
                       (match,)).fetchone()
    if row is not None:
        _table_changes(conn, row[0], row[1], row[2])


def insert_pairing(conn: Connection, stage: str, rnd: int, table: int, player1: int,
                   player2: int) -> None:
    _table_changes(conn, stage, rnd, table)
    conn.execute(
        "INSERT INTO matches (stage, round, table_no, player1, player2) VALUES (?, ?, ?, ?, ?)",
        (stage, rnd, table, player1, player2),
    )


def insert_bye(conn: Connection, stage: str, rnd: int, table: int, player: int, games: int,
               at: str) -> None:
    """A bye, reported at once: ``games`` game wins for ``player``."""
    _table_changes(conn, stage, rnd, table)
    conn.execute(
        "INSERT INTO matches (stage, round, table_no, player1, player2, result, p1_games, "
        "outcome, reported_at) VALUES (?, ?, ?, ?, NULL, 'bye', ?, 'bye', ?)",
        (stage, rnd, table, player, games, at),
    )


def insert_missed_round(conn: Connection, rnd: int, player: int, at: str) -> None:
    """A Swiss round a late entry missed: a loss at table 0."""
    conn.execute(
        "INSERT INTO matches (stage, round, table_no, player1, player2, result, outcome, "
        "reported_at) VALUES (?, ?, 0, ?, NULL, 'loss', 'loss-missed', ?)",
        (SWISS, rnd, player, at),
    )


def delete_pairing(conn: Connection, stage: str, rnd: int, table: int) -> None:
    _table_changes(conn, stage, rnd, table)
    conn.execute("DELETE FROM matches WHERE stage = ? AND round = ? AND table_no = ?",
                 (stage, rnd, table))


def set_seats(conn: Connection, stage: str, rnd: int, table: int, player1: int,
              player2: int | None) -> None:
    _table_changes(conn, stage, rnd, table)
    conn.execute("UPDATE matches SET player1 = ?, player2 = ? WHERE stage = ? AND round = ? "
                 "AND table_no = ?", (player1, player2, stage, rnd, table))


def match_id(conn: Connection, stage: str, rnd: int, table: int) -> int | None:
    """The id of the match at ``table`` of that round, if any."""
    row = conn.execute(  # "table_no > 0" lets SQLite use the (partial) index of the tables
        "SELECT id FROM matches WHERE stage = ? AND round = ? AND table_no = ?"
        + (" AND table_no > 0" if table > 0 else ""),
        (stage, rnd, table),
    ).fetchone()
    return None if row is None else int(row["id"])


def record_result(conn: Connection, match: int, text: str, p1_games: int, p2_games: int,
                  draws: int, outcome: str, at: str,
                  games: Iterable[tuple[int, int | None, int | None, int | None]]) -> None:
    """Store a match's result and its games ``(number, first, winner, turns)``, replacing any
    earlier ones."""
    _match_changes(conn, match)
    conn.execute(
        "UPDATE matches SET result = ?, p1_games = ?, p2_games = ?, draws = ?, outcome = ?, "
        "reported_at = ? WHERE id = ?",
        (text, p1_games, p2_games, draws, outcome, at, match),
    )
    conn.execute("DELETE FROM games WHERE match_id = ?", (match,))
    conn.executemany(
        "INSERT INTO games (match_id, number, first, winner, turns) VALUES (?, ?, ?, ?, ?)",
        [(match, *g) for g in games],
    )


def clear_result(conn: Connection, match: int) -> None:
    """Take a match's result (and its games) back: unreported again."""
    _match_changes(conn, match)
    conn.execute(
        "UPDATE matches SET result = NULL, p1_games = 0, p2_games = 0, draws = 0, "
        "outcome = NULL, reported_at = NULL WHERE id = ?", (match,))
    conn.execute("DELETE FROM games WHERE match_id = ?", (match,))


def unreported_tables(conn: Connection, stage: str, rnd: int) -> list[int]:
    rows = conn.execute(
        "SELECT table_no FROM matches WHERE stage = ? AND round = ? AND table_no > 0 "
        "AND result IS NULL ORDER BY table_no", (stage, rnd))
    return [r[0] for r in rows]


def avoid_until(conn: Connection, low: int, high: int) -> tuple[bool, int | None]:
    """(whether the pair is kept apart, until which round; None = for the whole event)."""
    row = conn.execute("SELECT until_round FROM avoid_pairs WHERE player_a = ? AND "
                       "player_b = ?", (low, high)).fetchone()
    return (False, None) if row is None else (True, row["until_round"])


def set_avoid(conn: Connection, low: int, high: int, until: int | None, at: str) -> None:
    conn.execute("INSERT OR REPLACE INTO avoid_pairs (player_a, player_b, until_round, "
                 "created_at) VALUES (?, ?, ?, ?)", (low, high, until, at))


def avoided_pairs(conn: Connection, rnd: int) -> list[tuple[int, int]]:
    """The pairs kept apart in round ``rnd``."""
    return [(r["player_a"], r["player_b"]) for r in conn.execute(
        "SELECT player_a, player_b FROM avoid_pairs WHERE until_round IS NULL OR "
        "until_round >= ?", (rnd,))]


def last_change(conn: Connection) -> int:
    """A number that grows with every change of the event (each change is audited)."""
    return int(conn.execute("SELECT coalesce(max(id), 0) FROM audit").fetchone()[0])
