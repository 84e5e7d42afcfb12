"""Check an event file before a command relies on it: damaged files and impossible stored values
are refused (exit 2, one message), never a traceback, and a refused command changes nothing.

Three checks, so that a command pays for what it reads, not for the size of the event:

* :func:`check_changes`, at every open and at the start of every write transaction: the rows
  written since the toolkit last committed -- a hand edit, by SQL that bypasses the schema's
  checks -- are checked against what the toolkit can ever write. The schema's triggers name
  every written row in the ``unchecked`` table and the toolkit empties it when it commits (see
  ``store.transaction``), so it is empty for a file only the toolkit wrote: one query.
* what a command reads is read through SQLite, which refuses a damaged page it reads; and
  when reading fails in any way (a damaged record, text that is not UTF-8, JSON that does not
  parse, a value of the wrong type), ``store.connect`` runs the full check, so the failure is
  reported as the damaged file it is (see :func:`failure`).
* :func:`check_event`, the full check: SQLite's ``integrity_check`` (the b-trees, indexes and
  records), every table read through the store's readers, every stored value checked
  (:func:`stored_value_problems`), the other tables' values and every reference between rows
  (``foreign_key_check``). It runs when an older file is migrated, after a failure, and when
  the change log names a row of a table without a checked reader (rounds, avoid pairs, the
  web tables).

A row deleted by something else is named in the ``removed`` table (issue 22) and refuses the
file: nothing can check a row that is no longer there. What the triggers log depends on the
triggers being there: :func:`~tt_organizer.events.store.schema.schema_differences` refuses a
file whose tables, indexes or triggers are not the ones this version writes.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from tt_organizer.errors import EventError
from tt_organizer.events.store.audit import audit_from_row
from tt_organizer.events.store.reads import (
    player_names,
    read_matches,
    read_player,
    read_settings,
    read_snapshot,
)
from tt_organizer.events.store.values import (
    READ_FAILURES,
    damaged,
    other_table_problems,
    path_of,
    problems,
    refuse,
    renamed,
    shorten,
    some,
    stored_value_problems,
)

if TYPE_CHECKING:
    from pathlib import Path

MANY_CHANGES = 500  # above this many changed rows the whole file is checked instead


def check_event(conn: sqlite3.Connection, path: str | Path) -> None:
    """Raise :class:`EventError` if the event file at ``path`` is damaged or holds a value the
    toolkit never writes; the file is not changed."""
    where = str(path)
    try:
        rows = conn.execute("PRAGMA integrity_check(5)").fetchall()
        damage = [str(r[0]) for r in rows if str(r[0]) != "ok"]
        if damage:
            raise EventError("event-damaged", file=where, detail=shorten("; ".join(damage)))
        snapshot = read_snapshot(conn, where)
        problems = stored_value_problems(snapshot) + other_table_problems(conn)
    except EventError:
        raise
    except READ_FAILURES as exc:
        raise damaged(where, exc) from None
    refuse(where, problems)


def check_changes(conn: sqlite3.Connection, path: str | Path | None = None) -> None:
    """Raise :class:`EventError` if a row written since the toolkit last committed (see the
    module docstring) holds a value the toolkit never writes. One query when there is none."""
    try:
        rows = conn.execute("SELECT tbl, row FROM unchecked").fetchall()
        removed = [str(r[0]) for r in conn.execute("SELECT what FROM removed LIMIT 6")]
    except READ_FAILURES as exc:
        raise damaged(str(path or path_of(conn)), exc) from None
    if removed:
        raise EventError("rows-removed", file=str(path or path_of(conn)),
                         removed=some(removed, counted=False))
    if not rows:
        return
    where = str(path or path_of(conn))
    changed: dict[str, list[int]] = {}
    for table, row in rows:
        changed.setdefault(str(table), []).append(row)
    if len(rows) > MANY_CHANGES or set(changed) - {"settings", "players", "matches", "audit"}:
        check_event(conn, where)
        return
    try:
        problems = _changed_problems(conn, changed)
    except EventError as exc:  # a reader's own check (check_read): name the file as given
        raise renamed(exc, path_of(conn), where) from None
    except READ_FAILURES as exc:
        raise damaged(where, exc) from None
    refuse(where, problems)


def forget_changes(conn: sqlite3.Connection) -> None:
    """Empty the change log: called by the toolkit's own transaction just before it commits
    (what it wrote is sound; what was there before was checked when the transaction began)."""
    conn.execute("DELETE FROM unchecked")
    conn.execute("DELETE FROM removed")


def failure(conn: sqlite3.Connection, path: str | Path) -> EventError | None:
    """After a command failed reading the event: the error that names the damage, or None when
    the full check finds the file sound (the failure is then not the file's)."""
    try:
        check_event(conn, path)
    except EventError as exc:
        return exc
    return None


def _changed_problems(conn: sqlite3.Connection, changed: dict[str, list[int]]) -> list[str]:
    settings = read_settings(conn) if "settings" in changed else None
    players = [read_player(conn, i) for i in changed.get("players", ())]
    matches = read_matches(conn, ids=changed["matches"]) if "matches" in changed else []
    removed = [i for i, p in zip(changed.get("players", ()), players, strict=True) if p is None]
    marks = ",".join("?" * len(removed))
    if removed and conn.execute(
            f"SELECT 1 FROM matches WHERE player1 IN ({marks}) OR player2 IN ({marks})",
            [*removed, *removed]).fetchone():
        return [f"player {', '.join(map(str, removed))}: removed, but still paired"]
    audit = []
    if "audit" in changed:
        marks = ",".join("?" * len(changed["audit"]))
        audit = [audit_from_row(r)
                 for r in conn.execute(f"SELECT * FROM audit WHERE id IN ({marks})",
                                       changed["audit"])]
    seated = [p for m in matches for p in (m.player1, m.player2) if p is not None]
    ids = player_names(conn, seated).keys()
    return problems(settings, [p for p in players if p is not None], matches, audit, ids)
