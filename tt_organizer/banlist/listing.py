"""What the ban-list commands show, as data: card names beside numbers, the ``--json`` shapes
of ``tt banlist show`` and ``tt banlist list`` (the command line and any other front-end print
these; none builds its own)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tt_organizer.banlist.announcement import BanList
    from tt_organizer.cards.database import CardDatabase


def card_name(number: str, bl: BanList, db: CardDatabase | None) -> str:
    """The card's name from the card database, else as the page printed it."""
    card = db.find(number) if db is not None else None
    if card is not None:
        return card.name
    return bl.names.get(number, "(not in the card database)")


def banlist_json(bl: BanList, db: CardDatabase | None) -> dict[str, Any]:
    """What ``tt banlist show --json`` prints: the list (without its history and the page's
    names) and every number's card name."""
    payload: dict[str, Any] = bl.to_dict(as_json=True, exclude={"history", "names"})
    payload["card_names"] = {n: card_name(n, bl, db) for n in bl.all_numbers()}
    return payload


def cache_listing(folder: Path) -> dict[str, Any]:
    """What ``tt banlist list --json`` prints: the cache folder and one row per cached
    announcement (``current`` marks the one in force)."""
    from tt_organizer.banlist.cache import read_all, read_pointer

    pointer = read_pointer(folder) or {}
    rows = [
        {
            "announced": bl.announced.isoformat(),
            "effective": bl.effective.isoformat() if bl.effective else None,
            "current": pointer.get("current") == f"{bl.announced.isoformat()}.json",
            "fetched_at": bl.fetched_at,
            "banned": len(bl.banned),
            "restricted": len(bl.restricted),
            "banned_pairs": len(bl.banned_pairs),
            "history_entries": len(bl.history),
        }
        for bl in read_all(folder)
    ]
    return {"cache": str(folder), "announcements": rows}
