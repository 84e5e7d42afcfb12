"""Fetch Bandai's restriction page, check it, and store it in the cache.

A page is refused (and the cache left as it was) when it has no current list, misses one of
its three parts, holds an empty list, shrank by more than half against the current cached
list, or fails one of the checks of :mod:`tt_organizer.banlist.guards` (text that does not
decode, a future date, abnormal growth, mostly unknown numbers, a different list for a date
already cached); ``force`` stores it anyway. Re-syncing an unchanged page writes nothing but
repairs ``current.json`` if an earlier sync failed before updating it.
"""

from __future__ import annotations

import datetime as dt
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tt_organizer.banlist import guards
from tt_organizer.banlist.announcement import BanList
from tt_organizer.banlist.cache import (
    cache_dir,
    current_banlist,
    list_announcements,
    read_banlist_file,
    read_pointer,
    store_announcement,
    update_pointer,
)
from tt_organizer.banlist.page import ParsedPage, parse_page
from tt_organizer.errors import BanlistError, InputError, Listed, TTError, field_hint
from tt_organizer.i18n import N_, Msg, NMsg
from tt_organizer.messages import WORDS
from tt_organizer.sources import HTML_TYPES, Fetched, FetchError, Source, open_source
from tt_organizer.typed_numbers import NumberError, parse_decimal

REGION_URLS = {
    "world": "https://world.digimoncard.com/rule/restriction_card/",
    "en": "https://en.digimoncard.com/rule/restriction_card/",
    "jp": "https://digimoncard.com/rule/restriction_card/",
}
DEFAULT_URL = REGION_URLS["world"]
PAGE_MAX_BYTES = 5_000_000


# how a refusal names the announcement date a caller gave (the command line: its option)
ANNOUNCED_WORDS = ((N_("the announced date"), "announced"), (N_("give it as"), "announced_given"))


class SyncRefused(BanlistError):
    """A fetched page that does not pass the checks; the cache is left unchanged."""

    def __init__(self, reasons: Sequence[str | Msg], where: str) -> None:
        self.reasons = [str(r) for r in reasons]
        super().__init__("sync-refused", reasons=Listed(reasons), where=where,
                         hint=field_hint(*ANNOUNCED_WORDS, where=where))


@dataclass
class SyncResult:
    """What a sync did: ``status`` is ``new``, ``updated`` or ``unchanged``."""

    status: str
    banlist: BanList
    path: Path
    is_current: bool
    overridden: list[str] = field(default_factory=list)
    previous: BanList | None = None

    def to_dict(self) -> dict[str, Any]:
        """What ``tt banlist sync --json`` prints."""
        bl = self.banlist
        return {
            "status": self.status,
            "file": str(self.path),
            "current": self.is_current,
            "announced": bl.announced.isoformat(),
            "source_url": bl.source_url,
            "sha256": bl.sha256,
            "banned": len(bl.banned),
            "restricted": len(bl.restricted),
            "banned_pairs": len(bl.banned_pairs),
            "unknown_numbers": bl.unknown_numbers,
            "forced_past": self.overridden,
        }


def page_source(
    url: str | None = None,
    *,
    region: str = "world",
    timeout: float = 30.0,
    retries: int = 3,
    backoff: float = 1.0,
) -> Source:
    """The Source of the restriction page: ``url`` (an address or a saved file), else the
    region's official page. ``timeout`` bounds each wait for the server; the whole fetch
    (every attempt, however slowly the headers and body come, and the back-off pauses) ends
    within ``timeout × (retries + 1)`` seconds plus those pauses."""
    location = url or REGION_URLS[region]
    pauses = sum(min(backoff * 2**i, 30.0) for i in range(retries))
    return open_source(
        location,
        max_bytes=PAGE_MAX_BYTES,
        accept=HTML_TYPES,
        timeout=timeout,
        deadline=timeout * (retries + 1) + pauses,
        retries=retries,
        backoff=backoff,
    )


