"""The round timer: started, paused and extended by the organizer, shown on every page.

Stored in the event file (one row), so every process — a restarted server, the CLI — sees the
same clock; every change is audited.
"""

from __future__ import annotations

import time
from typing import Any

from tt_organizer.errors import EventError
from tt_organizer.events import store
from tt_organizer.events.store import Connection

DEFAULT_MINUTES = 50


def timer_state(conn: Connection, at: float | None = None) -> dict[str, Any]:
    """``seconds`` (length), ``running``, ``remaining`` seconds (negative = overtime) and
    ``ends_at`` (epoch seconds, when running); ``set`` False when no timer was started."""
    at = time.time() if at is None else at
    row = store.timer_row(conn)
    if row is None:
        return {"set": False, "seconds": 0, "running": False, "remaining": 0, "ends_at": None}
    elapsed = row["elapsed"] + (at - row["started_at"] if row["started_at"] is not None else 0)
    remaining = row["seconds"] - elapsed
    running = row["started_at"] is not None
    return {"set": True, "seconds": row["seconds"], "running": running,
            "remaining": round(remaining, 1),
            "ends_at": round(at + remaining, 1) if running else None}


def _write(conn: Connection, action: str, seconds: int, started: float | None,
           elapsed: float, old: dict[str, Any]) -> dict[str, Any]:
    store.write_timer(conn, seconds, started, elapsed)
    new = timer_state(conn)
    store.audit(conn, action, "round timer",
                {k: old[k] for k in ("seconds", "remaining")} if old["set"] else None,
                {"seconds": new["seconds"], "remaining": new["remaining"]})
    return new


def reset_timer(conn: Connection, reason: str) -> bool:
    """Clear the round clock, in the caller's transaction: a new round is paired (the last
    round's countdown must not run on) or the event is over; ``reason`` says which (``round
    3``, ``top-cut round 1``, ``the event is over``). Audited as ``timer-reset``; False, and
    nothing written, when no clock was set."""
    old = timer_state(conn)
    if not old["set"]:
        return False
    store.delete_timer(conn)
    store.audit(conn, "timer-reset", "round timer",
                {"seconds": old["seconds"], "remaining": old["remaining"]}, {"reason": reason})
    return True


def start_timer(conn: Connection, minutes: int | None = None) -> dict[str, Any]:
    """Start a new round clock of ``minutes`` (default 50), or resume a paused one when
    ``minutes`` is None."""
    with store.transaction(conn):
        old = timer_state(conn)
        if minutes is None and old["set"] and not old["running"]:
            return _write(conn, "timer-resume", old["seconds"], time.time(),
                          old["seconds"] - old["remaining"], old)
        length = DEFAULT_MINUTES if minutes is None else minutes
        if not 1 <= length <= 600:
            raise EventError("timer-bad-length", minutes=length)
        return _write(conn, "timer-start", length * 60, time.time(), 0.0, old)


def pause_timer(conn: Connection) -> dict[str, Any]:
    """Stop the clock where it is."""
    with store.transaction(conn):
        old = timer_state(conn)
        if not old["running"]:
            raise EventError("timer-not-running")
        return _write(conn, "timer-pause", old["seconds"], None,
                      old["seconds"] - old["remaining"], old)


def extend_timer(conn: Connection, minutes: int) -> dict[str, Any]:
    """Add ``minutes`` (may be negative) to the round."""
    with store.transaction(conn):
        old = timer_state(conn)
        if not old["set"]:
            raise EventError("timer-not-set")
        if not -600 <= minutes <= 600 or minutes == 0:
            raise EventError("timer-bad-extension", minutes=minutes)
        row = store.timer_row(conn)
        assert row is not None
        return _write(conn, "timer-extend", max(60, old["seconds"] + minutes * 60),
                      row["started_at"], row["elapsed"], old)
