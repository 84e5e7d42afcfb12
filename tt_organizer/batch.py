"""Batch deck check for the registration desk: many decklists, one summary.

Inputs (:func:`collect_inputs`), in the order given:

* a **folder** - every file under it, recursively and sorted (a folder's files before its
  sub-folders), hidden files and folders (``.name``) skipped; a ``.zip`` inside is expanded, a
  ``.csv``/``.xlsx`` is read as a roster when it is one (see below), anything else is one
  decklist file. Nothing outside the folder is read: a link leading out of it is an error row,
  a link to a folder inside it is skipped (its files are read where they are), and a sub-folder
  that cannot be read is an error row;
* a **zip** - its members, read in memory and never extracted (hidden members, ``__MACOSX/``
  and nested archives are not read); at most :data:`MAX_ZIP_MEMBERS` members of at most
  :data:`MAX_MEMBER_BYTES` each and :data:`MAX_ZIP_BYTES` in all, counted on the bytes actually
  inflated; an archive whose entries share their data (one member named 2,000 times) is one
  error row;
* a **roster** - a ``.csv`` or ``.xlsx`` sheet read as ``tt event register --from`` reads it
  (:func:`tt_organizer.sheets.columns.find_roster`): a header row names a player column and
  a decklist (or deck file) column, one deck per row; a sheet that is not a roster is one decklist;
* any other path - one decklist file in any shape ``tt deck validate`` reads.

Every deck becomes one :class:`BatchRow`; anything that cannot be read (a missing, binary,
empty or malformed file, a row without a decklist) is a row with its error, never the end of
the batch. The card data and ban list are loaded once (:class:`CheckContext`); with ``jobs``
above 1 the decks are checked by that many worker processes in chunks (:func:`run_batch`), the
context handed to each worker once, the rows in input order and the same as a serial run's.
"""

from __future__ import annotations

import dataclasses
import errno
import itertools
import json
import os
import stat
import sys
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tt_organizer.errors import InputError
from tt_organizer.formats.check import CheckContext, check_bytes, check_file, check_text
from tt_organizer.formats.validator import ValidationReport
from tt_organizer.i18n import N_, Msg, Term
from tt_organizer.messages import WORDS
from tt_organizer.safe_files import LINK_REFUSED
from tt_organizer.sheets.columns import find_roster
from tt_organizer.sheets.reading import (
    MAX_FILE_BYTES,
    MAX_SHEET_BYTES,
    ZIP_MAGIC,
    read_file_bytes,
    read_table_bytes,
)

if TYPE_CHECKING:
    from typing import BinaryIO

    from tt_organizer.cards.card import Card

MAX_ZIP_MEMBERS = 5_000
MAX_MEMBER_BYTES = MAX_FILE_BYTES
MAX_ZIP_BYTES = 16 * 1024 * 1024  # inflated bytes read from one archive (its decks are parsed)
MAX_ZIP_FILE_BYTES = 256 * 1024 * 1024  # size of the archive itself
MAX_FOLDER_DEPTH = 64  # folders inside folders (each open while its sub-folders are read)

_SHEETS = (".csv", ".xlsx")
PARALLEL_MIN_DECKS = 400  # fewer decks are checked in this process when jobs is not given
MAX_CHUNK = 250  # decks sent to a worker at a time
# forked workers start with the loaded context; elsewhere (fork is unsafe on macOS) they are
# spawned and receive it pickled, once each
START_METHOD = "fork" if sys.platform.startswith("linux") else "spawn"
# a front-end's advice after a refusal (the command line: `tt …`), "" when it has none
Advice = Callable[[InputError], str]


@dataclass(frozen=True)
class BatchInput:
    """One deck to check: a file on disk (with its ``data`` when it was read already), bytes
    read from a zip, or text from a roster row."""

    player: str
    source: str  # where it came from: a path, ``archive.zip!member`` or ``sheet.csv:row 4``
    path: Path | None = None
    data: bytes | None = None
    text: str | None = None
    problem: InputError | None = None  # already known to be unreadable

    @property
    def error(self) -> str | None:
        """Why it cannot be read, in English (as a row says it), or None."""
        return None if self.problem is None else _reason(self.problem)


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


class BatchInputs(list[BatchInput]):
    """The decks of a batch, in order; ``notes`` are remarks on the inputs (a roster column
    that looks like decklists but is not read)."""

    def __init__(self) -> None:
        super().__init__()
        self.notes: list[str] = []


