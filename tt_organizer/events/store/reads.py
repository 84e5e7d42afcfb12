"""Reading an event: its settings, players, matches and games, and all of it at once (a
snapshot, the read model of :mod:`tt_organizer.events.models`). Every reader checks what it
returns (:func:`~tt_organizer.events.store.values.check_read`)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from tt_organizer.errors import EventError
from tt_organizer.events.models import (
    EventSettings,
    EventSnapshot,
    GameInfo,
    MatchInfo,
    PlayerInfo,
)
from tt_organizer.events.store.audit import read_audit
from tt_organizer.events.store.penalty_rows import read_penalties
from tt_organizer.events.store.values import (
    READ_FAILURES,
    check_matches_read,
    check_read,
    check_rules,
    damaged,
    path_of,
    refuse,
    seats_by_round,
    seats_sound,
    shapes_sound,
)

if TYPE_CHECKING:
    from tt_organizer.standings.match_record import MatchRecord


def read_settings(conn: sqlite3.Connection) -> EventSettings:
    """The event settings."""
    r = conn.execute("SELECT * FROM settings WHERE id = 1").fetchone()
    if r is None:
        raise EventError("no-settings")
    settings = settings_from_row(r)
    check_read(conn, settings=settings)
    return settings


def settings_from_row(r: sqlite3.Row) -> EventSettings:
    """The settings stored in one ``settings`` row (its columns by name, JSON as text): how
    every store reads back what :func:`insert_settings` was given."""
    return EventSettings(
        name=r["name"],
        format_id=r["format_id"],
        banlist_date=r["banlist_date"],
        best_of=r["best_of"],
        rounds=r["rounds"],
        top_cut=r["top_cut"],
        win_points=r["win_points"],
        draw_points=r["draw_points"],
        loss_points=r["loss_points"],
        bye_points=r["bye_points"],
        unfinished=r["unfinished"],
        tiebreakers=tuple(t for t in r["tiebreakers"].split(",") if t),
        seed=r["seed"],
        strict_colors=bool(r["strict_colors"]),
        created_at=r["created_at"],
        format_settings={str(k): int(v) for k, v in json.loads(r["format_settings"]).items()},
        tiebreak_policy=r["tiebreak_policy"],  # read on first use (models.StoredPolicy)
        require_decks=bool(r["require_decks"]),
        language=r["language"],
        intentional_draws=bool(r["intentional_draws"]),
    )


_PLAYER_QUERY = (
    "SELECT p.*, d.source AS d_source, d.text AS d_text, d.legal AS d_legal, "
    "d.codes AS d_codes, d.colors AS d_colors, d.main AS d_main, d.pile AS d_pile "
    "FROM players p LEFT JOIN decks d ON d.player_id = p.id"
)
_MANY_IDS = 500  # above this many ids a query reads every row instead of naming them


def player_from_row(r: sqlite3.Row) -> PlayerInfo:
    """A player from a ``players`` row joined with its ``decks`` row (deck columns prefixed
    ``d_``, None without a deck): how every store reads back a player and their deck."""
    has_deck = r["d_text"] is not None
    return PlayerInfo(
        id=r["id"],
        name=r["name"],
        ext_id=r["ext_id"],
        registered_at=r["registered_at"],
        dropped=bool(r["dropped"]),
        dropped_round=r["dropped_round"],
        late_entry_round=r["late_entry_round"],
        deck_source=r["d_source"],
        deck_text=r["d_text"],
        deck_legal=bool(r["d_legal"]) if has_deck else None,
        deck_codes=tuple(json.loads(r["d_codes"])) if has_deck else (),
        deck_colors=tuple(json.loads(r["d_colors"])) if has_deck else (),
        main=json.loads(r["d_main"]) if has_deck else {},
        pile=json.loads(r["d_pile"]) if has_deck else {},
        pin=r["pin"],
        checked_in=None if r["checked_in"] is None else bool(r["checked_in"]),
    )


def read_players(conn: sqlite3.Connection) -> list[PlayerInfo]:
    """Every player with their registered deck, by id."""
    players = [player_from_row(r) for r in conn.execute(f"{_PLAYER_QUERY} ORDER BY p.id")]
    check_read(conn, players=players)
    return players


def read_roster(conn: sqlite3.Connection) -> list[PlayerInfo]:
    """Every player by id, without their deck (its fields are left empty): what pairing and
    standings need, read without parsing a decklist."""
    rows = _tuples(conn, "SELECT id, name, ext_id, registered_at, dropped != 0, dropped_round, "
                         "late_entry_round FROM players ORDER BY id")
    players = [PlayerInfo(*r) for r in rows]  # PlayerInfo's first fields, in their order
    check_read(conn, players=players)
    return players


def _tuples(conn: sqlite3.Connection, sql: str, args: Sequence[Any] = ()) -> list[Any]:
    """The rows of ``sql`` as plain tuples (cheaper than named rows when every row of a big
    table is read; the caller names the columns in its SELECT)."""
    cur = conn.cursor()
    cur.row_factory = None
    return cur.execute(sql, args).fetchall()


@contextmanager
def read_transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``with read_transaction(conn)``: the reads in the block see one state of the file
    (one read transaction; the caller's own when it holds one), so that a change another
    process commits meanwhile cannot make a read and its check disagree."""
    if conn.in_transaction:
        yield conn
        return
    conn.execute("BEGIN")
    try:
        yield conn
    finally:
        if conn.in_transaction:  # (an error may have ended it: the error is what is raised)
            conn.execute("COMMIT")


def read_player(conn: sqlite3.Connection, player_id: int) -> PlayerInfo | None:
    """One player with their registered deck (None if there is no such player)."""
    row = conn.execute(f"{_PLAYER_QUERY} WHERE p.id = ?", (player_id,)).fetchone()
    if row is None:
        return None
    player = player_from_row(row)
    check_read(conn, players=(player,))
    return player


