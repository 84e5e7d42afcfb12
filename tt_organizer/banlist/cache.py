"""The ban-list cache: one JSON file per announcement plus a pointer to the current one.

Layout (``banlist_cache/`` or ``--cache DIR`` / ``TT_BANLIST_CACHE``)::

    current.json        {"current": "2026-03-16.json", "announced": "2026-03-16", ...}
    2026-03-16.json     one announcement: source URL, fetch time, page SHA-256, the list,
                        card names, per-card effective dates and the page's dated history
    checksums.json      {"files": {"2026-03-16.json": "<sha256>", ...}}: each announcement as
                        written (and checked) here; an unchanged one is read without validation

Every write goes to a temporary file beside its target and is renamed into place.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from typing import TYPE_CHECKING

from tt_organizer.banlist.announcement import BanList
from tt_organizer.errors import BanlistError, TTError, field_hint
from tt_organizer.i18n import N_
from tt_organizer.paths import banlist_cache_folder
from tt_organizer.records import CHECKSUMS_FILE, checksums_with, trusted_json
from tt_organizer.safe_files import read_limited

if TYPE_CHECKING:
    from pathlib import Path

CURRENT_FILE = "current.json"
MAX_FILE_BYTES = 5 * 1024 * 1024  # one cached announcement (a real one is about 20 kB)


def cache_dir(path: Path | str | None = None) -> Path:
    """The cache folder: ``path``, else ``TT_BANLIST_CACHE``, else the shipped one."""
    from pathlib import Path

    return Path(cache_folder(path))


def cache_folder(path: Path | str | None = None) -> str:
    """:func:`cache_dir` as text (what a deck check reads it by: os.path, not pathlib)."""
    return os.fspath(path) if path else banlist_cache_folder()


def read_banlist_file(path: str | Path) -> BanList:
    """Read one cached announcement (or any file in the same shape). A file this package
    wrote, unchanged since (its checksum in ``checksums.json``), is read without validation;
    any other is checked."""
    if not os.path.exists(path):
        raise BanlistError("no-banlist-file", path=str(path))
    try:
        payload, trusted = trusted_json(path, MAX_FILE_BYTES, what="ban-list file")
        return BanList.load(payload, trusted)
    except (ValueError, RecursionError) as exc:
        # bad JSON, pydantic's ValidationError (a ValueError), JSON nested thousands deep
        raise BanlistError("not-a-banlist-file", path=str(path),
                           error=exc.__class__.__name__) from None


def _announcement(folder: str | Path, day: dt.date) -> str:
    return os.path.join(folder, f"{day.isoformat()}.json")


def list_announcements(folder: str | Path) -> list[dt.date]:
    """Dates of the cached announcements, oldest first."""
    dates = []
    try:
        names = os.listdir(folder)
    except (FileNotFoundError, NotADirectoryError):
        names = []
    for name in names:
        if name.endswith(".json"):
            try:
                dates.append(dt.date.fromisoformat(name[:-5]))
            except ValueError:
                continue
    return sorted(dates)


def read_all(folder: str | Path) -> list[BanList]:
    """Every cached announcement, oldest first."""
    return [read_banlist_file(_announcement(folder, d)) for d in list_announcements(folder)]


def read_pointer(folder: str | Path) -> dict[str, str] | None:
    """The content of ``current.json``, or None if it is missing or damaged."""
    try:
        data = read_limited(os.path.join(folder, CURRENT_FILE), MAX_FILE_BYTES,
                            what="ban-list pointer")
        payload = json.loads(data.decode("utf-8"))
    except (TTError, ValueError, RecursionError):
        return None
    return payload if isinstance(payload, dict) else None


def current_banlist(folder: str | Path) -> BanList:
    """The announcement ``current.json`` points to, else the newest cached one."""
    pointer = read_pointer(folder)
    if pointer and isinstance(pointer.get("current"), str):
        name = os.path.basename(pointer["current"].rstrip("/"))  # pathlib's .name
        target = os.path.join(folder, name)
        if name not in ("", ".", "..") and os.path.isfile(target):
            return read_banlist_file(target)
    dates = list_announcements(folder)
    if not dates:
        raise BanlistError("no-banlist-cache", folder=str(folder))
    return read_banlist_file(_announcement(folder, dates[-1]))


def resolve(folder: str | Path, pick: str) -> BanList:
    """A ban list named by a file path or by the date of a cached announcement."""
    if os.path.splitext(pick.rstrip("/"))[1] == ".json" and os.path.exists(pick):
        return read_banlist_file(pick)
    try:
        wanted = dt.date.fromisoformat(pick)
    except ValueError:
        raise BanlistError("banlist-neither-file-nor-date", code="bad-value", pick=repr(pick),
                           hint=field_hint((N_("ban list"), "banlist"), value=pick)) from None
    path = _announcement(folder, wanted)
    if not os.path.exists(path):
        have = ", ".join(d.isoformat() for d in list_announcements(folder))
        if not have:
            raise BanlistError("no-announcement-none-cached", code="no-announcement",
                               date=wanted.isoformat(), folder=str(folder))
        raise BanlistError("no-announcement", date=wanted.isoformat(), folder=str(folder),
                           have=have)
    return read_banlist_file(path)


def load_banlist(
    cache: Path | str | None = None,
    *,
    pick: str | None = None,
    as_of: dt.date | None = None,
) -> BanList:
    """The list to validate against: ``pick`` (a date or a file), else the one in force on
    ``as_of``, else the current cached announcement."""
    folder = cache_folder(cache)
    if pick:
        return resolve(folder, pick)
    if as_of is not None:
        from tt_organizer.banlist.history import in_force_on

        lists = read_all(folder)
        if not lists:
            raise BanlistError("no-banlist-cache", folder=str(folder))
        return in_force_on(lists, as_of)
    return current_banlist(folder)


def banlist_payload(banlist: BanList) -> dict[str, object]:
    """The JSON object stored for one announcement."""
    return banlist.to_dict(as_json=True, exclude={"derived_as_of", "note"})


def store_announcement(folder: Path, banlist: BanList) -> Path:
    """Store ``banlist`` as ``<announced>.json``, its checksum in ``checksums.json`` and
    ``current.json`` pointing at the newest announcement, as one step: the three files are
    written together, or (a write fault) all are left as they were. Returns its path."""
    from tt_organizer.atomic import json_bytes, write_files_atomic

    name = f"{banlist.announced.isoformat()}.json"
    payload = banlist_payload(banlist)
    BanList.validate(payload)  # what is trusted later is checked now
    data = json_bytes(payload)
    files = [(folder / name, data),
             (folder / CHECKSUMS_FILE, checksums_with(folder, {name: data}))]
    pointer = _pointer(folder, banlist)
    if pointer is not None and read_pointer(folder) != pointer:
        files.append((folder / CURRENT_FILE, json_bytes(pointer)))
    write_files_atomic(files)
    return folder / name


def _pointer(folder: Path, adding: BanList | None = None) -> dict[str, str | None] | None:
    """What ``current.json`` holds once ``adding`` is cached too: the newest announcement."""
    dates = list_announcements(folder)
    if adding is not None and adding.announced not in dates:
        dates = sorted([*dates, adding.announced])
    if not dates:
        return None
    if adding is not None and dates[-1] == adding.announced:
        newest = adding
    else:
        newest = read_banlist_file(folder / f"{dates[-1].isoformat()}.json")
    return {
        "current": f"{dates[-1].isoformat()}.json",
        "announced": dates[-1].isoformat(),
        "source_url": newest.source_url,
        "fetched_at": newest.fetched_at,
        "sha256": newest.sha256,
    }


def update_pointer(folder: Path) -> bool:
    """Point ``current.json`` at the newest cached announcement; True if it changed."""
    from tt_organizer.atomic import write_json_atomic

    payload = _pointer(folder)
    if payload is None or read_pointer(folder) == payload:
        return False
    write_json_atomic(folder / CURRENT_FILE, payload)
    return True