def collect_inputs(paths: Iterable[str | Path]) -> BatchInputs:
    """Every deck under ``paths`` (folders, zips, rosters, decklist files), in order."""
    out = BatchInputs()
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out.extend(folder_inputs(path, out.notes))
        else:
            out.extend(_file(path, str(raw), out.notes))
    return out


def _hidden(name: str) -> bool:
    return name.startswith(".") or name == "__MACOSX"


def folder_inputs(root: Path, notes: list[str]) -> Iterator[BatchInput]:
    """Every file under ``root``: a folder's files (sorted) before its sub-folders. A link is
    followed only when it leads to a file inside ``root`` (a link to a folder inside it is
    skipped: its files are read where they are); anything unreadable is one error row.

    Each folder is opened once and its files are opened relative to it without following
    links (``openat`` with ``O_NOFOLLOW``), and read as they are listed: a file swapped for a
    link to outside the folder while the batch runs is refused, never followed."""
    real_root = root.resolve()
    try:
        fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    except OSError as exc:
        yield BatchInput(root.name, str(root), problem=InputError(
            "cannot-read-folder", error=exc.strerror or str(exc)))
        return
    try:
        yield from _walk(fd, root, real_root, notes, 0)
    finally:
        os.close(fd)


def _walk(fd: int, folder: Path, real_root: Path, notes: list[str], depth: int
          ) -> Iterator[BatchInput]:
    """The files of the folder open as ``fd`` (named ``folder``), then its sub-folders'."""
    try:
        with os.scandir(fd) as scan:
            entries = sorted((e for e in scan if not _hidden(e.name)), key=lambda e: e.name)
    except OSError as exc:
        yield BatchInput(folder.name, str(folder), problem=InputError(
            "cannot-read-folder", error=exc.strerror or str(exc)))
        return
    subfolders = []
    for entry in entries:
        path = folder / entry.name
        try:
            if entry.is_symlink():
                target = path.resolve(strict=True)
                if not target.is_relative_to(real_root):
                    yield BatchInput(path.stem, str(path),
                                     problem=InputError("link-outside-folder"))
                    continue
                if target.is_dir():
                    continue
                # a link to a file inside the folder: that file, its own last step not a link
                yield from _read_file(str(target), None, path, notes)
                continue
            if entry.is_dir(follow_symlinks=False):
                subfolders.append(entry.name)
                continue
        except (OSError, RuntimeError) as exc:  # a broken or looping link, a vanished file
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            yield BatchInput(path.stem, str(path),
                             problem=InputError("cannot-read", error=str(reason)))
            continue
        yield from _read_file(entry.name, fd, path, notes)
    for name in subfolders:
        path = folder / name
        if depth >= MAX_FOLDER_DEPTH:
            yield BatchInput(name, str(path), problem=InputError("folders-too-deep",
                                                               limit=MAX_FOLDER_DEPTH))
            continue
        try:
            child = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
        except OSError as exc:  # swapped for a link or removed since the listing
            why: str | Msg = (Msg(WORDS[LINK_REFUSED])
                              if exc.errno in (errno.ELOOP, errno.ENOTDIR)
                              else exc.strerror or str(exc))
            yield BatchInput(name, str(path), problem=InputError("cannot-read-folder",
                                                               error=why))
            continue
        try:
            yield from _walk(child, path, real_root, notes, depth + 1)
        finally:
            os.close(child)


def _read_file(name: str, dir_fd: int | None, path: Path, notes: list[str]
               ) -> list[BatchInput]:
    """The decks of one file of a folder: ``name`` in the folder open as ``dir_fd`` (or a
    full path, with None), opened without following a link and read now."""
    source = str(path)
    suffix = path.suffix.lower()
    try:
        if suffix == ".zip":
            handle = _open_nofollow(name, dir_fd, source)
            with handle:
                return _zip(path, source, notes, handle)
        if suffix in _SHEETS:
            data = read_file_bytes(name, source, "a spreadsheet", limit=MAX_SHEET_BYTES,
                                   dir_fd=dir_fd, follow=False)
            roster = _roster(data, source, suffix, path.absolute().parent, notes)
            if roster is not None:
                return roster
        else:
            data = read_file_bytes(name, source, dir_fd=dir_fd, follow=False)
    except InputError as exc:
        return [BatchInput(path.stem, source, problem=exc)]
    return [BatchInput(path.stem, source, path=path, data=data)]


