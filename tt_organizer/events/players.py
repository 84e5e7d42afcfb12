"""Players: registration with a deck check, late entry, finding a player, drop and undrop."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from tt_organizer.errors import EventError
from tt_organizer.events import naming, queries, store
from tt_organizer.events.models import (
    EventSettings,
    MatchInfo,
    PlayerInfo,
)
from tt_organizer.events.setup import DECK_COLOR_TYPES, MAX_NAME_LENGTH, SWISS, TOP_CUT
from tt_organizer.events.store import Connection
from tt_organizer.i18n import N_, Msg, NMsg, Term
from tt_organizer.messages import WORDS
from tt_organizer.names import fold, match_name
from tt_organizer.typed_numbers import is_count

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
    seated: MatchInfo | None = None  # a late entry's table of the current round (the bye's)
    look_alikes: list[str] = field(default_factory=list)  # names equal once folded


@lru_cache(maxsize=4)
def check_context(
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
    from tt_organizer.formats.check import check_bytes, check_text
    from tt_organizer.safe_files import read_limited
    from tt_organizer.sheets.reading import MAX_FILE_BYTES

    ctx = check_context(settings.format_id, settings.banlist_date, settings.strict_colors,
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
        raise EventError("no-decklist")
    src = source or "<text>"
    return check_text(text, ctx, source=src), text, src


def deck_colors(report: ValidationReport) -> list[str]:
    """Colours of the deck's Digimon and Tamers, in the card game's colour order."""
    from tt_organizer.cards.card import COLORS

    seen: set[str] = set()
    known = report.deck.cards
    for zone in report.deck.zones.values():
        for number in zone:
            card = known.get(number)
            if card is not None and _colours_deck(card.card_type):
                seen.update(card.colors)
    return [c for c in COLORS if c in seen] + sorted(seen - set(COLORS))


@cache
def _colours_deck(card_type: str) -> bool:
    """Whether a card of ``card_type`` gives the deck its colours (a Digimon or Tamer, as
    :meth:`Card.has_type` counts them): asked once per card type, not per card."""
    from tt_organizer.cards.card import Card

    probe = Card("", "", card_type, ())
    return any(probe.has_type(t) for t in DECK_COLOR_TYPES)


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
    name, ext_id = _checked_names(name, ext_id)
    # inside a caller's transaction the settings cannot change before ours
    locked = store.in_transaction(conn)
    settings = store.read_settings(conn)
    aside = None
    if deck_path is None and deck_text is None:  # a no-show set aside keeps their deck
        aside = store.set_aside_row(conn, naming.set_aside_key(conn, name))
        if aside is not None:
            name, ext_id = aside["name"], ext_id or aside["ext_id"]
            deck_text, deck_source = aside["deck_text"], aside["deck_source"]
            allow_illegal = allow_illegal or bool(aside["allow_illegal"])
    deck = _checked_deck(settings, name, deck_path, deck_text, deck_source, allow_illegal)
    with store.transaction(conn):
        # fixed by the first pairing (re-read: another process may have paired meanwhile)
        entry = _Entry.read(conn, settings if locked else store.read_settings(conn))
        late = _admit(entry, name, ext_id, late, _StoredNames(conn))
        writes = _Writes(conn)
        pid, missed = _write_registration(writes, entry, name, ext_id, deck, allow_illegal,
                                          late)
        if aside is not None:
            store.delete_set_aside(conn, name.casefold())
            writes.audit("set-aside", f"player {pid} {name}",
                         {"back": True, "deck": deck[2] if deck else None})
        player = queries.player_by_id(conn, pid)
        seated = _seat_of(conn, entry, pid) if late else None
        alike = naming.look_alikes(conn, name)
    return Registration(player=player, report=deck[0] if deck else None, missed_rounds=missed,
                        seated=seated, look_alikes=alike)


def _seat_of(conn: Connection, entry: _Entry, pid: int) -> MatchInfo | None:
    """A late entry's table of the current round (None: they play from the next one)."""
    for m in queries.round_matches(conn, SWISS, entry.current):
        if m.table > 0 and pid in (m.player1, m.player2):
            return m
    return None


