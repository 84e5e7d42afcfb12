"""Security of the event server: the organizer token, CSRF on forms, PIN rate limits and the
address the server binds to."""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections import deque

from starlette.exceptions import HTTPException
from starlette.requests import Request

LOOPBACK = "127.0.0.1"
LAN = "0.0.0.0"
CSRF_COOKIE = "tt_csrf"
ORG_COOKIE = "tt_org"


def bind_host(lan: bool) -> str:
    """The address to listen on: the loopback unless the organizer asked for the LAN."""
    return LAN if lan else LOOPBACK


def new_token() -> str:
    """A fresh organizer token (shown once in the terminal)."""
    return secrets.token_urlsafe(18)


def same(a: str | None, b: str | None) -> bool:
    """Constant-time equality of two secrets (False if either is missing)."""
    return bool(a) and bool(b) and hmac.compare_digest(str(a).encode(), str(b).encode())


def client(request: Request) -> str:
    """Where a request came from, for the audit log."""
    return request.client.host if request.client else "unknown"


def csrf_token(request: Request) -> str:
    """The CSRF token of this browser (a cookie; set on the response by the page renderer)."""
    return request.cookies.get(CSRF_COOKIE) or request.state.__dict__.setdefault(
        "new_csrf", secrets.token_urlsafe(18))


def check_csrf(request: Request, form_token: object) -> None:
    """Refuse (403) a form post whose token does not match the browser's cookie, or that comes
    from another site (Origin header naming another host)."""
    origin = request.headers.get("origin")
    if origin and origin != "null":
        host = origin.split("://", 1)[-1]
        if host != request.headers.get("host"):
            raise HTTPException(403, "cross-site form refused")
    if not same(request.cookies.get(CSRF_COOKIE), form_token if isinstance(form_token, str)
                else None):
        raise HTTPException(403, "form expired or sent from another site; reload the page")


def is_organizer(request: Request, token: str) -> bool:
    """True when the request carries the organizer token (cookie or ``Authorization: Bearer``)."""
    auth = request.headers.get("authorization", "")
    bearer = auth[7:] if auth.lower().startswith("bearer ") else None
    return same(request.cookies.get(ORG_COOKIE), token) or same(bearer, token)


class PinLimiter:
    """At most ``per_player`` wrong PINs for one player and ``per_client`` from one address in
    ``window`` seconds; then attempts are refused until the window has passed."""

    def __init__(self, per_player: int = 5, per_client: int = 20, window: float = 300.0):
        self.per_player, self.per_client, self.window = per_player, per_client, window
        self._fails: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        q = self._fails.setdefault(key, deque())
        while q and q[0] < now - self.window:
            q.popleft()
        return q

    def retry_after(self, player_id: int, address: str) -> int:
        """Seconds until another attempt is allowed (0 = allowed now)."""
        now = time.monotonic()
        with self._lock:
            waits = [
                int(q[0] + self.window - now) + 1
                for key, limit in ((f"p{player_id}", self.per_player),
                                   (f"c{address}", self.per_client))
                if len(q := self._recent(key, now)) >= limit
            ]
        return max(waits, default=0)

    def failed(self, player_id: int, address: str) -> None:
        """Count one wrong PIN."""
        now = time.monotonic()
        with self._lock:
            self._recent(f"p{player_id}", now).append(now)
            self._recent(f"c{address}", now).append(now)
