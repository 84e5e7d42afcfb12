"""The values the toolkit can ever write, and the checks of what is read against them: a
stored value outside them is damage (or a hand edit), refused with one message naming the file.
The readers (:mod:`~tt_organizer.events.store.reads`) check what they return
(:func:`check_read`); :mod:`~tt_organizer.events.store.integrity` checks changed rows and
whole files."""

from __future__ import annotations

import datetime as dt
import functools
import sqlite3
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from tt_organizer.errors import EventError
from tt_organizer.events.models import (
    AuditEntry,
    EventSettings,
    EventSnapshot,
    MatchInfo,
    PlayerInfo,
)
from tt_organizer.i18n import Msg
from tt_organizer.messages import is_code

STAGES = ("swiss", "top-cut")
OUTCOMES = (None, "p1", "p2", "draw", "double-loss", "bye", "loss-missed")
MAX_STORED = 2**31 - 1  # every number the toolkit stores is below this
MAX_SHOWN = 120  # characters of a damaged value quoted in a message
# what reading a damaged file can raise (an EventError is raised on purpose and passes through)
READ_FAILURES = (sqlite3.Error, ValueError, TypeError, KeyError, IndexError, AttributeError)


def path_of(conn: sqlite3.Connection) -> str:
    row = conn.execute("PRAGMA database_list").fetchone()
    return str(row[2]) if row is not None else "event database"


def damaged(where: str, exc: BaseException) -> EventError:
    """The refusal of a file whose reading raised ``exc`` (code ``event-damaged``)."""
    return EventError("event-damaged", file=where,
                      detail=f"{type(exc).__name__}: {shorten(str(exc))}")


def renamed(exc: EventError, old: str, new: str) -> EventError:
    """``exc`` naming the file ``new`` where it named ``old`` (a reader names the file by the
    connection's path; a command by the path it was given)."""
    if not is_code(exc.code):
        return exc
    params = {k: new if v == old else v for k, v in exc.params.items()}
    return EventError(str(exc.code), hint={k: v for k, v in exc.hint.items()
                                           if k not in exc.params}, **params)


def refuse(where: str, problems: list[str]) -> None:
    if problems:
        raise EventError("values-never-written", file=where, problems=some(problems))


def some(items: Sequence[str], most: int = 5, *, counted: bool = True) -> str | Msg:
    """The first ``most`` of ``items`` joined by "; ", and how many more there are (``counted``
    False: that there are more) -- a parameter of a refusal, in the reader's words."""
    shown = "; ".join(items[:most])
    if len(items) <= most:
        return shown
    if not counted:
        return Msg("{items}; and more", items=shown)
    return Msg("{items}; and {n} more", items=shown, n=len(items) - most)