def _open_nofollow(name: str, dir_fd: int | None, source: str) -> BinaryIO:
    """``name`` opened for reading without following a link (InputError if it cannot be)."""
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW, dir_fd=dir_fd)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise InputError(LINK_REFUSED, file=source) from None
        raise InputError("cannot-read-file", file=source,
                         error=exc.strerror or str(exc)) from None
    handle = open(fd, "rb")  # noqa: SIM115 - closed by the caller's with
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        handle.close()
        raise InputError("not-regular", file=source, what=Term(N_("archive")))
    os.set_blocking(fd, True)
    return handle


def _file(path: Path, source: str, notes: list[str]) -> list[BatchInput]:
    suffix = path.suffix.lower()
    if suffix == ".zip" and path.is_file():
        return _zip(path, source, notes)
    if suffix in _SHEETS and path.is_file():
        try:
            data = read_file_bytes(path, source, "a spreadsheet", limit=MAX_SHEET_BYTES)
            roster = _roster(data, source, suffix, path.absolute().parent, notes)
        except InputError as exc:
            return [BatchInput(path.stem, source, problem=exc)]
        if roster is not None:
            return roster
        # not a roster: one decklist file, checked from the bytes already read
        return [BatchInput(path.stem, source, path=path, data=data)]
    return [BatchInput(path.stem, source, path=path)]


def _shared_data(members: list[zipfile.ZipInfo]) -> bool:
    """True when two members' data overlap (a zip bomb that inflates one member many times)."""
    ordered = sorted(members, key=lambda i: i.header_offset)
    for info, after in itertools.pairwise(ordered):
        encoding = "utf-8" if info.flag_bits & 0x800 else "cp437"
        local_header = 30 + len(info.orig_filename.encode(encoding, "replace"))
        if after.header_offset < info.header_offset + local_header + info.compress_size:
            return True
    return False


def _zip(path: Path, source: str, notes: list[str], handle: BinaryIO | None = None
         ) -> list[BatchInput]:
    """The decks of a zip archive: ``path``, or the file already open as ``handle``."""
    out: list[BatchInput] = []
    try:
        size = os.fstat(handle.fileno()).st_size if handle is not None else path.stat().st_size
        if size > MAX_ZIP_FILE_BYTES:
            return [BatchInput(path.stem, source, problem=InputError("archive-too-large"))]
        archive = zipfile.ZipFile(handle if handle is not None else path)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as exc:
        return [BatchInput(path.stem, source, problem=InputError("unreadable-zip",
                                                               error=str(exc)))]
    total = 0
    with archive:
        entries = [i for i in archive.infolist() if not i.is_dir()]
        if len(entries) > MAX_ZIP_MEMBERS:
            return [BatchInput(path.stem, source, problem=InputError(
                "too-many-archive-files", files=len(entries), limit=MAX_ZIP_MEMBERS))]
        if _shared_data(entries):
            return [BatchInput(path.stem, source, problem=InputError("zip-shared-data"))]
        members = sorted(entries, key=lambda i: i.filename)
        members = [i for i in members if not any(_hidden(p) for p in i.filename.split("/"))]
        for info in members:
            name = info.filename
            label = f"{source}!{name}"
            player = Path(name).stem
            if info.file_size > MAX_MEMBER_BYTES:
                out.append(BatchInput(player, label, problem=InputError(
                    "file-too-many-bytes", size=info.file_size)))
                continue
            if total + info.file_size > MAX_ZIP_BYTES:
                out.append(BatchInput(player, label, problem=InputError(
                    "archive-unpacks-too-large", limit=MAX_ZIP_BYTES >> 20)))
                continue
            try:
                with archive.open(info) as member:
                    data = member.read(MAX_MEMBER_BYTES + 1)
            except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError, ValueError,
                    EOFError, zlib.error) as exc:
                out.append(BatchInput(player, label, problem=InputError(
                    "cannot-read-from-archive", error=str(exc))))
                continue
            total += len(data)
            if len(data) > MAX_MEMBER_BYTES:
                out.append(BatchInput(player, label, problem=InputError("file-too-large-1mib")))
            elif name.lower().endswith(".zip"):
                out.append(BatchInput(player, label, problem=InputError("nested-archive")))
            else:
                out.extend(_member(player, label, name, data, notes))
    return out