class SheetRegistrar:
    """Registers many players inside one open transaction (a sign-up sheet): the event's
    settings, its rounds and the names and ids already registered are read once, not per
    player; the decks and audit entries are written together when the registrar's ``with``
    block ends or :meth:`registrations` reads the players back, in one go. Each
    :meth:`register` refuses or registers as :func:`register_player` does; a refusal comes
    before anything is written, so a refused row leaves nothing behind. The caller's
    transaction holds the write lock, so nothing read can change meanwhile."""

    def __init__(self, conn: Connection, *, allow_illegal: bool = False,
                 late: bool = False) -> None:
        if not store.in_transaction(conn):
            raise AssertionError("a sheet is registered inside one transaction")
        self.conn, self.allow_illegal, self.late = conn, allow_illegal, late
        self.entry = _Entry.read(conn, store.read_settings(conn))
        roster = store.read_roster(conn)
        self.names = _KnownNames(roster)
        self.players = {p.name.casefold(): p for p in roster}
        self.folded: dict[str, list[PlayerInfo]] = {}
        for p in roster:
            self.folded.setdefault(fold(p.name), []).append(p)
        self.decks = store.deck_texts(conn)
        self.aside = {n.casefold() for n in store.set_aside_names(conn)}  # no-shows set aside
        self.writes = _BatchedWrites(conn)  # decks and audit entries, written together
        self._done: dict[int, tuple[ValidationReport | None, list[int]]] = {}

    def take(self, name: str, *, ext_id: str | None = None, deck_text: str | None = None,
             deck_path: str | Path | None = None, deck_source: str | None = None
             ) -> tuple[int, str]:
        """One row of a sheet imported again and again as it grows: a name not registered
        is registered (``"new"``, :meth:`register`); a registered player's deck is replaced
        when the row's differs and their id given when they had none (``"updated"``, the
        deck checked as at registration and changed after round 1 only by
        :func:`give_deck` with an override); otherwise ``"unchanged"``. Their number and the
        action."""
        name, ext_id = _checked_names(name, ext_id)
        # the name as registered, or spelt without its accents by the same player (one
        # registered name folds so, and the ids do not differ)
        known = self.players.get(name.casefold()) or match_name(name, [
            (p.name, p) for p in self.folded.get(fold(name), ())
            if not (ext_id and p.ext_id and p.ext_id != ext_id)]).found
        if known is None:
            return self.register(name, ext_id=ext_id, deck_text=deck_text, deck_path=deck_path,
                                 deck_source=deck_source), "new"
        pid, name = known.id, known.name
        new_id = None
        if ext_id and ext_id != known.ext_id:
            if known.ext_id:
                raise EventError("id-differs", name=name, known=known.ext_id, ext_id=ext_id)
            taken = self.names.name_with_ext_id(ext_id)
            if taken is not None:
                raise EventError("id-registered", ext_id=ext_id, taken=taken)
            new_id = ext_id
        stored = self.decks.get(pid)
        deck = None
        same_text = (deck_text is not None and stored is not None
                     and deck_text.strip() == stored[0].strip())
        if (deck_text is not None or deck_path is not None) and not same_text:
            deck = _checked_deck(self.entry.settings, name, deck_path, deck_text,
                                 deck_source, self.allow_illegal)
            if deck is not None and stored is not None and deck[1].strip() == stored[0].strip():
                deck = None  # a deck file holding the list registered
        if deck is not None and (self.entry.top_cut or self.entry.current > DECK_OPEN_ROUNDS):
            raise EventError("deck-locked", name=name,
                             when=Msg(WORDS["round-is-paired"], round=self.entry.current),
                             hint={"override": True})
        self._done[pid] = (deck[0] if deck else None, [])
        if deck is None and new_id is None:
            return pid, "unchanged"
        if new_id is not None:
            store.set_ext_id(self.conn, pid, new_id)
            self.names.add(name, new_id)
            self.writes.audit("player-id", f"player {pid} {name}", {"id": new_id},
                              {"id": None})
        if deck is not None:
            old = {"source": stored[1]} if stored is not None else None
            store.delete_deck(self.conn, pid)
            report, raw, source = deck
            _store_deck(self.writes, pid, name, self.entry.settings, report, raw, source,
                        self.allow_illegal, old=old)
        return pid, "updated"

    def register(self, name: str, *, ext_id: str | None = None, deck_text: str | None = None,
                 deck_path: str | Path | None = None, deck_source: str | None = None) -> int:
        """Register one player (refusals as :func:`register_player`, with the registrar's
        ``allow_illegal`` and ``late``); their number."""
        allow_illegal = self.allow_illegal
        name, ext_id = _checked_names(name, ext_id)
        aside = (store.set_aside_row(self.conn, name.casefold())
                 if name.casefold() in self.aside else None)
        if aside is not None and deck_path is None and deck_text is None:
            deck_text, deck_source = aside["deck_text"], aside["deck_source"]
            ext_id = ext_id or aside["ext_id"]
            allow_illegal = allow_illegal or bool(aside["allow_illegal"])
        deck = _checked_deck(self.entry.settings, name, deck_path, deck_text, deck_source,
                             allow_illegal)
        late = _admit(self.entry, name, ext_id, self.late, self.names)
        # every refusal comes before the first write: no savepoint is needed to undo one
        pid, missed = _write_registration(self.writes, self.entry, name, ext_id, deck,
                                          allow_illegal, late)
        if aside is not None:  # back from the no-shows
            store.delete_set_aside(self.conn, name.casefold())
            self.aside.discard(name.casefold())
            self.writes.audit("set-aside", f"player {pid} {name}",
                              {"back": True, "deck": deck[2] if deck else None})
        self.names.add(name, ext_id)
        self._done[pid] = (deck[0] if deck else None, missed)
        return pid

    def __enter__(self) -> SheetRegistrar:
        return self

    def __exit__(self, kind: object, *_: object) -> None:
        if kind is None:  # written before the caller's transaction commits
            self.writes.flush()

    def registrations(self) -> dict[int, Registration]:
        """What each :meth:`register` did, by player number (the players read in one go)."""
        self.writes.flush()
        players = {p.id: p for p in store.read_players(self.conn) if p.id in self._done}
        return {pid: Registration(player=players[pid], report=report, missed_rounds=missed)
                for pid, (report, missed) in self._done.items()}


