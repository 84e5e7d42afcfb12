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


def submission_rows(conn: Connection, *, pending_only: bool = False, offset: int = 0,
                    limit: int = -1) -> list[Row]:
    """Submissions, oldest first (``limit`` rows from ``offset``; -1: all)."""
    where = " WHERE status = 'pending'" if pending_only else ""
    return list(conn.execute(f"SELECT * FROM web_decks{where} ORDER BY id LIMIT ? OFFSET ?",
                             (limit, offset)))


def count_submissions(conn: Connection) -> int:
    """How many submissions there are (any status)."""
    return int(conn.execute("SELECT count(*) FROM web_decks").fetchone()[0])


def pending_submission_counts(conn: Connection, client: str) -> tuple[int, int]:
    """(pending submissions from ``client``, pending submissions in all)."""
    row = conn.execute("SELECT total(client = ?), count(*) FROM web_decks WHERE status = "
                       "'pending'", (client,)).fetchone()
    return int(row[0]), int(row[1])


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


def last_report_row(conn: Connection, reporter: int, stage: str, rnd: int) -> Row | None:
    """The player's latest report of a round, if any (one query: not every report of the
    event built in Python, as a player's page once did on each view)."""
    return conn.execute(
        "SELECT * FROM web_reports WHERE reporter = ? AND stage = ? AND round = ? "
        "ORDER BY id DESC LIMIT 1", (reporter, stage, rnd)).fetchone()


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


# the phone reports the current (or last) transaction on a connection withdrew, by id(conn):
# the operation that changed a table reads them back (withdrawn_reports) to say so
_withdrawn: dict[int, list[Row]] = {}


def forget_withdrawn(conn: Connection, keep: int = 0) -> None:
    """Forget the withdrawn reports past the first ``keep``: a transaction starts its list
    afresh, a rolled-back one (or savepoint) forgets what it withdrew."""
    rows = _withdrawn.get(id(conn))
    if rows is not None:
        del rows[keep:]


def withdrawn_reports(conn: Connection) -> list[Row]:
    """The phone reports withdrawn by the current (or last committed) transaction on ``conn``."""
    return list(_withdrawn.get(id(conn), ()))


def close_withdrawn(conn: Connection) -> None:
    """A connection closes: drop its list."""
    _withdrawn.pop(id(conn), None)


def withdraw_table_reports(conn: Connection, stage: str, rnd: int, table: int,
                           at: str) -> list[Row]:
    """Withdraw the open (pending or disputed) phone reports of a table whose players,
    seats or result change: status ``withdrawn`` with ``answered_at`` set (a report its own
    reporter replaced is withdrawn without it). Called by every write of a table's row
    (:mod:`~tt_organizer.events.store.matches`) in its transaction; returns them."""
    rows = list(conn.execute(
        "SELECT * FROM web_reports WHERE stage = ? AND round = ? AND table_no = ? "
        "AND status IN ('pending', 'disputed') ORDER BY id", (stage, rnd, table)))
    if rows:
        conn.execute("UPDATE web_reports SET status = 'withdrawn', answered_at = ? WHERE "
                     "stage = ? AND round = ? AND table_no = ? AND status IN "
                     "('pending', 'disputed')", (at, stage, rnd, table))
        _withdrawn.setdefault(id(conn), []).extend(rows)
    return rows


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
