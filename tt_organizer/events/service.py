"""The event library's operations in one namespace, for callers that want them all.

The operations live in modules by what they do: :mod:`~tt_organizer.events.setup` (create,
settings), :mod:`~tt_organizer.events.players` (register, late entry, drop/undrop, decks),
:mod:`~tt_organizer.events.rounds` (Swiss pairing, the repair hook),
:mod:`~tt_organizer.events.recording` (report, correct), :mod:`~tt_organizer.events.standings`,
:mod:`~tt_organizer.events.topcut` and :mod:`~tt_organizer.events.status`. This module re-exports
them (and the helpers the other event modules share), so ``service.report_result`` and the
imports of the command line, the web server, printing and the tests keep working. A name is
imported from its module when it is first used, so a command that reports one result does not
load pairing or standings.

Every function that changes the event takes an open connection (:func:`store.open_event` /
:func:`store.connect`), runs in one transaction (a savepoint when the caller already holds
one, so that several calls can be made all-or-nothing) and appends to the audit log. A
refusal raises :class:`EventError` and leaves the database unchanged.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# module -> the names this namespace re-exports from it
_EXPORTS: dict[str, tuple[str, ...]] = {
    "players": ("Registration", "_check_context", "_clean_text", "_player", "_refuse_duplicate",
        "_store_deck", "check_deck", "deck_colors", "drop", "find_player", "late_entry",
        "pending_in_current_round", "register_player", "undrop"),
    "recording": ("_check_top_cut_winner", "_correct_hint", "_find_match", "_games", "_outcome",
        "_result_dict", "_subject", "_write_result", "correct_result", "report_result"),
    "rounds": ("_current_stage", "_describe", "_insert_pairings", "_missing", "_player_states",
        "_round", "pair_next_round", "pair_round_and_points", "repair_round"),
    "setup": ("DECK_COLOR_TYPES", "DEFAULT_TIEBREAKERS", "MAX_NAME_LENGTH", "MAX_POINTS",
        "MAX_SEED", "PRESET_TIEBREAKERS", "SWISS", "TOP_CUT", "TOP_CUT_SIZES", "_settings_dict",
        "create_event", "tiebreak_policy", "top_cut_for_players"),
    "standings": ("_scoring", "compute_event_standings", "snapshot_standings", "standings"),
    "status": ("_round_name", "missing_tables", "status"),
    "topcut": ("_winner", "advance_top_cut", "champion", "start_top_cut", "top_cut_size"),
}
_HOME = {name: module for module, names in _EXPORTS.items() for name in names}


def __getattr__(name: str) -> Any:
    """Import ``name`` from its module on first use (PEP 562) and keep it here."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"tt_organizer.events.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})


if TYPE_CHECKING:  # the same names, for the type checker
    from tt_organizer.events.players import (
        Registration as Registration,
    )
    from tt_organizer.events.players import (
        _check_context as _check_context,
    )
    from tt_organizer.events.players import (
        _clean_text as _clean_text,
    )
    from tt_organizer.events.players import (
        _player as _player,
    )
    from tt_organizer.events.players import (
        _refuse_duplicate as _refuse_duplicate,
    )
    from tt_organizer.events.players import (
        _store_deck as _store_deck,
    )
    from tt_organizer.events.players import (
        check_deck as check_deck,
    )
    from tt_organizer.events.players import (
        deck_colors as deck_colors,
    )
    from tt_organizer.events.players import (
        drop as drop,
    )
    from tt_organizer.events.players import (
        find_player as find_player,
    )
    from tt_organizer.events.players import (
        late_entry as late_entry,
    )
    from tt_organizer.events.players import (
        pending_in_current_round as pending_in_current_round,
    )
    from tt_organizer.events.players import (
        register_player as register_player,
    )
    from tt_organizer.events.players import (
        undrop as undrop,
    )
    from tt_organizer.events.recording import (
        _check_top_cut_winner as _check_top_cut_winner,
    )
    from tt_organizer.events.recording import (
        _correct_hint as _correct_hint,
    )
    from tt_organizer.events.recording import (
        _find_match as _find_match,
    )
    from tt_organizer.events.recording import (
        _games as _games,
    )
    from tt_organizer.events.recording import (
        _outcome as _outcome,
    )
    from tt_organizer.events.recording import (
        _result_dict as _result_dict,
    )
    from tt_organizer.events.recording import (
        _subject as _subject,
    )
    from tt_organizer.events.recording import (
        _write_result as _write_result,
    )
    from tt_organizer.events.recording import (
        correct_result as correct_result,
    )
    from tt_organizer.events.recording import (
        report_result as report_result,
    )
    from tt_organizer.events.rounds import (
        _current_stage as _current_stage,
    )
    from tt_organizer.events.rounds import (
        _describe as _describe,
    )
    from tt_organizer.events.rounds import (
        _insert_pairings as _insert_pairings,
    )
    from tt_organizer.events.rounds import (
        _missing as _missing,
    )
    from tt_organizer.events.rounds import (
        _player_states as _player_states,
    )
    from tt_organizer.events.rounds import (
        _round as _round,
    )
    from tt_organizer.events.rounds import (
        pair_next_round as pair_next_round,
    )
    from tt_organizer.events.rounds import (
        pair_round_and_points as pair_round_and_points,
    )
    from tt_organizer.events.rounds import (
        repair_round as repair_round,
    )
    from tt_organizer.events.setup import (
        DECK_COLOR_TYPES as DECK_COLOR_TYPES,
    )
    from tt_organizer.events.setup import (
        DEFAULT_TIEBREAKERS as DEFAULT_TIEBREAKERS,
    )
    from tt_organizer.events.setup import (
        MAX_NAME_LENGTH as MAX_NAME_LENGTH,
    )
    from tt_organizer.events.setup import (
        MAX_POINTS as MAX_POINTS,
    )
    from tt_organizer.events.setup import (
        MAX_SEED as MAX_SEED,
    )
    from tt_organizer.events.setup import (
        PRESET_TIEBREAKERS as PRESET_TIEBREAKERS,
    )
    from tt_organizer.events.setup import (
        SWISS as SWISS,
    )
    from tt_organizer.events.setup import (
        TOP_CUT as TOP_CUT,
    )
    from tt_organizer.events.setup import (
        TOP_CUT_SIZES as TOP_CUT_SIZES,
    )
    from tt_organizer.events.setup import (
        _settings_dict as _settings_dict,
    )
    from tt_organizer.events.setup import (
        create_event as create_event,
    )
    from tt_organizer.events.setup import (
        tiebreak_policy as tiebreak_policy,
    )
    from tt_organizer.events.setup import (
        top_cut_for_players as top_cut_for_players,
    )
    from tt_organizer.events.standings import (
        _scoring as _scoring,
    )
    from tt_organizer.events.standings import (
        compute_event_standings as compute_event_standings,
    )
    from tt_organizer.events.standings import (
        snapshot_standings as snapshot_standings,
    )
    from tt_organizer.events.standings import (
        standings as standings,
    )
    from tt_organizer.events.status import (
        _round_name as _round_name,
    )
    from tt_organizer.events.status import (
        missing_tables as missing_tables,
    )
    from tt_organizer.events.status import (
        status as status,
    )
    from tt_organizer.events.topcut import (
        _winner as _winner,
    )
    from tt_organizer.events.topcut import (
        advance_top_cut as advance_top_cut,
    )
    from tt_organizer.events.topcut import (
        champion as champion,
    )
    from tt_organizer.events.topcut import (
        start_top_cut as start_top_cut,
    )
    from tt_organizer.events.topcut import (
        top_cut_size as top_cut_size,
    )