# what clean_text's refusals name (its callers' words, translated where shown)
TEXT_FIELDS = (N_("a player name"), N_("an id"), N_("the note"), N_("a file name"))


def _checked_names(name: str, ext_id: str | None) -> tuple[str, str | None]:
    name = clean_text(name, N_("a player name"))
    if not name:
        raise EventError("player-needs-name")
    if name.upper() == "BYE":
        raise EventError("bye-not-a-name")
    return name, clean_text(ext_id, N_("an id")) if ext_id else None


# a checked deck: its report, the raw text to store and its source name
_Deck = tuple["ValidationReport", str, str]


def _checked_deck(settings: EventSettings, name: str, path: str | Path | None,
                  text: str | None, source: str | None, allow_illegal: bool) -> _Deck | None:
    """The deck checked (None without one); an illegal one refused unless ``allow_illegal``."""
    if path is None and text is None:
        return None
    report, raw, source = check_deck(settings, path=path, text=text, source=source)
    if not report.legal and not allow_illegal:
        named: Msg | str = ""  # the messages that name cards, in the reader's language
        for v in report.errors:
            if _names_cards(v.code):
                named = Msg(WORDS["then-message"], before=named, message=v.text or v.message)
        raise EventError("deck-not-legal", name=name, source=source,
                         codes=", ".join(report.codes), named=named,
                         hint={"codes": list(report.codes)})
    return report, raw, source


def _names_cards(code: str) -> bool:
    """Is ``code`` a rule broken by particular cards (an unknown number -- its message holds
    the suggestions --, a banned card, too many copies), whose message a refusal repeats?"""
    from tt_organizer.formats.validator import (
        BANNED,
        BANNED_PAIR,
        CARD_COPIES,
        RESTRICTED,
        UNKNOWN_CARD,
        WRONG_ZONE,
    )

    return code in (UNKNOWN_CARD, WRONG_ZONE, BANNED, RESTRICTED, BANNED_PAIR, CARD_COPIES) \
        or code.endswith("_COPIES")


@dataclass
class _Entry:
    """What a registration is checked against: the settings and the rounds paired."""

    settings: EventSettings
    top_cut: int
    current: int

    @classmethod
    def read(cls, conn: Connection, settings: EventSettings) -> _Entry:
        return cls(settings, store.current_round(conn, TOP_CUT), store.current_round(conn))


def _admit(entry: _Entry, name: str, ext_id: str | None, late: bool,
           taken: _StoredNames) -> bool:
    """Refuse a registration the event cannot take (before anything is written); whether it
    is a late entry (a ``late`` one before any pairing is an ordinary registration)."""
    if entry.top_cut:
        raise EventError("registration-closed")
    current = entry.current
    if current and not late:
        raise EventError("round-paired", round=current, name=name,
                         hint={"command": "late-entry"})
    total = entry.settings.rounds
    if late and current and total is not None and current >= total:
        raise EventError("too-late-to-play", total=total, name=name)
    taken.refuse(name, ext_id)
    return late and bool(current)


