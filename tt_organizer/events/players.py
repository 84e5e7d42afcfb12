"""Players: registration with a deck check, late entry, finding a player, drop and undrop."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tt_organizer.errors import EventError
from tt_organizer.events.models import (
    EventSettings,
    MatchInfo,
    PlayerInfo,
)
from tt_organizer.events.rounds import _current_stage
from tt_organizer.events.setup import DECK_COLOR_TYPES, MAX_NAME_LENGTH, TOP_CUT
from tt_organizer.events.store import Connection
from tt_organizer.events.store.dispatch import store
from tt_organizer.numbers import is_count

if TYPE_CHECKING:
    from pathlib import Path

    from tt_organizer.formats.check import CheckContext
    from tt_organizer.formats.validator import ValidationReport


@dataclass
class Registration:
    """What ``register_player`` did: the player, and the deck report when a deck was given."""

    player: PlayerInfo
    report: ValidationReport | None = None
    missed_rounds: list[int] = field(default_factory=list)


@lru_cache(maxsize=4)
def _check_context(
    format_id: str, banlist_date: str | None, strict: bool,
    format_settings: tuple[tuple[str, int], ...] = (),
) -> CheckContext:
    from tt_organizer.formats.check import load_context

    return load_context(format_id, banlist_pick=banlist_date, strict_colors=strict,
                        settings=dict(format_settings))


def check_deck(
    settings: EventSettings,
    *,
    path: str | Path | None = None,
    text: str | None = None,
    source: str | None = None,
) -> tuple[ValidationReport, str, str]:
    """Check a decklist (a file or text) against the event's pinned format and ban list;
    returns the report, the raw text to store and the source name."""
    from tt_organizer.decklist.parsers import MAX_FILE_BYTES
    from tt_organizer.formats.check import check_bytes, check_text
    from tt_organizer.safe_files import read_limited

    ctx = _check_context(settings.format_id, settings.banlist_date, settings.strict_colors,
                         tuple(sorted(settings.format_settings.items())))
    if path is not None:
        from pathlib import Path

        p = Path(path)
        # read once: a named pipe (<(curl ...)) cannot be read a second time
        data = read_limited(p, MAX_FILE_BYTES, what="decklist file", pipes=True)
        report = check_bytes(data, ctx, source=str(p), suffix=p.suffix)
        try:
            raw = data.decode("utf-8-sig")
        except UnicodeDecodeError:  # a spreadsheet: keep a plain rendering of what was read
            raw = "\n".join(
                f"// {zone}\n" + "\n".join(f"{n} {num}" for num, n in cards.items())
                for zone, cards in report.deck.zones.items()
            )
        return report, raw, source or p.name
    if text is None:
        raise EventError("no decklist given")
    src = source or "<text>"
    return check_text(text, ctx, source=src), text, src


def deck_colors(report: ValidationReport) -> list[str]:
    """Colours of the deck's Digimon and Tamers, in the card game's colour order."""
    from tt_organizer.cards.model import COLORS

    seen: set[str] = set()
    for number in report.deck.numbers():
        card = report.deck.cards.get(number)
        if card and any(card.has_type(t) for t in DECK_COLOR_TYPES):
            seen.update(card.colors)
    return [c for c in COLORS if c in seen] + sorted(seen - set(COLORS))


def register_player(
    conn: Connection,
    name: str,
    *,
    deck_path: str | Path | None = None,
    deck_text: str | None = None,
    deck_source: str | None = None,
    ext_id: str | None = None,
    allow_illegal: bool = False,
    late: bool = False,
) -> Registration:
    """Register a player (before the first pairing; ``late=True`` is :func:`late_entry`).

    The deck is checked against the event's format and ban list; an illegal deck is refused
    unless ``allow_illegal`` (logged)."""
    name = _clean_text(name, "a player name")
    if not name:
        raise EventError("a player needs a name")
    if name.upper() == "BYE":
        raise EventError("BYE is not a player name")
    ext_id = _clean_text(ext_id, "an id") if ext_id else None
    # inside a caller's transaction (a sign-up sheet) the settings cannot change before ours
    locked = store.in_transaction(conn)
    settings = store.read_settings(conn)
    report = raw = source = None
    if deck_path is not None or deck_text is not None:
        report, raw, source = check_deck(settings, path=deck_path, text=deck_text,
                                         source=deck_source)
        if not report.legal and not allow_illegal:
            raise EventError(
                f"{name}: deck {source} is not legal ({', '.join(report.codes)})",
                code="deck-not-legal", hint={"name": name, "codes": list(report.codes)},
            )
    with store.transaction(conn):
        if store.current_round(conn, TOP_CUT):
            raise EventError("the top cut has started; no more registrations")
        current = store.current_round(conn)
        if current and not late:
            raise EventError(f"round {current} is already paired", code="round-paired",
                             hint={"command": "late-entry", "name": name})
        if late and not current:
            late = False  # nothing missed yet: an ordinary registration
        # fixed by the first pairing (re-read: another process may have paired meanwhile)
        total = (settings if locked else store.read_settings(conn)).rounds
        if late and total is not None and current >= total:
            raise EventError(f"all {total} Swiss rounds are paired; {name} could not play any")
        _refuse_duplicate(conn, name, ext_id)
        at = store.now()
        pid = store.insert_player(conn, name, ext_id, at, current + 1 if late else None)
        store.audit(conn, "late-entry" if late else "register", f"player {pid} {name}", None,
                    {"name": name, "id": ext_id})
        if report is not None:
            _store_deck(conn, pid, name, settings, report, raw or "", source, allow_illegal)
        missed: list[int] = []
        if late:
            for rnd in range(1, current + 1):
                store.insert_missed_round(conn, rnd, pid, at)
                missed.append(rnd)
            store.audit(conn, "late-entry", f"player {pid} {name}", None,
                        {"missed_rounds": missed, "scored_as": "loss"})
        player = _player(conn, pid)
    return Registration(player=player, report=report, missed_rounds=missed)


def _clean_text(text: str, what: str) -> str:
    """``text`` with runs of whitespace (tabs, newlines) made one space; refused when too long
    or holding other control characters (they would garble tables, logs and spreadsheets)."""
    text = " ".join(text.split())
    if len(text) > MAX_NAME_LENGTH:
        raise EventError(f"{text[:20]}…: {what} is at most {MAX_NAME_LENGTH} characters")
    # ZWJ / ZWNJ join emoji (👨‍👩‍👧) and shape Persian or Indic spellings: not controls
    if not text.replace("\u200d", "").replace("\u200c", "").isprintable():
        raise EventError(f"{text!r}: {what} cannot hold control characters")
    return text


def late_entry(conn: Connection, name: str, **kwargs: Any) -> Registration:
    """Register a player after pairings began: a loss for every round already paired."""
    return register_player(conn, name, late=True, **kwargs)


def _refuse_duplicate(conn: Connection, name: str, ext_id: str | None) -> None:
    taken = store.name_with_key(conn, name.casefold())
    if taken is not None:
        raise EventError(f"{name}: already registered (as {taken})")
    if ext_id:
        taken = store.name_with_ext_id(conn, ext_id)
        if taken is not None:
            raise EventError(f"id {ext_id}: already registered (to {taken})")


def _store_deck(
    conn: Connection,
    pid: int,
    name: str,
    settings: EventSettings,
    report: ValidationReport,
    raw: str,
    source: str | None,
    allow_illegal: bool,
) -> None:
    from tt_organizer.decklist.model import MAIN, PILE

    store.insert_deck(conn, pid, {
        "source": source, "text": raw, "format_id": settings.format_id,
        "banlist_date": settings.banlist_date, "legal": int(report.legal),
        "allow_illegal": int(allow_illegal and not report.legal),
        "codes": json.dumps(report.codes), "colors": json.dumps(deck_colors(report)),
        "main": json.dumps(report.deck.zone(MAIN)), "pile": json.dumps(report.deck.zone(PILE)),
        "report": json.dumps(report.to_dict(), ensure_ascii=False, default=str),
        "checked_at": store.now(),
    })
    store.audit(conn, "deck", f"player {pid} {name}", None,
                {"source": source, "legal": report.legal, "codes": report.codes})
    if not report.legal:
        store.audit(conn, "allow-illegal", f"player {pid} {name}", None,
                    {"codes": report.codes})


def _player(conn: Connection, pid: int) -> PlayerInfo:
    player = store.read_player(conn, pid)
    if player is None:
        raise EventError(f"no player {pid}")
    return player


def find_player(conn: Connection, ref: str, *, by_id: bool = False) -> PlayerInfo:
    """The player named ``ref`` (case-insensitive); with ``by_id`` the one registered with
    that ID (or, failing that, the player number ``tt event players`` shows)."""
    if by_id:
        pid = store.player_id_by_ext_id(conn, ref.strip())
        if pid is None and is_count(ref):
            pid = store.player_id_by_number(conn, int(ref))
        if pid is not None:
            return _player(conn, pid)
        raise EventError(f"no player with id {ref}")
    key = " ".join(ref.split()).casefold()
    pid = store.player_id_by_name_key(conn, key)
    if pid is not None:
        return _player(conn, pid)
    raise EventError(f"no player named {ref!r}", code="no-player",
                     hint={"command": "players"})


def drop(conn: Connection, ref: str, *, by_id: bool = False) -> PlayerInfo:
    """Drop a player: not paired from the next pairing on; stays in the standings."""
    with store.transaction(conn):
        p = find_player(conn, ref, by_id=by_id)
        if p.dropped:
            raise EventError(f"{p.name} has already dropped (after round {p.dropped_round})")
        current = store.current_round(conn)
        store.set_dropped(conn, p.id, current)
        store.audit(conn, "drop", f"player {p.id} {p.name}", {"dropped": False},
                    {"dropped": True, "round": current})
        return _player(conn, p.id)


def undrop(conn: Connection, ref: str, *, by_id: bool = False) -> PlayerInfo:
    """Take back a drop: the player is paired again from the next pairing on."""
    with store.transaction(conn):
        p = find_player(conn, ref, by_id=by_id)
        if not p.dropped:
            raise EventError(f"{p.name} has not dropped")
        if store.current_round(conn, TOP_CUT):
            raise EventError("the top cut has started; too late to undrop")
        store.set_dropped(conn, p.id, None)
        store.audit(conn, "undrop", f"player {p.id} {p.name}",
                    {"dropped": True, "round": p.dropped_round}, {"dropped": False})
        return _player(conn, p.id)


def pending_in_current_round(conn: Connection, player_id: int) -> MatchInfo | None:
    """The player's unreported pairing of the current round, if any (drop → `repair`)."""
    stage, rnd = _current_stage(conn)
    for m in store.read_matches(conn, stage, rnd, tables_only=True, player=player_id):
        if m.result is None:
            return m
    return None