def _member(
    player: str, label: str, name: str, data: bytes, notes: list[str]
) -> list[BatchInput]:
    suffix = Path(name).suffix.lower()
    if suffix in _SHEETS:
        try:
            roster = _roster(data, label, suffix, None, notes)
        except InputError as exc:
            return [BatchInput(player, label, problem=exc)]
        if roster is not None:
            return roster
    return [BatchInput(player, label, data=data)]


# --- rosters ----------------------------------------------------------------------------------


def _roster(
    data: bytes, source: str, suffix: str, base: Path | None, notes: list[str]
) -> list[BatchInput] | None:
    """The decks of a roster sheet (:func:`tt_organizer.sheets.columns.find_roster`, the same
    reading as ``tt event register --from``), or None when the sheet is not a roster with decks."""
    if suffix == ".csv" and data.startswith(ZIP_MAGIC):
        return None
    roster = find_roster(read_table_bytes(data, source, suffix, Path(source).stem))
    if roster is None:
        return None
    if "deck" not in roster.roles and "deck_path" not in roster.roles:
        if roster.notes:  # the decks are there, under a header that is not read
            return [BatchInput(Path(source).stem, source,
                               problem=InputError("decks-column-not-read",
                                                  column=roster.ignored[0].args["column"],
                                                  where=roster.ignored[0].args["where"]))]
        return None
    notes.extend(f"{source}: {note}" for note in roster.notes)
    out: list[BatchInput] = []
    for entry in roster.entries(base):
        label = f"{source}:row {entry.row}"
        player = entry.name or f"row {entry.row}"
        if entry.problem is not None:
            out.append(BatchInput(player, label, problem=entry.problem))
        elif entry.deck_path is not None:
            out.append(BatchInput(player, label, path=entry.deck_path))
        elif entry.deck_text and entry.deck_text.strip():
            out.append(BatchInput(player, label, text=entry.deck_text))
        else:
            out.append(BatchInput(player, label, problem=InputError("no-decklist-in-row")))
    return out


# --- checking ---------------------------------------------------------------------------------


def _reason(exc: InputError, advice: Advice | None = None) -> str:
    """The error without the file name (the row already shows where it came from), with the
    front-end's ``advice`` for it."""
    message = exc.message + (advice(exc) if advice is not None else "")
    out = message if exc.line is None else f"line {exc.line}: {message}"
    if exc.text is not None:
        shown = exc.text if len(exc.text) <= 80 else exc.text[:77] + "..."
        out += f" ({shown!r})"
    return out


def check_input(item: BatchInput, ctx: CheckContext, advice: Advice | None = None) -> BatchRow:
    """Check one deck; an unreadable one becomes a row with its error (and the front-end's
    ``advice`` for it: the library's errors name no command)."""
    return _check(item, ctx, _text_context(ctx), advice)


def _text_context(ctx: CheckContext) -> CheckContext:
    """The context for a roster cell's text: ``--input-format xlsx`` names the roster, not its
    decks (made once per batch, not per deck)."""
    return dataclasses.replace(ctx, input_format=None) if ctx.input_format == "xlsx" else ctx


def _check(
    item: BatchInput, ctx: CheckContext, text_ctx: CheckContext, advice: Advice | None
) -> BatchRow:
    try:
        if item.problem is not None:
            raise item.problem
        if item.data is not None:
            report = check_bytes(item.data, ctx, source=item.source,
                                 suffix=Path(item.source).suffix)
        elif item.path is not None:
            report = check_file(item.path, ctx)
        else:
            report = check_text(item.text or "", text_ctx, source=item.source)
    except InputError as exc:
        reason = _reason(exc, advice)
        return BatchRow(item.player, item.source, None, [], reason, error=reason)
    if report.errors:
        first = report.errors[0].message
    elif report.warnings:
        first = f"warning {report.warnings[0].code}: {report.warnings[0].message}"
    else:
        first = ""
    return BatchRow(item.player, item.source, report.legal, report.codes, first, report=report)


