"""Where downloaded data comes from: a local file or an HTTP(S) address, behind one interface.

``Source.fetch()`` returns the bytes with their final location, content type and fetch time,
or raises :class:`FetchError` with a one-line message. The remote source is careful:
a real User-Agent, connect/read timeouts and an overall deadline, a size cap enforced while
streaming, retries with exponential back-off on transient failures, redirects followed only
on the same host, and a content-type check. ``requests`` is imported only when fetching.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin, urlsplit

from tt_organizer import __version__
from tt_organizer.errors import TTError, words_of
from tt_organizer.i18n import Msg

if TYPE_CHECKING:
    import requests

USER_AGENT = (
    f"Mozilla/5.0 (compatible; tt-organizer/{__version__}; "
    "Digimon Card Game tournament organizer toolkit)"
)
HTML_TYPES = ("text/html", "application/xhtml+xml")
DATA_TYPES = ("application/json", "text/plain", "text/csv", "application/octet-stream")
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
MAX_REDIRECTS = 5
_META_CHARSET = re.compile(rb"<meta[^>]+charset\s*=\s*[\"']?\s*([A-Za-z0-9_.:-]+)", re.IGNORECASE)


class FetchError(TTError):
    """A source that could not be read (network, HTTP status, size, content type...)."""

    def __init__(self, message: str | Msg, *, retryable: bool = False, **params: Any) -> None:
        super().__init__(message, **params)
        self.retryable = retryable


@dataclass(frozen=True)
class Fetched:
    """The bytes read from a source."""

    location: str
    body: bytes
    content_type: str | None = None
    fetched_at: dt.datetime = field(
        default_factory=lambda: dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    )

    @property
    def sha256(self) -> str:
        """SHA-256 of the body, hex."""
        return hashlib.sha256(self.body).hexdigest()

    @property
    def charset(self) -> str:
        """The charset named by the content type, else by an HTML ``<meta>`` near the start
        of the body (a saved page, a regional site in Shift_JIS), else utf-8."""
        return self.declared_charset or self.meta_charset or "utf-8"

    @property
    def declared_charset(self) -> str | None:
        """The charset the content type names (the server's word), or None."""
        for part in (self.content_type or "").split(";")[1:]:
            key, _, value = part.strip().partition("=")
            if key.lower() == "charset" and value.strip("\"' "):
                return value.strip("\"' ")
        return None

    @property
    def meta_charset(self) -> str | None:
        """The charset an HTML ``<meta>`` near the start of the body names, or None (also
        when the body starts with a byte-order mark)."""
        if self.body.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
            return None
        meta = _META_CHARSET.search(self.body[:4096])
        return meta.group(1).decode("ascii") if meta else None

    def text(self) -> str:
        """The body decoded (a leading BOM dropped, undecodable bytes replaced)."""
        try:
            text = self.body.decode(self.charset, errors="replace")
        except LookupError:
            text = self.body.decode("utf-8", errors="replace")
        return text.removeprefix("\ufeff")


class Source(ABC):
    """Somewhere bytes can be fetched from."""

    def __init__(self, location: str, *, max_bytes: int = 5_000_000) -> None:
        self.location = location
        self.max_bytes = max_bytes

    @abstractmethod
    def fetch(self) -> Fetched:
        """Read the whole resource; FetchError if it cannot be read."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.location!r})"


class LocalSource(Source):
    """A file on disk (a saved copy of a page, a card table...)."""

    def __init__(
        self, path: str | Path, *, max_bytes: int = 5_000_000, content_type: str | None = None
    ) -> None:
        super().__init__(str(path), max_bytes=max_bytes)
        self.path = Path(path)
        self.content_type = content_type

    def fetch(self) -> Fetched:
        """Read the file (FetchError if missing, unreadable or above the size cap)."""
        from tt_organizer.safe_files import read_limited

        if not self.path.exists():
            raise FetchError("no-such-file", path=str(self.path))
        if self.path.is_dir():
            raise FetchError("folder-not-file", path=str(self.path))
        try:
            body = read_limited(self.path, self.max_bytes)
        except TTError as exc:
            where = getattr(exc, "file", None) or str(self.path)
            said: str | Msg = exc.words if exc.words is not None else exc.message
            raise FetchError("failed-at", path=where, error=said) from None
        return Fetched(location=str(self.path), body=body, content_type=self.content_type)


class RemoteSource(Source):
    """An HTTP(S) address fetched with ``requests``."""

    def __init__(
        self,
        url: str,
        *,
        max_bytes: int = 5_000_000,
        accept: Sequence[str] = HTML_TYPES,
        timeout: float = 30.0,
        connect_timeout: float | None = None,
        deadline: float | None = None,
        retries: int = 3,
        backoff: float = 0.5,
        user_agent: str = USER_AGENT,
    ) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise FetchError("not-http-address", url=url)
        super().__init__(url, max_bytes=max_bytes)
        self.url = url
        self.accept = tuple(t.lower() for t in accept)
        self.timeout = timeout
        self.connect_timeout = min(timeout, 10.0) if connect_timeout is None else connect_timeout
        # the wall-clock limit of the whole fetch, all attempts and back-off pauses included
        self.deadline = deadline if deadline is not None else max(60.0, 2 * timeout)
        self.retries = max(0, retries)
        self.backoff = backoff
        self.user_agent = user_agent
        self.attempts = 0

    def fetch(self) -> Fetched:
        """GET the address, retrying transient failures (connection errors, timeouts, 429 and
        5xx) with exponential back-off; anything else fails at once. The whole of it, every
        attempt and pause included, ends within ``deadline`` seconds of wall-clock time, however
        slowly the server sends its headers or body."""
        ends = time.monotonic() + self.deadline
        self.attempts = 0
        while True:
            self.attempts += 1
            try:
                return self._fetch_once(ends - time.monotonic())
            except FetchError as exc:
                pause = min(self.backoff * 2 ** (self.attempts - 1), 30.0)
                over = time.monotonic() + pause >= ends
                if not exc.retryable or self.attempts > self.retries or over:
                    if exc.retryable and self.attempts > 1:
                        raise FetchError("after-attempts", error=words_of(exc),
                                         attempts=self.attempts) from None
                    raise
                time.sleep(pause)

    # -- one attempt -------------------------------------------------------------------
    def _fetch_once(self, seconds: float) -> Fetched:
        from tt_organizer.http_deadline import SocketWatchdog, watched_session

        if seconds <= 0:
            raise self._deadline_error(self.url)
        with SocketWatchdog(seconds) as watchdog, watched_session(watchdog) as session:
            session.headers.update(
                {
                    "User-Agent": self.user_agent,
                    "Accept": ", ".join([*self.accept, "*/*;q=0.1"]),
                    "Accept-Encoding": "gzip, deflate",
                }
            )
            try:
                fetched = self._exchange(session, min(self.connect_timeout, seconds))
            except FetchError:
                if watchdog.fired:
                    raise self._deadline_error(self.url) from None
                raise
            if watchdog.fired:  # a body cut short by the watchdog can look complete
                raise self._deadline_error(self.url)
            return fetched

    def _deadline_error(self, url: str) -> FetchError:
        return FetchError("deadline-passed", url=url, seconds=f"{self.deadline:g}")

    def _exchange(self, session: requests.Session, connect_timeout: float) -> Fetched:
        import requests

        url = self.url
        for _ in range(MAX_REDIRECTS + 1):
            try:
                response = session.get(
                    url,
                    timeout=(connect_timeout, self.timeout),
                    stream=True,
                    allow_redirects=False,
                )
            except requests.exceptions.RequestException as exc:
                raise self._network_error(exc, url) from None
            with response:
                if response.status_code in REDIRECT_STATUSES:
                    url = self._redirect_target(url, response.headers.get("Location"))
                    continue
                self._check_status(response, url)
                content_type = response.headers.get("Content-Type")
                self._check_type(content_type, url)
                body = self._read_capped(response, url)
                return Fetched(location=url, body=body, content_type=content_type)
        raise FetchError("too-many-redirects", limit=MAX_REDIRECTS, url=self.url)

    def _network_error(self, exc: Exception, url: str) -> FetchError:
        import requests

        host = urlsplit(url).netloc
        if isinstance(exc, requests.exceptions.ConnectTimeout):
            return FetchError("connect-timeout", retryable=True, host=host,
                              seconds=f"{self.connect_timeout:g}")
        if isinstance(exc, requests.exceptions.Timeout):
            return FetchError("read-timeout", retryable=True, seconds=f"{self.timeout:g}",
                              url=url)
        if isinstance(exc, requests.exceptions.ConnectionError):
            if _is_dns_failure(exc):
                return FetchError("dns-failure", retryable=True, host=urlsplit(url).hostname)
            if "refused" in str(exc).lower():
                return FetchError("connection-refused", retryable=True, host=host)
            return FetchError("cannot-connect", retryable=True, host=host)
        if isinstance(exc, requests.exceptions.ChunkedEncodingError):
            return FetchError("response-cut-short", retryable=True, url=url)
        if isinstance(exc, requests.exceptions.ContentDecodingError):
            return FetchError("response-undecodable", retryable=True, url=url)
        if isinstance(exc, requests.exceptions.InvalidURL | requests.exceptions.MissingSchema):
            return FetchError("not-valid-address", url=url)
        return FetchError("request-failed", retryable=True, url=url,
                          error=exc.__class__.__name__)

    def _redirect_target(self, url: str, location: str | None) -> str:
        if not location:
            raise FetchError("redirect-without-location", url=url)
        target = urljoin(url, location)
        old, new = urlsplit(url), urlsplit(target)
        same_host = (old.hostname or "").lower() == (new.hostname or "").lower()
        upgrade = old.scheme == "http" and new.scheme == "https"
        same_port = _port(old) == _port(new) or (upgrade and new.port is None)
        if not same_host or not same_port or new.scheme not in ("http", "https"):
            raise FetchError("redirect-other-host", url=url, target=target)
        if old.scheme == "https" and new.scheme == "http":
            raise FetchError("redirect-to-http", target=target)
        return target

    @staticmethod
    def _check_status(response: requests.Response, url: str) -> None:
        status = response.status_code
        if 200 <= status < 300:
            return
        reason = f" {response.reason}" if response.reason else ""
        raise FetchError("http-status", retryable=status in RETRY_STATUSES, status=status,
                         reason=reason, url=url)

    def _check_type(self, content_type: str | None, url: str) -> None:
        if not content_type or not self.accept:
            return
        media = content_type.split(";")[0].strip().lower()
        if media not in self.accept:
            wanted = " or ".join(self.accept)
            raise FetchError("unexpected-content-type", media=repr(media), url=url,
                             wanted=wanted)

    def _read_capped(self, response: requests.Response, url: str) -> bytes:
        import requests

        declared = response.headers.get("Content-Length")
        declared = (declared or "").strip()
        if declared.isascii() and declared.isdigit() and (
            len(declared) > 15 or int(declared) > self.max_bytes
        ):
            raise FetchError("response-declared-too-large", size=declared, url=url,
                             limit=f"{self.max_bytes:,}")
        chunks: list[bytes] = []
        size = 0
        try:
            for chunk in response.iter_content(chunk_size=65536):
                size += len(chunk)
                if size > self.max_bytes:
                    raise FetchError("response-too-large", limit=f"{self.max_bytes:,}",
                                     url=url)
                chunks.append(chunk)
        except requests.exceptions.RequestException as exc:
            raise self._network_error(exc, url) from None
        return b"".join(chunks)


def _port(parts: Any) -> int:
    return parts.port or (443 if parts.scheme == "https" else 80)


def _is_dns_failure(exc: BaseException) -> bool:
    import socket

    seen: set[int] = set()
    stack: list[Any] = [exc]
    while stack:
        item = stack.pop()
        if item is None or id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, socket.gaierror) or type(item).__name__ == "NameResolutionError":
            return True
        stack.extend([getattr(item, "reason", None), item.__cause__, item.__context__])
        stack.extend(a for a in getattr(item, "args", ()) if isinstance(a, BaseException))
    text = str(exc)
    return any(s in text for s in ("Name or service not known", "getaddrinfo failed",
                                   "nodename nor servname", "Temporary failure in name"))


def is_remote(location: str) -> bool:
    """True if ``location`` is an http(s) address."""
    return location.lower().startswith(("http://", "https://"))


def open_source(location: str | Path, **options: Any) -> Source:
    """A RemoteSource for an http(s) address, else a LocalSource (``file://`` allowed).
    ``options`` go to the remote source; a local one takes only ``max_bytes``."""
    text = str(location)
    if is_remote(text):
        return RemoteSource(text, **options)
    if text.startswith("file://"):
        text = text[len("file://"):]
    return LocalSource(text, max_bytes=options.get("max_bytes", 5_000_000))