def check_page(page: ParsedPage, previous: BanList | None) -> list[str | Msg]:
    """Reasons to refuse ``page`` (empty when it looks right)."""
    reasons: list[str | Msg] = []
    low = page.title.lower()
    if page.title and not any(w in low for w in ("restrict", "banned", "制限", "禁止")):
        reasons.append(Msg(WORDS["not-the-banlist-page"], title=repr(page.title)))
    reasons += page.problems
    if not page.problems and page.empty:
        reasons.append(Msg(WORDS["banlist-page-empty"]))
    if previous is not None and not page.empty:
        new_size = len(page.banned) + len(page.restricted) + len(page.banned_pairs)
        if new_size * 2 < previous.size():
            reasons.append(Msg(WORDS["banlist-shrank"], old=previous.size(),
                               date=previous.announced, size=new_size))
    return reasons


def build_banlist(
    page: ParsedPage,
    fetched: Fetched,
    *,
    announced: dt.date,
    known: set[str] | None = None,
) -> BanList:
    """The cache record for a parsed page. ``known`` is the set of card numbers the card
    database holds; numbers outside it are kept and listed in ``unknown_numbers``."""
    bl = BanList(
        announced=announced,
        effective=page.effective,
        source=f"Bandai official restriction page ({page.title})" if page.title else "Bandai",
        source_url=fetched.location,
        fetched_at=fetched.fetched_at.isoformat().replace("+00:00", "Z"),
        sha256=fetched.sha256,
        banned=page.banned,
        restricted=page.restricted,
        banned_pairs=page.banned_pairs,
        names=page.names,
        since=page.since(),
        history=page.history,
    )
    if known is not None:
        bl.unknown_numbers = sorted(n for n in bl.all_numbers() if n not in known)
    return bl


def _known_numbers() -> set[str] | None:
    try:
        from tt_organizer.cards import load_cards

        return {c.number for c in load_cards()}
    except Exception:  # the card database is optional here: a sync still works without it
        return None


def sync_banlist(
    source: Source | str | None = None,
    cache: Path | str | None = None,
    *,
    force: bool = False,
    announced: dt.date | None = None,
    known: set[str] | None = None,
) -> SyncResult:
    """Fetch the page from ``source``, check it and store it in the cache.

    Raises FetchError (network, HTTP, size, content type) or SyncRefused; in both cases
    nothing in the cache has been written.
    """
    src = source if isinstance(source, Source) else page_source(source)
    started = time.monotonic()
    fetched = src.fetch()
    text, decoded = guards.decode_page(fetched)
    reasons: list[str | Msg] = [*decoded]
    deadline = getattr(src, "deadline", None)  # a remote source's wall-clock limit
    page = parse_within(text, None if deadline is None else started + deadline, fetched.location)
    folder = cache_dir(cache)
    try:
        previous: BanList | None = current_banlist(folder) if list_announcements(folder) else None
    except BanlistError:
        previous = None
    reasons += check_page(page, previous)
    if announced is not None and page.announced is not None and announced != page.announced:
        # --announced is for a page without a date: filing a dated page under another date
        # would put it at the wrong place in the history (--as-of, the current list)
        reasons.append(Msg(WORDS["announced-not-page-date"], date=announced,
                           page=page.announced))
    date = announced or page.announced
    if date is None:
        raise SyncRefused([*reasons, Msg(WORDS["page-without-date"])], fetched.location)
    known = known if known is not None else _known_numbers()
    banlist = build_banlist(page, fetched, announced=date, known=known)
    target = folder / f"{date.isoformat()}.json"
    existing: BanList | None = None
    if target.exists():
        try:
            existing = read_banlist_file(target)
        except BanlistError:
            existing = None  # a damaged file: the page repairs it
    reasons += guards.check_date(date)
    reasons += guards.check_growth(banlist, previous)
    reasons += guards.check_unknown(banlist, known)
    reasons += guards.check_same_date(banlist, existing)
    if reasons and not force:
        raise SyncRefused(reasons, fetched.location)
    folder.mkdir(parents=True, exist_ok=True)
    if existing is not None and (existing.sha256 == banlist.sha256 or existing.same_list(banlist)):
        # the list is cached already, but a sync that failed after writing it may have left
        # current.json behind: repair the pointer whatever happened before
        update_pointer(folder)
        return SyncResult("unchanged", existing, target, _is_current(folder, date),
                          [str(r) for r in reasons],
                          previous)
    status = "new" if not target.exists() else "updated"
    store_announcement(folder, banlist)  # the list, its checksum and current.json: one step
    return SyncResult(status, banlist, target, _is_current(folder, date),
                      [str(r) for r in reasons], previous)


