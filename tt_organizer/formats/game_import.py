"""Importing an organizer's card list for another game: the game's formats decide its types.

The card list itself (reading the CSV, where it is stored, its identifiers) is
:mod:`tt_organizer.cards.games`; this module sits in the formats layer because a game is named
by the formats that use it and the card types an import checks come from their zones.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path

from tt_organizer.atomic import write_json_atomic
from tt_organizer.cards.games import (
    DIGIMON_2020,
    SCHEMA,
    ImportResult,
    check_game_id,
    game_cards_path,
    normalizer_for,
    parse_game_cards_csv,
)
from tt_organizer.errors import InputError
from tt_organizer.formats.registry import ALIASES, all_formats
from tt_organizer.safe_files import read_limited

MAX_IMPORT_BYTES = 32 * 1024 * 1024  # 50,000 rows of a few hundred characters


def game_formats(game: str) -> list[str]:
    """Ids of the format definitions that use ``game``."""
    return [f.id for f in all_formats().values() if f.game == game]


def resolve_game(name: str) -> str:
    """The game id for ``name``: a game id used by some format, or a format id (its game)."""
    formats = all_formats()
    games = {f.game for f in formats.values()}
    as_format = ALIASES.get(name, name)
    game = name if name in games else formats[as_format].game if as_format in formats else None
    if game is None:
        raise InputError("unknown-game", name=repr(name), known=", ".join(sorted(games)))
    if game == DIGIMON_2020:
        raise InputError("shipped-card-database")
    return check_game_id(game)


def _types_of(game: str) -> tuple[list[str], set[str] | None]:
    """(every type the game's formats name, the types some zone allows or None = any type)."""
    named: list[str] = []
    allowed: set[str] | None = set()
    for fmt in all_formats().values():
        if fmt.game != game:
            continue
        for zone in fmt.zones:
            named += zone.allowed_types
            named += [t for g in zone.groups for t in g.types]
            if not zone.allowed_types:
                allowed = None
            elif allowed is not None:
                allowed.update(zone.allowed_types)
        named += [t for r in fmt.requirements for t in (r.types or [])]
    return list(dict.fromkeys(named)), allowed


def import_game_cards(csv_path: Path, game: str) -> ImportResult:
    """Import an organizer's CSV card list for ``game`` (a game or format id), replacing any
    earlier one; written atomically to :func:`game_cards_path`."""
    game = resolve_game(game)
    raw = read_limited(csv_path, MAX_IMPORT_BYTES, what="card list")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
    named, allowed = _types_of(game)
    rows = parse_game_cards_csv(text, source=str(csv_path), normalize=normalizer_for(game),
                                known_types=named)
    types: dict[str, int] = {}
    for row in rows:
        types[str(row[2])] = types.get(str(row[2]), 0) + 1
    warnings = [
        f"{n} card(s) of type {t!r}: no zone of {', '.join(game_formats(game))} allows that "
        f"type (allowed: {', '.join(sorted(allowed))})"
        for t, n in types.items()
        if allowed is not None and t not in allowed
    ]
    target = game_cards_path(game)
    payload = {
        "schema": SCHEMA,
        "game": game,
        "source_file": csv_path.name,
        "source_sha256": hashlib.sha256(raw).hexdigest(),
        "imported_at": dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat(),
        "count": len(rows),
        "columns": ["number", "name", "type", "colors", "level", "rarity", "set"],
        "cards": rows,
    }
    write_json_atomic(target, payload, compact=True)
    return ImportResult(game=game, path=target, count=len(rows), types=types, warnings=warnings)
