"""Pairings the organizer controls: manual changes, minimal repair, constraints, check-in.

Every change runs in one transaction, is audit-logged and is refused (``EventError``, the
database unchanged) when it would break the event: a player seated twice, a dropped player
seated, a reported table changed, a round of the top cut touched.

* :func:`swap`, :func:`set_table`, :func:`give_bye`, :func:`unpair` edit the current,
  unreported Swiss round; players whose table is taken apart are left *unpaired* (seat them
  with another change, or :func:`repair` pairs just them).
* :func:`repair` re-pairs only what must change: tables with a dropped player and active
  players without a seat. It frees the fewest further tables -- first the bye, then the
  tables nearest in points -- until the loose players pair without a rematch (and the bye
  goes to a player without one, when anyone in the round has none).
* :func:`pair_from_rows` enters a round paired elsewhere (paper, another tool).
* Constraints: :func:`avoid` (players who should not meet: treated like a rematch, so
  honoured whenever a pairing without it exists), :func:`set_bye_rounds` (invited players'
  byes); check-in (:mod:`tt_organizer.events.check_in`) applies in :func:`prepare_round`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tt_organizer.errors import EventError, InputError
from tt_organizer.events import (
    entering,
    paired_rounds,
    phone_reports,
    players,
    queries,
    setup,
    store,
    swiss_states,
    timer,
)
from tt_organizer.events.constraints import avoid_pairs, prepare_round, with_avoid
from tt_organizer.events.models import MatchInfo, PlayerInfo
from tt_organizer.events.result_words import CONTEXT as RESULT_WORD
from tt_organizer.events.store import Connection
from tt_organizer.i18n import Listed, Msg, NMsg, Term
from tt_organizer.messages import WORDS
from tt_organizer.typed_numbers import is_count, parse_count

if TYPE_CHECKING:
    from pathlib import Path

SWISS = setup.SWISS


@dataclass
class Change:
    """What a manual change did to round ``round``: the tables as they are now
    (``changed``), tables that no longer exist (``removed``) and players left without a
    seat (``unpaired``, names); the phone reports of the changed tables it withdrew
    (``withdrawn``)."""

    round: int
    changed: list[MatchInfo] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    unpaired: list[str] = field(default_factory=list)
    before: list[MatchInfo] = field(default_factory=list)  # the moved tables as they were
    withdrawn: list[phone_reports.Report] = field(default_factory=list)


# --- the current round -----------------------------------------------------------------------


def _editable_round(conn: Connection) -> int:
    if store.current_round(conn, setup.TOP_CUT):
        raise EventError("top-cut-follows-bracket")
    rnd = store.current_round(conn)
    if not rnd:
        raise EventError("no-round", hint={"command": "pair"})
    return rnd


def _round_rows(conn: Connection, rnd: int) -> list[MatchInfo]:
    return [m for m in store.read_matches(conn) if m.stage == SWISS and m.round == rnd]


def _reported(m: MatchInfo) -> bool:
    return m.result is not None and m.player2 is not None


def _seat(rows: Sequence[MatchInfo], pid: int) -> MatchInfo | None:
    for m in rows:
        if pid in (m.player1, m.player2):
            return m
    return None


def _active(conn: Connection, ref: str) -> PlayerInfo:
    p = players.find_player(conn, ref)
    if p.dropped:
        raise EventError("player-dropped", name=p.name, hint={"command": "undrop"})
    return p


def _movable(rows: Sequence[MatchInfo], p: PlayerInfo, rnd: int) -> MatchInfo | None:
    """``p``'s table in the round, refused when it is reported (or a missed round)."""
    m = _seat(rows, p.id)
    if m is not None and m.table == 0:  # a missed round is no table anyone sees
        raise EventError("missed-round", name=p.name, round=rnd)
    if m is not None and _reported(m):
        raise EventError("already-played", name=p.name, round=rnd, table=m.table)
    return m