def _write_registration(writes: _Writes, entry: _Entry, name: str, ext_id: str | None,
                        deck: _Deck | None, allow_illegal: bool, late: bool
                        ) -> tuple[int, list[int]]:
    """Store an admitted registration and its audit entries (no refusal comes after the
    first write); the player's number and the rounds they missed."""
    conn, current = writes.conn, entry.current
    at = store.now()
    bye = _open_bye(conn, entry) if late else None  # the late entry plays its bye player
    first = (current if bye else current + 1) if late else None
    pid = store.insert_player(conn, name, ext_id, at, first)
    writes.audit("late-entry" if late else "register", f"player {pid} {name}",
                 {"name": name, "id": ext_id})
    if deck is not None:
        report, raw, source = deck
        _store_deck(writes, pid, name, entry.settings, report, raw, source, allow_illegal)
    missed: list[int] = []
    if late:
        for rnd in range(1, (first or 1)):
            store.insert_missed_round(conn, rnd, pid, at)
            missed.append(rnd)
        seat: dict[str, Any] = {}
        if bye is not None:
            from tt_organizer.pairing.swiss import Pairing

            store.delete_pairing(conn, SWISS, current, bye.table)
            queries.insert_pairings(conn, SWISS, current, [Pairing(bye.table, bye.player1, pid)])
            seat = {"round": current, "table": bye.table, "against": bye.player1}
        writes.audit("late-entry", f"player {pid} {name}",
                     {"missed_rounds": missed, "scored_as": "loss", **seat})
    return pid, missed


def _open_bye(conn: Connection, entry: _Entry) -> MatchInfo | None:
    """The bye a late entry takes in the current Swiss round: while the round is being
    played, its bye that was not granted (an invited player keeps theirs); else None."""
    rnd = entry.current
    matches = queries.round_matches(conn, SWISS, rnd)
    if not queries.tables_without_result(matches):
        return None  # the round is over: the late entry plays from the next one
    granted = {pid for pid, text in store.bye_round_texts(conn).items()
               if str(rnd) in text.split(",")}
    return next((m for m in matches if m.player2 is None and m.table > 0
                 and m.player1 not in granted), None)


