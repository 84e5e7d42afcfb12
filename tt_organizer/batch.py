"""Batch deck check for the registration desk: many decklists, one summary.

Inputs (:func:`collect_inputs`), in the order given:

* a **folder** - every file under it, recursively and sorted, hidden files and folders
  (``.name``) skipped; a ``.zip`` inside is expanded, a ``.csv``/``.xlsx`` is read as a roster
  when it is one (see below), anything else is one decklist file;
* a **zip** - its members, read in memory and never extracted (hidden members, ``__MACOSX/``
  and nested archives are not read); at most :data:`MAX_ZIP_MEMBERS` members of at most
  :data:`MAX_MEMBER_BYTES` each and :data:`MAX_ZIP_BYTES` in all, counted on the bytes actually
  inflated, so a zip bomb costs at most that much;
* a **roster** - a ``.csv`` or ``.xlsx`` sheet whose header row names a player column
  (``Player``, ``Name``, ``Player name``, ``Participant``, ``Entrant``) and a decklist column
  (``Decklist``, ``Deck list``, ``Deck``, ``List``, ``Deck text``) and no card column: one deck
  per row, the decklist pasted into its cell; a sheet that is not a roster is one decklist;
* any other path - one decklist file in any shape ``tt deck validate`` reads.

Every deck becomes one :class:`BatchRow`; anything that cannot be read (a missing, binary,
empty or malformed file, a row without a decklist) is a row with its error, never the end of
the batch. The card data and ban list are loaded once (:class:`CheckContext`).
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import os
import re
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tt_organizer.decklist.parsers import MAX_FILE_BYTES, decode_bytes, sheet_rows
from tt_organizer.errors import InputError
from tt_organizer.formats.check import CheckContext, check_bytes, check_file, check_text
from tt_organizer.formats.validator import ValidationReport

MAX_ZIP_MEMBERS = 5_000
MAX_MEMBER_BYTES = MAX_FILE_BYTES
MAX_ZIP_BYTES = 256 * 1024 * 1024  # inflated bytes read from one archive
MAX_ZIP_FILE_BYTES = 256 * 1024 * 1024  # size of the archive itself
MAX_ROSTER_ROWS = 5_000

_SHEETS = (".csv", ".xlsx")
_PLAYER_COLUMNS = frozenset({"player", "playername", "name", "participant", "entrant"})
_DECK_COLUMNS = frozenset({"decklist", "deck", "list", "decktext", "decklisttext"})
_CARD_COLUMNS = frozenset(
    {"count", "qty", "quantity", "copies", "number", "cardnumber", "card", "cardno", "cardid"}
)


@dataclass(frozen=True)
class BatchInput:
    """One deck to check: a file on disk, bytes read from a zip, or text from a roster row."""

    player: str
    source: str  # where it came from: a path, ``archive.zip!member`` or ``sheet.csv:row 4``
    path: Path | None = None
    data: bytes | None = None
    text: str | None = None
    error: str | None = None  # already known to be unreadable


@dataclass
class BatchRow:
    """The verdict on one deck of a batch (``legal`` None when it could not be read)."""

    player: str
    source: str
    legal: bool | None
    codes: list[str] = field(default_factory=list)
    message: str = ""  # first error (else first warning), or why the deck could not be read
    error: str | None = None
    report: ValidationReport | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: the summary fields plus every error and warning."""
        report = self.report
        return {
            "player": self.player,
            "source": self.source,
            "legal": self.legal,
            "codes": list(self.codes),
            "message": self.message,
            "error": self.error,
            "errors": [v.to_dict() for v in report.errors] if report else [],
            "warnings": [v.to_dict() for v in report.warnings] if report else [],
            "input_format": report.deck.input_format if report else None,
        }


# --- collecting inputs ------------------------------------------------------------------------


def collect_inputs(paths: Iterable[str | Path]) -> list[BatchInput]:
    """Every deck under ``paths`` (folders, zips, rosters, decklist files), in order."""
    out: list[BatchInput] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out.extend(_folder(path))
        else:
            out.extend(_file(path, str(raw)))
    return out


def _hidden(name: str) -> bool:
    return name.startswith(".") or name == "__MACOSX"


def _folder(root: Path) -> Iterator[BatchInput]:
    for folder, dirs, files in os.walk(root, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not _hidden(d))
        for name in sorted(files):
            if not _hidden(name):
                path = Path(folder) / name
                yield from _file(path, str(path))


def _file(path: Path, source: str) -> list[BatchInput]:
    suffix = path.suffix.lower()
    if suffix == ".zip" and path.is_file():
        return _zip(path, source)
    if suffix in _SHEETS and path.is_file():
        try:
            roster = _roster_from_file(path, source)
        except InputError as exc:
            return [BatchInput(path.stem, source, error=_reason(exc))]
        if roster is not None:
            return roster
    return [BatchInput(path.stem, source, path=path)]


