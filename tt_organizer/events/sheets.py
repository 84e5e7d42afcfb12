"""Sheets: register every row of a sign-up sheet, record every row of a results sheet.

Both run in one transaction on the connection they are given. A sign-up sheet registers the
rows it can (a refused row is refused before anything of it is written) and says per row
what happened (:class:`SignUp`); a results sheet is all or nothing: one refused row records
none, and the :class:`EventError` lists every refused row. Refusals are the library's errors
(a code and hints), so each front-end words them its own way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tt_organizer.errors import EventError, TTError
from tt_organizer.events.store.dispatch import store

if TYPE_CHECKING:
    from tt_organizer.events.players import Registration
    from tt_organizer.events.store import Connection

# the code of the EventError a refused results sheet raises; hint["rows"] lists the refusals
ROWS_REFUSED = "rows-refused"


@dataclass
class SheetRow:
    """One row of a sign-up sheet: registered (``registration``) or refused (``error``)."""

    row: int  # the row number a spreadsheet shows
    name: str
    registration: Registration | None = None
    error: TTError | None = None

    @property
    def refused(self) -> bool:
        return self.error is not None


@dataclass
class SignUp:
    """What :func:`register_sheet` did: every row in sheet order, and ``notes`` naming
    columns that look like decklists but were not read."""

    rows: list[SheetRow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def refused(self) -> int:
        return sum(r.refused for r in self.rows)

    @property
    def registered(self) -> int:
        return len(self.rows) - self.refused


def register_sheet(
    conn: Connection, path: str | Path, *, allow_illegal: bool = False, late: bool = False
) -> SignUp:
    """Register every row of a sign-up sheet (``.xlsx``/``.csv``, read by
    :func:`tt_organizer.export.importing.read_registrations`) in one transaction.

    A row that cannot be registered (an illegal deck, a name already registered, …) is
    refused alone, before anything of it is written, and its :class:`TTError` kept in the
    outcome; the other rows are committed together, each with its audit entries. A sheet
    that cannot be read at all raises (:class:`~tt_organizer.export.importing.SheetError`)
    and registers nobody."""
    from tt_organizer.events.players import SheetRegistrar
    from tt_organizer.export.importing import read_registrations

    rows = read_registrations(path)
    folder, sheet_name = Path(path).parent, Path(path).name
    outcome = SignUp(notes=list(getattr(rows, "notes", ())))
    registered: dict[int, SheetRow] = {}  # player number -> the row that registered them
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
            try:
                pid = registrar.register(
                    row.name, ext_id=row.ext_id, deck_text=row.deck_text, deck_path=deck_path,
                    deck_source=None if deck_path else f"{sheet_name} row {row.row}")
            except TTError as exc:
                done.error = exc
                continue
            registered[pid] = done
        for pid, registration in registrar.registrations().items():
            registered[pid].registration = registration
    return outcome


def record_results_sheet(conn: Connection, path: str | Path) -> int:
    """Record every filled result of a results sheet (the shape of an exported pairings
    sheet, read by :func:`tt_organizer.export.importing.read_results`) — all or nothing.

    Returns how many results were recorded. When any row is refused nothing is recorded and
    an :class:`EventError` (code ``rows-refused``) is raised: ``hint["rows"]`` holds, for each
    refused row in sheet order, ``{"row": number as the spreadsheet shows it, "error": the
    EventError}``, and ``hint["file"]`` the sheet."""
    from tt_organizer.events.recording import report_result
    from tt_organizer.export.importing import read_results

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
            raise EventError(f"{path}: nothing recorded; {len(refused)} row(s) refused",
                             code=ROWS_REFUSED, hint={"file": str(path), "rows": refused})
    return len(rows)
