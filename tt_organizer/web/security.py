"""Security of the event server: the organizer token and sessions, CSRF on forms, limits on
wrong PINs and tokens, the client's address, the Host header and status notes."""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import math
import secrets
import string
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request

from tt_organizer.errors import InputError

LOOPBACK = "127.0.0.1"
LAN = "0.0.0.0"
CSRF_COOKIE = "tt_csrf"
ORG_COOKIE = "tt_org"
TOKEN_BITS = 128  # an organizer token is at least this strong
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def bind_host(lan: bool) -> str:
    """The address to listen on: the loopback unless the organizer asked for the LAN."""
    return LAN if lan else LOOPBACK


def new_token() -> str:
    """A fresh organizer token of 256 random bits (shown once in the terminal)."""
    return secrets.token_urlsafe(32)


def token_bits(token: str) -> float:
    """How many bits a token can hold at most: its length times the bits of the alphabet its
    characters come from (digits, lower case, upper case, others)."""
    classes = [string.digits, string.ascii_lowercase, string.ascii_uppercase]
    alphabet = sum(len(c) for c in classes if any(ch in c for ch in token))
    if any(not any(ch in c for c in classes) for ch in token):
        alphabet += 32
    return len(token) * math.log2(alphabet) if alphabet > 1 else 0.0


def check_token(token: str) -> str:
    """``token`` when it is strong enough for the organizer's console, else InputError with
    advice (how to make one)."""
    token = token.strip()
    if token_bits(token) < TOKEN_BITS or len(set(token)) < 8:
        raise InputError(
            f"the organizer token is too short or too simple ({len(token)} characters): it "
            f"must hold at least {TOKEN_BITS} random bits", code="weak-token",
            hint={"bits": TOKEN_BITS})
    return token


def same(a: str | None, b: str | None) -> bool:
    """Constant-time equality of two secrets (False if either is missing)."""
    return bool(a) and bool(b) and hmac.compare_digest(str(a).encode(), str(b).encode())


def client(request: Request, proxy: str | None = None) -> str:
    """Where a request came from. ``X-Forwarded-For`` is believed only from ``proxy`` (the
    reverse proxy the organizer named), and then only its last hop: the address the proxy
    itself saw."""
    peer = request.client.host if request.client else "unknown"
    if proxy is None or peer != proxy:
        return peer
    hops = [h.strip() for h in request.headers.get("x-forwarded-for", "").split(",")]
    try:
        return str(ipaddress.ip_address(hops[-1]))
    except ValueError:
        return peer


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