def shorten(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


def _count(value: object, minimum: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and \
        minimum <= value <= MAX_STORED


def settings_problems(s: EventSettings, *, rules: bool = True) -> list[str]:
    """What is wrong with stored settings (empty when they are sound); ``rules=False`` leaves
    out the tiebreakers and tiebreak policy (checked by the standings that use them)."""
    out: list[str] = []
    if rules:
        out += _rules_problems(s)
    if not isinstance(s.name, str) or not s.name:
        out.append("settings: no event name")
    if s.best_of not in (1, 3):
        out.append(f"settings: best_of {s.best_of!r} (1 or 3)")
    if s.rounds is not None and not _count(s.rounds, 1):
        out.append(f"settings: rounds {s.rounds!r}")
    if s.top_cut not in (None, 0, 4, 8, 16):
        out.append(f"settings: top_cut {s.top_cut!r} (0, 4, 8 or 16)")
    for key in ("win_points", "draw_points", "loss_points", "bye_points"):
        if not _count(getattr(s, key)):
            out.append(f"settings: {key} {getattr(s, key)!r}")
    if s.unfinished not in ("draw", "double-loss"):
        out.append(f"settings: unfinished {s.unfinished!r}")
    if s.intentional_draws not in (True, False):
        out.append(f"settings: intentional_draws {s.intentional_draws!r}")
    if not _count(s.seed):
        out.append(f"settings: seed {s.seed!r}")
    if s.banlist_date is not None:
        try:
            dt.date.fromisoformat(s.banlist_date)
        except (TypeError, ValueError):
            out.append(f"settings: ban-list date {shorten(str(s.banlist_date))!r}")
    if not all(isinstance(k, str) and _count(v) for k, v in s.format_settings.items()):
        out.append("settings: format settings are not names with whole numbers")
    return out


def _rules_problems(s: EventSettings) -> list[str]:
    from tt_organizer.standings.tiebreakers import TIEBREAKERS

    out: list[str] = []
    try:
        s.tiebreak_policy  # noqa: B018  (read from its stored form on first use)
    except EventError as exc:
        out.append(f"settings: {exc}")
    unknown = [t for t in s.tiebreakers if t not in TIEBREAKERS]
    if unknown or len(set(s.tiebreakers)) != len(s.tiebreakers):
        out.append(f"settings: tiebreakers {','.join(s.tiebreakers)!r} (each of "
                   f"{', '.join(TIEBREAKERS)} at most once)")
    return out


def check_read(conn: sqlite3.Connection, *, settings: EventSettings | None = None,
               players: Iterable[PlayerInfo] = (), matches: Iterable[MatchInfo] = ()) -> None:
    """The check of what a command reads (the store's readers call it on the rows they
    return): :class:`EventError` when one holds a value the toolkit never writes -- damage
    the change log cannot see. The settings' tiebreak rules are checked where they are used."""
    try:
        problems = [] if settings is None else settings_problems(settings, rules=False)
        for p in players:
            problems += _player_problems(p)
        for m in matches:
            if not _plainly_sound(m):
                problems += _match_problems(m)
    except READ_FAILURES as exc:
        raise damaged(path_of(conn), exc) from None
    if problems:
        refuse(path_of(conn), problems)


def check_rules(conn: sqlite3.Connection, settings: EventSettings) -> None:
    """The check of the settings' tiebreakers and tiebreak policy, by a reader whose caller
    ranks the players (a whole snapshot): :class:`EventError` naming the file when they
    cannot rank. (Reading them loads the standings, which a report or a drop never needs.)"""
    try:
        problems = _rules_problems(settings)
    except READ_FAILURES as exc:
        raise damaged(path_of(conn), exc) from None
    refuse(path_of(conn), problems)


# The number columns of a match row hold what the toolkit writes: evaluated by SQLite for every
# row read, so that a command reading thousands of matches checks them without a Python step
# per row (its text columns are looked at once per distinct value, see check_matches_read).
_SOUND_NUMBERS = " AND ".join([
    "(player2 IS NULL OR player2 != player1)",
    f"typeof(round) = 'integer' AND round BETWEEN 1 AND {MAX_STORED}",
    *(f"typeof({c}) = 'integer' AND {c} BETWEEN 0 AND {MAX_STORED}"
      for c in ("table_no", "p1_games", "p2_games", "draws")),
])


def check_matches_read(conn: sqlite3.Connection, where: str, args: Sequence[object],
                       matches: Sequence[MatchInfo], *, whole_rounds: bool = False) -> None:
    """:func:`check_read` of the ``matches`` read by ``SELECT ... FROM matches WHERE where``:
    their result columns by :func:`shapes_sound`, their seating against their rounds, their
    games (if any) one by one; only when something is wrong are they all looked at in
    Python, for the message. ``whole_rounds``: ``where`` picks whole rounds (a stage, a
    round), so the matches read are every match of their rounds."""
    try:
        sound = shapes_sound(conn, where, args)
        wrong = _seating_problem(conn, where, matches, whole_rounds)
    except READ_FAILURES as exc:
        raise damaged(path_of(conn), exc) from None
    if wrong:
        refuse(path_of(conn), [wrong])
    check_read(conn, matches=matches if not sound else [m for m in matches if m.games])


def shapes_sound(conn: sqlite3.Connection, where: str, args: Sequence[object]) -> bool:
    """True when the matches ``WHERE where`` hold only values the toolkit writes, their result
    columns agreeing with each other: one query gives every distinct shape of their result
    columns (SQLite checks the number columns of every row), each looked at once."""
    cond = f"WHERE {where}" if where else ""
    shapes = conn.execute(
        "SELECT DISTINCT result, p1_games, p2_games, draws, outcome, player2 IS NOT NULL, "
        f"table_no > 0, stage, {_SOUND_NUMBERS} FROM matches {cond}", args).fetchall()
    return all(numbers_sound == 1 and stage in STAGES and outcome in OUTCOMES
               and (result is None or type(result) is str)
               and shape_problem(result, g1, g2, draws, outcome, two, at_table) is None
               for result, g1, g2, draws, outcome, two, at_table, stage, numbers_sound
               in shapes)


def seats_by_round(seatings: Iterable[tuple[tuple[str, int], int, int | None]]
                   ) -> dict[tuple[str, int], list[int]]:
    """The players seated in each round, from each match's round (stage, number) and players
    (the second None for a bye or a missed round)."""
    seats: dict[tuple[str, int], list[int]] = {}
    for key, p1, p2 in seatings:
        seat = seats.get(key)
        if seat is None:
            seat = seats[key] = []
        seat.append(p1)
        if p2 is not None:
            seat.append(p2)
    return seats


def seats_sound(conn: sqlite3.Connection, seats: dict[tuple[str, int], list[int]]) -> bool:
    """True when ``seats`` (the players seated in each round of a stage, every match of those
    rounds) are in rounds that were paired, registered, and at one table each per round."""
    return not _unknown_seats(conn, seats, every_player=True) and _seated_twice(seats) is None


def _seating_problem(conn: sqlite3.Connection, where: str, matches: Sequence[MatchInfo],
                     whole_rounds: bool) -> str | None:
    """The matches read against their rounds (the message of the first problem, or None): a
    round that was never paired, a player who is not registered, a player at two tables of
    one round -- looked at in every match of the rounds read, not only the matches read."""
    seats = seats_by_round(((m.stage, m.round), m.player1, m.player2) for m in matches)
    unknown = _unknown_seats(conn, seats, every_player=not where)
    if unknown:
        rounds, players = unknown
        for m in matches:
            label = f"{m.stage} round {m.round} table {m.table}"
            if (m.stage, m.round) not in rounds:
                return f"{label}: a round that was never paired"
            if m.player1 not in players or m.player2 not in (None, *players):
                return f"{label}: a player who is not registered"
    if where and not whole_rounds:  # every table of the rounds read, through their index
        for seat in seats.values():
            seat.clear()
        for m in matches:  # (a late entry's missed rounds have no table to read them by)
            if m.table == 0:
                seats[(m.stage, m.round)].append(m.player1)
        for (stage, rnd), seat in seats.items():
            for p1, p2 in _plain(conn, "SELECT player1, player2 FROM matches WHERE stage = ? "
                                 "AND round = ? AND table_no > 0", (stage, rnd)):
                seat.append(p1)
                if p2 is not None:
                    seat.append(p2)
    return _seated_twice(seats)


def _unknown_seats(conn: sqlite3.Connection, seats: dict[tuple[str, int], list[int]], *,
                   every_player: bool) -> tuple[set[tuple[str, int]], set[int]] | None:
    """None when every round of ``seats`` was paired and every player seated is registered;
    otherwise the paired rounds and the registered players (for the message). The players
    are looked up by id, or with ``every_player`` (a read of whole stages) all read."""
    rounds = set(_plain(conn, "SELECT stage, number FROM rounds"))
    seated = set().union(*seats.values())
    if every_player or len(seated) > _MANY:
        players = {r[0] for r in _plain(conn, "SELECT id FROM players")}
    else:
        marks = ",".join("?" * len(seated))
        players = {r[0] for r in _plain(conn, f"SELECT id FROM players WHERE id IN ({marks})",
                                        sorted(seated))}
    if seats.keys() <= rounds and seated <= players:
        return None
    return rounds, players


def _seated_twice(seats: dict[tuple[str, int], list[int]]) -> str | None:
    """The message naming a player seated twice in one round of ``seats``, or None."""
    for (stage, rnd), seat in seats.items():
        if len(set(seat)) != len(seat):
            player = next(p for p, n in Counter(seat).items() if n > 1)
            return f"{stage} round {rnd}: player {player} sits at two tables"
    return None


_MANY = 500  # above this many players the check reads every player's id


def _plain(conn: sqlite3.Connection, sql: str, args: Sequence[object] = ()) -> list[Any]:
    cur = conn.cursor()
    cur.row_factory = None
    return cur.execute(sql, args).fetchall()


def _plainly_sound(m: MatchInfo) -> bool:
    """A quick look at a match without games (almost every match a big event's commands
    read): True when it is sound; False sends it to the full look of :func:`_match_problems`."""
    return (m.stage in STAGES and m.outcome in OUTCOMES and not m.games
            and type(m.round) is int and type(m.table) is int and type(m.p1_games) is int
            and type(m.p2_games) is int and type(m.draws) is int
            and 0 < m.round <= MAX_STORED and 0 <= m.table <= MAX_STORED
            and min(m.p1_games, m.p2_games, m.draws) >= 0
            and max(m.p1_games, m.p2_games, m.draws) <= MAX_STORED
            and m.player1 != m.player2
            and shape_problem(m.result, m.p1_games, m.p2_games, m.draws, m.outcome,
                              m.player2 is not None, m.table > 0) is None)


def _player_problems(p: PlayerInfo) -> list[str]:
    out: list[str] = []
    # (every player of a big event is looked at: the label is made only for a problem)
    if not isinstance(p.name, str) or not p.name.strip():
        out.append(f"player {p.id}: no name")
    if p.dropped_round is not None and not _count(p.dropped_round):
        out.append(f"player {p.id}: dropped_round {p.dropped_round!r}")
    if p.late_entry_round is not None and not _count(p.late_entry_round):
        out.append(f"player {p.id}: late_entry_round {p.late_entry_round!r}")
    if p.deck_text is not None:
        label = f"player {p.id}"
        if not isinstance(p.main, dict) or not isinstance(p.pile, dict):
            return [*out, f"{label}: deck card counts are not a table of card numbers"]
        cards = {**p.main, **p.pile}
        if not all(isinstance(n, str) and _count(c) for n, c in cards.items()):
            out.append(f"{label}: deck card counts are not card numbers with whole numbers")
        if not all(isinstance(c, str) for c in (*p.deck_codes, *p.deck_colors)):
            out.append(f"{label}: deck codes or colours are not text")
    return out


@functools.lru_cache(maxsize=256)
def _known_result(text: str) -> bool:
    from tt_organizer.events.result_text import parse_result

    for best_of in (1, 3):
        try:
            parse_result(str(text), best_of)
            return True
        except EventError:
            continue
    return False


def stored_value_problems(snapshot: EventSnapshot) -> list[str]:
    """Every stored value the toolkit could not have written (empty for a sound event)."""
    ids = {p.id for p in snapshot.players}
    out = problems(snapshot.settings, snapshot.players, snapshot.matches, snapshot.audit, ids)
    for penalty in snapshot.penalties:
        if penalty.player not in ids:
            out.append(f"penalty {penalty.id}: a player who is not registered")
        if not penalty.judge or not penalty.at:
            out.append(f"penalty {penalty.id}: no judge or time")
    return out


def problems(settings: EventSettings | None, players: Iterable[PlayerInfo],
              matches: Iterable[MatchInfo], audit: Iterable[AuditEntry],
              ids: Collection[int]) -> list[str]:
    """What is wrong with these rows; ``ids`` holds (at least) the registered players among
    those the matches seat."""
    out = [] if settings is None else settings_problems(settings)
    for p in players:
        out += _player_problems(p)
    for m in matches:
        out += _match_problems(m)
        if m.player1 not in ids or (m.player2 is not None and m.player2 not in ids):
            out.append(f"{m.stage} round {m.round} table {m.table}: a player who is not "
                       "registered")
    for e in audit:
        for value in (e.old, e.new):
            if value is not None and not isinstance(value, str):
                out.append(f"audit entry {e.id}: a value that is not text")
    return out


def _match_problems(m: MatchInfo) -> list[str]:
    out: list[str] = []
    label = f"{m.stage} round {m.round} table {m.table}"
    if m.stage not in STAGES or not _count(m.round, 1) or not _count(m.table):
        out.append(f"{label}: impossible stage, round or table")
    if m.outcome not in OUTCOMES:
        out.append(f"{label}: outcome {shorten(str(m.outcome))!r}")
    if not all(_count(v) for v in (m.p1_games, m.p2_games, m.draws)):
        out.append(f"{label}: game counts {m.p1_games!r}, {m.p2_games!r}, {m.draws!r}")
    if m.result is not None and m.player2 is not None and m.table > 0 \
            and not _known_result(str(m.result)):
        out.append(f"{label}: result {shorten(str(m.result))!r}")
    elif not out:
        shape = shape_problem(m.result, m.p1_games, m.p2_games, m.draws, m.outcome,
                              m.player2 is not None, m.table > 0)
        if shape is not None:
            out.append(f"{label}: {shape}")
    if m.player1 == m.player2:
        out.append(f"{label}: the same player in both seats")
    out += _games_problems(m, label)
    for g in m.games:
        seats = (m.player1, m.player2)
        if not _count(g.number, 1) or (g.turns is not None and not _count(g.turns, 1)):
            out.append(f"{label}: game {g.number!r} has an impossible number or turn count")
        if g.first not in (None, *seats) or g.winner not in (None, *seats):
            out.append(f"{label}: game {g.number!r} names a player not at the table")
    return out


def _parsed(text: str) -> tuple[int, int, int, str] | None:
    from tt_organizer.events.result_text import parse_result

    for best_of in (3, 1):
        try:
            r = parse_result(str(text), best_of)
        except EventError:
            continue
        return r.p1_games, r.p2_games, r.draws, r.outcome
    return None


@functools.lru_cache(maxsize=1024)
def shape_problem(result: object, p1: object, p2: object, draws: object, outcome: object,
                  two_seats: object, at_table: object) -> str | None:
    """What is wrong with a match's result columns taken together (None when they agree): the
    games and the outcome against the result text, as the toolkit writes them -- a result
    ``2-0`` with games 0 and 2 is refused, never scored as a win of the loser."""
    counts = (p1, p2, draws)
    if not at_table:  # a round a late entry missed
        if two_seats or result != "loss" or outcome != "loss-missed" or counts != (0, 0, 0):
            return "a missed round that is not a loss at table 0"
        return None
    if not two_seats:  # a bye
        if result != "bye" or outcome != "bye" or (p2, draws) != (0, 0) or p1 not in (0, 1, 2):
            return f"a bye recorded as {shorten(str(result))!r}, games {p1}-{p2}-{draws}"
        return None
    if result is None:
        if outcome is not None or counts != (0, 0, 0):
            return f"unreported, but outcome {outcome!r} and games {p1}-{p2}-{draws}"
        return None
    parsed = _parsed(str(result))
    if parsed is None:
        return f"result {shorten(str(result))!r}"
    if counts != parsed[:3]:
        return (f"result {shorten(str(result))!r} but games {p1}-{p2}-{draws} "
                f"(the result means {parsed[0]}-{parsed[1]}-{parsed[2]})")
    if outcome != parsed[3] and not (parsed[3] == "draw" and outcome == "double-loss"):
        return f"result {shorten(str(result))!r} but outcome {shorten(str(outcome))!r}"
    return None


def _games_problems(m: MatchInfo, label: str) -> list[str]:
    """The per-game rows against the match: numbered 1, 2, ... one per game played, and no
    more games won by a seat than its game count."""
    if not m.games:
        return []
    if m.result is None or m.player2 is None:
        return [f"{label}: games recorded for a match without a result"]
    numbers = [g.number for g in m.games]
    played = m.p1_games + m.p2_games + m.draws if all(
        _count(v) for v in (m.p1_games, m.p2_games, m.draws)) else -1
    if numbers != list(range(1, len(numbers) + 1)) or len(numbers) != played:
        return [f"{label}: games {numbers} for {played} game(s) played"]
    # a game without a winner was drawn, or its winner is not known (a blank in the list)
    won = (sum(g.winner == m.player1 for g in m.games), sum(g.winner == m.player2 for g in m.games))
    if won[0] > m.p1_games or won[1] > m.p2_games:
        return [f"{label}: game winners P1 {won[0]}, P2 {won[1]} against games "
                f"{m.p1_games}-{m.p2_games}-{m.draws}"]
    return []


# What the toolkit writes in the tables no reader checks (a row that is not so is damage or a
# hand edit): checked by SQL, in the full check of a file.
_SOUND_ROWS = {
    "rounds": "stage IN ('swiss', 'top-cut') AND typeof(number) = 'integer' AND number "
              f"BETWEEN 1 AND {MAX_STORED} AND seeded IN (0, 1) AND typeof(paired_at) = 'text'",
    "avoid_pairs": "typeof(player_a) = 'integer' AND typeof(player_b) = 'integer' AND "
                   "player_a < player_b AND (until_round IS NULL OR (typeof(until_round) = "
                   f"'integer' AND until_round BETWEEN 1 AND {MAX_STORED}))",
    "set_aside": "typeof(name_key) = 'text' AND typeof(name) = 'text' AND allow_illegal IN "
                 "(0, 1) AND typeof(set_aside_at) = 'text' AND (deck_text IS NULL OR "
                 "typeof(deck_text) = 'text')",
    "web_reports": "stage IN ('swiss', 'top-cut') AND typeof(round) = 'integer' AND "
                   "typeof(table_no) = 'integer' AND typeof(reporter) = 'integer' AND "
                   "typeof(result) = 'text' AND status IN ('pending', 'confirmed', "
                   "'disputed', 'resolved', 'withdrawn')",
    "web_decks": "typeof(name) = 'text' AND typeof(text) = 'text' AND typeof(report) = 'text' "
                 "AND status IN ('pending', 'approved', 'rejected') AND legal IN (0, 1)",
    "web_timer": "id = 1 AND typeof(seconds) = 'integer' AND seconds BETWEEN 0 AND "
                 f"{MAX_STORED} AND (started_at IS NULL OR typeof(started_at) IN ('real', "
                 "'integer')) AND typeof(elapsed) IN ('real', 'integer') AND elapsed >= 0",
}


def other_table_problems(conn: sqlite3.Connection) -> list[str]:
    """What is wrong in the tables without a checked reader, and every reference from a row to
    a row that is not there (``PRAGMA foreign_key_check``): part of the full check."""
    out = []
    for table, sound in _SOUND_ROWS.items():
        row = conn.execute(f"SELECT rowid FROM {table} WHERE NOT ({sound}) LIMIT 1").fetchone()
        if row is not None:
            out.append(f"{table} row {row[0]}: a value the toolkit never writes")
    for table, rowid, parent, _ in conn.execute("PRAGMA foreign_key_check").fetchmany(5):
        out.append(f"{table} row {rowid}: refers to a {parent} row that is not there")
    return out
