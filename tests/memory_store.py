"""A second implementation of the event store: one event held in memory.

:class:`MemoryStore` implements every operation of
:class:`tt_organizer.events.store.interface.EventStore` on Python dicts (``mypy`` checks that it
does: see the end of this module and ``[tool.mypy] files``); a :class:`MemoryEvent` is its
connection, which names its store (``event_store``), so the event library runs on it through
:mod:`tt_organizer.events.store.dispatch` exactly as on an SQLite file. A transaction keeps a
copy of the tables and puts it back when the block raises (nested ones too, like savepoints).

It keeps what the SQLite schema keeps and reads it back through the same row converters
(:func:`~tt_organizer.events.store.settings_from_row`, ``player_from_row``, ``match_from_row``);
ids are given as SQLite gives an ``INTEGER PRIMARY KEY`` (the largest plus one) and never
reused in the audit log (``AUTOINCREMENT``).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tt_organizer.errors import EventError
from tt_organizer.events import store as sqlite_store
from tt_organizer.events.models import (
    AuditEntry,
    EventSettings,
    EventSnapshot,
    GameInfo,
    MatchInfo,
    PlayerInfo,
)
from tt_organizer.events.store.interface import Row

Record = dict[str, Any]
Games = list[tuple[int, int | None, int | None, int | None]]


class UniqueError(ValueError):
    """A second row with a value that must be unique (SQLite: ``UNIQUE constraint failed``)."""


@dataclass
class Tables:
    """Everything one event holds, table by table."""

    settings: Record | None = None
    players: dict[int, Record] = field(default_factory=dict)
    decks: dict[int, Record] = field(default_factory=dict)
    rounds: dict[tuple[str, int], Record] = field(default_factory=dict)
    matches: dict[int, Record] = field(default_factory=dict)
    games: dict[int, Games] = field(default_factory=dict)
    audit: list[Record] = field(default_factory=list)
    avoid: dict[tuple[int, int], Record] = field(default_factory=dict)
    timer: Record | None = None
    submissions: dict[int, Record] = field(default_factory=dict)
    reports: dict[int, Record] = field(default_factory=dict)
    audit_seq: int = 0  # AUTOINCREMENT: an audit id is never given twice


def _next_id(table: dict[int, Record]) -> int:
    return max(table, default=0) + 1


class MemoryStore:
    """The event store's operations on a :class:`MemoryEvent`."""

    # --- players
    def name_with_key(self, conn: MemoryEvent, name_key: str) -> str | None:
        return next((p["name"] for p in conn.t.players.values() if p["name_key"] == name_key),
                    None)

    def name_with_ext_id(self, conn: MemoryEvent, ext_id: str) -> str | None:
        return next((p["name"] for p in conn.t.players.values() if p["ext_id"] == ext_id), None)

    def player_id_by_ext_id(self, conn: MemoryEvent, ext_id: str) -> int | None:
        return next((i for i, p in conn.t.players.items() if p["ext_id"] == ext_id), None)

    def player_id_by_number(self, conn: MemoryEvent, number: int) -> int | None:
        return number if number in conn.t.players else None

    def player_id_by_name_key(self, conn: MemoryEvent, name_key: str) -> int | None:
        return next((i for i, p in conn.t.players.items() if p["name_key"] == name_key), None)

    def insert_player(self, conn: MemoryEvent, name: str, ext_id: str | None,
                      registered_at: str, late_entry_round: int | None) -> int:
        key = name.casefold()
        if any(p["name_key"] == key or (ext_id is not None and p["ext_id"] == ext_id)
               for p in conn.t.players.values()):
            raise UniqueError(f"a player {name!r} / {ext_id!r} is registered already")
        pid = _next_id(conn.t.players)
        conn.t.players[pid] = {
            "id": pid, "name": name, "name_key": key, "ext_id": ext_id,
            "registered_at": registered_at, "dropped": 0, "dropped_round": None,
            "late_entry_round": late_entry_round, "pin": f"{random.randrange(10_000):04d}",
            "checked_in": None, "bye_rounds": "",
        }
        return pid

    def insert_deck(self, conn: MemoryEvent, player_id: int, values: dict[str, Any]) -> None:
        if player_id in conn.t.decks:
            raise UniqueError(f"player {player_id} has a deck already")
        conn.t.decks[player_id] = dict(values, player_id=player_id)

    def insert_decks(self, conn: MemoryEvent, decks: Sequence[tuple[int, dict[str, Any]]]
                     ) -> None:
        for player_id, values in decks:
            self.insert_deck(conn, player_id, values)

    def set_dropped(self, conn: MemoryEvent, player_id: int, after_round: int | None) -> None:
        conn.t.players[player_id].update(dropped=int(after_round is not None),
                                         dropped_round=after_round)

    def set_dropped_round(self, conn: MemoryEvent, player_id: int, after_round: int) -> None:
        conn.t.players[player_id]["dropped_round"] = after_round

    def count_players(self, conn: MemoryEvent) -> int:
        return len(conn.t.players)

    def roster_flags(self, conn: MemoryEvent) -> list[dict[str, Any]]:
        out = []
        for pid in sorted(conn.t.players):
            deck = conn.t.decks.get(pid)
            out.append({"name": conn.t.players[pid]["name"],
                        "dropped": conn.t.players[pid]["dropped"],
                        "has_deck": int(deck is not None),
                        "legal": None if deck is None else deck["legal"]})
        return out

    def delete_player(self, conn: MemoryEvent, player_id: int) -> None:
        conn.t.decks.pop(player_id, None)
        conn.t.players.pop(player_id, None)
        for pair in [p for p in conn.t.avoid if player_id in p]:  # ON DELETE CASCADE
            del conn.t.avoid[pair]

    def set_bye_rounds(self, conn: MemoryEvent, player_id: int, text: str) -> None:
        conn.t.players[player_id]["bye_rounds"] = text

    def bye_round_texts(self, conn: MemoryEvent) -> dict[int, str]:
        return {i: p["bye_rounds"] for i, p in conn.t.players.items() if p["bye_rounds"]}

    def checked_in(self, conn: MemoryEvent, player_id: int) -> int | None:
        player = conn.t.players.get(player_id)
        return None if player is None else player["checked_in"]

    def set_checked_in(self, conn: MemoryEvent, player_id: int, value: bool) -> None:
        conn.t.players[player_id]["checked_in"] = int(value)

    def check_in_states(self, conn: MemoryEvent) -> dict[int, int | None]:
        return {i: p["checked_in"] for i, p in conn.t.players.items()}

    def player_pin(self, conn: MemoryEvent, player_id: int) -> str | None:
        player = conn.t.players.get(player_id)
        return None if player is None else str(player["pin"])

    def player_pins(self, conn: MemoryEvent) -> dict[int, str]:
        return {i: str(p["pin"]) for i, p in conn.t.players.items()}

    # --- matches
    def insert_settings(self, conn: MemoryEvent, values: dict[str, Any]) -> None:
        if conn.t.settings is not None:
            raise UniqueError("the event has its settings already")
        conn.t.settings = dict(values, id=1)

    def set_language(self, conn: MemoryEvent, language: str) -> None:
        assert conn.t.settings is not None
        conn.t.settings["language"] = language

    def set_rounds(self, conn: MemoryEvent, total: int) -> None:
        assert conn.t.settings is not None
        conn.t.settings["rounds"] = total

    def insert_round(self, conn: MemoryEvent, stage: str, number: int, paired_at: str, *,
                     seeded: bool = False) -> None:
        if (stage, number) in conn.t.rounds:
            raise UniqueError(f"round {number} of {stage} is paired already")
        conn.t.rounds[stage, number] = {"paired_at": paired_at, "seeded": int(seeded)}

    def round_seeded(self, conn: MemoryEvent, stage: str, number: int) -> bool:
        return bool(conn.t.rounds.get((stage, number), {}).get("seeded"))

    def _insert_match(self, conn: MemoryEvent, **values: Any) -> None:
        if values["table_no"] > 0 and self.match_id(
                conn, values["stage"], values["round"], values["table_no"]) is not None:
            raise UniqueError(f"table {values['table_no']} is paired already")
        mid = _next_id(conn.t.matches)
        conn.t.matches[mid] = {"id": mid, "result": None, "p1_games": 0, "p2_games": 0,
                               "draws": 0, "outcome": None, "reported_at": None, **values}

    def insert_pairing(self, conn: MemoryEvent, stage: str, rnd: int, table: int,
                       player1: int, player2: int) -> None:
        self._insert_match(conn, stage=stage, round=rnd, table_no=table, player1=player1,
                           player2=player2)

    def insert_bye(self, conn: MemoryEvent, stage: str, rnd: int, table: int, player: int,
                   games: int, at: str) -> None:
        self._insert_match(conn, stage=stage, round=rnd, table_no=table, player1=player,
                           player2=None, result="bye", p1_games=games, outcome="bye",
                           reported_at=at)

    def insert_missed_round(self, conn: MemoryEvent, rnd: int, player: int, at: str) -> None:
        self._insert_match(conn, stage="swiss", round=rnd, table_no=0, player1=player,
                           player2=None, result="loss", outcome="loss-missed", reported_at=at)

    def _at(self, conn: MemoryEvent, stage: str, rnd: int, table: int) -> list[Record]:
        return [m for m in conn.t.matches.values()
                if (m["stage"], m["round"], m["table_no"]) == (stage, rnd, table)]

    def delete_pairing(self, conn: MemoryEvent, stage: str, rnd: int, table: int) -> None:
        for m in self._at(conn, stage, rnd, table):
            del conn.t.matches[m["id"]]
            conn.t.games.pop(m["id"], None)

    def set_seats(self, conn: MemoryEvent, stage: str, rnd: int, table: int, player1: int,
                  player2: int | None) -> None:
        for m in self._at(conn, stage, rnd, table):
            m.update(player1=player1, player2=player2)

    def match_id(self, conn: MemoryEvent, stage: str, rnd: int, table: int) -> int | None:
        found = self._at(conn, stage, rnd, table)
        return found[0]["id"] if found else None

    def record_result(self, conn: MemoryEvent, match: int, text: str, p1_games: int,
                      p2_games: int, draws: int, outcome: str, at: str,
                      games: Iterable[tuple[int, int | None, int | None, int | None]]) -> None:
        conn.t.matches[match].update(result=text, p1_games=p1_games, p2_games=p2_games,
                                     draws=draws, outcome=outcome, reported_at=at)
        conn.t.games[match] = list(games)

    def clear_result(self, conn: MemoryEvent, match: int) -> None:
        conn.t.matches[match].update(result=None, p1_games=0, p2_games=0, draws=0,
                                     outcome=None, reported_at=None)
        conn.t.games.pop(match, None)

    def unreported_tables(self, conn: MemoryEvent, stage: str, rnd: int) -> list[int]:
        return sorted(m["table_no"] for m in conn.t.matches.values()
                      if m["stage"] == stage and m["round"] == rnd and m["table_no"] > 0
                      and m["result"] is None)

    def avoid_until(self, conn: MemoryEvent, low: int, high: int) -> tuple[bool, int | None]:
        row = conn.t.avoid.get((low, high))
        return (False, None) if row is None else (True, row["until_round"])

    def set_avoid(self, conn: MemoryEvent, low: int, high: int, until: int | None,
                  at: str) -> None:
        conn.t.avoid[low, high] = {"until_round": until, "created_at": at}

    def avoided_pairs(self, conn: MemoryEvent, rnd: int) -> list[tuple[int, int]]:
        return [pair for pair, row in conn.t.avoid.items()
                if row["until_round"] is None or row["until_round"] >= rnd]

    def last_change(self, conn: MemoryEvent) -> int:
        return conn.t.audit[-1]["id"] if conn.t.audit else 0

    # --- web
    def timer_row(self, conn: MemoryEvent) -> Row | None:
        return None if conn.t.timer is None else dict(conn.t.timer)

    def write_timer(self, conn: MemoryEvent, seconds: int, started_at: float | None,
                    elapsed: float) -> None:
        conn.t.timer = {"id": 1, "seconds": seconds, "started_at": started_at,
                        "elapsed": elapsed}

    def insert_submission(self, conn: MemoryEvent, values: dict[str, Any]) -> Row:
        sid = _next_id(conn.t.submissions)
        conn.t.submissions[sid] = {"id": sid, **values, "status": "pending", "player_id": None}
        return dict(conn.t.submissions[sid])

    def submission_row(self, conn: MemoryEvent, submission_id: int) -> Row | None:
        row = conn.t.submissions.get(submission_id)
        return None if row is None else dict(row)

    def submission_rows(self, conn: MemoryEvent, *, pending_only: bool = False
                        ) -> Sequence[Row]:
        return [dict(r) for _, r in sorted(conn.t.submissions.items())
                if not pending_only or r["status"] == "pending"]

    def set_submission_status(self, conn: MemoryEvent, submission_id: int, status: str,
                              player_id: int | None = None) -> None:
        row = conn.t.submissions[submission_id]
        row.update(status=status, player_id=player_id if player_id is not None
                   else row["player_id"])

    def report_rows(self, conn: MemoryEvent, *, open_only: bool = False) -> Sequence[Row]:
        return [dict(r) for _, r in sorted(conn.t.reports.items())
                if not open_only or r["status"] in ("pending", "disputed")]

    def report_row(self, conn: MemoryEvent, report_id: int) -> Row | None:
        row = conn.t.reports.get(report_id)
        return None if row is None else dict(row)

    def open_report_row(self, conn: MemoryEvent, stage: str, rnd: int, table: int
                        ) -> Row | None:
        return next((dict(r) for _, r in sorted(conn.t.reports.items())
                     if (r["stage"], r["round"], r["table_no"]) == (stage, rnd, table)
                     and r["status"] in ("pending", "disputed")), None)

    def insert_report(self, conn: MemoryEvent, values: dict[str, Any]) -> Row:
        rid = _next_id(conn.t.reports)
        conn.t.reports[rid] = {"id": rid, **values, "status": "pending", "answered_by": None,
                               "answered_at": None, "counter": None}
        return dict(conn.t.reports[rid])

    def set_report_status(self, conn: MemoryEvent, report_id: int, status: str) -> None:
        conn.t.reports[report_id]["status"] = status

    def answer_report(self, conn: MemoryEvent, report_id: int, status: str, player_id: int,
                      at: str, counter: str | None) -> None:
        conn.t.reports[report_id].update(status=status, answered_by=player_id, answered_at=at,
                                         counter=counter)

    def resolve_report(self, conn: MemoryEvent, report_id: int, at: str) -> None:
        conn.t.reports[report_id].update(status="resolved", answered_at=at)

    # --- transactions, audit log, reads
    def now(self) -> str:
        return sqlite_store.now()

    @contextmanager
    def transaction(self, conn: MemoryEvent, *, pause: bool = True, counted: bool = True
                    ) -> Iterator[MemoryEvent]:
        saved = copy.deepcopy(conn.t)
        conn.depth += 1
        try:
            yield conn
        except BaseException:
            conn.t = saved
            raise
        finally:
            conn.depth -= 1

    def in_transaction(self, conn: MemoryEvent) -> bool:
        return conn.depth > 0

    def rollback_open(self, conn: MemoryEvent) -> None:
        """Nothing is left open: a transaction ends with its block."""

    def audit(self, conn: MemoryEvent, action: str, subject: str, old: Any = None,
              new: Any = None) -> None:
        conn.t.audit_seq += 1
        conn.t.audit.append({"id": conn.t.audit_seq, "at": sqlite_store.now(),
                             "actor": sqlite_store.actor(), "action": action,
                             "subject": subject, "old": _text(old), "new": _text(new)})

    def audit_entries(self, conn: MemoryEvent, entries: Sequence[tuple[str, str, Any, Any]]
                      ) -> None:
        for action, subject, old, new in entries:
            self.audit(conn, action, subject, old, new)

    def read_settings(self, conn: MemoryEvent) -> EventSettings:
        if conn.t.settings is None:
            raise EventError("event without settings")
        return sqlite_store.settings_from_row(conn.t.settings)

    def _player(self, conn: MemoryEvent, pid: int) -> PlayerInfo:
        deck = conn.t.decks.get(pid, {})
        return sqlite_store.player_from_row({
            **conn.t.players[pid],
            **{f"d_{c}": deck.get(c) for c in ("source", "text", "legal", "codes", "colors",
                                               "main", "pile")}})

    def read_players(self, conn: MemoryEvent) -> list[PlayerInfo]:
        return [self._player(conn, pid) for pid in sorted(conn.t.players)]

    def read_roster(self, conn: MemoryEvent) -> list[PlayerInfo]:
        return [PlayerInfo(id=p["id"], name=p["name"], ext_id=p["ext_id"],
                           registered_at=p["registered_at"], dropped=bool(p["dropped"]),
                           dropped_round=p["dropped_round"],
                           late_entry_round=p["late_entry_round"])
                for _, p in sorted(conn.t.players.items())]

    def read_player(self, conn: MemoryEvent, player_id: int) -> PlayerInfo | None:
        return self._player(conn, player_id) if player_id in conn.t.players else None

    def player_names(self, conn: MemoryEvent, ids: Iterable[int | None] | None = None
                     ) -> dict[int, str]:
        wanted = None if ids is None else {i for i in ids if i is not None}
        return {i: p["name"] for i, p in conn.t.players.items()
                if wanted is None or i in wanted}

    def read_matches(self, conn: MemoryEvent, stage: str | None = None,
                     round_number: int | None = None, table: int | None = None, *,
                     tables_only: bool = False, games: bool = True,
                     ids: Sequence[int] | None = None, player: int | None = None
                     ) -> list[MatchInfo]:
        rows = [m for m in conn.t.matches.values()
                if (ids is None or m["id"] in ids)
                and (player is None or player in (m["player1"], m["player2"]))
                and (stage is None or m["stage"] == stage)
                and (round_number is None or m["round"] == round_number)
                and (table is None or m["table_no"] == table)
                and (not tables_only or m["table_no"] > 0)]
        rows.sort(key=lambda m: (m["stage"] == "top-cut", m["round"], m["table_no"], m["id"]))
        return [sqlite_store.match_from_row(m, [
            GameInfo(number=n, first=first, winner=winner, turns=turns)
            for n, first, winner, turns in sorted(conn.t.games.get(m["id"], []) if games else [])
        ]) for m in rows]

    def read_audit(self, conn: MemoryEvent) -> list[AuditEntry]:
        return [sqlite_store.audit_from_row(a) for a in conn.t.audit]

    def current_round(self, conn: MemoryEvent, stage: str = "swiss") -> int:
        return max((n for s, n in conn.t.rounds if s == stage), default=0)

    def read_snapshot(self, conn: MemoryEvent, path: str = "", *, light: bool = False
                      ) -> EventSnapshot:
        return EventSnapshot(
            path=path, settings=self.read_settings(conn),
            players=tuple(self.read_roster(conn) if light else self.read_players(conn)),
            matches=tuple(self.read_matches(conn)),
            audit=() if light else tuple(self.read_audit(conn)),
            current_round=self.current_round(conn))


def _text(value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


class MemoryEvent:
    """An open event of the memory store: its connection (it names its store)."""

    event_store = MemoryStore()

    def __init__(self) -> None:
        self.t = Tables()
        self.depth = 0  # transactions open (nested ones are savepoints)

    def close(self) -> None:
        """Nothing to close: the event lives as long as this object."""


if TYPE_CHECKING:  # mypy checks that the memory store implements the store interface
    from tt_organizer.events.store.interface import Connection, EventStore

    _IMPLEMENTS: EventStore[MemoryEvent] = MemoryStore()
    _CONNECTION: Connection = MemoryEvent()