def default_jobs() -> int:
    """Worker processes by default: the CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def run_batch(
    items: Iterable[BatchInput],
    ctx: CheckContext,
    on_row: Callable[[BatchRow], None] | None = None,
    advice: Advice | None = None,
    jobs: int | None = 1,
) -> list[BatchRow]:
    """Check every deck with one loaded context; ``on_row`` is called after each (progress),
    ``advice`` words what to do about an unreadable one (see :func:`check_input`).

    ``jobs`` worker processes check the decks in chunks (1: all in this process; None: one per
    CPU, but in this process below :data:`PARALLEL_MIN_DECKS` decks, where starting workers
    costs more than it saves). The rows come back in input order, the same as a serial run's.
    """
    items = list(items)
    if jobs is None:
        jobs = default_jobs() if len(items) >= PARALLEL_MIN_DECKS else 1
    text_ctx = _text_context(ctx)
    if ctx.cards is not None and (jobs > 1 or len(items) >= PARALLEL_MIN_DECKS):
        # a large batch names most cards: build them all at once (~25 ms; each looked up
        # alone costs a search of the card file's text), and before forking, so that the
        # workers inherit them instead of each building its own
        for _card in ctx.cards:
            pass
    results: Iterable[BatchRow]
    if jobs > 1 and len(items) > 1:
        results = _parallel(items, ctx, advice, jobs)
    else:
        results = (_check(item, ctx, text_ctx, advice) for item in items)
    rows: list[BatchRow] = []
    for row in results:
        rows.append(row)
        if on_row is not None:
            on_row(row)
    return rows


# a worker process's context and advice, set once by _start_worker
_worker: tuple[CheckContext, CheckContext, Advice | None] | None = None


def _start_worker(ctx: CheckContext, advice: Advice | None) -> None:
    global _worker
    import gc
    import signal

    # what a forked worker inherits is never collected here: the collector's passes over it
    # would copy every page of it into this process
    gc.freeze()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _worker = (ctx, _text_context(ctx), advice)


def _check_chunk(chunk: list[BatchInput]) -> list[tuple[BatchRow, list[str]]]:
    """A worker's rows of ``chunk``, each with its deck's card numbers: the cards themselves
    stay behind (most of a row's pickled bytes), the parent looks them up in its own context."""
    assert _worker is not None, "_start_worker runs first"
    ctx, text_ctx, advice = _worker
    out = []
    for item in chunk:
        row = _check(item, ctx, text_ctx, advice)
        numbers: list[str] = []
        if row.report is not None:
            numbers = list(row.report.deck.cards)
            row.report.deck.cards = {}
        out.append((row, numbers))
    return out


def _parallel(
    items: list[BatchInput], ctx: CheckContext, advice: Advice | None, jobs: int
) -> Iterator[BatchRow]:
    """The rows of ``items`` checked by ``jobs`` worker processes (:data:`START_METHOD`), in
    input order."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    size = max(1, min(MAX_CHUNK, -(-len(items) // (jobs * 4))))  # about 4 chunks a worker
    chunks = [items[i:i + size] for i in range(0, len(items), size)]
    with ProcessPoolExecutor(
        min(jobs, len(chunks)),
        mp_context=multiprocessing.get_context(START_METHOD),
        initializer=_start_worker,
        initargs=(ctx, advice),
    ) as pool:
        known: dict[str, Card] = {}  # number -> Card, looked up once per batch
        try:
            for rows in pool.map(_check_chunk, chunks):
                for row, numbers in rows:
                    if row.report is not None and ctx.cards is not None:
                        cards = row.report.deck.cards
                        for n in numbers:
                            card = known.get(n)
                            cards[n] = card if card is not None else known.setdefault(
                                n, ctx.cards.get(n))
                    yield row
        except BaseException:  # Ctrl-C, an error, the caller stopped: start no more chunks
            pool.shutdown(wait=True, cancel_futures=True)
            raise


def check_batch(
    paths: Iterable[str | Path], ctx: CheckContext, jobs: int | None = 1
) -> list[BatchRow]:
    """Collect and check every deck under ``paths`` (``jobs``: see :func:`run_batch`)."""
    return run_batch(collect_inputs(paths), ctx, jobs=jobs)


# --- reports ----------------------------------------------------------------------------------


def batch_summary(rows: list[BatchRow]) -> dict[str, int]:
    """Counts: decks, legal, illegal, unreadable."""
    legal = sum(1 for r in rows if r.legal is True)
    unreadable = sum(1 for r in rows if r.legal is None)
    return {"decks": len(rows), "legal": legal, "illegal": len(rows) - legal - unreadable,
            "unreadable": unreadable}


def batch_payload(
    rows: list[BatchRow], ctx: CheckContext, notes: list[str] | None = None
) -> dict[str, Any]:
    """The JSON document of a batch: format, ban list, counts, every row and the notes on the
    inputs (:attr:`BatchInputs.notes`)."""
    return {
        "format": ctx.fmt.id,
        "banlist": ctx.banlist.announced.isoformat() if ctx.banlist and ctx.fmt.use_banlist
        else None,
        **batch_summary(rows),
        "rows": [r.to_dict() for r in rows],
        "notes": list(notes or []),
    }


def write_json_report(
    rows: list[BatchRow], ctx: CheckContext, path: str | Path, notes: list[str] | None = None
) -> None:
    """Write :func:`batch_payload` to ``path`` (atomically)."""
    from tt_organizer.export.cells import write_bytes_atomic

    text = json.dumps(batch_payload(rows, ctx, notes), indent=2, ensure_ascii=False, default=str)
    write_bytes_atomic(path, (text + "\n").encode("utf-8"), (".json",))


def write_xlsx_report(rows: list[BatchRow], ctx: CheckContext, path: str | Path) -> None:
    """Write a Summary sheet (one row per deck) and a Details sheet (one row per violation).

    Player-entered text is written as literal text, never as a formula. The data rows are
    written as sheet XML (:mod:`tt_organizer.export.sheetxml`): openpyxl's cell objects made a
    report of 10,000 decks take seconds.
    """
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
    from openpyxl.utils import get_column_letter

    from tt_organizer.export.cells import cell_value, put_row, save_workbook_atomic
    from tt_organizer.export.sheetxml import DirectRows
    from tt_organizer.export.workbook import export_time, print_layout

    thin = Side(style="thin", color="808080")
    border = Border(left=thin, right=thin, top=thin, bottom=thin)
    wrapped = Alignment(wrap_text=True, vertical="top", indent=1)

    def data_style(cell: Any, quoted: bool) -> None:
        cell.border = border
        cell.alignment = wrapped
        if quoted:
            cell.quotePrefix = True

    wb = Workbook()
    summary = wb.active
    summary.title = "Summary"
    details = wb.create_sheet("Details")
    sheets = {summary.title: DirectRows(summary), details.title: DirectRows(details)}
    last = {summary.title: 1, details.title: 1}

    def add(ws: Any, values: list[object]) -> None:
        direct = sheets[ws.title]
        line = last[ws.title] = last[ws.title] + 1
        for column, value in enumerate(values, start=1):
            stored, quoted = cell_value(value)
            direct.cell(line, column, stored, direct.style_id(quoted, data_style))

    put_row(summary, 1, ["Player", "Source", "Legal", "Codes", "First message"])
    put_row(details, 1, ["Player", "Source", "Severity", "Code", "Message", "Cards"])
    for row in rows:
        verdict = "unreadable" if row.legal is None else ("legal" if row.legal else "illegal")
        add(summary, [row.player, row.source, verdict, " ".join(row.codes), row.message])
        if row.report is None:
            add(details, [row.player, row.source, "unreadable", "", row.message, ""])
            continue
        for v in [*row.report.errors, *row.report.warnings]:
            add(details, [row.player, row.source, v.severity, v.code, v.message,
                          " ".join(v.cards)])
    fill = PatternFill("solid", fgColor="DDEBF7")
    counts = batch_summary(rows)
    title = (f"Deck check ({ctx.fmt.id}): {counts['decks']} decks, {counts['legal']} legal, "
             f"{counts['illegal']} illegal, {counts['unreadable']} unreadable")
    # widths that fit a landscape page at 100 %: long messages wrap instead of widening it
    for ws, widths in ((summary, (22, 30, 11, 20, 55)), (details, (20, 26, 11, 18, 55, 20))):
        for cell in ws[1]:
            cell.font = Font(bold=True)
            cell.fill = fill
            cell.border = border
            cell.alignment = wrapped
        for i, width in enumerate(widths, start=1):
            ws.column_dimensions[get_column_letter(i)].width = width
        ws.freeze_panes = "A2"
        ws.auto_filter.ref = f"A1:{get_column_letter(len(widths))}{last[ws.title]}"
        print_layout(ws, event=title, exported=export_time(), landscape=True,
                     header_rows="1:1")
    save_workbook_atomic(wb, path)
