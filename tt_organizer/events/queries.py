"""The lookups every event operation shares: the current stage and round, a round's
matches, one match or player, the tables still to report, a round's tables as the audit log
records them, and writing a round's pairings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tt_organizer.errors import EventError
from tt_organizer.events import store
from tt_organizer.events.models import MatchInfo, PlayerInfo
from tt_organizer.events.setup import SWISS, TOP_CUT
from tt_organizer.events.store import Connection
from tt_organizer.i18n import Msg
from tt_organizer.messages import WORDS


def current_stage(conn: Connection) -> tuple[str, int]:
    """The stage being played and its current round: the top cut once it has started."""
    top = store.current_round(conn, TOP_CUT)
    return (TOP_CUT, top) if top else (SWISS, store.current_round(conn))


def round_matches(conn: Connection, stage: str, rnd: int) -> list[MatchInfo]:
    """The matches of round ``rnd`` of ``stage`` that sit at a table."""
    return store.read_matches(conn, stage, rnd, tables_only=True)


def tables_without_result(matches: Sequence[MatchInfo]) -> list[int]:
    """The tables of ``matches`` without a result."""
    return [m.table for m in matches if m.result is None]


def describe_tables(matches: Sequence[MatchInfo]) -> list[list[Any]]:
    """``[table, player1, player2]`` of each match, as the audit log records a round."""
    return [[m.table, m.player1, m.player2] for m in matches]


def find_match(conn: Connection, stage: str, rnd: int, table: int) -> MatchInfo:
    """Table ``table`` of round ``rnd`` of ``stage``; refused with the round's tables when
    there is no such table."""
    if table > 0:
        found = store.read_matches(conn, stage, rnd, table, tables_only=True)
        if found:
            return found[0]
    tables = [m.table for m in round_matches(conn, stage, rnd)]
    if not tables:
        raise EventError("top-cut-round-unpaired" if stage == TOP_CUT else "round-not-paired",
                         round=rnd)
    where = Msg(WORDS["top-cut-round" if stage == TOP_CUT else "round"], round=rnd)
    raise EventError("no-table-in-round", table=table, where=where, low=min(tables),
                     high=max(tables))


def player_by_id(conn: Connection, pid: int) -> PlayerInfo:
    """Player number ``pid``."""
    player = store.read_player(conn, pid)
    if player is None:
        raise EventError("no-player-number", number=pid)
    return player


def insert_pairings(
    conn: Connection, stage: str, rnd: int, pairings: Sequence[Any],
    tables: Sequence[int] | None = None,
) -> None:
    """Write ``pairings`` (``player1``, ``player2``, ``table``) as round ``rnd`` of
    ``stage``; a bye is reported at once (``tables`` overrides the pairings' tables)."""
    settings = store.read_settings(conn)
    at = store.now()
    for i, p in enumerate(pairings):
        table = tables[i] if tables is not None else p.table
        if p.player2 is None:
            games = 1 if settings.best_of == 1 else 2
            store.insert_bye(conn, stage, rnd, table, p.player1, games, at)
        else:
            store.insert_pairing(conn, stage, rnd, table, p.player1, p.player2)
