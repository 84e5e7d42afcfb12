"""Named store operations on the judge's log (``penalties``)."""

from __future__ import annotations

import sqlite3

from tt_organizer.events.models import PenaltyInfo

Connection = sqlite3.Connection


def insert_penalty(conn: Connection, player_id: int, stage: str, round_number: int,
                   infraction: str, penalty: str, note: str, judge: str, at: str) -> int:
    """Add one penalty to the log; its id."""
    cur = conn.execute(
        "INSERT INTO penalties (player_id, stage, round, infraction, penalty, note, judge, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (player_id, stage, round_number, infraction, penalty, note, judge, at))
    return int(cur.lastrowid or 0)


def read_penalties(conn: Connection, player_id: int | None = None) -> list[PenaltyInfo]:
    """The judge's log, oldest first (of one player when ``player_id`` is given)."""
    sql = ("SELECT id, player_id, stage, round, infraction, penalty, note, judge, at "
           "FROM penalties")
    args: tuple[int, ...] = ()
    if player_id is not None:
        sql += " WHERE player_id = ?"
        args = (player_id,)
    return [PenaltyInfo(int(r[0]), int(r[1]), str(r[2]), int(r[3]), str(r[4]), str(r[5]),
                        str(r[6]), str(r[7]), str(r[8]))
            for r in conn.execute(sql + " ORDER BY id", args)]