def _delete(conn: Connection, rnd: int, table: int) -> None:
    store.delete_pairing(conn, SWISS, rnd, table)


def _insert(conn: Connection, rnd: int, table: int, p1: int, p2: int | None) -> None:
    from tt_organizer.pairing.swiss import Pairing

    queries.insert_pairings(conn, SWISS, rnd, [Pairing(table, p1, p2)])


def _unpaired_names(conn: Connection, rnd: int) -> list[str]:
    return paired_rounds.unpaired_names(conn, rnd)


def unpaired_players(conn: Connection) -> list[str]:
    """Active players without a seat in the current Swiss round (after manual changes)."""
    rnd = store.current_round(conn)
    return _unpaired_names(conn, rnd) if rnd else []


def _finish(conn: Connection, rnd: int, action: str, before: list[MatchInfo],
            tables: Iterable[int], detail: dict[str, Any]) -> Change:
    now = {m.table: m for m in _round_rows(conn, rnd) if m.table > 0}
    tables = sorted(set(tables) | {m.table for m in before})
    change = Change(round=rnd, before=before,
                    changed=[now[t] for t in tables if t in now],
                    removed=[t for t in tables if t not in now],
                    unpaired=_unpaired_names(conn, rnd),
                    withdrawn=phone_reports.withdrawn(conn))
    store.audit(conn, action, f"round {rnd}", {"tables": queries.describe_tables(before)},
                {**detail, "tables": queries.describe_tables(change.changed),
                 "removed": change.removed})
    return change


# --- manual changes --------------------------------------------------------------------------


def _two_players(conn: Connection, a: str, b: str, same: str
                 ) -> tuple[int, PlayerInfo, PlayerInfo, list[MatchInfo]]:
    """The editable round, players ``a`` and ``b`` (active, different: else ``same``) and
    the round's rows."""
    rnd = _editable_round(conn)
    pa, pb = _active(conn, a), _active(conn, b)
    if pa.id == pb.id:
        raise EventError(same, name=pa.name)
    return rnd, pa, pb, _round_rows(conn, rnd)


def swap(conn: Connection, a: str, b: str) -> Change:
    """Exchange the seats of players ``a`` and ``b`` in the current round."""
    with store.transaction(conn):
        rnd, pa, pb, rows = _two_players(conn, a, b, "same-player-twice")
        ma, mb = _movable(rows, pa, rnd), _movable(rows, pb, rnd)
        if ma is None or mb is None:
            who = pa if ma is None else pb
            raise EventError("no-seat", name=who.name, round=rnd, hint={"option": "set"})
        if ma.table == mb.table:
            raise EventError("already-opponents", a=pa.name, b=pb.name, table=ma.table)

        def moved(m: MatchInfo, out: int, into: int) -> tuple[int, int | None]:
            return (into if m.player1 == out else m.player1,
                    into if m.player2 == out else m.player2)

        new_a, new_b = moved(ma, pa.id, pb.id), moved(mb, pb.id, pa.id)
        for m, (p1, p2) in ((ma, new_a), (mb, new_b)):
            store.set_seats(conn, SWISS, rnd, m.table, p1, p2)
        return _finish(conn, rnd, "swap", [ma, mb], (), {"swap": [pa.name, pb.name]})


def set_table(conn: Connection, table: int, a: str, b: str) -> Change:
    """Seat ``a`` and ``b`` at ``table`` of the current round; whoever sat there, and the
    players ``a`` and ``b`` leave, are unpaired."""
    if table < 1:
        raise EventError("table-from-1", table=table)
    with store.transaction(conn):
        rnd, pa, pb, rows = _two_players(conn, a, b, "cannot-play-themselves")
        target = next((m for m in rows if m.table == table), None)
        if target is not None and _reported(target):
            raise EventError("table-reported", table=table, round=rnd,
                             result=Term(target.result or "", RESULT_WORD))
        ma, mb = _movable(rows, pa, rnd), _movable(rows, pb, rnd)
        if target is not None and {target.player1, target.player2} == {pa.id, pb.id}:
            raise EventError("already-at-table", a=pa.name, b=pb.name, table=table)
        before = [m for m in {x.table: x for x in (ma, mb, target) if x}.values()]
        for m in before:
            _delete(conn, rnd, m.table)
        _insert(conn, rnd, table, pa.id, pb.id)
        return _finish(conn, rnd, "set-table", before, [table],
                       {"table": table, "players": [pa.name, pb.name]})