def _zip(path: Path, source: str) -> list[BatchInput]:
    out: list[BatchInput] = []
    try:
        if path.stat().st_size > MAX_ZIP_FILE_BYTES:
            return [BatchInput(path.stem, source, error="archive too large: not read")]
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as exc:
        return [BatchInput(path.stem, source, error=f"not a readable zip archive ({exc})")]
    total = 0
    with archive:
        members = sorted(
            (i for i in archive.infolist() if not i.is_dir()), key=lambda i: i.filename
        )
        members = [i for i in members if not any(_hidden(p) for p in i.filename.split("/"))]
        if len(members) > MAX_ZIP_MEMBERS:
            return [BatchInput(path.stem, source, error=(
                f"too many files in the archive ({len(members)}, limit {MAX_ZIP_MEMBERS})"))]
        for info in members:
            name = info.filename
            label = f"{source}!{name}"
            player = Path(name).stem
            if info.file_size > MAX_MEMBER_BYTES:
                out.append(BatchInput(player, label, error=(
                    f"file too large ({info.file_size} bytes, limit 1 MiB)")))
                continue
            if total >= MAX_ZIP_BYTES:
                out.append(BatchInput(player, label, error="archive too large: not read"))
                continue
            try:
                with archive.open(info) as member:
                    data = member.read(MAX_MEMBER_BYTES + 1)
            except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError, ValueError,
                    EOFError, zlib.error) as exc:
                out.append(BatchInput(player, label, error=f"cannot read from the archive ({exc})"))
                continue
            total += len(data)
            if len(data) > MAX_MEMBER_BYTES:
                out.append(BatchInput(player, label, error="file too large (limit 1 MiB)"))
            elif name.lower().endswith(".zip"):
                out.append(BatchInput(player, label, error="nested archives are not read"))
            else:
                out.extend(_member(player, label, name, data))
    return out


def _member(player: str, label: str, name: str, data: bytes) -> list[BatchInput]:
    suffix = Path(name).suffix.lower()
    if suffix in _SHEETS:
        try:
            if suffix == ".csv":
                roster = _roster_from_csv(decode_bytes(data, label), label)
            else:
                roster = _roster_rows(sheet_rows(data, label), label)
        except InputError as exc:
            return [BatchInput(player, label, error=_reason(exc))]
        if roster is not None:
            return roster
    return [BatchInput(player, label, data=data)]


# --- rosters ----------------------------------------------------------------------------------


def _key(cell: str) -> str:
    return re.sub(r"[^a-z0-9]", "", cell.lower())


def _roster_columns(header: list[str]) -> tuple[int, int] | None:
    keys = [_key(c) for c in header]
    if any(k in _CARD_COLUMNS for k in keys):
        return None
    player = next((i for i, k in enumerate(keys) if k in _PLAYER_COLUMNS), None)
    deck = next((i for i, k in enumerate(keys) if k in _DECK_COLUMNS), None)
    if player is None or deck is None or player == deck:
        return None
    return player, deck


def _roster_rows(
    rows: Iterable[tuple[int, list[str]]], source: str
) -> list[BatchInput] | None:
    columns: tuple[int, int] | None = None
    out: list[BatchInput] = []
    for line, cells in rows:
        if not any(c.strip() for c in cells):
            continue
        if columns is None:
            columns = _roster_columns(cells)
            if columns is None:
                return None
            continue
        if len(out) >= MAX_ROSTER_ROWS:
            raise InputError(f"too many rows (limit {MAX_ROSTER_ROWS})", file=source, line=line)
        p_col, d_col = columns
        name = cells[p_col].strip() if p_col < len(cells) else ""
        text = cells[d_col] if d_col < len(cells) else ""
        label = f"{source}:row {line}"
        player = name or f"row {line}"
        if not text.strip():
            out.append(BatchInput(player, label, error="no decklist in this row"))
        else:
            out.append(BatchInput(player, label, text=text))
    return out if columns is not None else None


def _roster_from_file(path: Path, source: str) -> list[BatchInput] | None:
    if path.suffix.lower() == ".xlsx":
        return _roster_from_xlsx(path, source)
    if path.stat().st_size > MAX_FILE_BYTES * 8:
        return None
    return _roster_from_csv(decode_bytes(path.read_bytes(), source), source)


def _roster_from_csv(text: str, source: str) -> list[BatchInput] | None:
    text = text.removeprefix("\ufeff")
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    delimiter = max(",;\t", key=first.count)
    try:
        rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    except csv.Error:
        return None
    # csv.reader does not give line numbers per row; number rows 1.. as a spreadsheet would
    return _roster_rows(((i, r) for i, r in enumerate(rows, start=1)), source)


def _roster_from_xlsx(path: Path, source: str) -> list[BatchInput] | None:
    if path.stat().st_size > MAX_FILE_BYTES * 8:
        return None
    return _roster_rows(sheet_rows(path.read_bytes(), source), source)


# --- checking ---------------------------------------------------------------------------------


def _reason(exc: InputError) -> str:
    """The error without the file name (the row already shows where it came from)."""
    out = exc.message if exc.line is None else f"line {exc.line}: {exc.message}"
    if exc.text is not None:
        shown = exc.text if len(exc.text) <= 80 else exc.text[:77] + "..."
        out += f" ({shown!r})"
    return out


