"""Fuzz the sheet readers of the event imports (registrations, results): any CSV text or
workbook, intact or with flipped bytes, gives sheets or an InputError, never another
exception."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import openpyxl
from fuzz_settings import FUZZ
from hypothesis import given
from hypothesis import strategies as st

from tt_organizer.errors import InputError
from tt_organizer.events.sheet_import import read_registrations
from tt_organizer.export.cells import clean_text
from tt_organizer.sheets.reading import read_table

HEADERS = st.sampled_from(["Name", "Player", "ID", "Deck", "Deck file", "Round", "Table",
                           "Player 1", "Player 2", "Result", "Turns", "Winners", "First"])
CELLS = st.one_of(st.none(), HEADERS, st.text(max_size=12), st.integers(-5, 10**15),
                  st.floats(allow_nan=True, allow_infinity=True), st.booleans(),
                  st.sampled_from(["²", "٣", "=1+1", "'=1+1", "2-0", "P1,P2", "7,9", "../x.txt",
                                   "/etc/passwd", "\x00", "\r\n", '"']))
ROWS = st.lists(st.lists(CELLS, max_size=7), max_size=20)


def _csv(rows: list[list[object]], delimiter: str) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter)
    for row in rows:
        writer.writerow(["" if c is None else c for c in row])
    return buffer.getvalue().encode("utf-8", errors="replace")


def _xlsx(rows: list[list[object]], titles: list[str]) -> bytes:
    wb = openpyxl.Workbook()
    sheets = [wb.active] + [wb.create_sheet() for _ in titles[1:]]
    for ws, title in zip(sheets, titles, strict=False):
        ws.title = title
    for row in rows:
        sheets[0].append([clean_text(c) if isinstance(c, str) else c for c in row])
    buffer = io.BytesIO()
    wb.save(buffer)
    return buffer.getvalue()


def _read(path: Path) -> None:
    for reader in (read_table, read_registrations):
        try:
            reader(path)
        except InputError as exc:
            assert str(path) in str(exc)


@FUZZ
@given(rows=ROWS, delimiter=st.sampled_from([",", ";", "\t"]),
       noise=st.binary(max_size=64))
def test_csv_sheets(tmp_path_factory: object, rows: list[list[object]], delimiter: str,
                    noise: bytes) -> None:
    folder = tmp_path_factory.mktemp("csv")  # type: ignore[attr-defined]
    path = folder / "sheet.csv"
    path.write_bytes(_csv(rows, delimiter) + noise)
    _read(path)


@FUZZ
@given(rows=ROWS, titles=st.lists(st.sampled_from(["Sheet", "Round 1", "Pairings R2", "x"]),
                                   min_size=1, max_size=3, unique=True),
       flips=st.lists(st.tuples(st.integers(0, 10**6), st.integers(1, 255)), max_size=4))
def test_xlsx_sheets(tmp_path_factory: object, rows: list[list[object]], titles: list[str],
                     flips: list[tuple[int, int]]) -> None:
    folder = tmp_path_factory.mktemp("xlsx")  # type: ignore[attr-defined]
    data = bytearray(_xlsx(rows, titles))
    for at, xor in flips:
        data[at % len(data)] ^= xor
    path = folder / "sheet.xlsx"
    path.write_bytes(bytes(data))
    _read(path)