def bearer(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer`` header, if any."""
    auth = request.headers.get("authorization", "")
    return auth[7:].strip() if auth.lower().startswith("bearer ") else None


class Sessions:
    """The organizer's console sessions: random ids handed out at login (the cookie holds one
    of them, never the token), at most ``limit`` (the oldest is forgotten first)."""

    def __init__(self, limit: int = 64) -> None:
        self.limit = limit
        self._ids: OrderedDict[str, float] = OrderedDict()
        self._lock = threading.Lock()

    def new(self) -> str:
        sid = secrets.token_urlsafe(32)
        with self._lock:
            self._ids[sid] = time.time()
            while len(self._ids) > self.limit:
                self._ids.popitem(last=False)
        return sid

    def valid(self, sid: str | None) -> bool:
        if not sid:
            return False
        with self._lock:
            return any(same(sid, known) for known in self._ids)


class Backoff:
    """Failed attempts by key (an address, or an address and a player): the first ``free``
    cost nothing, then each further one waits ``base`` seconds, doubling up to ``cap``.
    A key's count is forgotten after ``quiet`` seconds without a failure, and at most
    ``limit`` keys are kept (the least recent forgotten first)."""

    def __init__(self, free: int = 5, base: float = 2.0, cap: float = 300.0,
                 quiet: float = 900.0, limit: int = 100_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.free, self.base, self.cap, self.quiet, self.limit = free, base, cap, quiet, limit
        self.clock = clock
        self._fails: OrderedDict[str, tuple[int, float]] = OrderedDict()
        self._lock = threading.Lock()

    def retry_after(self, key: str) -> int:
        """Seconds until ``key`` may try again (0 = now)."""
        now = self.clock()
        with self._lock:
            count, last = self._fails.get(key, (0, 0.0))
        if count < self.free or now - last > self.quiet:
            return 0
        delay = min(self.cap, self.base * 2 ** (count - self.free))
        return max(0, math.ceil(last + delay - now))

    def failed(self, key: str) -> None:
        now = self.clock()
        with self._lock:
            count, last = self._fails.pop(key, (0, 0.0))
            if now - last > self.quiet:
                count = 0
            self._fails[key] = (count + 1, now)
            while len(self._fails) > self.limit:
                self._fails.popitem(last=False)

    def succeeded(self, key: str) -> None:
        with self._lock:
            self._fails.pop(key, None)


class PinLimiter:
    """Wrong PINs: counted per (address, player) — a wrong PIN typed elsewhere never slows the
    player down — and per address over all players (one phone trying many players)."""

    def __init__(self) -> None:
        self.pair = Backoff(free=5)
        self.address = Backoff(free=20)

    def retry_after(self, player_id: int, address: str) -> int:
        """Seconds until this address may try a PIN of this player again (0 = now)."""
        return max(self.pair.retry_after(f"{address}|{player_id}"),
                   self.address.retry_after(address))

    def failed(self, player_id: int, address: str) -> None:
        self.pair.failed(f"{address}|{player_id}")
        self.address.failed(address)

    def succeeded(self, player_id: int, address: str) -> None:
        self.pair.succeeded(f"{address}|{player_id}")


class Notes:
    """Status messages after a form: the server keeps the text and the redirect names only a
    random key (``?note=``), so no text from a URL is ever shown and no PIN is in one. A note
    is shown once; at most ``limit`` are kept."""

    def __init__(self, limit: int = 4096) -> None:
        self.limit = limit
        self._notes: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def put(self, text: str) -> str:
        key = secrets.token_urlsafe(16)
        with self._lock:
            self._notes[key] = text
            while len(self._notes) > self.limit:
                self._notes.popitem(last=False)
        return key

    def take(self, key: str | None) -> str:
        """The note's text ('' for an unknown key)."""
        if not key:
            return ""
        with self._lock:
            return self._notes.pop(key, "")


def host_name(host_header: str) -> str:
    """The name in a Host header, without the port (``[::1]:8000`` → ``::1``)."""
    host = host_header.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class HostCheck:
    """ASGI middleware: answer 421 to a request whose Host header names none of ``hosts`` (the
    addresses the server announced), so a DNS-rebinding page cannot reach the server."""

    def __init__(self, app: Any, hosts: frozenset[str]) -> None:
        self.app, self.hosts = app, hosts
        self.state = getattr(app, "state", None)  # the wrapped app's (tests read it)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            headers = dict(scope.get("headers") or ())
            if host_name(headers.get(b"host", b"").decode("latin-1")) not in self.hosts:
                await _plain(send, 421, b"unknown host: open the address the server printed")
                return
        await self.app(scope, receive, send)


class BodyDeadline:
    """ASGI middleware: a request body must arrive within ``seconds`` of the request's start;
    a slower one is answered 408 and its connection closed."""

    def __init__(self, app: Any, seconds: float) -> None:
        self.app, self.seconds = app, seconds
        self.state = getattr(app, "state", None)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        deadline = time.monotonic() + self.seconds
        state = {"started": False, "late": False}

        async def timed_receive() -> Any:
            if state["late"]:
                return {"type": "http.disconnect"}
            try:
                return await asyncio.wait_for(receive(), max(0.001, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                state["late"] = True
                if not state["started"]:
                    state["started"] = True
                    await _plain(send, 408, b"request body too slow")
                return {"type": "http.disconnect"}

        async def guarded_send(message: Any) -> None:
            if state["late"]:
                return  # the 408 was the answer
            state["started"] = state["started"] or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, timed_receive, guarded_send)
        except Exception:
            if not state["late"]:
                raise


async def _plain(send: Any, status: int, text: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(text)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": text})