def give_bye(conn: Connection, name: str) -> Change:
    """Give ``name`` a bye in the current round (their opponent is unpaired)."""
    with store.transaction(conn):
        rnd = _editable_round(conn)
        p = _active(conn, name)
        rows = _round_rows(conn, rnd)
        m = _movable(rows, p, rnd)
        if m is not None and m.player2 is None:
            raise EventError("already-has-bye", name=p.name, round=rnd)
        before = [m] if m is not None else []
        if m is not None:
            _delete(conn, rnd, m.table)
        table = max((x.table for x in rows), default=0) + 1
        _insert(conn, rnd, table, p.id, None)
        return _finish(conn, rnd, "bye", before, [table], {"bye": p.name})


def unpair(conn: Connection, table: int) -> Change:
    """Take ``table`` of the current round apart (its players are unpaired)."""
    with store.transaction(conn):
        rnd = _editable_round(conn)
        rows = _round_rows(conn, rnd)
        m = next((x for x in rows if x.table == table and table > 0), None)
        if m is None:
            raise EventError("no-such-table", table=table, round=rnd)
        if _reported(m):
            raise EventError("table-reported", table=table, round=rnd,
                             result=Term(m.result or "", RESULT_WORD))
        _delete(conn, rnd, table)
        return _finish(conn, rnd, "unpair", [m], [table], {"unpair": table})


# --- repair with the fewest moves ------------------------------------------------------------


@dataclass
class RepairPlan:
    """What :func:`repair` changes: the tables taken apart (as they were) and the new ones,
    and the phone reports of the tables taken apart it withdraws."""

    round: int
    before: list[MatchInfo]
    after: list[MatchInfo]
    unchanged: int  # tables that keep their players
    withdrawn: list[phone_reports.Report] = field(default_factory=list)


