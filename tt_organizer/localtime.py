"""Times as the organizer reads them: in the machine's local time zone (``TZ`` honoured).

The event database stores UTC (ISO 8601); printed sheets and exported workbooks show local
time with the zone's abbreviation, e.g. ``2026-12-02 17:30 CET``.
"""

from __future__ import annotations

import time
from datetime import datetime, timezone

SHOWN = "%Y-%m-%d %H:%M %Z"


def local(at: datetime | None = None) -> datetime:
    """``at`` (default now) in the local time zone; a naive ``at`` is taken as UTC."""
    if hasattr(time, "tzset"):  # pick up a TZ set after start-up (not on Windows)
        time.tzset()
    at = at or datetime.now(timezone.utc)
    if at.tzinfo is None:
        at = at.replace(tzinfo=timezone.utc)
    return at.astimezone()


def shown(at: datetime | None = None) -> str:
    """``at`` (default now) as shown on paper: ``2026-12-02 17:30 CET``; the date in the
    language's own form in another language (``2 dic 2026 17:30 CET``)."""
    from tt_organizer.i18n import DEFAULT, current, format_date

    when = local(at)
    if current() == DEFAULT:
        return when.strftime(SHOWN).strip()
    return f"{format_date(when.date(), 'medium')} {when.strftime('%H:%M %Z')}".strip()


def shown_iso(text: str | None) -> str | None:
    """A stored ISO time (``2026-12-02T16:30:00Z``) in local time; other text as it is."""
    if not text:
        return text
    try:
        at = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return text
    return shown(at)
