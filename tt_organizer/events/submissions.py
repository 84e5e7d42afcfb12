"""Decklists submitted before the event (from a phone): checked at once, approved by the
organizer, who thereby registers the player with that deck."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tt_organizer.errors import EventError
from tt_organizer.events import players, store
from tt_organizer.events.store import Connection, Row
from tt_organizer.formats.validator import ValidationReport

MAX_DECK_BYTES = 200_000


@dataclass(frozen=True)
class Submission:
    """One submitted decklist and its verdict."""

    id: int
    name: str
    ext_id: str | None
    source: str
    legal: bool
    report: dict[str, Any]  # the validation report as ``tt deck validate --json`` prints it
    status: str  # pending, approved, rejected
    created_at: str
    player_id: int | None


def _submission(r: Row) -> Submission:
    return Submission(id=r["id"], name=r["name"], ext_id=r["ext_id"], source=r["source"],
                      legal=bool(r["legal"]), report=json.loads(r["report"]),
                      status=r["status"], created_at=r["created_at"], player_id=r["player_id"])


def submit_deck(conn: Connection, name: str, text: str | None = None, *,
                path: str | Path | None = None, ext_id: str | None = None,
                source: str = "submitted", client: str = "") -> tuple[Submission,
                                                                       ValidationReport]:
    """Check a decklist — ``text``, or a file at ``path`` of any shape ``tt deck validate``
    reads — against the event's format and ban list (the same checks) and queue it for the
    organizer; returns the stored submission and the full report."""
    name = players.clean_text(name, "a player name")
    if not name:
        raise EventError("a player needs a name")
    if path is None and not (text or "").strip():
        raise EventError("the decklist is empty")
    size = Path(path).stat().st_size if path is not None else len((text or "").encode())
    if size > MAX_DECK_BYTES:
        raise EventError(f"a decklist is at most {MAX_DECK_BYTES // 1000} kB")
    ext_id = players.clean_text(ext_id, "an id") if ext_id else None
    source = players.clean_text(source, "a file name") or "submitted"
    report, raw, src = players.check_deck(store.read_settings(conn), path=path, text=text,
                                          source=source)
    with store.transaction(conn):
        row = store.insert_submission(conn, {
            "name": name, "ext_id": ext_id, "source": src, "text": raw,
            "legal": int(report.legal), "report": json.dumps(report.to_dict()),
            "created_at": store.now(), "client": client,
        })
        store.audit(conn, "deck-submit", f"submission {row['id']} {name}", None,
                    {"legal": report.legal, "codes": list(report.codes), "from": client})
    return _submission(row), report


def submissions(conn: Connection, *, pending_only: bool = False) -> list[Submission]:
    """Submitted decklists, oldest first."""
    return [_submission(r) for r in store.submission_rows(conn, pending_only=pending_only)]


def approve_deck(conn: Connection, submission_id: int, *, allow_illegal: bool = False
                 ) -> players.Registration:
    """Register the submission's player with its deck (a late entry once pairing began)."""
    with store.transaction(conn):
        row = store.submission_row(conn, submission_id)
        if row is None or row["status"] != "pending":
            raise EventError(f"no pending submission #{submission_id}")
        reg = players.register_player(
            conn, row["name"], deck_text=row["text"], deck_source=row["source"],
            ext_id=row["ext_id"], allow_illegal=allow_illegal,
            late=bool(store.current_round(conn)))
        store.set_submission_status(conn, submission_id, "approved", reg.player.id)
        store.audit(conn, "deck-approve", f"submission {submission_id} {row['name']}", None,
                    {"player": reg.player.id})
        return reg


def reject_deck(conn: Connection, submission_id: int) -> None:
    """Turn a submission down (the player may submit again)."""
    with store.transaction(conn):
        row = store.submission_row(conn, submission_id)
        if row is None or row["status"] != "pending":
            raise EventError(f"no pending submission #{submission_id}")
        store.set_submission_status(conn, submission_id, "rejected")
        store.audit(conn, "deck-reject", f"submission {submission_id} {row['name']}")