def repair(conn: Connection, *, dry_run: bool = False) -> RepairPlan:
    """Re-pair only what must change in the current Swiss round (see the module doc).
    ``dry_run`` computes the plan and rolls it back."""
    from tt_organizer.pairing.swiss import pair_round

    with store.transaction(conn):
        rnd = _editable_round(conn)
        settings = store.read_settings(conn)
        players = {p.id: p for p in store.read_players(conn)}
        rows = _round_rows(conn, rnd)
        tables = [m for m in rows if m.table > 0]
        seated = {pid for m in rows for pid in (m.player1, m.player2) if pid is not None}
        open_tables = [m for m in tables if not _reported(m)]
        broken = [m for m in open_tables
                  if any(pid is not None and players[pid].dropped
                         for pid in (m.player1, m.player2))]
        loose = [pid for pid, p in players.items() if not p.dropped and pid not in seated]
        loose += [pid for m in broken for pid in (m.player1, m.player2)
                  if pid is not None and not players[pid].dropped]
        if not broken and not loose:
            raise EventError("nothing-to-repair", round=rnd)
        if not loose and all(m in broken for m in tables):
            raise EventError("everyone-dropped", round=rnd, hint={"command": "undrop"})
        seeded = rnd == 1 and store.round_seeded(conn, SWISS, rnd)
        everyone = [pid for pid, p in players.items() if not p.dropped]
        states = {s.id: s for s in swiss_states.player_states(conn, everyone, seeded=seeded,
                                                          upto=rnd - 1)}
        avoid = avoid_pairs(conn, rnd)
        nobody_lacks_bye = all(states[pid].had_bye for pid in everyone)
        candidates = [m for m in open_tables if m not in broken]
        bye_tables = [m for m in candidates if m.player2 is None]
        others = [m for m in candidates if m.player2 is not None]
        centre = sum(states[pid].points for pid in loose) / len(loose) if loose else 0.0

        def distance(m: MatchInfo) -> tuple[float, int]:
            pts = [states[pid].points for pid in (m.player1, m.player2) if pid is not None]
            return abs(sum(pts) / len(pts) - centre), m.table

        others.sort(key=distance)
        extra_order = bye_tables + others
        freed: list[MatchInfo] = []
        pairings: list[Any] = []
        while True:
            pool = loose + [pid for m in freed for pid in (m.player1, m.player2)
                            if pid is not None]
            if len(pool) % 2 and bye_tables and bye_tables[0] not in freed:
                freed.append(bye_tables[0])
                continue
            pool_states = [with_avoid(states[pid], avoid) for pid in pool]
            pairings = pair_round(pool_states, round_number=rnd, seed=settings.seed,
                                  random_first_round=rnd == 1 and not seeded,
                                  win_points=settings.win_points) if pool else []
            if _acceptable(pairings, pool_states, nobody_lacks_bye) or len(freed) == len(
                    extra_order):
                break
            freed.append(next(m for m in extra_order if m not in freed))
        before = sorted(broken + freed, key=lambda m: m.table)
        for m in before:
            _delete(conn, rnd, m.table)
        kept = {m.table for m in tables if m not in before}
        kept_max = max(kept, default=0)
        # freed numbers and gaps first, so that the kept tables keep theirs
        free_numbers = [t for t in range(1, kept_max + 1) if t not in kept]
        free_numbers += sorted(m.table for m in before if m.table > kept_max)
        after_tables: list[int] = []
        for p in sorted(pairings, key=lambda p: p.player2 is None):  # the bye last
            table = free_numbers.pop(0) if free_numbers else max([kept_max, *after_tables]) + 1
            if p.player2 is None and table < max([kept_max, *after_tables]):
                table = max([kept_max, *after_tables, *free_numbers]) + 1
            _insert(conn, rnd, table, p.player1, p.player2)
            after_tables.append(table)
        # a dropped player whose pairing is thrown away did not play this round
        for m in broken:
            for pid in (m.player1, m.player2):
                if pid is not None and players[pid].dropped and players[pid].dropped_round == rnd:
                    store.set_dropped_round(conn, pid, rnd - 1)
        now = {m.table: m for m in _round_rows(conn, rnd)}
        after = [now[t] for t in sorted(after_tables)]
        store.audit(conn, "repair", f"round {rnd}", {"tables": queries.describe_tables(before)},
                    {"tables": queries.describe_tables(after)})
        plan = RepairPlan(round=rnd, before=before, after=after,
                          unchanged=len(tables) - len(before),
                          withdrawn=phone_reports.withdrawn(conn))
        if dry_run:
            raise _DryRun(plan)
    return plan


class _DryRun(Exception):
    def __init__(self, plan: RepairPlan) -> None:
        self.plan = plan


def plan_repair(conn: Connection) -> RepairPlan:
    """:func:`repair` without changing anything (what a confirmation prompt shows)."""
    try:
        repair(conn, dry_run=True)
    except _DryRun as done:
        return done.plan
    raise AssertionError("unreachable")  # pragma: no cover


def _acceptable(pairings: Sequence[Any], states: Sequence[Any], nobody_lacks_bye: bool) -> bool:
    by = {s.id: s for s in states}
    for p in pairings:
        if p.player2 is None:
            if by[p.player1].had_bye and not nobody_lacks_bye:
                return False
        elif p.player2 in by[p.player1].opponents:
            return False
    return True




# --- entering a round paired elsewhere -------------------------------------------------------