def check_input(item: BatchInput, ctx: CheckContext) -> BatchRow:
    """Check one deck; an unreadable one becomes a row with its error."""
    try:
        if item.error is not None:
            raise InputError(item.error)
        if item.path is not None:
            report = check_file(item.path, ctx)
        elif item.data is not None:
            report = check_bytes(item.data, ctx, source=item.source,
                                 suffix=Path(item.source).suffix)
        else:
            # a roster cell is text: --input-format xlsx names the roster, not its decks
            text_ctx = ctx
            if ctx.input_format == "xlsx":
                text_ctx = dataclasses.replace(ctx, input_format=None)
            report = check_text(item.text or "", text_ctx, source=item.source)
    except InputError as exc:
        reason = _reason(exc)
        return BatchRow(item.player, item.source, None, [], reason, error=reason)
    if report.errors:
        first = report.errors[0].message
    elif report.warnings:
        first = f"warning {report.warnings[0].code}: {report.warnings[0].message}"
    else:
        first = ""
    return BatchRow(item.player, item.source, report.legal, report.codes, first, report=report)


def run_batch(
    items: Iterable[BatchInput],
    ctx: CheckContext,
    on_row: Callable[[BatchRow], None] | None = None,
) -> list[BatchRow]:
    """Check every deck with one loaded context; ``on_row`` is called after each (progress)."""
    rows: list[BatchRow] = []
    for item in items:
        row = check_input(item, ctx)
        rows.append(row)
        if on_row is not None:
            on_row(row)
    return rows


def check_batch(paths: Iterable[str | Path], ctx: CheckContext) -> list[BatchRow]:
    """Collect and check every deck under ``paths``."""
    return run_batch(collect_inputs(paths), ctx)


# --- reports ----------------------------------------------------------------------------------


def batch_summary(rows: list[BatchRow]) -> dict[str, int]:
    """Counts: decks, legal, illegal, unreadable."""
    legal = sum(1 for r in rows if r.legal is True)
    unreadable = sum(1 for r in rows if r.legal is None)
    return {"decks": len(rows), "legal": legal, "illegal": len(rows) - legal - unreadable,
            "unreadable": unreadable}


def batch_payload(rows: list[BatchRow], ctx: CheckContext) -> dict[str, Any]:
    """The JSON document of a batch: format, ban list, counts and every row."""
    return {
        "format": ctx.fmt.id,
        "banlist": ctx.banlist.announced.isoformat() if ctx.banlist and ctx.fmt.use_banlist
        else None,
        **batch_summary(rows),
        "rows": [r.to_dict() for r in rows],
    }


def write_json_report(rows: list[BatchRow], ctx: CheckContext, path: str | Path) -> None:
    """Write :func:`batch_payload` to ``path`` (atomically)."""
    from tt_organizer.export.cells import write_bytes_atomic

    text = json.dumps(batch_payload(rows, ctx), indent=2, ensure_ascii=False, default=str)
    write_bytes_atomic(path, (text + "\n").encode("utf-8"), (".json",))


def write_xlsx_report(rows: list[BatchRow], ctx: CheckContext, path: str | Path) -> None:
    """Write a Summary sheet (one row per deck) and a Details sheet (one row per violation).

    Player-entered text is written as literal text, never as a formula.
    """
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    from tt_organizer.export.cells import put_row, save_workbook_atomic

    wb = Workbook()
    summary = wb.active
    summary.title = "Summary"
    details = wb.create_sheet("Details")
    put_row(summary, 1, ["Player", "Source", "Legal", "Codes", "First message"])
    put_row(details, 1, ["Player", "Source", "Severity", "Code", "Message", "Cards"])
    line = 2
    for i, row in enumerate(rows, start=2):
        verdict = "unreadable" if row.legal is None else ("legal" if row.legal else "illegal")
        put_row(summary, i, [row.player, row.source, verdict, " ".join(row.codes), row.message])
        if row.report is None:
            put_row(details, line, [row.player, row.source, "unreadable", "", row.message, ""])
            line += 1
            continue
        for v in [*row.report.errors, *row.report.warnings]:
            put_row(details, line, [row.player, row.source, v.severity, v.code, v.message,
                                    " ".join(v.cards)])
            line += 1
    for ws, widths in ((summary, (24, 40, 11, 30, 70)), (details, (24, 40, 11, 22, 70, 30))):
        for cell in ws[1]:
            cell.font = Font(bold=True)
        for i, width in enumerate(widths, start=1):
            ws.column_dimensions[get_column_letter(i)].width = width
        ws.freeze_panes = "A2"
        ws.auto_filter.ref = ws.dimensions
    save_workbook_atomic(wb, path)


def write_report(rows: list[BatchRow], ctx: CheckContext, path: str | Path) -> None:
    """Write the full report: JSON for a ``.json`` path, else an xlsx workbook."""
    if str(path).lower().endswith(".json"):
        write_json_report(rows, ctx, path)
    else:
        write_xlsx_report(rows, ctx, path)
