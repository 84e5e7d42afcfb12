"""Sheets: reading a sign-up sheet or a results sheet (``.xlsx``/``.csv``), registering every
row of a sign-up sheet and recording every row of a results sheet.

Sheets are read by :mod:`tt_organizer.sheets.reading` (its limits, column names and row numbers). A
problem with the file is an :class:`InputError` (a :class:`SheetError` when rows are wrong: it
lists every bad row, by the row number the spreadsheet shows, and nothing is imported).

Both operations run in one transaction on the connection they are given. A sign-up sheet
registers the rows it can (a refused row is refused before anything of it is written) and
says per row what happened (:class:`SignUp`); a results sheet is all or nothing: one refused
row records none, and the :class:`EventError` lists every refused row. Refusals are the
library's errors (a code and hints), so each front-end words them its own way.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tt_organizer.errors import EventError, InputError, TTError
from tt_organizer.events import store
from tt_organizer.events.models import EventSnapshot, MatchInfo
from tt_organizer.events.result_text import parse_game_flags, parse_result
from tt_organizer.events.sheet_problems import Named, SheetError, said
from tt_organizer.export.rows import game_lists, paired_matches
from tt_organizer.i18n import N_, Msg, NMsg, Term
from tt_organizer.names import fold
from tt_organizer.sheets.columns import (
    RESULT_COLUMNS,
    RESULT_LABELS,
    RESULT_REQUIRED,
    ROSTER_COLUMNS,
    ROSTER_LABELS,
    RosterEntry,
    cell_value,
    find_columns,
    find_roster,
    missing_columns,
)
from tt_organizer.sheets.reading import Sheet, cell_text, read_table
from tt_organizer.typed_numbers import is_count

if TYPE_CHECKING:
    from tt_organizer.events.players import Registration
    from tt_organizer.events.store import Connection

MAX_NAME_CHARS = 100
# a per-game list's field (the hint of a refusal) -> the column of the pairings sheet it is in
SEATS_SHOWN = (N_("player 1"), N_("player 2"))  # a row's seats, as a sheet's problem names them



@dataclass
class RegistrationRow:
    """One player of a registration sheet; ``refusal`` says why the row cannot be taken
    (its id is another player's, on ``other_row``), alone: the other rows are."""

    row: int
    name: str
    ext_id: str | None
    deck_text: str | None
    deck_path: str | None
    refusal: EventError | None = None


class Registrations(list[RegistrationRow]):
    """The rows of a registration sheet, one per player (their latest answer); ``notes``
    names columns not read that look like decklists, ``replaced`` the earlier answers of a
    name answered twice."""

    notes: list[str]
    replaced: list[Replaced]


@dataclass
class Replaced:
    """An answer replaced by a later one of the same name (row ``by``)."""

    row: int
    name: str
    by: int


@dataclass
class ResultRow:
    """One filled result of a pairings sheet (seats as in the pairing: P1 / P2)."""

    row: int
    round: int
    table: int
    result: str
    first: list[str] | None
    winners: list[str] | None
    turns: list[int] | None


def _value(values: list[object], roles: dict[str, int], role: str) -> object:
    return cell_value(values, roles, role)


def _text(values: list[object], roles: dict[str, int], role: str) -> str:
    return cell_text(cell_value(values, roles, role))


# ---------------------------------------------------------------- registrations


def read_registrations(path: str | Path) -> Registrations:
    """Players to register from a sheet (``.xlsx`` or ``.csv``).

    The sheet is a roster (:func:`tt_organizer.sheets.columns.find_roster`, the same reading as
    ``tt deck check-batch``): a name column (``Name``/``Player``/``Full name``/…), optional id
    (``Player ID``/``Membership``/``ID``), optional decklist text (``Deck``/``Decklist``: a
    multi-line cell, or a path) and optional deck file (``Deck file``/``Path``). A deck path is
    relative to the sheet's folder and must stay inside it; ``deck_path`` is returned
    absolute. Deck contents are not checked here. A name answered twice (compared without
    case or accents) counts by its later answer, spelt as :func:`better_spelling` keeps; a
    row whose id is on another player's row is refused alone (``refusal``); any other wrong
    row (no name, a tab in a name, …) refuses the whole sheet (:class:`SheetError` listing
    every bad row).
    """
    path = Path(path)
    source = str(path)
    sheets = read_table(path)
    roster = find_roster(sheets)
    if roster is None:
        if any(find_columns(s, ROSTER_COLUMNS, ("name",)) for s in sheets):
            raise InputError("sheet-is-decklist", file=source)
        raise missing_columns(sheets[0], ROSTER_COLUMNS, ("name",), ROSTER_LABELS, source)
    problems: list[Msg] = []
    answers: dict[str, RosterEntry] = {}  # name key -> the latest answer
    first_row: dict[str, int] = {}  # name key -> the first row it answered on
    replaced: list[Replaced] = []
    entries = list(roster.entries(path.absolute().parent))
    order, note = _answer_order(entries)
    for entry in sorted(entries, key=order):
        number, name = entry.row, entry.name
        where = said("sheet-row", row=number)
        if not name:
            problems.append(said("sheet-no-name", where=where))
            continue
        if any(ch in name for ch in "\n\r\t") or any(ord(ch) < 32 for ch in name):
            problems.append(said("sheet-name-line-break", where=where, name=repr(name)))
            continue
        if len(name) > MAX_NAME_CHARS:
            problems.append(said("sheet-name-too-long", where=where, most=MAX_NAME_CHARS))
            continue
        key = fold(name)  # "Nicolas Alvarez" answering again is "Nicolás Álvarez"
        if key in answers:  # a later answer of the same name: it counts
            earlier = answers.pop(key)
            replaced.append(Replaced(earlier.row, earlier.name, number))
            entry.name = better_spelling(earlier.name, name)
        answers[key] = entry
        first_row[key] = min(first_row.get(key, number), number)
    ids: dict[str, tuple[RosterEntry, int]] = {}  # id -> its player's answer, first row
    out = Registrations()
    out.notes = roster.notes + ([note] if note and replaced else [])
    out.replaced = sorted(replaced, key=lambda r: r.row)
    # an id is the player's who gave it on the earliest row
    for key, entry in sorted(answers.items(), key=lambda a: first_row[a[0]]):
        where = said("sheet-row", row=entry.row)
        refusal = None
        if entry.ext_id is not None:
            first, row = ids.setdefault(entry.ext_id, (entry, first_row[key]))
            if first is not entry:  # another name on the same id: this row alone is refused
                refusal = EventError("id-taken", id=entry.ext_id, other=first.name,
                                     other_row=row, row=entry.row, name=entry.name,
                                     hint={"name": first.name, "row": row})
        if entry.problem is not None:
            problems.append(said("sheet-row-problem", where=where, problem=entry.problem))
            continue
        deck_path = str(entry.deck_path) if entry.deck_path is not None else None
        out.append(RegistrationRow(entry.row, entry.name, entry.ext_id, entry.deck_text,
                                   deck_path, refusal))
    out.sort(key=lambda r: r.row)
    if problems:
        raise SheetError(sorted(problems, key=_row_of), file=source, what="registered")
    if not out:
        raise InputError("sheet-no-players", sheet=repr(roster.sheet.name), file=source)
    return out


def better_spelling(earlier: str, later: str) -> str:
    """Of two spellings of one name (equal once folded), the one to keep: the later one
    unless it has fewer capitalised words or fewer accents than the earlier one, so
    ``mateo rodriguez`` answering again does not replace ``Mateo Rodríguez``."""
    def score(name: str) -> tuple[int, int]:
        words = name.split()
        capitals = sum(1 for w in words if w[:1].isupper() and not w.isupper())
        return capitals, sum(1 for ch in name if ch.isalpha() and not ch.isascii())
    return earlier if score(earlier) > score(later) else later


def _row_of(problem: Msg | str) -> int:
    match = re.match(r"row (\d+)", str(problem))
    return int(match.group(1)) if match else 0


# how forms write the time of an answer (Google Forms: the owner's locale, US by default;
# in Spanish "2026/11/28 10:02:11 p. m. GMT-3", read once the zone is cut and "p. m." is PM)
_TIME_FORMATS = ("%m/%d/%Y %H:%M:%S", "%d/%m/%Y %H:%M:%S", "%Y/%m/%d %H:%M:%S",
                 "%d.%m.%Y %H:%M:%S", "%m/%d/%Y %H:%M", "%d/%m/%Y %H:%M", "%d.%m.%Y %H:%M",
                 "%m/%d/%y %H:%M:%S", "%m/%d/%y %H:%M", "%Y/%m/%d %I:%M:%S %p",
                 "%d/%m/%Y %I:%M:%S %p", "%m/%d/%Y %I:%M:%S %p", "%Y-%m-%d %I:%M:%S %p")
_ZONE = re.compile(r"\s*(?:GMT|UTC)(?:[+-]\d{1,2}(?::?\d{2})?)?\s*$", re.I)
_MERIDIEM = re.compile(r"\b([ap])\.?\s?m\.?(?=\s|$)", re.I)


def _plain_time(text: str) -> str:
    """A form's time as :data:`_TIME_FORMATS` read it: no-break spaces plain, the zone cut
    (``GMT-3``: every answer of a form carries the same one), ``p. m.`` written ``PM``."""
    text = " ".join(text.replace("\u202f", " ").replace("\xa0", " ").split())
    text = _ZONE.sub("", text)
    return _MERIDIEM.sub(lambda m: m.group(1).upper() + "M", text)


def _answer_order(entries: list[RosterEntry]) -> tuple[Callable[[RosterEntry], Any], str]:
    """How a sheet's answers are ordered, earliest first: by their timestamp cells when every
    answer has one that reads in one format (a workbook's dates, ISO text, or one of
    :data:`_TIME_FORMATS` for all), else by row (a lower row is a later answer); and a note
    when a timestamp column could not be read."""
    cells = [e.submitted for e in entries]
    by_row: Callable[[RosterEntry], Any] = lambda e: (e.row,)  # noqa: E731
    if all(c is None or cell_text(c) == "" for c in cells):
        return by_row, ""
    times = _read_times(cells)
    if times is None:
        return by_row, ("the timestamp column was not read as times: of two answers with one "
                        "name, the lower row counts")
    when = {id(e): t for e, t in zip(entries, times, strict=True)}
    return (lambda e: (when[id(e)], e.row)), ""


def _read_times(cells: list[object]) -> list[datetime] | None:
    """Every cell as a time (all in one format), or None when some cell does not read."""
    if all(isinstance(c, datetime) for c in cells):
        return [c for c in cells if isinstance(c, datetime)]
    texts = [cell_text(c) for c in cells]
    try:
        return [datetime.fromisoformat(t) for t in texts]
    except ValueError:
        pass
    texts = [_plain_time(t) for t in texts]
    for fmt in _TIME_FORMATS:
        try:
            return [datetime.strptime(t, fmt) for t in texts]
        except ValueError:
            continue
    return None


# ---------------------------------------------------------------- a list of names

_SHEET_SUFFIXES = (".csv", ".xlsx", ".xlsm")
MAX_NAMES = 10_000


def read_names(path: str | Path) -> list[str]:
    """The player names a check-in file lists, in order (each once): a sheet (``.csv`` or
    ``.xlsx``) read as a roster (its name column: a sign-up sheet itself will do), a sheet of
    one column without a header, or a text file of one name a line (``#`` starts a comment).
    """
    path = Path(path)
    source = str(path)
    names: list[str] = []
    if path.suffix.lower() in _SHEET_SUFFIXES:
        sheets = read_table(path)
        roster = find_roster(sheets)
        if roster is not None:
            names = [e.name for e in roster.entries(None) if e.name]
        elif sheets and all(len([v for v in values if cell_text(v)]) <= 1
                            for _n, values in sheets[0].rows):
            names = [cell_text(v) for _n, values in sheets[0].rows for v in values
                     if cell_text(v)]
        else:
            raise missing_columns(sheets[0], ROSTER_COLUMNS, ("name",), ROSTER_LABELS, source)
    else:
        from tt_organizer.safe_files import read_limited
        from tt_organizer.sheets.reading import MAX_SHEET_BYTES

        data = read_limited(path, MAX_SHEET_BYTES, what="list of names", pipes=True)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InputError("names-not-text", file=source) from None
        names = [line.strip() for line in text.splitlines()
                 if line.strip() and not line.lstrip().startswith("#")]
    seen: dict[str, str] = {}
    for name in names:
        seen.setdefault(" ".join(name.split()).casefold(), " ".join(name.split()))
    if not seen:
        raise InputError("names-none", file=source)
    if len(seen) > MAX_NAMES:
        raise InputError("names-too-many", most=MAX_NAMES, file=source)
    return list(seen.values())


# ---------------------------------------------------------------- results

# English, Spanish and Chinese (exported in Spanish "Emparejamientos R3", in Chinese "第 3 轮对阵")
_ROUND_SHEET = re.compile(
    r"^\s*(?:(?:pairings?|emparejamientos?)[\s_-]*)?(?:r|rd|round|ronda)[\s_-]*(\d{1,3})\s*$"
    r"|^\s*第\s*(\d{1,3})\s*轮\s*(?:对阵)?\s*$", re.I | re.A)  # re.A: ASCII digits only
_ROUND_FILE = re.compile(r"(?:^|[^a-z])(?:r|rd|round)[\s_-]*(\d{1,3})$", re.I | re.A)


def sheet_round(name: str) -> int | None:
    """The round a sheet (or CSV file stem) is named after: ``Pairings R3``, ``Round 3``,
    ``Emparejamientos R3``, ``Ronda 3``, ``第 3 轮对阵``."""
    match = _ROUND_SHEET.match(name) or _ROUND_FILE.search(name.strip())
    return int(next(g for g in match.groups() if g)) if match else None


_DASHES = str.maketrans(dict.fromkeys("‐‑‒–—―−﹣－", "-"))
_SCORE = re.compile(r"\d+(?:\s*[-:：]\s*\d+)+")


def normalise_result(text: str) -> str:
    """A result as typed in a sheet, in the form ``parse_result`` reads: any dash is ``-``,
    and a score written ``2:1`` or `` 2 - 1 `` becomes ``2-1``."""
    text = text.translate(_DASHES).strip()
    if _SCORE.fullmatch(text):
        text = re.sub(r"\s*[-:：]\s*", "-", text)
    return text


def _same_name(cell: str, name: str) -> bool:
    return fold(cell) == fold(name)


def _tokens(value: object, *, blanks: bool = False) -> list[str] | None:
    """A cell's list (``P1,P2,P1``, ``7 9 6``). With ``blanks``, an empty entry between
    commas is kept (``P1,,P2``: the second game's is not known), as the exported sheets
    write it."""
    if value is None:
        return None
    if isinstance(value, float | int) and not isinstance(value, bool):
        return [cell_text(value)]
    text = cell_text(value)
    if not text:
        return None
    if blanks and "," in text:
        return [t.strip() for t in text.split(",")]
    return [t for t in re.split(r"[\s,;/|]+", text) if t]


def _result_sheets(sheets: list[Sheet], source: str) -> list[tuple[Sheet, int | None]]:
    if len(sheets) == 1:
        return [(sheets[0], sheet_round(sheets[0].name))]
    named = [(s, sheet_round(s.name)) for s in sheets]
    picked: list[tuple[Sheet, int | None]] = [(s, r) for s, r in named if r is not None]
    if not picked:
        raise InputError("no-pairings-sheet", sheets=", ".join(s.name for s in sheets),
                         file=source)
    return picked


def _check_names(
    values: list[object],
    roles: dict[str, int],
    round_number: int,
    m: MatchInfo,
    snapshot: EventSnapshot,
) -> list[Msg]:
    """Problems with the player cells of a row (they must name the pairing's players)."""
    cells = (_text(values, roles, "player1"), _text(values, roles, "player2"))
    expected = (snapshot.name(m.player1), snapshot.name(m.player2))
    if all(_same_name(c, e) for c, e in zip(cells, expected, strict=True)):
        return []
    if _same_name(cells[0], expected[1]) and _same_name(cells[1], expected[0]):
        return [said("sheet-players-swapped", table=m.table, player1=repr(expected[0]),
                      player2=repr(expected[1]))]
    tables = {}
    for other in paired_matches(snapshot, round_number):
        for pid in (other.player1, other.player2):
            if pid is not None:
                tables[fold(snapshot.name(pid))] = other.table
    problems: list[Msg] = []
    for seat, cell, name in zip(SEATS_SHOWN, cells, expected, strict=True):
        if _same_name(cell, name):
            continue
        if not cell:
            problems.append(said("sheet-seat-empty", seat=Term(seat), table=m.table,
                                  name=repr(name)))
            continue
        key = fold(cell)
        if key in tables:
            problems.append(said("sheet-seat-other-table", seat=Term(seat), cell=repr(cell),
                                  other=tables[key], table=m.table, name=repr(name)))
        elif any(_same_name(cell, p.name) for p in snapshot.players):
            problems.append(said("sheet-seat-not-paired", seat=Term(seat), cell=repr(cell),
                                  round=round_number, table=m.table, name=repr(name)))
        else:
            problems.append(said("sheet-seat-unknown", seat=Term(seat), cell=repr(cell),
                                  table=m.table, name=repr(name)))
    return problems


def _check_row(
    values: list[object],
    roles: dict[str, int],
    round_number: int,
    m: MatchInfo,
    snapshot: EventSnapshot,
) -> tuple[ResultRow | None, list[Msg]]:
    """Check one filled row against its pairing; (row or None when unchanged, problems)."""
    problems = _check_names(values, roles, round_number, m, snapshot)
    raw = _value(values, roles, "result")
    text = cell_text(raw)
    if m.player2 is None:
        if text.casefold() != "bye":
            problems.append(said("sheet-bye-result", table=m.table))
        return None, problems
    if isinstance(raw, datetime | date | time):
        problems.append(said("sheet-result-date", result=repr(text)))
        return None, problems
    best_of = snapshot.settings.best_of
    try:
        parsed = parse_result(normalise_result(text), best_of)
    except EventError:
        try:
            parsed = parse_result(text, best_of)
        except EventError as exc:
            problems.append(exc.words if exc.words is not None else Msg(exc.message))
            return None, problems
    first = _tokens(_value(values, roles, "first"), blanks=True)
    winners = _tokens(_value(values, roles, "winners"))
    turns_raw = _tokens(_value(values, roles, "turns"))
    try:
        flags = parse_game_flags(parsed, first=first, winners=winners, turns=turns_raw,
                                 best_of=best_of)
    except EventError as exc:
        problems.append(Named(exc))
        return None, problems
    if problems:
        return None, problems
    first_out = [f.first or "" for f in flags] if first is not None else None
    winners_out = [f.winner or "draw" for f in flags] if winners is not None else None
    turns_out = [int(f.turns or 0) for f in flags] if turns_raw is not None else None
    if m.result == parsed.text:
        old_first, old_winners, old_turns = game_lists(m)
        same = (
            (first_out is None or ",".join(first_out) == old_first)
            and (winners_out is None or ",".join(winners_out) == old_winners)
            and (turns_out is None or ",".join(map(str, turns_out)) == old_turns)
        )
        if same:
            return None, []  # already recorded exactly so
    return ResultRow(0, round_number, m.table, parsed.text, first_out, winners_out,
                     turns_out), []


def read_results(path: str | Path, snapshot: EventSnapshot) -> list[ResultRow]:
    """The filled results of a pairings sheet, checked against ``snapshot``.

    The sheet has the shape of an exported ``Pairings R<n>`` sheet: Round (optional when the
    sheet or file is named after the round), Table, Player 1, Player 2, Result and optional
    ``First (P1/P2 per game)``, ``Winners`` and ``Turns`` lists (``P1,P2,P1`` / ``7,9,6``). In
    a workbook of several sheets only those named after a round are read. Rows with an empty
    Result are skipped, as are results already recorded exactly so (and byes). Any wrong row
    refuses the whole import (:class:`SheetError` listing every bad row).
    """
    path = Path(path)
    source = str(path)
    sheets = _result_sheets(read_table(path), source)
    multi = len(sheets) > 1
    problems: list[Msg] = []
    out: list[ResultRow] = []
    seen: dict[tuple[int, int], Msg] = {}
    by_round: dict[int, dict[int, MatchInfo]] = {}
    filled = 0
    for sheet, named_round in sheets:
        found = find_columns(sheet, RESULT_COLUMNS, RESULT_REQUIRED)
        if found is None:
            raise missing_columns(sheet, RESULT_COLUMNS, RESULT_REQUIRED, RESULT_LABELS, source)
        header, roles = found
        for number, values in sheet.rows[header + 1:]:
            where = (said("sheet-sheet-row", sheet=repr(sheet.name), row=number) if multi
                     else said("sheet-row", row=number))
            result_text = _text(values, roles, "result")
            if not result_text:
                extra = [r for r in ("first", "winners", "turns") if _text(values, roles, r)]
                if extra:
                    problems.append(said("sheet-details-no-result", where=where))
                continue
            if result_text.casefold() != "bye":
                filled += 1
            round_text = _text(values, roles, "round")
            if round_text:
                if not is_count(round_text):
                    problems.append(said("sheet-round-not-number", where=where,
                                          round=repr(round_text)))
                    continue
                round_number = int(round_text)
            elif named_round is not None:
                round_number = named_round
            else:
                problems.append(said("sheet-no-round", where=where))
                continue
            table_text = _text(values, roles, "table")
            if not is_count(table_text):
                problems.append(said("sheet-table-not-number", where=where,
                                      table=repr(table_text)) if table_text
                                else said("sheet-no-table", where=where))
                continue
            table = int(table_text)
            if round_number not in by_round:
                by_round[round_number] = {
                    m.table: m for m in paired_matches(snapshot, round_number)
                }
            matches = by_round[round_number]
            if not matches:
                problems.append(said("sheet-round-not-paired", where=where,
                                      round=round_number))
                continue
            m = matches.get(table)
            if m is None:
                problems.append(said("sheet-unknown-table", where=where, table=table,
                                      round=round_number))
                continue
            if (round_number, table) in seen:
                problems.append(said("sheet-table-twice", where=where, table=table,
                                      round=round_number, first=seen[(round_number, table)]))
                continue
            seen[(round_number, table)] = where
            row, row_problems = _check_row(values, roles, round_number, m, snapshot)
            problems.extend(said("sheet-row-problem", where=where, problem=p)
                            for p in row_problems)
            if row is not None:
                row.row = number
                out.append(row)
    if problems:
        raise SheetError(problems, file=source, what="recorded")
    if not filled:
        raise InputError("sheet-no-results", file=source)
    return out


# the code of the EventError a refused results sheet raises; hint["rows"] lists the refusals
ROWS_REFUSED = "rows-refused"


# what a sign-up sheet's row did
NEW, UPDATED, UNCHANGED, REPLACED, REFUSED = "new", "updated", "unchanged", "replaced", "refused"


@dataclass
class SheetRow:
    """One row of a sign-up sheet: ``action`` says what it did -- ``new`` (registered),
    ``updated`` (a registered player's deck or id changed), ``unchanged``, ``replaced`` (a
    later answer of the same name counts: row ``replaced_by``) or ``refused`` (``error``).
    ``registration`` is the player as stored after the row (new, updated or unchanged)."""

    row: int  # the row number a spreadsheet shows
    name: str
    registration: Registration | None = None
    error: TTError | None = None
    action: str = NEW
    replaced_by: int | None = None

    @property
    def refused(self) -> bool:
        return self.error is not None


@dataclass
class SignUp:
    """What :func:`register_sheet` did: every row in sheet order, and ``notes`` naming
    columns that look like decklists but were not read."""

    rows: list[SheetRow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def count(self, action: str) -> int:
        """How many rows did ``action`` (``new``, ``updated``, ``unchanged``, …)."""
        return sum(r.action == action for r in self.rows)

    @property
    def refused(self) -> int:
        return self.count(REFUSED)

    @property
    def registered(self) -> int:
        """Players newly registered."""
        return self.count(NEW)


def register_sheet(
    conn: Connection, path: str | Path, *, allow_illegal: bool = False, late: bool = False
) -> SignUp:
    """Register every row of a sign-up sheet (``.xlsx``/``.csv``, read by
    :func:`read_registrations`) in one transaction; the sheet may be imported again as it
    grows.

    A name answered twice counts once, by its latest answer (the earlier row is
    ``replaced``). A name not yet registered is registered (``new``); a registered one has
    their deck replaced when the row's deck differs (``updated``, checked as at registration,
    refused after round 1 as :func:`~tt_organizer.events.players.give_deck` is) and is left
    alone when it does not (``unchanged``). A row that cannot be taken (an illegal deck, an
    id of another player, …) is refused alone, before anything of it is written, and its
    :class:`TTError` kept in the outcome; the other rows are committed together, each with
    its audit entries. A sheet that cannot be read at all raises (:class:`SheetError`) and
    registers nobody."""
    from tt_organizer.events.players import SheetRegistrar

    rows = read_registrations(path)
    folder, sheet_name = Path(path).parent, Path(path).name
    outcome = SignUp(notes=list(getattr(rows, "notes", ())))
    done_rows: dict[int, SheetRow] = {}  # player number -> the row that registered them
    with (store.transaction(conn),
          SheetRegistrar(conn, allow_illegal=allow_illegal, late=late) as registrar):
        for row in rows:
            done = SheetRow(row.row, row.name)
            outcome.rows.append(done)
            deck_path = None
            if row.deck_path:
                deck_path = Path(row.deck_path)
                if not deck_path.is_absolute():
                    deck_path = folder / deck_path
            if row.refusal is not None:
                done.error, done.action = row.refusal, REFUSED
                continue
            try:
                pid, done.action = registrar.take(
                    row.name, ext_id=row.ext_id, deck_text=row.deck_text, deck_path=deck_path,
                    deck_source=None if deck_path else f"{sheet_name} row {row.row}")
            except TTError as exc:
                done.error, done.action = exc, REFUSED
                continue
            done_rows[pid] = done
        for pid, registration in registrar.registrations().items():
            if pid in done_rows:
                done_rows[pid].registration = registration
    outcome.rows += [SheetRow(r.row, r.name, action=REPLACED, replaced_by=r.by)
                     for r in getattr(rows, "replaced", ())]
    outcome.rows.sort(key=lambda r: r.row)
    return outcome


def record_results_sheet(conn: Connection, path: str | Path) -> int:
    """Record every filled result of a results sheet (the shape of an exported pairings
    sheet, read by :func:`read_results`) — all or nothing.

    Returns how many results were recorded. When any row is refused nothing is recorded and
    an :class:`EventError` (code ``rows-refused``) is raised: ``hint["rows"]`` holds, for each
    refused row in sheet order, ``{"row": number as the spreadsheet shows it, "error": the
    EventError}``, and ``hint["file"]`` the sheet."""
    from tt_organizer.events.entering import report_result

    rows = read_results(path, store.read_snapshot(conn, "", light=True))
    refused: list[dict[str, object]] = []
    with store.transaction(conn):
        for row in rows:
            try:
                report_result(conn, row.table, row.result, round_number=row.round,
                              first=row.first, winners=row.winners, turns=row.turns)
            except EventError as exc:
                refused.append({"row": row.row, "error": exc})
        if refused:
            raise EventError("rows-refused", file=str(path), refused=NMsg(
                "{n} row(s) refused", "{n} row(s) refused", len(refused), n=len(refused)),
                hint={"rows": refused})
    return len(rows)