def parse_within(text: str, ends: float | None, where: str) -> ParsedPage:
    """:func:`parse_page` of ``text``, given up (FetchError) if it is not done by ``ends``
    (a ``time.monotonic()`` value: the fetch's own deadline, so that parsing a hostile page
    cannot stretch the time a sync may take). The parser refuses a page of more markup than
    :data:`~tt_organizer.banlist.page.MAX_MARKUP` in one linear pass, so the work a given-up
    parse leaves behind (in a daemon thread) is bounded too."""
    if ends is None:
        return parse_page(text)
    import threading

    done: list[ParsedPage] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            done.append(parse_page(text))
        except BaseException as exc:  # handed to the caller's thread
            failed.append(exc)

    worker = threading.Thread(target=run, name="banlist-parse", daemon=True)
    worker.start()
    worker.join(max(0.0, ends - time.monotonic()))
    if failed:
        raise failed[0]
    if not done:
        raise FetchError("page-parse-timeout", where=where)
    return done[0]


def _is_current(folder: Path, date: dt.date) -> bool:
    """True if ``current.json`` points at the announcement of ``date``."""
    pointer = read_pointer(folder) or {}
    return pointer.get("current") == f"{date.isoformat()}.json"


def age_text(bl: BanList, today: dt.date | None = None) -> str:
    """How old the cached list is: ``announced 2026-03-16 (261 days ago), fetched ...``."""
    return "".join(str(part) for part in age_parts(bl, today))


def age_parts(bl: BanList, today: dt.date | None = None) -> list[Msg]:
    """:func:`age_text` as messages, to be shown in the reader's language."""
    today = today or dt.date.today()
    days = (today - bl.announced).days
    parts: list[Msg] = [NMsg("announced {date} ({days} days ago)",
                             "announced {date} ({days} days ago)", days, date=bl.announced,
                             days=days)]
    if bl.fetched_at:
        try:
            fetched = dt.datetime.fromisoformat(bl.fetched_at.replace("Z", "+00:00")).date()
            days = (today - fetched).days
            parts.append(NMsg(", fetched {date} ({days} days ago)",
                              ", fetched {date} ({days} days ago)", days, date=fetched,
                              days=days))
        except ValueError:
            parts.append(Msg(WORDS["deck-fetched"], date=bl.fetched_at))
    else:
        parts.append(Msg(WORDS["deck-shipped-tt-organizer-never"]))
    return parts


SYNC_TIMEOUT_ENV = "TT_BANLIST_TIMEOUT"


def parse_seconds(text: str | None, what: str, default: float) -> float:
    """A positive number of seconds (``default`` when ``text`` is empty); InputError if not."""
    if not text:
        return default
    try:
        value = parse_decimal(text, what, minimum=0.1, maximum=3600)
    except NumberError:
        raise InputError("bad-seconds", what=what, value=repr(text)) from None
    return value


def sync_before_validate(cache: Path | str | None, url: str | None = None, *,
                         words: Callable[[TTError], str] = str) -> str | None:
    """Try to refresh the cache from ``url`` (else env ``TT_BANLIST_URL``, else Bandai): two
    attempts of ``TT_BANLIST_TIMEOUT`` seconds (default 10) and a 0.5 s pause at most.

    Returns None when the sync worked, else the warning to show: why it failed (the refusal in
    the front-end's ``words``) and how old the cached list is that the check carries on with.
    Never raises for a failed sync; InputError for a malformed ``TT_BANLIST_TIMEOUT``.
    """
    location = url or os.environ.get("TT_BANLIST_URL") or None
    # a malformed setting is refused (InputError, exit 2), not taken for a failed download
    timeout = parse_seconds(os.environ.get(SYNC_TIMEOUT_ENV), SYNC_TIMEOUT_ENV, 10.0)
    try:
        sync_banlist(page_source(location, timeout=timeout, retries=1, backoff=0.5), cache)
    except TTError as exc:
        try:
            age = age_text(current_banlist(cache_dir(cache)))
        except TTError:
            age = "no cached list"
        return f"ban-list sync failed ({words(exc)}); validating with the cached list: {age}"
    return None
