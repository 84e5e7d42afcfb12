"""Creating an event: its settings (format, ban list, rounds, points, tiebreakers) and the
rule book's tables (top-cut size by player count). The stage names and limits every event
operation uses live here too."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from tt_organizer.standings.policy import TiebreakPolicy

from tt_organizer.errors import EventError, field_hint
from tt_organizer.events import store
from tt_organizer.events.models import EventSettings
from tt_organizer.events.store import Connection, create_database
from tt_organizer.i18n import N_

SWISS = "swiss"
TOP_CUT = "top-cut"
DEFAULT_TIEBREAKERS = ("omw", "oomw", "gw")
#: The order a preset ranks by (when --tiebreakers is not given).
PRESET_TIEBREAKERS = {"melee": ("omw", "gw", "ogw"), "melee-2025": ("omw", "gw", "ogw"),
                      "melee-2024": ("omw", "gw", "ogw")}
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


def create_event(path: str | Path, name: str, **options: Any) -> EventSettings:
    """Create the event database at ``path`` (refused if the file exists) with the settings
    :func:`event_settings` makes of ``name`` and ``options`` (its keywords)."""
    settings = event_settings(name, **options)
    conn = create_database(path)
    try:
        start_event(conn, settings)
    except BaseException:
        conn.close()
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(f"{path}{suffix}")
        raise
    conn.close()
    return settings


def start_event(conn: Connection, settings: EventSettings) -> None:
    """Store the settings of a new event in the empty store behind ``conn`` (audited)."""
    with store.transaction(conn):
        store.insert_settings(conn, {
            "name": settings.name, "format_id": settings.format_id,
            "banlist_date": settings.banlist_date, "best_of": settings.best_of,
            "rounds": settings.rounds, "rounds_auto": int(settings.rounds is None),
            "top_cut": settings.top_cut, "win_points": settings.win_points,
            "draw_points": settings.draw_points, "loss_points": settings.loss_points,
            "bye_points": settings.bye_points, "unfinished": settings.unfinished,
            "tiebreakers": ",".join(settings.tiebreakers), "seed": settings.seed,
            "strict_colors": int(settings.strict_colors), "created_at": settings.created_at,
            "format_settings": json.dumps(dict(settings.format_settings), sort_keys=True),
            "tiebreak_policy": json.dumps(settings.tiebreak_policy.to_json()),
            "require_decks": int(settings.require_decks),
            "language": settings.language,
            "intentional_draws": int(settings.intentional_draws),
        })
        store.audit(conn, "create", "event", None, _settings_dict(settings))


def event_settings(
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
    require_decks: bool = False,
    language: str | None = None,
    intentional_draws: bool = False,
) -> EventSettings:
    """The settings of a new event (EventError if not valid). ``rounds``/``top_cut`` None = by
    player count;
    ``banlist`` None pins the newest cached ban list; ``seed`` None draws a random seed;
    ``format_settings`` are the format's own settings for every deck check (e.g. a cap on
    Ultimate Digimon, ``{"max_ultimates": 2}``); ``tiebreak_preset`` (``rulebook``/``melee``)
    and ``tiebreak_rules`` (e.g. ``{"floor": "1/3"}``) make the stored tiebreak policy;
    ``tiebreakers`` None = the preset's order (``omw,oomw,gw``; Melee ``omw,gw,ogw``)."""
    from tt_organizer.formats.registry import get_format

    name = name.strip()
    if not name:
        raise EventError("event-needs-name")
    if best_of not in (1, 3):
        raise EventError("bad-best-of", code="bad-setting", value=best_of,
                         hint=field_hint((N_("best of"), "best_of"), allowed=[1, 3]))
    if rounds is not None and not 1 <= rounds <= 20:
        raise EventError("bad-rounds", code="bad-setting", value=rounds,
                         hint=field_hint((N_("rounds"), "rounds")))
    if top_cut is not None and top_cut not in TOP_CUT_SIZES:
        raise EventError("bad-top-cut", code="bad-setting", value=top_cut,
                         hint=field_hint((N_("top cut"), "top_cut"),
                                         allowed=[*TOP_CUT_SIZES, None]))
    if win_points < 1 or min(draw_points, loss_points, bye_points) < 0:
        raise EventError("points-range")
    if max(win_points, draw_points, loss_points, bye_points) > MAX_POINTS:
        raise EventError("points-at-most", most=MAX_POINTS)
    if not loss_points <= draw_points <= win_points or bye_points > win_points:
        raise EventError("points-order", win=win_points, draw=draw_points, loss=loss_points,
                         bye=bye_points)
    if seed is not None and not -MAX_SEED - 1 <= seed <= MAX_SEED:
        raise EventError("bad-seed", code="bad-setting", value=seed, most=MAX_SEED,
                         hint=field_hint((N_("seed"), "seed")))
    if unfinished not in ("draw", "double-loss"):
        raise EventError("bad-unfinished", code="bad-setting", value=unfinished,
                         hint=field_hint((N_("unfinished games"), "unfinished"),
                                         allowed=["draw", "double-loss"]))
    if tiebreakers is None:
        tiebreakers = PRESET_TIEBREAKERS.get(tiebreak_preset.strip().lower(), DEFAULT_TIEBREAKERS)
    from tt_organizer.standings.tiebreakers import TIEBREAKERS

    tbs = tuple(t.strip().lower() for t in tiebreakers if t.strip())
    bad = [t for t in tbs if t not in TIEBREAKERS]
    if bad or len(set(tbs)) != len(tbs):
        raise EventError("bad-tiebreakers", code="bad-setting", given=",".join(tiebreakers),
                         known=", ".join(TIEBREAKERS),
                         hint=field_hint((N_("tiebreakers"), "tiebreakers"),
                                         value=list(tiebreakers),
                                         allowed=list(TIEBREAKERS)))
    try:
        fmt = get_format(format_id)
    except (KeyError, ValueError) as exc:
        raise EventError("bad-format", code="bad-setting", value=format_id, error=str(exc),
                         hint=field_hint((N_("format"), "format"))) from None
    banlist_date = None
    if fmt.use_banlist:
        from tt_organizer.banlist.cache import load_banlist

        banlist_date = load_banlist(pick=banlist).announced.isoformat()
    elif banlist:
        raise EventError("format-without-banlist", format=fmt.id, hint={"banlist": banlist})
    fmt_settings = dict(format_settings or {})
    fmt.check_settings(fmt_settings)
    if any(not 0 <= v <= MAX_POINTS for v in fmt_settings.values()):
        raise EventError("format-settings-range", most=MAX_POINTS)
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
        require_decks=require_decks,
        language=event_language(language),
        intentional_draws=intentional_draws,
    )
    return settings


