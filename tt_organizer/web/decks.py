"""Decklist submission from a phone: pasted text or an uploaded file of any shape
``tt deck validate`` reads, checked at once with the same messages."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request
from starlette.responses import Response

from tt_organizer.errors import TTError
from tt_organizer.events import submissions
from tt_organizer.events.store import acting_as

if TYPE_CHECKING:
    from tt_organizer.web.server import Server


async def submit(server: Server, request: Request, form: FormData) -> Response:
    """Check and queue a submitted decklist; show the verdict on the same page."""
    from starlette.concurrency import run_in_threadpool

    name = str(form.get("name") or "")
    ext_id = str(form.get("ext_id") or "") or None
    text = str(form.get("text") or "")
    source = "pasted list"
    upload = form.get("file")
    data: bytes | None = None
    if isinstance(upload, UploadFile) and upload.filename:
        data = await upload.read(submissions.MAX_DECK_BYTES + 1)
        source = Path(upload.filename.replace("\\", "/")).name[-80:] or "upload"
    address = server.client(request)

    def run() -> Response:
        try:
            with server.db() as conn, acting_as(f"web:deck-submission@{address}"), \
                    tempfile.TemporaryDirectory() as tmp:
                path = None
                if data is not None:  # any shape `tt deck validate` reads, by its suffix
                    path = Path(tmp) / source
                    path.write_bytes(data)
                sub, report = submissions.submit_deck(
                    conn, name, None if path else text, path=path, ext_id=ext_id,
                    source=source, client=address)
        except TTError as exc:
            # messages as callables: shown in the page's language when it is rendered; a
            # full queue is 429 (the list is not echoed back)
            full = exc.code == submissions.TOO_MANY
            return server.page(request, "deck.html", 429 if full else 400, verdict=None,
                               error=exc.shown, name=name, ext_id=ext_id or "",
                               text="" if full else text)
        most = submissions.MAX_VIOLATIONS  # a page, not a copy of every unknown card
        verdict: dict[str, Any] = {
            "id": sub.id, "legal": report.legal, "source": sub.source,
            "errors": [(v.code, v.shown) for v in report.errors[:most]],
            "warnings": [(v.code, v.shown) for v in report.warnings[:most]],
            "more": max(0, len(report.errors) - most) + max(0, len(report.warnings) - most),
            "notes": list(report.deck.notes), "format": report.format_id,
            "banlist": report.banlist_date}
        return server.page(request, "deck.html", verdict=verdict, error=None, name=name,
                           ext_id=ext_id or "", text=text)

    return await run_in_threadpool(run)