class _StoredNames:
    """Refuses a name or id already registered, asking the store (one indexed look-up)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def name_with_key(self, key: str) -> str | None:
        return store.name_with_key(self.conn, key)

    def name_with_ext_id(self, ext_id: str) -> str | None:
        return store.name_with_ext_id(self.conn, ext_id)

    def refuse(self, name: str, ext_id: str | None) -> None:
        taken = self.name_with_key(name.casefold())
        if taken is not None:
            raise EventError("already-registered", name=name, taken=taken)
        if ext_id:
            taken = self.name_with_ext_id(ext_id)
            if taken is not None:
                raise EventError("id-registered", ext_id=ext_id, taken=taken)


class _KnownNames(_StoredNames):
    """The names and ids registered, read once (a sheet's registrations add theirs)."""

    def __init__(self, roster: list[PlayerInfo]) -> None:
        self.keys = {p.name.casefold(): p.name for p in roster}
        self.ids = {p.ext_id: p.name for p in roster if p.ext_id}

    def name_with_key(self, key: str) -> str | None:
        return self.keys.get(key)

    def name_with_ext_id(self, ext_id: str) -> str | None:
        return self.ids.get(ext_id)

    def add(self, name: str, ext_id: str | None) -> None:
        self.keys[name.casefold()] = name
        if ext_id:
            self.ids[ext_id] = name


def clean_text(text: str, what: str) -> str:
    """``text`` with runs of whitespace (tabs, newlines) made one space; refused when too long
    or holding other control characters (they would garble tables, logs and spreadsheets)."""
    text = " ".join(text.split())
    if len(text) > MAX_NAME_LENGTH:
        raise EventError("text-too-long", start=text[:20], what=Term(what),
                         most=MAX_NAME_LENGTH)
    # ZWJ / ZWNJ join emoji (👨‍👩‍👧) and shape Persian or Indic spellings: not controls
    if not text.replace("\u200d", "").replace("\u200c", "").isprintable():
        raise EventError("text-control-characters", text=repr(text), what=Term(what))
    return text


def late_entry(conn: Connection, name: str, **kwargs: Any) -> Registration:
    """Register a player after pairings began: a loss for every round already paired."""
    return register_player(conn, name, late=True, **kwargs)


def _refuse_duplicate(conn: Connection, name: str, ext_id: str | None) -> None:
    _StoredNames(conn).refuse(name, ext_id)


# the stored deck report as JSON (one encoder for every deck, not one per call)
_REPORT_JSON = json.JSONEncoder(ensure_ascii=False, default=str).encode


def _store_deck(
    writes: _Writes,
    pid: int,
    name: str,
    settings: EventSettings,
    report: ValidationReport,
    raw: str,
    source: str | None,
    allow_illegal: bool,
    *,
    old: dict[str, Any] | None = None,
    override: bool = False,
) -> None:
    """Write a checked deck and its audit entries (``old``: the deck it replaces, as logged;
    ``override``: changed after round 1)."""
    from tt_organizer.decklist.parsed import MAIN, PILE

    writes.deck(pid, {
        "source": source, "text": raw, "format_id": settings.format_id,
        "banlist_date": settings.banlist_date, "legal": int(report.legal),
        "allow_illegal": int(allow_illegal and not report.legal),
        "codes": json.dumps(report.codes), "colors": json.dumps(deck_colors(report)),
        "main": json.dumps(report.deck.zone(MAIN)), "pile": json.dumps(report.deck.zone(PILE)),
        "report": _REPORT_JSON(report.to_dict()),
        "checked_at": store.now(),
    })
    logged: dict[str, Any] = {"source": source, "legal": report.legal, "codes": report.codes}
    if override:
        logged["override"] = True
    writes.audit("deck", f"player {pid} {name}", logged, old)
    if not report.legal:
        writes.audit("allow-illegal", f"player {pid} {name}", {"codes": report.codes})


class _Writes:
    """Where a registration's deck and audit entries go: straight to the store."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def audit(self, action: str, subject: str, new: dict[str, Any],
              old: dict[str, Any] | None = None) -> None:
        store.audit(self.conn, action, subject, old, new)

    def deck(self, pid: int, values: dict[str, Any]) -> None:
        store.insert_deck(self.conn, pid, values)

    def flush(self) -> None:
        """Write what is kept back (nothing here)."""


class _BatchedWrites(_Writes):
    """Decks and audit entries kept back, then written in order by one statement each
    (:meth:`flush`, inside the same transaction): a sign-up sheet's thousands of rows."""

    def __init__(self, conn: Connection) -> None:
        super().__init__(conn)
        self.entries: list[tuple[str, str, Any, Any]] = []
        self.decks: list[tuple[int, dict[str, Any]]] = []

    def audit(self, action: str, subject: str, new: dict[str, Any],
              old: dict[str, Any] | None = None) -> None:
        self.entries.append((action, subject, old, new))

    def deck(self, pid: int, values: dict[str, Any]) -> None:
        self.decks.append((pid, values))

    def flush(self) -> None:
        if self.entries:
            store.audit_entries(self.conn, self.entries)
        if self.decks:
            store.insert_decks(self.conn, self.decks)
        self.entries, self.decks = [], []


def find_player(conn: Connection, ref: str, *, by_id: bool = False) -> PlayerInfo:
    """The player named ``ref``: the name as registered (any case), else the one name equal
    to it without case and accents (``Jose Martinez`` is ``José Martínez``; two such names
    are refused, both named; none: the closest names suggested); with ``by_id`` the one
    registered with that ID (or, failing that, the player number ``tt event players``
    shows). Every command that takes a player's name finds it here."""
    if by_id:
        pid = store.player_id_by_ext_id(conn, ref.strip())
        if pid is None and is_count(ref):
            pid = store.player_id_by_number(conn, int(ref))
        if pid is not None:
            return queries.player_by_id(conn, pid)
        raise EventError("no-player-id", ref=ref)
    return queries.player_by_id(conn, naming.player_named(conn, ref))


def drop(conn: Connection, ref: str, *, by_id: bool = False) -> PlayerInfo:
    """Drop a player: not paired from the next pairing on; stays in the standings."""
    with store.transaction(conn):
        p = find_player(conn, ref, by_id=by_id)
        if p.dropped:
            raise EventError("already-dropped", name=p.name, round=p.dropped_round)
        current = store.current_round(conn)
        store.set_dropped(conn, p.id, current)
        table = pending_in_current_round(conn, p.id)
        if table is not None:  # the table loses a player: its phone reports are withdrawn
            store.withdraw_table_reports(conn, table.stage, table.round, table.table,
                                         store.now())
        store.audit(conn, "drop", f"player {p.id} {p.name}", {"dropped": False},
                    {"dropped": True, "round": current})
        return queries.player_by_id(conn, p.id)


def undrop(conn: Connection, ref: str, *, by_id: bool = False) -> PlayerInfo:
    """Take back a drop: the player is paired again from the next pairing on."""
    with store.transaction(conn):
        p = find_player(conn, ref, by_id=by_id)
        if not p.dropped:
            raise EventError("not-dropped", name=p.name)
        if store.current_round(conn, TOP_CUT):
            raise EventError("too-late-to-undrop")
        store.set_dropped(conn, p.id, None)
        store.audit(conn, "undrop", f"player {p.id} {p.name}",
                    {"dropped": True, "round": p.dropped_round}, {"dropped": False})
        return queries.player_by_id(conn, p.id)


@dataclass
class DeckChange:
    """What :func:`give_deck` did: the player as now stored, the new deck's report and the
    source of the deck it replaced (None when the player had none)."""

    player: PlayerInfo
    report: ValidationReport
    replaced: str | None
    override: bool = False


# a deck is given or replaced freely until round 2 is paired; later only as an override
DECK_OPEN_ROUNDS = 1


def give_deck(
    conn: Connection,
    ref: str,
    *,
    deck_path: str | Path | None = None,
    deck_text: str | None = None,
    deck_source: str | None = None,
    allow_illegal: bool = False,
    override: bool = False,
) -> DeckChange:
    """Give the player ``ref`` a deck, or replace theirs: checked against the event's format
    and ban list as at registration (an illegal deck refused unless ``allow_illegal``) and
    logged with the deck it replaces. Until round 1 is over (round 2 paired) anyone's deck
    may change; afterwards, and in the top cut, only with ``override`` (logged as such)."""
    settings = store.read_settings(conn)
    player = find_player(conn, ref)
    if deck_path is None and deck_text is None:
        raise EventError("no-decklist")
    deck = _checked_deck(settings, player.name, deck_path, deck_text, deck_source,
                         allow_illegal)
    assert deck is not None
    with store.transaction(conn):
        player = find_player(conn, ref)  # re-read inside the write lock
        entry = _Entry.read(conn, settings)
        late = entry.top_cut or entry.current > DECK_OPEN_ROUNDS
        if late and not override:
            when = (Msg(WORDS["top-cut-has-started"]) if entry.top_cut else
                    Msg(WORDS["round-is-paired"], round=entry.current))
            raise EventError("deck-locked", name=player.name, when=when,
                             hint={"override": True})
        old = ({"source": player.deck_source, "legal": player.deck_legal}
               if player.deck_text is not None else None)
        store.delete_deck(conn, player.id)
        report, raw, source = deck
        _store_deck(_Writes(conn), player.id, player.name, settings, report, raw, source,
                    allow_illegal, old=old, override=bool(late))
        return DeckChange(queries.player_by_id(conn, player.id), report,
                          player.deck_source or "" if old else None, bool(late))


def without_deck(conn: Connection) -> list[str]:
    """The active (not dropped) players who have no deck registered, by number."""
    return [r["name"] for r in store.roster_flags(conn) if not r["dropped"] and not r["has_deck"]]


def refuse_without_deck(conn: Connection, settings: EventSettings) -> None:
    """In an event that requires decks, refuse to pair while an active player has none."""
    if not settings.require_decks:
        return
    missing = without_deck(conn)
    if missing:
        raise EventError("no-deck", names=", ".join(missing),
                         missing=NMsg("{n} player(s) have no deck", "{n} player(s) have no deck",
                                      len(missing), n=len(missing)),
                         hint={"names": missing})


def pending_in_current_round(conn: Connection, player_id: int) -> MatchInfo | None:
    """The player's unreported pairing of the current round, if any (drop → `repair`)."""
    stage, rnd = queries.current_stage(conn)
    for m in store.read_matches(conn, stage, rnd, tables_only=True, player=player_id):
        if m.result is None:
            return m
    return None