def event_language(code: str | None) -> str:
    """The catalog language ``code`` names (``es``, ``es_AR``; None: English); EventError
    when tt has no catalog for it."""
    from tt_organizer import i18n

    if code is None:
        return i18n.DEFAULT
    lang = i18n.normalize(code)
    if lang is None:
        raise EventError("bad-language", language=repr(code),
                         languages=", ".join(i18n.available()),
                         hint={"available": i18n.available()})
    return lang


def change_language(conn: Connection, code: str) -> EventSettings:
    """Change the event's language (audited); its settings after the change."""
    lang = event_language(code)
    with store.transaction(conn):
        before = store.read_settings(conn).language
        store.set_language(conn, lang)
        store.audit(conn, "language", "event", None, {"from": before, "to": lang})
    return store.read_settings(conn)


def change_intentional_draws(conn: Connection, allowed: bool) -> EventSettings:
    """Allow (or not) players to report an intentional draw (``0-0-0``) on their phones
    (audited); the event's settings after the change."""
    with store.transaction(conn):
        before = store.read_settings(conn).intentional_draws
        store.set_intentional_draws(conn, allowed)
        store.audit(conn, "intentional-draws", "event", None,
                    {"from": before, "to": allowed})
    return store.read_settings(conn)


def _settings_dict(s: EventSettings) -> dict[str, Any]:
    return {
        "name": s.name, "format": s.format_id, "banlist": s.banlist_date, "best_of": s.best_of,
        "rounds": s.rounds if s.rounds is not None else "auto",
        "top_cut": s.top_cut if s.top_cut is not None else "auto",
        "points": {"win": s.win_points, "draw": s.draw_points, "loss": s.loss_points,
                   "bye": s.bye_points},
        "unfinished": s.unfinished, "tiebreakers": list(s.tiebreakers), "seed": s.seed,
        "strict_colors": s.strict_colors, "format_settings": dict(s.format_settings),
        "tiebreak_policy": s.tiebreak_policy.to_json(), "require_decks": s.require_decks,
        "intentional_draws": s.intentional_draws,
    }


def tiebreak_policy(preset: str = "rulebook", rules: Mapping[str, str] | None = None
                    ) -> TiebreakPolicy:
    """The policy of a tiebreak preset changed by tiebreak rules (EventError if not valid)."""
    from tt_organizer.standings.policy import PRESETS

    base = PRESETS.get(preset.strip().lower())
    if base is None:
        raise EventError("bad-tiebreak-preset", code="bad-setting", value=preset,
                         presets=", ".join(PRESETS),
                         hint=field_hint((N_("tiebreak preset"), "tiebreak_preset"),
                                         allowed=list(PRESETS)))
    try:
        return base.with_rules(rules or {})
    except ValueError as exc:
        raise EventError("bad-tiebreak-rule", code="bad-setting", error=str(exc),
                         hint=field_hint((N_("tiebreak rule"), "tiebreak_rule"))) from None
