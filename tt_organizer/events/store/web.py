"""Named store operations of the web front-end: the round timer, submitted decklists and
players' own result reports (``web_timer``, ``web_decks``, ``web_reports``)."""

from __future__ import annotations

import sqlite3
from typing import Any

Connection = sqlite3.Connection
Row = sqlite3.Row


def timer_row(conn: Connection) -> Row | None:
    return conn.execute("SELECT * FROM web_timer WHERE id = 1").fetchone()


def write_timer(conn: Connection, seconds: int, started_at: float | None, elapsed: float) -> None:
    conn.execute(
        "INSERT INTO web_timer (id, seconds, started_at, elapsed) VALUES (1, ?, ?, ?) "
        "ON CONFLICT(id) DO UPDATE SET seconds = excluded.seconds, "
        "started_at = excluded.started_at, elapsed = excluded.elapsed",
        (seconds, started_at, elapsed),
    )


def delete_timer(conn: Connection) -> None:
    conn.execute("DELETE FROM web_timer WHERE id = 1")


def insert_submission(conn: Connection, values: dict[str, Any]) -> Row:
    """Store a submitted decklist (pending); returns its row."""
    cur = conn.execute(
        "INSERT INTO web_decks (name, ext_id, source, text, legal, report, status, "
        "created_at, client) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)",
        tuple(values[c] for c in ("name", "ext_id", "source", "text", "legal", "report",
                                  "created_at", "client")),
    )
    row = submission_row(conn, int(cur.lastrowid or 0))
    assert row is not None
    return row


def submission_row(conn: Connection, submission_id: int) -> Row | None:
    return conn.execute("SELECT * FROM web_decks WHERE id = ?", (submission_id,)).fetchone()


def submission_rows(conn: Connection, *, pending_only: bool = False) -> list[Row]:
    where = " WHERE status = 'pending'" if pending_only else ""
    return list(conn.execute(f"SELECT * FROM web_decks{where} ORDER BY id"))


def set_submission_status(conn: Connection, submission_id: int, status: str,
                          player_id: int | None = None) -> None:
    conn.execute("UPDATE web_decks SET status = ?, player_id = coalesce(?, player_id) "
                 "WHERE id = ?", (status, player_id, submission_id))


def report_rows(conn: Connection, *, open_only: bool = False) -> list[Row]:
    """Players' reports, oldest first (``open_only``: pending and disputed ones)."""
    where = " WHERE status IN ('pending', 'disputed')" if open_only else ""
    return list(conn.execute(f"SELECT * FROM web_reports{where} ORDER BY id"))


def report_row(conn: Connection, report_id: int) -> Row | None:
    return conn.execute("SELECT * FROM web_reports WHERE id = ?", (report_id,)).fetchone()


def open_report_row(conn: Connection, stage: str, rnd: int, table: int) -> Row | None:
    """The pending or disputed report of a table, if any."""
    return conn.execute(
        "SELECT * FROM web_reports WHERE stage = ? AND round = ? AND table_no = ? "
        "AND status IN ('pending', 'disputed')", (stage, rnd, table),
    ).fetchone()


def insert_report(conn: Connection, values: dict[str, Any]) -> Row:
    """Store a player's report (pending); returns its row."""
    columns = ("stage", "round", "table_no", "reporter", "result", "first", "winners", "turns",
               "created_at", "client")
    cur = conn.execute(
        f"INSERT INTO web_reports ({', '.join(columns)}, status) "
        f"VALUES ({', '.join('?' * len(columns))}, 'pending')",
        tuple(values[c] for c in columns),
    )
    row = report_row(conn, int(cur.lastrowid or 0))
    assert row is not None
    return row


def set_report_status(conn: Connection, report_id: int, status: str) -> None:
    conn.execute("UPDATE web_reports SET status = ? WHERE id = ?", (status, report_id))


def answer_report(conn: Connection, report_id: int, status: str, player_id: int, at: str,
                  counter: str | None) -> None:
    conn.execute("UPDATE web_reports SET status = ?, answered_by = ?, answered_at = ?, "
                 "counter = ? WHERE id = ?", (status, player_id, at, counter, report_id))


def resolve_report(conn: Connection, report_id: int, at: str) -> None:
    conn.execute("UPDATE web_reports SET status = 'resolved', answered_at = ? WHERE id = ?",
                 (at, report_id))


def active_players(conn: Connection) -> int:
    """How many players have not dropped."""
    return int(conn.execute("SELECT count(*) FROM players WHERE dropped = 0").fetchone()[0])


def event_header(conn: Connection) -> Row:
    """What every served page's header shows: the event's name, its rounds setting, the
    current Swiss and top-cut rounds and the bracket's size (players in its first round), in
    one query."""
    row = conn.execute(
        "SELECT s.name, s.rounds, "
        "(SELECT coalesce(max(number), 0) FROM rounds WHERE stage = 'swiss') AS swiss, "
        "(SELECT coalesce(max(number), 0) FROM rounds WHERE stage = 'top-cut') AS top, "
        "(SELECT 2 * count(*) FROM matches WHERE stage = 'top-cut' AND round = 1 "
        "AND table_no > 0) AS top_size "
        "FROM settings s").fetchone()
    assert row is not None
    return row


def player_page_key(conn: Connection, player_id: int) -> list[tuple[Any, ...]]:
    """Everything ``/me/<player>`` shows that a change can touch, as rows: the player's row,
    each of their pairings with its result, and the open report of each of their tables."""
    rows = [tuple(r) for r in conn.execute(
        "SELECT name, dropped FROM players WHERE id = ?", (player_id,))]
    rows += [tuple(r) for r in conn.execute(
        "SELECT m.stage, m.round, m.table_no, m.player1, m.player2, m.result, "
        "r.id, r.status, r.result FROM matches m LEFT JOIN web_reports r ON r.stage = m.stage "
        "AND r.round = m.round AND r.table_no = m.table_no AND r.status IN "
        "('pending', 'disputed') WHERE m.player1 = ? OR m.player2 = ? "
        "ORDER BY m.stage, m.round", (player_id, player_id))]
    return rows


def round_key(conn: Connection, stage: str, rnd: int) -> tuple[Any, ...]:
    """A summary of one round's pairings and results that changes when any of them does."""
    row = conn.execute(
        "SELECT count(*), total(id), group_concat(table_no || ':' || player1 || ':' || "
        "coalesce(player2, '') || ':' || coalesce(result, ''), ',') FROM matches "
        "WHERE stage = ? AND round = ?", (stage, rnd)).fetchone()
    return tuple(row)
