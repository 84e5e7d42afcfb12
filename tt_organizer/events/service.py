"""Event operations: the library the ``tt event`` commands are a thin layer over.

Every function that changes the event takes an open connection (:func:`store.open_event` /
:func:`store.connect`), runs in one transaction (a savepoint when the caller already holds
one, so that several calls can be made all-or-nothing) and appends to the audit log. A
refusal raises :class:`EventError` and leaves the database unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tt_organizer.errors import EventError
from tt_organizer.events import store
from tt_organizer.events.models import (
    EventSettings,
    EventSnapshot,
    GameInfo,
    MatchInfo,
    PlayerInfo,
    paired_round,
)
from tt_organizer.events.results import MatchResult, parse_game_flags, parse_result
from tt_organizer.events.store import Connection
from tt_organizer.numbers import is_count
from tt_organizer.pairing.swiss import rounds_for_players
from tt_organizer.standings.tiebreakers import TIEBREAKERS

if TYPE_CHECKING:
    from tt_organizer.formats.check import CheckContext
    from tt_organizer.formats.validator import ValidationReport
    from tt_organizer.standings.tiebreakers import Standing

SWISS = "swiss"
TOP_CUT = "top-cut"
DEFAULT_TIEBREAKERS = ("omw", "oomw", "gw")
PRESET_TIEBREAKERS = {"melee": ("omw", "gw", "ogw")}  # the order a preset ranks by
TOP_CUT_SIZES = (0, 4, 8, 16)
MAX_POINTS = 1000
MAX_SEED = 2**63 - 1  # SQLite's largest integer
MAX_NAME_LENGTH = 100
DECK_COLOR_TYPES = ("Digimon", "Tamer")


# --- the rule book's tables ------------------------------------------------------------------


def top_cut_for_players(count: int) -> int:
    """Top-cut size by player count: under 16 none, 16–31 top 4, 32–127 top 8, 128+ top 16."""
    if count < 16:
        return 0
    if count < 32:
        return 4
    if count < 128:
        return 8
    return 16


# --- creating --------------------------------------------------------------------------------


def create_event(
    path: str | Path,
    name: str,
    *,
    format_id: str | None = None,
    banlist: str | None = None,
    best_of: int = 3,
    rounds: int | None = None,
    top_cut: int | None = None,
    seed: int | None = None,
    unfinished: str = "draw",
    tiebreakers: Sequence[str] | None = None,
    strict_colors: bool = False,
    win_points: int = 3,
    draw_points: int = 1,
    loss_points: int = 0,
    bye_points: int = 3,
    format_settings: Mapping[str, int] | None = None,
    tiebreak_preset: str = "rulebook",
    tiebreak_rules: Mapping[str, str] | None = None,
) -> EventSettings:
    """Create the event database at ``path``. ``rounds``/``top_cut`` None = by player count;
    ``banlist`` None pins the newest cached ban list; ``seed`` None draws a random seed;
    ``format_settings`` are the format's own settings for every deck check (e.g. a cap on
    Ultimate Digimon, ``{"max_ultimates": 2}``); ``tiebreak_preset`` (``rulebook``/``melee``)
    and ``tiebreak_rules`` (e.g. ``{"floor": "1/3"}``) make the stored tiebreak policy;
    ``tiebreakers`` None = the preset's order (``omw,oomw,gw``; Melee ``omw,gw,ogw``)."""
    from tt_organizer.formats.registry import get_format

    name = name.strip()
    if not name:
        raise EventError("the event needs a name")
    if best_of not in (1, 3):
        raise EventError(f"--best-of {best_of}: must be 1 or 3")
    if rounds is not None and not 1 <= rounds <= 20:
        raise EventError(f"--rounds {rounds}: must be 1–20 or auto")
    if top_cut is not None and top_cut not in TOP_CUT_SIZES:
        raise EventError(f"--top-cut {top_cut}: must be 0, 4, 8, 16 or auto")
    if win_points < 1 or min(draw_points, loss_points, bye_points) < 0:
        raise EventError("points: a win is worth at least 1, nothing is worth less than 0")
    if max(win_points, draw_points, loss_points, bye_points) > MAX_POINTS:
        raise EventError(f"points: at most {MAX_POINTS} for any result")
    if not loss_points <= draw_points <= win_points or bye_points > win_points:
        raise EventError(
            f"points W{win_points}/D{draw_points}/L{loss_points}/bye {bye_points}: need "
            "loss ≤ draw ≤ win and a bye worth no more than a win"
        )
    if seed is not None and not -MAX_SEED - 1 <= seed <= MAX_SEED:
        raise EventError(f"--seed {seed}: must fit in 64 bits (±{MAX_SEED})")
    if unfinished not in ("draw", "double-loss"):
        raise EventError(f"--unfinished {unfinished}: must be draw or double-loss")
    if tiebreakers is None:
        tiebreakers = PRESET_TIEBREAKERS.get(tiebreak_preset.strip().lower(), DEFAULT_TIEBREAKERS)
    tbs = tuple(t.strip().lower() for t in tiebreakers if t.strip())
    bad = [t for t in tbs if t not in TIEBREAKERS]
    if bad or len(set(tbs)) != len(tbs):
        raise EventError(
            f"--tiebreakers {','.join(tiebreakers)}: each of {', '.join(TIEBREAKERS)} at most once"
        )
    try:
        fmt = get_format(format_id)
    except (KeyError, ValueError) as exc:
        raise EventError(f"--format {format_id}: {exc}") from None
    banlist_date = None
    if fmt.use_banlist:
        from tt_organizer.banlist.cache import load_banlist

        banlist_date = load_banlist(pick=banlist).announced.isoformat()
    elif banlist:
        raise EventError(f"format {fmt.id} does not use a ban list; drop --banlist")
    fmt_settings = dict(format_settings or {})
    fmt.check_settings(fmt_settings)
    if any(not 0 <= v <= MAX_POINTS for v in fmt_settings.values()):
        raise EventError(f"format settings must be 0–{MAX_POINTS}")
    policy = tiebreak_policy(tiebreak_preset, tiebreak_rules)
    if seed is None:
        import secrets  # only here: it loads hmac and hashlib

        seed = secrets.randbelow(2**31)
    settings = EventSettings(
        name=name,
        format_id=fmt.id,
        banlist_date=banlist_date,
        best_of=best_of,
        rounds=rounds,
        top_cut=top_cut,
        win_points=win_points,
        draw_points=draw_points,
        loss_points=loss_points,
        bye_points=bye_points,
        unfinished=unfinished,
        tiebreakers=tbs,
        seed=seed,
        strict_colors=strict_colors,
        created_at=store.now(),
        format_settings=fmt_settings,
        tiebreak_policy=policy,
    )
    conn = store.create_database(path)
    try:
        with store.transaction(conn):
            store.insert_settings(conn, {
                "name": settings.name, "format_id": settings.format_id,
                "banlist_date": settings.banlist_date, "best_of": best_of, "rounds": rounds,
                "rounds_auto": int(rounds is None), "top_cut": top_cut,
                "win_points": win_points, "draw_points": draw_points,
                "loss_points": loss_points, "bye_points": bye_points, "unfinished": unfinished,
                "tiebreakers": ",".join(tbs), "seed": seed, "strict_colors": int(strict_colors),
                "created_at": settings.created_at,
                "format_settings": json.dumps(fmt_settings, sort_keys=True),
                "tiebreak_policy": json.dumps(policy.to_json()),
            })
            store.audit(conn, "create", "event", None, _settings_dict(settings))
    except BaseException:
        conn.close()
        Path(path).unlink(missing_ok=True)
        for suffix in ("-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        raise
    conn.close()
    return settings


def _settings_dict(s: EventSettings) -> dict[str, Any]:
    return {
        "name": s.name, "format": s.format_id, "banlist": s.banlist_date, "best_of": s.best_of,
        "rounds": s.rounds if s.rounds is not None else "auto",
        "top_cut": s.top_cut if s.top_cut is not None else "auto",
        "points": {"win": s.win_points, "draw": s.draw_points, "loss": s.loss_points,
                   "bye": s.bye_points},
        "unfinished": s.unfinished, "tiebreakers": list(s.tiebreakers), "seed": s.seed,
        "strict_colors": s.strict_colors, "format_settings": dict(s.format_settings),
        "tiebreak_policy": s.tiebreak_policy.to_json(),
    }


def tiebreak_policy(preset: str = "rulebook", rules: Mapping[str, str] | None = None) -> Any:
    """The policy of ``--tiebreak-preset`` changed by ``--tiebreak-rule`` (EventError if not
    valid)."""
    from tt_organizer.standings.policy import PRESETS

    base = PRESETS.get(preset.strip().lower())
    if base is None:
        raise EventError(f"--tiebreak-preset {preset}: one of {', '.join(PRESETS)}")
    try:
        return base.with_rules(rules or {})
    except ValueError as exc:
        raise EventError(f"--tiebreak-rule {exc}") from None


# --- players ---------------------------------------------------------------------------------


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
    settings = store.read_settings(conn)
    report = raw = source = None
    if deck_path is not None or deck_text is not None:
        report, raw, source = check_deck(settings, path=deck_path, text=deck_text,
                                         source=deck_source)
        if not report.legal and not allow_illegal:
            raise EventError(
                f"{name}: deck {source} is not legal ({', '.join(report.codes)}); "
                "fix it, or register with --allow-illegal"
            )
    with store.transaction(conn):
        if store.current_round(conn, TOP_CUT):
            raise EventError("the top cut has started; no more registrations")
        current = store.current_round(conn)
        if current and not late:
            raise EventError(
                f"round {current} is already paired; add {name} with `tt event late-entry`"
            )
        if late and not current:
            late = False  # nothing missed yet: an ordinary registration
        total = store.read_settings(conn).rounds  # fixed by the first pairing
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
    raise EventError(f"no player named {ref!r} (see `tt event players`)")


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
    for m in _round(conn, stage, rnd):
        if m.result is None and player_id in (m.player1, m.player2):
            return m
    return None


# --- pairing ---------------------------------------------------------------------------------


def _current_stage(conn: Connection) -> tuple[str, int]:
    top = store.current_round(conn, TOP_CUT)
    return (TOP_CUT, top) if top else (SWISS, store.current_round(conn))


def _round(conn: Connection, stage: str, rnd: int) -> list[MatchInfo]:
    return store.read_matches(conn, stage, rnd, tables_only=True)


def _missing(matches: Sequence[MatchInfo]) -> list[int]:
    return [m.table for m in matches if m.result is None]


def _player_states(
    conn: Connection, ids: Sequence[int], *, seeded: bool, upto: int | None = None
) -> list[Any]:
    """What the pairing needs of ``ids``: points and rank in the standings of every result up
    to round ``upto`` (default all so far), opponents met, byes had."""
    from tt_organizer.pairing.swiss import PlayerState

    matches = [m for m in store.read_matches(conn, SWISS, games=False)
               if upto is None or m.round <= upto]
    ranks: dict[int, int] = {}
    points: dict[int, int] = {}
    if matches:
        for s in standings(conn, upto):
            ranks[s.player] = s.rank
            points[s.player] = s.points
    opponents: dict[int, set[int]] = {pid: set() for pid in ids}
    had_bye: set[int] = set()
    for m in matches:
        if m.player2 is None:
            if m.outcome == "bye":
                had_bye.add(m.player1)
            continue
        opponents.setdefault(m.player1, set()).add(m.player2)
        opponents.setdefault(m.player2, set()).add(m.player1)
    return [
        PlayerState(
            id=pid,
            points=points.get(pid, 0),
            opponents=frozenset(opponents.get(pid, ())),
            had_bye=pid in had_bye,
            rank=ranks.get(pid, pid) if matches or seeded else pid,
        )
        for pid in ids
    ]


def _insert_pairings(
    conn: Connection, stage: str, rnd: int, pairings: Sequence[Any],
    tables: Sequence[int] | None = None,
) -> None:
    settings = store.read_settings(conn)
    at = store.now()
    for i, p in enumerate(pairings):
        table = tables[i] if tables is not None else p.table
        if p.player2 is None:
            games = 1 if settings.best_of == 1 else 2
            store.insert_bye(conn, stage, rnd, table, p.player1, games, at)
        else:
            store.insert_pairing(conn, stage, rnd, table, p.player1, p.player2)


def _describe(matches: Sequence[MatchInfo]) -> list[list[Any]]:
    return [[m.table, m.player1, m.player2] for m in matches]


def pair_next_round(conn: Connection, *, seeded: bool = False) -> list[MatchInfo]:
    """Pair the next Swiss round (byes are reported at once). ``seeded`` pairs round 1 by
    registration order instead of at random."""
    from tt_organizer.pairing.swiss import pair_round

    with store.transaction(conn):
        if store.current_round(conn, TOP_CUT):
            raise EventError("the top cut has started; use `tt event top-cut` to pair it")
        settings = store.read_settings(conn)
        current = store.current_round(conn)
        if current:
            missing = _missing(_round(conn, SWISS, current))
            if missing:
                raise EventError(
                    f"round {current} still misses results for table(s) "
                    f"{', '.join(map(str, missing))}"
                )
        active = [p.id for p in store.read_roster(conn) if not p.dropped]
        from tt_organizer.events import manual  # constraints: check-in, granted byes, avoid

        active, granted, _removed = manual.prepare_round(conn, current + 1, active)
        if len(active) + len(granted) < 2:
            raise EventError(f"{len(active) + len(granted)} active player(s); at least 2 are "
                             "needed to pair")
        total = settings.rounds
        if total is None:
            total = rounds_for_players(len(active) + len(granted))
            store.set_rounds(conn, total)
            store.audit(conn, "rounds", "settings", "auto",
                        {"rounds": total, "players": len(active)})
        if current >= total:
            raise EventError(
                f"all {total} Swiss rounds are paired; see `tt event standings` and "
                "`tt event top-cut`"
            )
        rnd = current + 1
        states = manual.apply_avoid(conn, rnd, _player_states(conn, active, seeded=seeded))
        pairings = pair_round(states, round_number=rnd, seed=settings.seed,
                              random_first_round=not (seeded and rnd == 1),
                              win_points=settings.win_points) if active else []
        pairings += manual.granted_byes(granted, len(pairings))
        store.insert_round(conn, SWISS, rnd, store.now(), seeded=seeded and rnd == 1)
        _insert_pairings(conn, SWISS, rnd, pairings)
        matches = _round(conn, SWISS, rnd)
        store.audit(conn, "pair", f"round {rnd}", None,
                    {"seeded": seeded and rnd == 1, "tables": _describe(matches)})
        return matches


def repair_round(conn: Connection) -> list[MatchInfo]:
    """Re-pair only what must change in the current Swiss round (tables with a dropped
    player, active players without a seat; :func:`tt_organizer.events.manual.repair`);
    returns the whole round."""
    from tt_organizer.events import manual

    plan = manual.repair(conn)
    return _round(conn, SWISS, plan.round)


# --- results ---------------------------------------------------------------------------------


def _games(
    match: MatchInfo, result: MatchResult, best_of: int,
    first: Any, winners: Any, turns: Any,
) -> list[GameInfo]:
    flags = parse_game_flags(result, first=first, winners=winners, turns=turns, best_of=best_of)
    seat = {"P1": match.player1, "P2": match.player2}
    return [
        GameInfo(
            number=g.number,
            first=seat[g.first] if g.first else None,
            winner=seat[g.winner] if g.winner else None,
            turns=g.turns,
        )
        for g in flags
    ]


def _find_match(conn: Connection, stage: str, rnd: int, table: int) -> MatchInfo:
    if table > 0:
        found = store.read_matches(conn, stage, rnd, table, tables_only=True)
        if found:
            return found[0]
    label = "top-cut round" if stage == TOP_CUT else "round"
    tables = [m.table for m in _round(conn, stage, rnd)]
    if not tables:
        raise EventError(f"{label} {rnd} is not paired")
    raise EventError(f"no table {table} in {label} {rnd} (tables {min(tables)}–{max(tables)})")


def _outcome(result: MatchResult, settings: EventSettings) -> str:
    if result.outcome == "draw" and settings.unfinished == "double-loss":
        return "double-loss"
    return result.outcome


def _write_result(
    conn: Connection, match: MatchInfo, result: MatchResult, outcome: str,
    games: Sequence[GameInfo],
) -> None:
    mid = store.match_id(conn, match.stage, match.round, match.table)
    assert mid is not None
    store.record_result(conn, mid, result.text, result.p1_games, result.p2_games, result.draws,
                        outcome, store.now(),
                        [(g.number, g.first, g.winner, g.turns) for g in games])


def _result_dict(m: MatchInfo | None, result: MatchResult | None = None,
                 games: Sequence[GameInfo] = ()) -> dict[str, Any] | None:
    if result is not None:
        return {"result": result.text, "games": [[g.first, g.winner, g.turns] for g in games]}
    if m is None or m.result is None:
        return None
    return {"result": m.result, "games": [[g.first, g.winner, g.turns] for g in m.games]}


def report_result(
    conn: Connection,
    table: int,
    result: str,
    *,
    round_number: int | None = None,
    first: str | list[str] | None = None,
    winners: str | list[str] | None = None,
    turns: str | list[int] | None = None,
) -> MatchInfo:
    """Record the result of ``table`` of the current round (Swiss, or the top cut once it has
    started). ``round_number``, when given, must be that round. Calibration lists use seats
    ``P1``/``P2``, one entry per game played."""
    with store.transaction(conn):
        settings = store.read_settings(conn)
        stage, rnd = _current_stage(conn)
        if not rnd:
            raise EventError("no round is paired yet")
        if round_number is not None and round_number != rnd:
            if round_number < rnd and stage == SWISS:
                raise EventError(
                    f"round {round_number} is finished (the current round is {rnd}); "
                    f"use `tt event correct {round_number} {table} RESULT`"
                )
            raise EventError(f"round {round_number} is not the current round ({rnd})")
        try:
            match = _find_match(conn, stage, rnd, table)
        except EventError as exc:
            earlier = [r for r in range(rnd - 1, 0, -1)
                       if table > 0 and store.read_matches(conn, stage, r, table)]
            if earlier:
                raise EventError(
                    f"{exc}; table {table} belongs to the finished round {earlier[0]} "
                    f"(use `{_correct_command(stage, earlier[0], table)}` to change it)"
                ) from None
            raise
        if match.player2 is None:
            raise EventError(f"table {table} of round {rnd} is a bye; nothing to report")
        if match.result is not None:
            raise EventError(
                f"table {table} of round {rnd} is already reported as {match.result}; "
                f"use `{_correct_command(stage, rnd, table)}` to change it"
            )
        parsed = parse_result(result, settings.best_of)
        if stage == TOP_CUT:
            _check_top_cut_winner(conn, match, parsed)
        games = _games(match, parsed, settings.best_of, first, winners, turns)
        _write_result(conn, match, parsed, _outcome(parsed, settings), games)
        store.audit(conn, "report", _subject(stage, rnd, table), None,
                    _result_dict(None, parsed, games))
        return _find_match(conn, stage, rnd, table)


def _check_top_cut_winner(conn: Connection, match: MatchInfo, result: MatchResult
                          ) -> None:
    """A top-cut match needs a winner, and a player who dropped concedes their match (a
    correction that keeps the recorded winner is not refused for a later drop)."""
    if result.outcome not in ("p1", "p2"):
        raise EventError(f"a top-cut match needs a winner; {result.text} has none")
    if result.outcome == match.outcome:
        return
    winner = match.player1 if result.outcome == "p1" else match.player2
    assert winner is not None
    p = _player(conn, winner)
    if p.dropped:
        raise EventError(f"{p.name} has dropped and cannot advance; report table "
                         f"{match.table} as a loss for them")


def _correct_command(stage: str, rnd: int, table: int) -> str:
    """The ``tt event correct`` command line that changes this table's result."""
    return f"tt event correct {rnd} {table} RESULT" + (" --top-cut" if stage == TOP_CUT else "")


def _subject(stage: str, rnd: int, table: int) -> str:
    return f"{'top-cut ' if stage == TOP_CUT else ''}round {rnd} table {table}"


def correct_result(
    conn: Connection,
    round_number: int,
    table: int,
    result: str,
    *,
    override: bool = False,
    top_cut: bool = False,
    first: str | list[str] | None = None,
    winners: str | list[str] | None = None,
    turns: str | list[int] | None = None,
) -> MatchInfo:
    """Change a reported result. A Swiss result may be corrected until the second round after
    it has been paired; later needs ``override`` (logged). A top-cut result may not change its
    winner once the next bracket round is paired."""
    stage = TOP_CUT if top_cut else SWISS
    with store.transaction(conn):
        settings = store.read_settings(conn)
        current = store.current_round(conn, stage)
        paired_round(round_number, current)
        match = _find_match(conn, stage, round_number, table)
        if match.player2 is None:
            raise EventError(f"table {table} of round {round_number} is a bye; nothing to correct")
        if match.result is None:
            raise EventError(
                f"table {table} of round {round_number} is not reported yet; "
                f"use `tt event report {table} RESULT`"
            )
        parsed = parse_result(result, settings.best_of)
        outcome = _outcome(parsed, settings)
        if stage == SWISS and current >= round_number + 2 and not override:
            raise EventError(
                f"round {round_number} is closed for corrections (round {current} is paired); "
                "use --override to correct it anyway (logged)"
            )
        if stage == SWISS and store.current_round(conn, TOP_CUT) and not override:
            raise EventError(
                f"the top cut has been seeded from the Swiss results; correcting round "
                f"{round_number} needs --override (logged)"
            )
        if stage == TOP_CUT:
            _check_top_cut_winner(conn, match, parsed)
            if current > round_number and outcome != match.outcome:
                raise EventError(
                    f"top-cut round {round_number + 1} is paired; the winner of table {table} "
                    "can no longer change"
                )
        games = _games(match, parsed, settings.best_of, first, winners, turns)
        _write_result(conn, match, parsed, outcome, games)
        new = _result_dict(None, parsed, games) or {}
        if override:
            new["override"] = True
        from tt_organizer.events.reporting import rounds_paired_on

        later = rounds_paired_on(conn, round_number, top_cut=top_cut)
        if later:
            new["paired_on_old_result"] = later
        store.audit(conn, "correct", _subject(stage, round_number, table),
                    _result_dict(match), new)
        return _find_match(conn, stage, round_number, table)


# --- standings -------------------------------------------------------------------------------


def _scoring(settings: EventSettings) -> Any:
    return settings.scoring()


def standings(conn: Connection, round_number: int | None = None) -> list[Standing]:
    """Swiss standings after ``round_number`` (default: every reported result so far),
    computed from the stored results alone."""
    current = store.current_round(conn)
    paired_round(round_number, current, first=0)
    return compute_event_standings(store.read_settings(conn), store.read_roster(conn),
                                   store.read_matches(conn, SWISS, games=False), current,
                                   round_number)


def snapshot_standings(snapshot: EventSnapshot, round_number: int | None = None
                       ) -> list[Standing]:
    """:func:`standings` of a snapshot (for exports and reports that hold no connection)."""
    return compute_event_standings(snapshot.settings, snapshot.players, snapshot.matches,
                                   snapshot.current_round, round_number)


def compute_event_standings(
    settings: EventSettings, players: Sequence[PlayerInfo], matches: Sequence[MatchInfo],
    current_round: int, round_number: int | None = None,
) -> list[Standing]:
    """The one place the event's standings are computed: Swiss results up to
    ``round_number`` (default all), scored by the event's settings. A player who dropped
    after round N counts as dropped in standings of round N or later (and in the default)."""
    from tt_organizer.standings.tiebreakers import MatchRecord, compute_standings

    upto = current_round if round_number is None else round_number
    records = [
        MatchRecord(
            round=m.round, player1=m.player1, player2=m.player2, p1_games=m.p1_games,
            p2_games=m.p2_games, draws=m.draws, outcome=m.outcome,
        )
        for m in matches
        if m.stage == SWISS and m.round <= upto and m.outcome is not None
    ]
    dropped = [
        p.id for p in players
        if p.dropped and (p.dropped_round is None or p.dropped_round <= upto
                          or round_number is None)
    ]
    return compute_standings([p.id for p in players], records, dropped=dropped,
                             settings=_scoring(settings))


# --- top cut ---------------------------------------------------------------------------------


def top_cut_size(conn: Connection) -> int:
    """The event's top-cut size (its setting, else by player count)."""
    settings = store.read_settings(conn)
    if settings.top_cut is not None:
        return settings.top_cut
    return top_cut_for_players(store.count_players(conn))


def advance_top_cut(conn: Connection) -> list[MatchInfo]:
    """Seed the bracket from the final Swiss standings and pair its first round, or, once a
    bracket round is fully reported, pair the next one (winners of tables 1+2, 3+4, …)."""
    from tt_organizer.pairing.swiss import pair_top_cut, pair_top_cut_round

    with store.transaction(conn):
        settings = store.read_settings(conn)
        top = store.current_round(conn, TOP_CUT)
        if not top:
            swiss = store.current_round(conn)
            total = settings.rounds
            if not swiss or (total is not None and swiss < total):
                raise EventError(f"the Swiss rounds are not over (round {swiss} of {total or '?'})")
            missing = _missing(_round(conn, SWISS, swiss))
            if missing:
                raise EventError(f"round {swiss} still misses results for table(s) "
                                 f"{', '.join(map(str, missing))}")
            size = top_cut_size(conn)
            if size == 0:
                raise EventError("this event has no top cut (--top-cut 0 or too few players)")
            seeds = [s.player for s in standings(conn) if not s.dropped][:size]
            if len(seeds) < size:
                raise EventError(
                    f"only {len(seeds)} active players for a top {size}; undrop players, or "
                    "end the event with the Swiss standings"
                )
            pairings = pair_top_cut(seeds)
            rnd = 1
            store.audit(conn, "top-cut", "seeds", None, {"size": size, "seeds": seeds})
        else:
            current = _round(conn, TOP_CUT, top)
            missing = _missing(current)
            if missing:
                raise EventError(f"top-cut round {top} still misses results for table(s) "
                                 f"{', '.join(map(str, missing))}")
            winners = [_winner(m) for m in current]
            if len(winners) == 1:
                raise EventError(f"the top cut is over; the winner is "
                                 f"{_player(conn, winners[0]).name}")
            pairings = pair_top_cut_round(winners)
            rnd = top + 1
        store.insert_round(conn, TOP_CUT, rnd, store.now())
        _insert_pairings(conn, TOP_CUT, rnd, pairings)
        matches = _round(conn, TOP_CUT, rnd)
        store.audit(conn, "pair", f"top-cut round {rnd}", None, {"tables": _describe(matches)})
        return matches


def _winner(m: MatchInfo) -> int:
    if m.outcome in ("p1", "bye") or m.player2 is None:
        return m.player1
    return m.player2


def start_top_cut(conn: Connection) -> list[MatchInfo]:
    """Seed the bracket and pair its first round (refused once it has started)."""
    if store.current_round(conn, TOP_CUT):
        raise EventError("the top cut has already started")
    return advance_top_cut(conn)


def champion(conn: Connection) -> PlayerInfo | None:
    """The winner of the top cut's final, once reported."""
    top = store.current_round(conn, TOP_CUT)
    if not top:
        return None
    final = _round(conn, TOP_CUT, top)
    if len(final) != 1 or final[0].outcome not in ("p1", "p2"):
        return None
    return _player(conn, _winner(final[0]))


# --- status ----------------------------------------------------------------------------------


def missing_tables(conn: Connection) -> list[int]:
    """Tables of the current round (Swiss, or the top cut once started) still unreported."""
    stage, rnd = _current_stage(conn)
    return store.unreported_tables(conn, stage, rnd)


def status(conn: Connection) -> dict[str, Any]:
    """Where the event stands: stage, round, reported and missing tables, players."""
    settings = store.read_settings(conn)
    players = store.roster_flags(conn)  # names and flags only: no deck is parsed
    stage, rnd = _current_stage(conn)
    matches = _round(conn, stage, rnd) if rnd else []
    win = champion(conn)
    active = len([p for p in players if not p["dropped"]])
    return {
        "event": settings.name,
        "format": settings.format_id,
        "banlist": settings.banlist_date,
        "best_of": settings.best_of,
        "stage": stage if rnd else "registration",
        "round": rnd,
        "rounds": settings.rounds if settings.rounds is not None
        else rounds_for_players(active),
        "rounds_auto": settings.rounds is None,
        "top_cut": top_cut_size(conn),
        "tables": len(matches),
        "reported": [m.table for m in matches if m.result is not None],
        "missing": _missing(matches),
        "players": len(players),
        "active": active,
        "dropped": [p["name"] for p in players if p["dropped"]],
        "illegal_decks": [p["name"] for p in players if p["has_deck"] and not p["legal"]],
        "no_deck": [p["name"] for p in players if not p["has_deck"]],
        "champion": win.name if win else None,
        "tiebreakers": list(settings.tiebreakers),
        "tiebreak_policy": settings.tiebreak_policy.to_json(),
        "round_name": _round_name(stage, rnd, matches),
    }


def _round_name(stage: str, rnd: int, matches: Sequence[MatchInfo]) -> str | None:
    """"quarter-final", "semi-final", "final" … for a bracket round (None in the Swiss)."""
    if stage != TOP_CUT or not matches:
        return None
    from tt_organizer.events.placings import bracket_round_name

    return bracket_round_name(2 * len(matches))
