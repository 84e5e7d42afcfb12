"""Refresh the shipped ban-list cache (banlist_cache/) from the recorded byte copy of Bandai's
English restriction page, through the same path as ``tt banlist sync``.

Run: ``python scripts/refresh_banlist_cache.py``

The page is tests/fixtures/real/banlist/digimon-en-restriction-page.html (README there: where
the copy comes from, its sha256). The sync records the file path as the source; this script
then files the record under the page's own address and the time the copy was retrieved, so
the cache says where its list really comes from.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tt_organizer.banlist.cache import store_announcement  # noqa: E402
from tt_organizer.banlist.page_sync import sync_banlist  # noqa: E402

PAGE = ROOT / "tests" / "fixtures" / "real" / "banlist" / "digimon-en-restriction-page.html"
CACHE = ROOT / "banlist_cache"
URL = "https://world.digimoncard.com/rule/restriction_card/"
RETRIEVED = "2026-08-02T22:44:20.495Z"  # when the byte copy was taken (README)


def main() -> None:
    result = sync_banlist(str(PAGE), CACHE)
    banlist = result.banlist
    banlist.source_url = URL
    banlist.fetched_at = RETRIEVED
    banlist.source = f"{banlist.source}; byte copy retrieved {RETRIEVED}"
    store_announcement(CACHE, banlist)
    print(f"{result.status}: {result.path} ({len(banlist.banned)} banned, "
          f"{len(banlist.restricted)} restricted, {len(banlist.banned_pairs)} pairs, "
          f"effective {banlist.effective}, {len(banlist.history)} dated blocks)")


if __name__ == "__main__":
    main()
