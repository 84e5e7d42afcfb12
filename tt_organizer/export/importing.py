"""Import of registrations and results from spreadsheets (``.xlsx``) and CSV files.

Workbooks are opened with ``read_only=True, data_only=True``: a formula cell gives its cached
value (or nothing), it is never evaluated. Files over 1 MiB or 10 000 rows are refused. Every
problem is an :class:`InputError` (a :class:`SheetError` when rows are wrong: it lists every bad
row, by the row number the spreadsheet shows, and nothing is imported).
"""

from __future__ import annotations

import csv
import io
import re
import warnings
from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path

from tt_organizer.errors import EventError, InputError
from tt_organizer.events.models import EventSnapshot, MatchInfo
from tt_organizer.events.results import parse_game_flags, parse_result
from tt_organizer.export.cells import unescape_text
from tt_organizer.export.tables import game_lists, paired_matches
from tt_organizer.numbers import is_count
from tt_organizer.safe_files import read_limited

MAX_BYTES = 1 << 20
MAX_ROWS = 10_000
MAX_COLS = 64
MAX_UNPACKED = 64 << 20
HEADER_SCAN_ROWS = 10
MAX_NAME_CHARS = 100
_ZIP_MAGIC = b"PK\x03\x04"
_TEXT_SUFFIXES = (".csv", ".tsv", ".txt")
DECK_FILE_SUFFIXES = (".txt", ".csv", ".json", ".xlsx", ".dek", ".deck", ".tts")


class SheetError(InputError):
    """Rows of an imported sheet that are wrong; ``problems`` holds one line per bad row."""

    def __init__(self, problems: list[str], *, file: str, what: str) -> None:
        self.problems = problems
        shown = problems[:50]
        more = f"\n  … and {len(problems) - 50} more" if len(problems) > 50 else ""
        noun = "problem" if len(problems) == 1 else "problems"
        message = (
            f"{len(problems)} {noun}, nothing was {what}:\n  " + "\n  ".join(shown) + more
        )
        super().__init__(message, file=file)


@dataclass
class Sheet:
    """The non-empty rows of one sheet: (row number, cell values)."""

    name: str
    rows: list[tuple[int, list[object]]]
    hidden: bool = False


@dataclass
class RegistrationRow:
    """One player of a registration sheet."""

    row: int
    name: str
    ext_id: str | None
    deck_text: str | None
    deck_path: str | None


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


# ---------------------------------------------------------------- reading files


