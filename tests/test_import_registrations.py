"""Registrations import: header synonyms, decklist text or file, CSV and .xlsx, refusals."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from snapshot_factory import HYPERLINK

from tt_organizer.errors import InputError
from tt_organizer.events.sheet_import import RegistrationRow, SheetError, read_registrations
from tt_organizer.export.cells import put_row

FIXTURES = Path(__file__).parent / "fixtures" / "sheets"
DECK_TEXT = "Main deck\n4 BT1-009\n4 BT1-010\nPile\n3 BT1-001"


def workbook(path: Path, rows: list[list[object]], title: str = "Players") -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = title
    for number, row in enumerate(rows, start=1):
        put_row(ws, number, row)  # text stays text, even "=..."
    ws["F1"] = "=1+1"  # a real formula: read as its (absent) cached value, never evaluated
    wb.save(path)
    return path


def test_csv_fixture_semicolons_bom_and_escaped_names() -> None:
    rows = read_registrations(FIXTURES / "registrations.csv")
    assert rows == [
        RegistrationRow(2, "Alice Aoyama", "0001234", None,
                        str(FIXTURES / "decks" / "alice.txt")),
        RegistrationRow(3, "Bob Brandt", None, None, None),
        RegistrationRow(4, HYPERLINK, "M3", None, None),  # the CSV escape ' is removed
    ]


def test_xlsx_with_title_row_synonyms_multiline_deck_and_paths(tmp_path: Path) -> None:
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "carol.txt").write_text("4 BT1-009\n", encoding="utf-8")
    path = workbook(tmp_path / "reg.xlsx", [
        ["Spring Cup registrations"],
        [],
        ["Player name", "Bandai ID", "Decklist", "Notes"],
        ["Alice Aoyama", 1234, DECK_TEXT, "paid"],
        ["  Bob   Brandt ", None, "decks/carol.txt", None],
        [None, None, None, None],
        [HYPERLINK, "M-3", None, "=1+1"],
    ])
    rows = read_registrations(path)
    assert rows == [
        RegistrationRow(4, "Alice Aoyama", "1234", DECK_TEXT, None),
        RegistrationRow(5, "Bob Brandt", None, None, str(tmp_path / "decks" / "carol.txt")),
        RegistrationRow(7, HYPERLINK, "M-3", None, None),
    ]


def test_deck_file_column(tmp_path: Path) -> None:
    path = workbook(tmp_path / "reg.xlsx", [
        ["Name", "Player ID", "Deck file"],
        ["Alice", "A1", "alice.txt"],
    ])
    assert read_registrations(path)[0].deck_path == str(tmp_path / "alice.txt")


def test_every_bad_row_is_listed(tmp_path: Path) -> None:
    outside = tmp_path.parent / "outside-deck.txt"
    path = workbook(tmp_path / "reg.xlsx", [
        ["Name", "ID", "Deck", "Deck file"],
        ["Alice", "A1", None, None],
        [None, "A2", DECK_TEXT, None],  # row 3: no name
        ["alice", "A3", None, None],  # row 4: same name: a later answer, not a problem
        ["Bob", "A3", None, None],  # row 5: same id (refused alone, when registered)
        ["Carol", None, DECK_TEXT, "carol.txt"],  # row 6: both
        ["Dan", None, None, "../outside-deck.txt"],  # row 7: outside the folder
        ["Eve", None, None, str(outside)],  # row 8: absolute path outside
        ["Fay\tX", None, None, None],  # row 9: a tab in the name
    ])
    with pytest.raises(SheetError) as info:
        read_registrations(path)
    assert [p.split(":")[0] for p in info.value.problems] == [
        "row 3", "row 6", "row 7", "row 8", "row 9"]
    text = "\n".join(info.value.problems)
    assert "row 3: no player name" in text
    assert "outside the sheet's folder" in text
    assert "nothing was registered" in str(info.value)


def test_missing_name_column_and_empty_files(tmp_path: Path) -> None:
    path = workbook(tmp_path / "reg.xlsx", [["Deck", "ID"], [DECK_TEXT, "1"]])
    with pytest.raises(InputError, match="missing column 'Name'"):
        read_registrations(path)
    header_only = workbook(tmp_path / "h.xlsx", [["Name", "ID"]])
    with pytest.raises(InputError, match="lists no players"):
        read_registrations(header_only)
    empty = tmp_path / "e.csv"
    empty.write_text("\n\n", encoding="utf-8")
    with pytest.raises(InputError, match="empty"):
        read_registrations(empty)
    with pytest.raises(InputError, match=r"not an \.xlsx workbook"):
        read_registrations(FIXTURES / "not-a-workbook.xlsx")
    binary = tmp_path / "b.csv"
    binary.write_bytes(b"Name\n\x00\x01")
    with pytest.raises(InputError, match="binary"):
        read_registrations(binary)
    other = tmp_path / "reg.pdf"
    other.write_text("Name\nAlice\n", encoding="utf-8")
    with pytest.raises(InputError, match="not a workbook"):
        read_registrations(other)


def test_csv_copied_elsewhere_keeps_relative_deck_paths(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES, tmp_path / "sheets")
    rows = read_registrations(tmp_path / "sheets" / "registrations.csv")
    assert rows[0].deck_path == str(tmp_path / "sheets" / "decks" / "alice.txt")
    assert Path(rows[0].deck_path).read_text(encoding="utf-8").startswith("Main")