def player_names(conn: sqlite3.Connection, ids: Iterable[int | None] | None = None
                 ) -> dict[int, str]:
    """Player names by id: of ``ids`` (None entries skipped), or of every player."""
    wanted = None if ids is None else sorted({i for i in ids if i is not None})
    if wanted is None or len(wanted) > _MANY_IDS:
        return dict(_tuples(conn, "SELECT id, name FROM players"))
    marks = ",".join("?" * len(wanted))
    return dict(_tuples(conn, f"SELECT id, name FROM players WHERE id IN ({marks})", wanted))


# a match's columns, in the order of MatchInfo's fields (its games aside)
_MATCH_SELECT = ("round, table_no, player1, player2, result, p1_games, p2_games, draws, "
                 "outcome, reported_at, stage")


def read_matches(
    conn: sqlite3.Connection, stage: str | None = None, round_number: int | None = None,
    table: int | None = None, *, tables_only: bool = False, games: bool = True,
    ids: Sequence[int] | None = None, player: int | None = None,
) -> list[MatchInfo]:
    """Every pairing and its games, Swiss before top cut, by round and table; or only those
    of ``stage`` / ``round_number`` / ``table`` when given, and with ``tables_only`` only those
    at a table (not the losses of a late entry) -- read through the index, not all. With
    ``games=False`` the games are not read (``MatchInfo.games`` is empty); ``ids``: only the
    matches with these row ids; ``player``: only those where this player sits."""
    where = ["table_no > 0"] if tables_only else []
    args: list[int | str] = []
    if ids is not None:
        where.append(f"id IN ({','.join('?' * len(ids))})")
        args.extend(ids)
    if player is not None:
        where.append("(player1 = ? OR player2 = ?)")
        args.extend((player, player))
    for column, value in (("stage", stage), ("round", round_number), ("table_no", table)):
        if value is not None:
            where.append(f"{column} = ?")
            args.append(value)
    cond = f" WHERE {' AND '.join(where)}" if where else ""
    order = "round, table_no, id" if stage is not None else "stage = 'top-cut', round, table_no, id"
    with read_transaction(conn):  # the matches, their games and the check: one state
        by_match: dict[int, list[GameInfo]] = {}
        game_rows = conn.execute(
            "SELECT * FROM games"
            + (f" WHERE match_id IN (SELECT id FROM matches{cond})" if cond else "")
            + " ORDER BY match_id, number", args) if games else ()
        for g in game_rows:
            by_match.setdefault(g["match_id"], []).append(
                GameInfo(number=g["number"], first=g["first"], winner=g["winner"], turns=g["turns"])
            )
        rows = _tuples(  # then the row's id
            conn, f"SELECT {_MATCH_SELECT}, id FROM matches{cond} ORDER BY {order}", args)
        matches = [  # positional: MatchInfo's fields in their order
            MatchInfo(rnd, table, p1, p2, result, g1, g2, draws, outcome,
                      tuple(by_match.get(mid, ())), at, stage)
            for rnd, table, p1, p2, result, g1, g2, draws, outcome, at, stage, mid in rows]
        check_matches_read(conn, " AND ".join(where), args, matches,
                           whole_rounds=not tables_only and ids is None and player is None
                           and table is None)
    return matches


def read_results(conn: sqlite3.Connection, stage: str) -> list[MatchRecord]:
    """The reported results of ``stage``, as the standings read them: only the columns of a
    :class:`~tt_organizer.standings.match_record.MatchRecord` (not the result text, the
    table, the games), which is what a big event's standings cost. Checked as
    :func:`read_matches` checks its read; when anything is wrong, that read names it."""
    from tt_organizer.standings.match_record import MatchRecord  # (a row command needs none)

    with read_transaction(conn):
        rows = _tuples(conn, "SELECT round, player1, player2, p1_games, p2_games, draws, "
                             "outcome FROM matches WHERE stage = ?", (stage,))
        try:
            sound = shapes_sound(conn, "stage = ?", (stage,)) and seats_sound(
                conn, seats_by_round(((stage, rnd), p1, p2)
                                     for rnd, p1, p2, _g1, _g2, _draws, _outcome in rows))
        except READ_FAILURES as exc:
            raise damaged(path_of(conn), exc) from None
        if not sound:
            read_matches(conn, stage, games=False)  # refuses the file, naming the problem
            refuse(path_of(conn), [f"{stage}: the stored matches do not agree with each other"])
    return [MatchRecord(rnd, p1, p2, g1, g2, draws, outcome)
            for rnd, p1, p2, g1, g2, draws, outcome in rows if outcome is not None]


def current_round(conn: sqlite3.Connection, stage: str = "swiss") -> int:
    """The highest round of ``stage`` paired so far (0 before the first pairing)."""
    row = conn.execute("SELECT max(number) FROM rounds WHERE stage = ?", (stage,)).fetchone()
    return row[0] or 0


def read_snapshot(conn: sqlite3.Connection, path: str = "", *, light: bool = False
                  ) -> EventSnapshot:
    """Everything stored, read in one consistent transaction; ``light`` leaves out the decks
    (:func:`read_roster`) and the audit log, for a check of pairings and results."""
    with read_transaction(conn):
        settings = read_settings(conn)
        if not light:  # the whole event: its caller ranks the players
            check_rules(conn, settings)
        return EventSnapshot(
            path=path,
            settings=settings,
            players=tuple(read_roster(conn) if light else read_players(conn)),
            matches=tuple(read_matches(conn)),
            audit=() if light else tuple(read_audit(conn)),
            current_round=current_round(conn),
            penalties=tuple(read_penalties(conn)),
        )