def cell_text(value: object) -> str:
    """A cell value as stripped text (``3.0`` -> ``3``)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, str):
        return value.strip()
    return str(value)


def _read_bytes(path: Path) -> bytes:
    data = read_limited(path, MAX_BYTES, what="spreadsheet")
    if not data.strip():
        raise InputError("the file is empty", file=str(path))
    return data


def _check_unpacked_size(path: Path) -> None:
    """Refuse a zip whose members unpack to more than MAX_UNPACKED bytes (a zip bomb)."""
    import zipfile

    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError) as exc:
        raise InputError(f"not a readable .xlsx workbook ({type(exc).__name__})",
                         file=str(path)) from None
    if unpacked > MAX_UNPACKED:
        raise InputError(f"workbook too large when unpacked ({unpacked} bytes)", file=str(path))


def _xlsx_sheets(path: Path) -> list[Sheet]:
    import openpyxl

    source = str(path)
    _check_unpacked_size(path)
    sheets: list[Sheet] = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
        try:
            for ws in wb.worksheets:
                if hasattr(ws, "reset_dimensions"):
                    ws.reset_dimensions()  # some writers store a wrong sheet size
                rows: list[tuple[int, list[object]]] = []
                number = 0
                for cells in ws.iter_rows(max_col=MAX_COLS):
                    number = next((c.row for c in cells if getattr(c, "row", None)), number + 1)
                    if number > MAX_ROWS + HEADER_SCAN_ROWS:
                        raise InputError(f"too many rows (limit {MAX_ROWS})", file=source,
                                         line=number)
                    # a CSV export re-saved as .xlsx keeps its escaping quote: drop it
                    values = [unescape_text(v) if isinstance(v, str) else v
                              for v in (c.value for c in cells)]
                    if any(cell_text(v) for v in values):
                        rows.append((number, values))
                sheets.append(Sheet(ws.title, rows, hidden=ws.sheet_state != "visible"))
        finally:
            wb.close()
    except InputError:
        raise
    except Exception as exc:  # openpyxl raises many types for a broken workbook
        raise InputError(f"not a readable .xlsx workbook ({type(exc).__name__})",
                         file=source) from None
    visible = [s for s in sheets if not s.hidden]
    # a hidden sheet (an old round, a lookup table) is not what the organizer sees and fills
    return visible or sheets


def _decode(data: bytes, source: str) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise InputError("not a text file (binary data)", file=source) from None
    if b"\x00" in data:
        raise InputError("not a spreadsheet or CSV file (binary data)", file=source)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _delimiter(text: str) -> str:
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = {d: first.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def _csv_sheet(path: Path, data: bytes) -> Sheet:
    source = str(path)
    text = _decode(data, source)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    rows: list[tuple[int, list[object]]] = []
    start = 1
    try:
        for record in reader:
            if any(cell.strip() for cell in record):
                if len(rows) >= MAX_ROWS + HEADER_SCAN_ROWS:
                    raise InputError(f"too many rows (limit {MAX_ROWS})", file=source, line=start)
                rows.append((start, [unescape_text(c) for c in record[:MAX_COLS]]))
            start = reader.line_num + 1
    except csv.Error as exc:
        raise InputError(f"not a readable CSV file ({exc})", file=source, line=start) from None
    return Sheet(path.stem, rows)


def read_sheets(path: str | Path) -> list[Sheet]:
    """Every sheet of an ``.xlsx`` workbook, or the one table of a CSV file."""
    path = Path(path)
    source = str(path)
    data = _read_bytes(path)
    suffix = path.suffix.lower()
    if data.startswith(_ZIP_MAGIC):
        if suffix in (".ods", ".numbers"):
            raise InputError(f"{suffix} files are not supported: save as .xlsx or .csv",
                             file=source)
        sheets = _xlsx_sheets(path)
        if not sheets:
            raise InputError("the workbook has no sheets", file=source)
        return sheets
    if suffix in (".xlsx", ".xlsm"):
        raise InputError("not an .xlsx workbook (the file is not a zip archive)", file=source)
    if suffix in (".xls", ".ods", ".numbers"):
        raise InputError(f"{suffix} files are not supported: save as .xlsx or .csv", file=source)
    if suffix not in _TEXT_SUFFIXES:
        raise InputError("not a workbook (.xlsx) or CSV file", file=source)
    return [_csv_sheet(path, data)]


# ---------------------------------------------------------------- headers


def _key(text: str) -> str:
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.casefold()).split())


def find_columns(
    sheet: Sheet, synonyms: dict[str, tuple[str, ...]], required: tuple[str, ...]
) -> tuple[int, dict[str, int]] | None:
    """The header row (its index in ``sheet.rows``) and role -> column index, or None.

    The header is the first of the first rows that names every ``required`` role; a synonym
    ending in ``*`` matches any header starting with it.
    """
    for index, (_number, values) in enumerate(sheet.rows[:HEADER_SCAN_ROWS]):
        keys = [_key(cell_text(v)) for v in values]
        roles: dict[str, int] = {}
        for role, names in synonyms.items():
            for name in names:  # in order of preference
                hit = next(
                    (
                        i
                        for i, k in enumerate(keys)
                        if k and (k == name or (name.endswith("*") and k.startswith(name[:-1])))
                    ),
                    None,
                )
                if hit is not None:
                    roles[role] = hit
                    break
        if all(r in roles for r in required):
            return index, roles
    return None


def _missing_columns(
    sheet: Sheet, synonyms: dict[str, tuple[str, ...]], required: tuple[str, ...], labels:
    dict[str, str], source: str
) -> InputError:
    if not sheet.rows:
        return InputError(f"sheet {sheet.name!r} is empty", file=source)
    best: list[str] = []
    line = sheet.rows[0][0]
    for number, values in sheet.rows[:HEADER_SCAN_ROWS]:
        keys = {_key(cell_text(v)) for v in values}
        found = [
            r for r in required
            if any(n in keys or (n.endswith("*") and any(k.startswith(n[:-1]) for k in keys))
                   for n in synonyms[r])
        ]
        if len(found) > len(best):
            best, line = found, number
    missing = [labels[r] for r in required if r not in best]
    return InputError(
        f"sheet {sheet.name!r}: missing column{'s' if len(missing) > 1 else ''} "
        f"{', '.join(repr(m) for m in missing)} (no header row in the first "
        f"{HEADER_SCAN_ROWS} rows names {', '.join(labels[r] for r in required)})",
        file=source,
        line=line,
    )


def _value(values: list[object], roles: dict[str, int], role: str) -> object:
    index = roles.get(role)
    if index is None or index >= len(values):
        return None
    return values[index]


def _text(values: list[object], roles: dict[str, int], role: str) -> str:
    return cell_text(_value(values, roles, role))


# ---------------------------------------------------------------- registrations

REGISTRATION_COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name", "player", "player name", "full name", "name of player"),
    "ext_id": ("player id", "membership", "membership id", "membership number", "member id",
               "bandai id", "bandai membership id", "id"),
    "deck": ("deck", "decklist", "deck list", "deck text", "decklist text", "list"),
    "deck_path": ("deck file", "deck path", "decklist file", "decklist path", "file", "path"),
}


def _deck_path(cell: str, base: Path) -> Path:
    path = Path(cell).expanduser()
    return path if path.is_absolute() else base / path


def _inside(path: Path, base: Path) -> bool:
    try:
        path.resolve().relative_to(base.resolve())
    except (ValueError, OSError):
        return False
    return True


def _looks_like_path(cell: str, base: Path) -> bool:
    if "\n" in cell or not cell:
        return False
    if cell.lower().endswith(DECK_FILE_SUFFIXES):
        return True
    try:
        return _deck_path(cell, base).is_file()
    except OSError:
        return False


_SPACES = re.compile(r"[^\S\t\n\r\x0b\x0c]+")


def read_registrations(path: str | Path) -> list[RegistrationRow]:
    """Players to register from a sheet (``.xlsx`` or ``.csv``).

    Columns (any order, header in the first rows): name (``Name``/``Player``), optional id
    (``Player ID``/``Membership``/``ID``), optional decklist text (``Deck``/``Decklist``: a
    multi-line cell, or a path) and optional deck file (``Deck file``/``Path``). A deck path is
    relative to the sheet's folder and must stay inside it; ``deck_path`` is returned
    absolute. Deck contents are not checked here; a wrong row (no name, a name twice, …)
    refuses the whole sheet (:class:`SheetError` listing every bad row).
    """
    path = Path(path)
    source = str(path)
    base = path.absolute().parent
    sheets = read_sheets(path)
    found = None
    for sheet in sheets:
        found = find_columns(sheet, REGISTRATION_COLUMNS, ("name",))
        if found is not None:
            break
    if found is None:
        raise _missing_columns(sheets[0], REGISTRATION_COLUMNS, ("name",), {"name": "Name"},
                               source)
    header, roles = found
    problems: list[str] = []
    out: list[RegistrationRow] = []
    names: dict[str, int] = {}
    ids: dict[str, int] = {}
    for number, values in sheet.rows[header + 1:]:
        raw_name = cell_text(_value(values, roles, "name"))
        # runs of spaces, also no-break and ideographic ones pasted from a web form, are one
        # space (tabs and line breaks are refused below)
        name = _SPACES.sub(" ", raw_name)
        ext_id = _text(values, roles, "ext_id") or None
        deck = _text(values, roles, "deck")
        deck_file = _text(values, roles, "deck_path")
        if not any((raw_name, ext_id, deck, deck_file)):
            continue
        where = f"row {number}"
        if not name:
            problems.append(f"{where}: no player name")
            continue
        if any(ch in name for ch in "\n\r\t") or any(ord(ch) < 32 for ch in name):
            problems.append(f"{where}: the name {name!r} contains a line break or tab")
            continue
        if len(name) > MAX_NAME_CHARS:
            problems.append(f"{where}: the name is longer than {MAX_NAME_CHARS} characters")
            continue
        key = name.casefold()
        if key in names:
            problems.append(f"{where}: {name!r} is already on row {names[key]}")
            continue
        names[key] = number
        if ext_id is not None:
            if ext_id in ids:
                problems.append(f"{where}: player id {ext_id!r} is already on row {ids[ext_id]}")
                continue
            ids[ext_id] = number
        deck_text: str | None = None
        deck_path: str | None = None
        if deck and deck_file:
            problems.append(f"{where}: both a decklist and a deck file; keep one")
            continue
        file_cell = deck_file or (deck if _looks_like_path(deck, base) else "")
        if file_cell:
            resolved = _deck_path(file_cell, base)
            if not _inside(resolved, base):
                problems.append(
                    f"{where}: deck file {file_cell!r} is outside the sheet's folder {base}"
                )
                continue
            deck_path = str(resolved)
        elif deck:
            deck_text = str(_value(values, roles, "deck")).replace("\r\n", "\n")
        out.append(RegistrationRow(number, name, ext_id, deck_text, deck_path))
    if problems:
        raise SheetError(problems, file=source, what="registered")
    if not out:
        raise InputError(f"sheet {sheet.name!r} lists no players", file=source)
    return out


# ---------------------------------------------------------------- results

RESULT_COLUMNS: dict[str, tuple[str, ...]] = {
    "round": ("round", "rnd", "round no", "round number"),
    "table": ("table", "table no", "table number", "tbl"),
    "player1": ("player 1", "player1", "p1"),
    "player2": ("player 2", "player2", "p2"),
    "result": ("result", "score", "match result"),
    "first": ("first*", "went first"),
    "winners": ("winners", "winner", "game winners", "winner per game"),
    "turns": ("turns", "turn", "turns per game"),
}
RESULT_REQUIRED = ("table", "player1", "player2", "result")
RESULT_LABELS = {"table": "Table", "player1": "Player 1", "player2": "Player 2",
                 "result": "Result"}
_ROUND_SHEET = re.compile(r"^\s*(?:pairings?[\s_-]*)?(?:r|rd|round)[\s_-]*(\d{1,3})\s*$", re.I)
_ROUND_FILE = re.compile(r"(?:^|[^a-z])(?:r|rd|round)[\s_-]*(\d{1,3})$", re.I)


def sheet_round(name: str) -> int | None:
    """The round a sheet (or CSV file stem) is named after: ``Pairings R3``, ``Round 3``."""
    match = _ROUND_SHEET.match(name) or _ROUND_FILE.search(name.strip())
    return int(match.group(1)) if match else None


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
    return " ".join(cell.split()).casefold() == " ".join(name.split()).casefold()


def _tokens(value: object) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, float | int) and not isinstance(value, bool):
        return [cell_text(value)]
    text = cell_text(value)
    if not text:
        return None
    return [t for t in re.split(r"[\s,;/|]+", text) if t]


def _result_sheets(sheets: list[Sheet], source: str) -> list[tuple[Sheet, int | None]]:
    if len(sheets) == 1:
        return [(sheets[0], sheet_round(sheets[0].name))]
    named = [(s, sheet_round(s.name)) for s in sheets]
    picked: list[tuple[Sheet, int | None]] = [(s, r) for s, r in named if r is not None]
    if not picked:
        raise InputError(
            "no pairings sheet found: name the sheet 'Pairings R<n>' or 'Round <n>' "
            f"(sheets: {', '.join(s.name for s in sheets)})",
            file=source,
        )
    return picked


def _check_names(
    values: list[object],
    roles: dict[str, int],
    round_number: int,
    m: MatchInfo,
    snapshot: EventSnapshot,
) -> list[str]:
    """Problems with the player cells of a row (they must name the pairing's players)."""
    cells = (_text(values, roles, "player1"), _text(values, roles, "player2"))
    expected = (snapshot.name(m.player1), snapshot.name(m.player2))
    if all(_same_name(c, e) for c, e in zip(cells, expected, strict=True)):
        return []
    if _same_name(cells[0], expected[1]) and _same_name(cells[1], expected[0]):
        return [f"players are swapped (table {m.table} is {expected[0]!r} v {expected[1]!r})"]
    tables = {}
    for other in paired_matches(snapshot, round_number):
        for pid in (other.player1, other.player2):
            if pid is not None:
                tables[snapshot.name(pid).casefold()] = other.table
    problems = []
    for seat, cell, name in zip(("player 1", "player 2"), cells, expected, strict=True):
        if _same_name(cell, name):
            continue
        if not cell:
            problems.append(f"{seat} is empty; table {m.table} has {name!r}")
            continue
        key = " ".join(cell.split()).casefold()
        if key in tables:
            where = f"plays at table {tables[key]}"
        elif any(_same_name(cell, p.name) for p in snapshot.players):
            where = f"is not paired in round {round_number}"
        else:
            where = "is an unknown player"
        problems.append(f"{seat} {cell!r} {where}; table {m.table} has {name!r}")
    return problems


def _check_row(
    values: list[object],
    roles: dict[str, int],
    round_number: int,
    m: MatchInfo,
    snapshot: EventSnapshot,
) -> tuple[ResultRow | None, list[str]]:
    """Check one filled row against its pairing; (row or None when unchanged, problems)."""
    problems = _check_names(values, roles, round_number, m, snapshot)
    raw = _value(values, roles, "result")
    text = cell_text(raw)
    if m.player2 is None:
        if text.casefold() != "bye":
            problems.append(f"table {m.table} is a bye; its result must be 'bye' or empty")
        return None, problems
    if isinstance(raw, datetime | date | time):
        problems.append(
            f"result {text!r} is a date: the spreadsheet turned a score such as 2-1 into a "
            "date; format the Result column as Text and type the score again"
        )
        return None, problems
    best_of = snapshot.settings.best_of
    try:
        parsed = parse_result(normalise_result(text), best_of)
    except EventError:
        try:
            parsed = parse_result(text, best_of)
        except EventError as exc:
            problems.append(exc.message)  # names the result as typed
            return None, problems
    first = _tokens(_value(values, roles, "first"))
    winners = _tokens(_value(values, roles, "winners"))
    turns_raw = _tokens(_value(values, roles, "turns"))
    try:
        flags = parse_game_flags(parsed, first=first, winners=winners, turns=turns_raw,
                                 best_of=best_of)
    except EventError as exc:
        message = exc.message
        for flag, column in (("--first", "First"), ("--winners", "Winners"),
                             ("--turns", "Turns")):
            message = message.replace(flag, column)
        problems.append(message)
        return None, problems
    if problems:
        return None, problems
    first_out = [str(f.first) for f in flags] if first is not None else None
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
    sheets = _result_sheets(read_sheets(path), source)
    multi = len(sheets) > 1
    problems: list[str] = []
    out: list[ResultRow] = []
    seen: dict[tuple[int, int], str] = {}
    by_round: dict[int, dict[int, MatchInfo]] = {}
    filled = 0
    for sheet, named_round in sheets:
        found = find_columns(sheet, RESULT_COLUMNS, RESULT_REQUIRED)
        if found is None:
            raise _missing_columns(sheet, RESULT_COLUMNS, RESULT_REQUIRED, RESULT_LABELS, source)
        header, roles = found
        for number, values in sheet.rows[header + 1:]:
            where = f"sheet {sheet.name!r} row {number}" if multi else f"row {number}"
            result_text = _text(values, roles, "result")
            if not result_text:
                extra = [r for r in ("first", "winners", "turns") if _text(values, roles, r)]
                if extra:
                    problems.append(f"{where}: game details filled but no Result")
                continue
            if result_text.casefold() != "bye":
                filled += 1
            round_text = _text(values, roles, "round")
            if round_text:
                if not is_count(round_text):
                    problems.append(f"{where}: round {round_text!r} is not a number")
                    continue
                round_number = int(round_text)
            elif named_round is not None:
                round_number = named_round
            else:
                problems.append(
                    f"{where}: no round (add a Round column or name the sheet 'Round <n>')"
                )
                continue
            table_text = _text(values, roles, "table")
            if not is_count(table_text):
                problems.append(f"{where}: table {table_text!r} is not a number"
                                if table_text else f"{where}: no table number")
                continue
            table = int(table_text)
            if round_number not in by_round:
                by_round[round_number] = {
                    m.table: m for m in paired_matches(snapshot, round_number)
                }
            matches = by_round[round_number]
            if not matches:
                problems.append(f"{where}: round {round_number} has not been paired")
                continue
            m = matches.get(table)
            if m is None:
                problems.append(f"{where}: unknown table {table} in round {round_number}")
                continue
            if (round_number, table) in seen:
                problems.append(
                    f"{where}: table {table} of round {round_number} is already on "
                    f"{seen[(round_number, table)]}"
                )
                continue
            seen[(round_number, table)] = where
            row, row_problems = _check_row(values, roles, round_number, m, snapshot)
            problems.extend(f"{where}: {p}" for p in row_problems)
            if row is not None:
                row.row = number
                out.append(row)
    if problems:
        raise SheetError(problems, file=source, what="recorded")
    if not filled:
        raise InputError("no results filled in (every Result cell is empty)", file=source)
    return out

