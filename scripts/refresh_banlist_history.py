"""Refresh the shipped cache's dated history (banlist_cache/2026-03-16.json) from the dated
changes Bandai's restriction page lists, as recorded in a public parse of that page.

Run: ``python scripts/refresh_banlist_history.py`` (reads
tests/fixtures/real/banlist/aegis-banlist-events.json; see its README for the source).

Each event (card, status, copies, effective date, restrict/lift) becomes part of a dated
``HistoryEntry``: entries group the events of one date, kind and copy count, in page order.
The pair entries take both sides from the current list's pairs (the recorded parse misses
the cards of a side written as a list), and the entries the cache already had (P-029/P-030,
written in one ``dd`` that the recorded parse misses) are kept. The list is unchanged; its
effective date becomes 2026-04-04, the date of the newest "Effective on" block.
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tt_organizer.banlist.cache import read_banlist_file, write_banlist  # noqa: E402
from tt_organizer.banlist.model import (  # noqa: E402
    BANNED_KIND,
    LIFTED_KIND,
    PAIR_KIND,
    RESTRICTED_KIND,
    HistoryEntry,
)
from tt_organizer.banlist.page import ParsedPage  # noqa: E402

EVENTS = ROOT / "tests" / "fixtures" / "real" / "banlist" / "aegis-banlist-events.json"
CACHE = ROOT / "banlist_cache" / "2026-03-16.json"
KINDS = {"banned": BANNED_KIND, "restricted": RESTRICTED_KIND, "banned_pair": PAIR_KIND}


def main() -> None:
    recorded = json.loads(EVENTS.read_text(encoding="utf-8"))
    base = read_banlist_file(CACHE)
    pairs = {n: p for p in base.banned_pairs for n in p.cards()}
    # A block the page dates only by a product release ("Effective at the time of BT-08
    # release in your region.") takes, in the recorded parse, the date of the block before
    # it: such cards keep the cache's undated entry.
    undated = {n for e in base.history if e.effective is None for n in e.cards}
    entries: list[HistoryEntry] = []
    index: dict[tuple[str, str, str, int | None], HistoryEntry] = {}
    for ev in recorded["events"]:
        if ev["cardId"] in undated:
            continue
        date = dt.date.fromisoformat(ev["effectiveDate"])
        status = KINDS[ev["status"]]
        lift = ev["action"] == "lift"
        kind = LIFTED_KIND if lift else status
        count = ev["count"] if status == RESTRICTED_KIND and not lift else None
        key = (ev["effectiveDate"], kind, status, count)
        entry = index.get(key)
        if entry is None:
            verb = "lifted" if lift else {"banned": "banned", "restricted": f"restricted to "
                                           f"{count}", "banned_pair": "banned pair"}[ev["status"]]
            entry = HistoryEntry(heading=f"Effective on {date:%B} {date.day}, {date.year}: {verb}",
                                 effective=date, kind=kind, count=count,
                                 lifted_from=status if lift else None)
            index[key] = entry
            entries.append(entry)
        if status == PAIR_KIND and not lift and ev["cardId"] in pairs:
            if pairs[ev["cardId"]] not in entry.pairs:
                entry.pairs.append(pairs[ev["cardId"]])
        elif ev["cardId"] not in entry.cards:
            entry.cards.append(ev["cardId"])
    seen = {n for e in entries for n in e.cards + [c for p in e.pairs for c in p.cards()]}
    kept = [e for e in base.history if e.effective is None or not set(e.cards) <= seen]
    history = kept + entries
    base.history = history
    base.effective = dt.date(2026, 4, 4)
    page = ParsedPage(banned=base.banned, restricted=base.restricted,
                      banned_pairs=base.banned_pairs, history=history)
    base.since = page.since()
    base.source = (
        "Bandai official restriction page (world.digimoncard.com/rule/restriction_card/), "
        "announced 2026-03-16, in force 2026-04-04. The list: transcribed from public parsers "
        "of that page. The dated history: the page's 'Effective on' blocks as recorded by the "
        "public parse in vinicius3333/aegis-digimon-tcg data/kb/banlist.json (commit "
        "c5c186fa7d1b39a5bb3ed28041b1190beebacebe, fetched 2026-08-19; 64 dated changes), "
        "grouped by date; not scraped by this tool. `tt banlist sync` replaces it with the "
        "page's own history."
    )
    write_banlist(CACHE.parent, base)
    print(f"{len(history)} history entries, "
          f"{sum(len(e.cards) + len(e.pairs) for e in history)} dated changes")


if __name__ == "__main__":
    main()