@dataclass(frozen=True)
class PairingRow:
    """One table read from a file: names as written (``player2`` None for the bye)."""

    row: int
    table: int
    player1: str
    player2: str | None
    result: str | None = None
    round: int | None = None


def read_pairings_file(path: str | Path) -> list[PairingRow]:
    """Pairings from JSON (the ``tt event pairings --json`` list, or ``{"round": N,
    "pairings": [...]}``), CSV or xlsx (a sheet with Table, Player 1, Player 2 columns -- the
    wall sheet's "By table", the export's pairings sheet)."""
    from pathlib import Path  # a file's suffix: only when one is read

    from tt_organizer.events.sheet_import import sheet_round
    from tt_organizer.safe_files import read_json
    from tt_organizer.sheets.columns import (
        PAIRING_COLUMNS,
        PAIRING_LABELS,
        PAIRING_REQUIRED,
        find_columns,
        missing_columns,
    )
    from tt_organizer.sheets.reading import MAX_SHEET_BYTES, cell_text, read_table

    p = Path(path)
    source = str(p)
    if p.suffix.lower() == ".json":
        # the sheets' rules: a regular file (a FIFO or device refused at once, not read), at
        # most MAX_SHEET_BYTES, read no further than that
        data = read_json(p, MAX_SHEET_BYTES, what="pairings file")
        rnd = None
        if isinstance(data, dict):
            rnd = data.get("round")
            data = data.get("pairings")
            if isinstance(rnd, int):  # a bool or 10**30 refused
                rnd = parse_count(rnd, "round", minimum=1)
        if not isinstance(data, list):
            raise InputError("pairings-json-shape", file=source)
        out = []
        for k, item in enumerate(data, 1):
            if not isinstance(item, dict) or not isinstance(item.get("player1"), str) or \
                    not isinstance(item.get("table"), int) or \
                    not isinstance(item.get("player2"), str | None):
                raise InputError("pairings-json-entry", entry=k, file=source)
            table = parse_count(item["table"], f"table entry {k}: table", minimum=1)
            result = item.get("result")
            out.append(PairingRow(k, table, item["player1"], _bye(item["player2"]),
                                  result if isinstance(result, str) and
                                  item["player2"] else None, rnd if isinstance(rnd, int)
                                  else None))
        return out
    sheets = read_table(p)
    found = [(s, find_columns(s, PAIRING_COLUMNS, PAIRING_REQUIRED)) for s in sheets
             if not s.hidden]
    usable = [(s, f) for s, f in found if f is not None]
    if not usable:
        raise missing_columns(sheets[0], PAIRING_COLUMNS, PAIRING_REQUIRED, PAIRING_LABELS,
                              source)
    sheet, (header, roles) = usable[0]
    rows: list[PairingRow] = []
    problems: list[str] = []
    for number, values in sheet.rows[header + 1:]:
        def cell(role: str, values: list[object] = values) -> str:
            k = roles.get(role)
            return cell_text(values[k]) if k is not None and k < len(values) else ""

        table_text, p1, p2 = cell("table"), cell("player1"), cell("player2")
        if not (table_text or p1 or p2):
            continue
        if not is_count(table_text) or not p1:
            problems.append(str(Msg(WORDS["pairing-row-incomplete"], row=number)))
            continue
        rnd_text = cell("round")
        rows.append(PairingRow(number, int(table_text), p1, _bye(p2), cell("result") or None,
                               int(rnd_text) if is_count(rnd_text) else
                               sheet_round(sheet.name)))
    if problems:
        from tt_organizer.events.sheet_import import SheetError

        raise SheetError(problems, file=source, what="paired")
    if not rows:
        raise InputError("sheet-no-tables", sheet=repr(sheet.name), file=source)
    return rows


def _bye(cell: str | None) -> str | None:
    return None if cell is None or not cell.strip() or cell.strip().upper() == "BYE" else cell


