"""The ban-list cache: one JSON file per announcement plus a pointer to the current one."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from pydantic import ValidationError

from tt_organizer.banlist.model import BanList
from tt_organizer.errors import BanlistError
from tt_organizer.paths import default_banlist_cache

CURRENT_FILE = "current.json"


def cache_dir(path: Path | str | None = None) -> Path:
    """The cache folder: ``path``, else ``TT_BANLIST_CACHE``, else the shipped one."""
    return Path(path) if path else default_banlist_cache()


def read_banlist_file(path: Path) -> BanList:
    """Read one cached announcement (or any file in the same shape)."""
    try:
        return BanList.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        raise BanlistError(f"{path}: no such ban-list file") from None
    except (ValueError, ValidationError) as exc:
        raise BanlistError(f"{path}: not a ban-list file ({exc.__class__.__name__})") from None


def list_announcements(folder: Path) -> list[dt.date]:
    """Dates of the cached announcements, oldest first."""
    dates = []
    for p in folder.glob("*.json"):
        try:
            dates.append(dt.date.fromisoformat(p.stem))
        except ValueError:
            continue
    return sorted(dates)


def load_banlist(
    cache: Path | str | None = None,
    *,
    pick: str | None = None,
    as_of: dt.date | None = None,
) -> BanList:
    """The list to validate against: ``pick`` (a date or a file), else the one in force on
    ``as_of``, else the newest cached announcement."""
    folder = cache_dir(cache)
    if pick:
        candidate = Path(pick)
        if candidate.suffix == ".json" and candidate.exists():
            return read_banlist_file(candidate)
        try:
            wanted = dt.date.fromisoformat(pick)
        except ValueError:
            raise BanlistError(f"--banlist {pick!r}: neither a file nor a date (YYYY-MM-DD)") from None
        return read_banlist_file(folder / f"{wanted.isoformat()}.json")
    dates = list_announcements(folder)
    if as_of is not None:
        dates = [d for d in dates if d <= as_of]
    if not dates:
        when = f" in force on {as_of}" if as_of else ""
        raise BanlistError(f"no cached ban list{when} in {folder} (run `tt banlist sync`)")
    return read_banlist_file(folder / f"{dates[-1].isoformat()}.json")
