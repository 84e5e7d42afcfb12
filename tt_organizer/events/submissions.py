"""Decklists submitted before the event (from a phone): checked at once, approved by the
organizer, who thereby registers the player with that deck.

The desk takes no token (anyone on the room's Wi-Fi reaches it), so it has limits: a list is
at most :data:`MAX_DECK_BYTES`; at most :data:`MAX_PENDING_PER_CLIENT` submissions from one
address and :data:`MAX_PENDING` in all wait for the organizer at once (checked before the
list is, so a flood costs neither the file nor the server's time); and what is stored of the
check is compact: the verdict and its violations (at most :data:`MAX_VIOLATIONS` of each
kind, their messages cut), never a copy of the card table."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tt_organizer.errors import EventError
from tt_organizer.events import players, store
from tt_organizer.events.store import Connection, Row
from tt_organizer.formats.validator import ValidationReport, Violation

MAX_DECK_BYTES = 200_000
MAX_PENDING_PER_CLIENT = 5  # submissions waiting for the organizer, from one address
MAX_PENDING = 500  # ... and from everyone
MAX_VIOLATIONS = 20  # of each kind, kept in the stored report
MAX_MESSAGE = 300  # characters of a violation's message kept
MAX_CARDS = 10  # card numbers of a violation kept
PAGE_SIZE = 20  # submissions per page of the console's queue
TOO_MANY = "too-many-submissions"


@dataclass(frozen=True)
class Submission:
    """One submitted decklist and its verdict."""

    id: int
    name: str
    ext_id: str | None
    source: str
    legal: bool
    report: dict[str, Any]  # the compact report (:func:`compact_report`)
    status: str  # pending, approved, rejected
    created_at: str
    player_id: int | None


def _submission(r: Row) -> Submission:
    return Submission(id=r["id"], name=r["name"], ext_id=r["ext_id"], source=r["source"],
                      legal=bool(r["legal"]), report=json.loads(r["report"]),
                      status=r["status"], created_at=r["created_at"], player_id=r["player_id"])


def _violations(found: list[Violation]) -> list[dict[str, Any]]:
    return [{"code": v.code, "message": v.message[:MAX_MESSAGE],
             "cards": list(v.cards)[:MAX_CARDS]} for v in found[:MAX_VIOLATIONS]]


def compact_report(report: ValidationReport) -> dict[str, Any]:
    """What a submission keeps of its check: the verdict and its violations (the first
    :data:`MAX_VIOLATIONS` of each kind, with how many more there were), the format, ban
    list and notes -- the shape of ``tt deck validate --json`` without the card table."""
    return {"file": report.deck.source, "format": report.format_id, "legal": report.legal,
            "errors": _violations(report.errors), "warnings": _violations(report.warnings),
            "more_errors": max(0, len(report.errors) - MAX_VIOLATIONS),
            "more_warnings": max(0, len(report.warnings) - MAX_VIOLATIONS),
            "notes": [n[:MAX_MESSAGE] for n in report.deck.notes[:MAX_VIOLATIONS]],
            "banlist": report.banlist_date, "input_format": report.deck.input_format}


def refuse_when_full(conn: Connection, client: str) -> None:
    """Refused (EventError, code ``too-many-submissions``) when ``client`` already has
    :data:`MAX_PENDING_PER_CLIENT` submissions waiting, or everyone :data:`MAX_PENDING`."""
    mine, everyone = store.pending_submission_counts(conn, client)
    if mine >= MAX_PENDING_PER_CLIENT:
        raise EventError("too-many-from-phone", n=mine, code=TOO_MANY,
                         hint={"pending": mine, "limit": MAX_PENDING_PER_CLIENT})
    if everyone >= MAX_PENDING:
        raise EventError("too-many-submissions", n=everyone,
                         hint={"pending": everyone, "limit": MAX_PENDING})


def submit_deck(conn: Connection, name: str, text: str | None = None, *,
                path: str | Path | None = None, ext_id: str | None = None,
                source: str = "submitted", client: str = "") -> tuple[Submission,
                                                                       ValidationReport]:
    """Check a decklist — ``text``, or a file at ``path`` of any shape ``tt deck validate``
    reads — against the event's format and ban list (the same checks) and queue it for the
    organizer; returns the stored submission and the full report. Refused before anything is
    checked when the queue is full (:func:`refuse_when_full`)."""
    refuse_when_full(conn, client)
    name = players.clean_text(name, "a player name")
    if not name:
        raise EventError("submission-no-name")
    if path is None and not (text or "").strip():
        raise EventError("submission-empty")
    size = Path(path).stat().st_size if path is not None else len((text or "").encode())
    if size > MAX_DECK_BYTES:
        raise EventError("submission-too-big", kb=MAX_DECK_BYTES // 1000)
    ext_id = players.clean_text(ext_id, "an id") if ext_id else None
    source = players.clean_text(source, "a file name") or "submitted"
    report, raw, src = players.check_deck(store.read_settings(conn), path=path, text=text,
                                          source=source)
    with store.transaction(conn):
        refuse_when_full(conn, client)  # again, in the transaction that adds to the queue
        row = store.insert_submission(conn, {
            "name": name, "ext_id": ext_id, "source": src, "text": raw,
            "legal": int(report.legal),
            "report": json.dumps(compact_report(report), ensure_ascii=False),
            "created_at": store.now(), "client": client,
        })
        store.audit(conn, "deck-submit", f"submission {row['id']} {name}", None,
                    {"legal": report.legal, "codes": list(report.codes), "from": client})
    return _submission(row), report


def submissions(conn: Connection, *, pending_only: bool = False) -> list[Submission]:
    """Submitted decklists, oldest first."""
    return [_submission(r) for r in store.submission_rows(conn, pending_only=pending_only)]


@dataclass(frozen=True)
class QueuePage:
    """One page of the queue, newest first: ``page`` (from 1) of ``pages``."""

    items: list[Submission]
    page: int
    pages: int
    total: int


def queue_page(conn: Connection, page: int = 1, size: int = PAGE_SIZE) -> QueuePage:
    """Page ``page`` of the submissions, newest first (a page past the last: the last)."""
    total = store.count_submissions(conn)
    pages = max(1, -(-total // size))
    page = min(max(1, page), pages)
    rows = store.submission_rows(conn, offset=max(0, total - page * size),
                                 limit=min(size, total - (page - 1) * size))
    return QueuePage([_submission(r) for r in reversed(rows)], page, pages, total)


def approve_deck(conn: Connection, submission_id: int, *, allow_illegal: bool = False
                 ) -> players.Registration:
    """Register the submission's player with its deck (a late entry once pairing began)."""
    with store.transaction(conn):
        row = store.submission_row(conn, submission_id)
        if row is None or row["status"] != "pending":
            raise EventError("no-pending-submission", id=submission_id)
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
            raise EventError("no-pending-submission", id=submission_id)
        store.set_submission_status(conn, submission_id, "rejected")
        store.audit(conn, "deck-reject", f"submission {submission_id} {row['name']}")