def pair_from_rows(conn: Connection, rows: Sequence[PairingRow], *, source: str = ""
                   ) -> list[MatchInfo]:
    """Enter the next Swiss round as paired elsewhere; results given in the rows are
    recorded too. Every active player must be seated exactly once."""
    with store.transaction(conn):
        if store.current_round(conn, setup.TOP_CUT):
            raise EventError("top-cut-follows-bracket")
        current = store.current_round(conn)
        if current:
            missing = queries.tables_without_result(queries.round_matches(conn, SWISS, current))
            if missing:
                raise EventError("round-misses-results", round=current,
                                 results=NMsg("results for table(s) {tables}",
                                              "results for table(s) {tables}", len(missing),
                                              tables=", ".join(map(str, missing))))
        rnd = current + 1
        if rnd == 1:  # check-in applies as to `pair`: no-shows and the unchecked leave
            prepare_round(conn, 1, [p.id for p in store.read_players(conn) if not p.dropped])
        players.refuse_without_deck(conn, store.read_settings(conn))
        where = f"{source}: " if source else ""  # a file name, as it is
        rounds = {r.round for r in rows if r.round is not None}
        if rounds - {rnd}:
            raise EventError("file-holds-other-round", where=where, held=min(rounds - {rnd}),
                             round=rnd)
        problems: list[Msg] = []
        seen: dict[int, int] = {}
        tables: set[int] = set()
        resolved: list[tuple[PairingRow, int, int | None]] = []
        for r in rows:
            ids: list[int | None] = []
            for name in (r.player1, r.player2):
                if name is None:
                    ids.append(None)
                    continue
                try:
                    p = players.find_player(conn, name)
                except EventError as exc:
                    problems.append(Msg(WORDS["row-problem"], row=r.row,
                                        error=exc.words or str(exc)))
                    ids.append(None)
                    continue
                if p.dropped:
                    problems.append(Msg(WORDS["row-dropped"], row=r.row, name=p.name))
                if p.id in seen:
                    problems.append(Msg(WORDS["row-seated-twice"], row=r.row, name=p.name,
                                        table=seen[p.id]))
                seen[p.id] = r.table
                ids.append(p.id)
            if r.table < 1 or r.table in tables:
                problems.append(Msg(WORDS["row-table-twice" if r.table in tables
                                          else "row-table-from-1"], row=r.row, table=r.table))
            tables.add(r.table)
            if ids[0] is not None:
                resolved.append((r, ids[0], ids[1]))
        active = [p for p in store.read_players(conn) if not p.dropped]
        absent = [p.name for p in active if p.id not in seen]
        if absent:
            problems.append(Msg(WORDS["not-seated"], names=", ".join(absent)))
        if problems:
            raise EventError("round-not-entered", where=where, round=rnd,
                             problems=Listed(problems, "\n  "))
        settings = store.read_settings(conn)
        if settings.rounds is None:
            from tt_organizer.pairing.swiss import rounds_for_players

            total = max(rounds_for_players(len(active)), rnd)
            store.set_rounds(conn, total)
            store.audit(conn, "rounds", "settings", "auto",
                        {"rounds": total, "players": len(active)})
        elif rnd > settings.rounds:
            raise EventError("swiss-rounds-paired", total=settings.rounds)
        store.insert_round(conn, SWISS, rnd, store.now())
        timer.reset_timer(conn, f"round {rnd}")
        for r, p1, p2 in resolved:
            _insert(conn, rnd, r.table, p1, p2)
        matches = queries.round_matches(conn, SWISS, rnd)
        store.audit(conn, "pair", f"round {rnd}", None,
                    {"entered": source or True, "tables": queries.describe_tables(matches)})
        for r, _p1, p2 in resolved:
            if r.result and p2 is not None:
                entering.report_result(conn, r.table, r.result, round_number=rnd)
        return queries.round_matches(conn, SWISS, rnd)
