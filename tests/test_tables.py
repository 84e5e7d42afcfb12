"""One reading of tables: a roster is read the same by ``tt deck check-batch`` and
``tt event register --from`` under every common header, with spreadsheet row numbers."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from event_helpers import Tt

from tt_organizer.batch import BatchInput, collect_inputs
from tt_organizer.cli.main import cli
from tt_organizer.errors import InputError
from tt_organizer.events.sheet_import import read_registrations
from tt_organizer.sheets.columns import find_roster
from tt_organizer.sheets.reading import read_table

FIXTURES = Path(__file__).parent / "fixtures"
GOOGLE_FORM = FIXTURES / "real" / "sheets" / "google-form-export.csv"
LEGAL = (FIXTURES / "batch" / "legal.txt").read_text(encoding="utf-8")
ILLEGAL = (FIXTURES / "batch" / "illegal.txt").read_text(encoding="utf-8")
NAME_HEADERS = ("Name", "Player", "Full name", "Participant")
DECK_HEADERS = ("Deck", "Decklist", "List", "Paste your decklist here")


def _write(path: Path, rows: list[list[str]]) -> Path:
    if path.suffix == ".csv":
        with path.open("w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows(rows)
    else:
        wb = openpyxl.Workbook()
        for row in rows:
            wb.active.append(row)
        wb.save(path)
    return path


def _batch(items: list[BatchInput]) -> list[tuple[str, str, str | None, str | None]]:
    """(player, row label, deck text, error) of each collected deck."""
    return [(i.player, i.source.rsplit(":", 1)[1], i.text, i.error) for i in items]


def _registered(path: Path) -> list[tuple[str, str, str | None, str | None]]:
    return [(r.name, f"row {r.row}", r.deck_text, None if r.deck_text else
             "no decklist in this row") for r in read_registrations(path)]


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
@pytest.mark.parametrize("deck_header", DECK_HEADERS)
@pytest.mark.parametrize("name_header", NAME_HEADERS)
def test_every_common_header_set_is_read_the_same(
    tmp_path: Path, name_header: str, deck_header: str, suffix: str
) -> None:
    path = _write(tmp_path / f"roster{suffix}", [
        [name_header, "Email", deck_header],
        ["Alice", "a@example.org", LEGAL],  # a cell of 20 lines: still row 2
        ["", "", ""],
        ["Bob", "b@example.org", ILLEGAL],
        ["Carol", "c@example.org", ""],
    ])
    expected = [("Alice", "row 2", LEGAL, None), ("Bob", "row 4", ILLEGAL, None),
                ("Carol", "row 5", None, "no decklist in this row")]
    assert _batch(collect_inputs([path])) == expected
    assert _registered(path) == expected


def test_csv_rows_are_numbered_as_a_spreadsheet_shows_them(tmp_path: Path) -> None:
    """A quoted cell over many lines is one row; a blank line is a row, as LibreOffice and
    Excel open the file."""
    path = _write(tmp_path / "roster.csv", [["Player", "Decklist"], ["Ann", LEGAL]])
    with path.open("a", encoding="utf-8", newline="") as handle:
        handle.write("\r\n,\r\nBen,\"4 BT1-009\n4 BT1-010\"\r\n")
    (sheet,) = read_table(path)
    assert [number for number, _ in sheet.rows] == [1, 2, 5]
    assert [(r.row, r.name) for r in read_registrations(path)] == [(2, "Ann"), (5, "Ben")]


def test_google_form_export_is_a_roster_for_both_commands(tmp_path: Path) -> None:
    batch = collect_inputs([GOOGLE_FORM])
    assert [(i.player, i.source.rsplit(":", 1)[1]) for i in batch] == [
        ("Ann Aoyama", "row 2"), ("Ben Brandt", "row 3"), ("Chloé Ćwik", "row 4"),
        ("Dan Dorn", "row 5")]
    assert batch[3].error == "no decklist in this row" and batch.notes == []
    rows = read_registrations(GOOGLE_FORM)
    assert [(r.row, r.name, r.ext_id) for r in rows] == [
        (2, "Ann Aoyama", "0000123456"), (3, "Ben Brandt", None),
        (4, "Chloé Ćwik", "0000654321"), (5, "Dan Dorn", None)]
    assert [r.deck_text for r in rows] == [i.text for i in batch]
    assert rows[0].deck_text is not None and rows[0].deck_text.startswith("// Digimon Deck List")

    result = CliRunner().invoke(cli, ["deck", "check-batch", str(GOOGLE_FORM),
                                      "--banlist", "2026-03-16", "--json"])
    payload = json.loads(result.output)
    assert [(r["player"], r["legal"]) for r in payload["rows"]] == [
        ("Ann Aoyama", True), ("Ben Brandt", False), ("Chloé Ćwik", True), ("Dan Dorn", None)]

    tt = Tt(tmp_path / "event.sqlite")
    tt("create", "Form Cup")
    out = tt("register", "--from", str(GOOGLE_FORM), "--allow-illegal").stdout
    assert "4 new, 0 updated, 0 unchanged" in out
    players = {p["name"]: p for p in tt.json("players")}
    assert list(players) == ["Ann Aoyama", "Ben Brandt", "Chloé Ćwik", "Dan Dorn"]
    assert [players[n]["legal"] for n in players] == [True, False, True, None]


def test_a_column_that_looks_like_decklists_but_is_not_read_is_reported(tmp_path: Path) -> None:
    # no decklist header at all: check-batch says why instead of one unreadable "decklist"
    path = _write(tmp_path / "signup.csv", [
        ["Participant", "Cards I play"], ["Ann", LEGAL], ["Ben", ILLEGAL]])
    items = collect_inputs([path])
    note = "column 'Cards I play' looks like decklists but is not read (name it 'Decklist'"
    assert len(items) == 1 and (items[0].error or "").startswith(note)
    rows = read_registrations(path)
    assert [r.deck_text for r in rows] == [None, None] and rows.notes[0].startswith(note)
    tt = Tt(tmp_path / "event.sqlite")
    tt("create", "Cup")
    result = tt("register", "--from", str(path))
    assert "looks like decklists but is not read" in result.stderr

    # two deck columns: the second is reported, in the JSON report too
    two = _write(tmp_path / "two.xlsx", [
        ["Name", "Decklist", "Side notes"], ["Ann", LEGAL, LEGAL], ["Ben", ILLEGAL, ILLEGAL]])
    items = collect_inputs([two])
    assert [i.text for i in items] == [LEGAL, ILLEGAL]
    assert items.notes == [f"{two}: column 'Side notes' looks like decklists but is not read "
                           "(the decklists are read from column 'Decklist')"]
    result = CliRunner().invoke(cli, ["deck", "check-batch", str(two), "--banlist",
                                      "2026-03-16", "--json"])
    assert json.loads(result.output)["notes"] == items.notes
    assert read_registrations(two).notes == [n.split(": ", 1)[1] for n in items.notes]


def test_a_decklist_table_is_not_a_roster(tmp_path: Path) -> None:
    path = _write(tmp_path / "deck.csv", [["Count", "Number", "Name"], ["4", "BT1-010", "Agumon"]])
    assert find_roster(read_table(path)) is None
    assert [i.path for i in collect_inputs([path])] == [path]  # one decklist file
    with pytest.raises(InputError, match="decklist table"):
        read_registrations(path)


def test_roster_deck_files_are_read_by_both_inside_the_sheets_folder(tmp_path: Path) -> None:
    sheet_dir = tmp_path / "sheet"
    (sheet_dir / "decks").mkdir(parents=True)
    (sheet_dir / "decks" / "ann.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "outside.txt").write_text(LEGAL, encoding="utf-8")
    path = _write(sheet_dir / "roster.csv", [
        ["Player", "Deck file"], ["Ann", "decks/ann.txt"], ["Ben", "../outside.txt"]])
    items = collect_inputs([path])
    assert [(i.player, i.path) for i in items] == [
        ("Ann", sheet_dir / "decks" / "ann.txt"), ("Ben", None)]
    assert "deck file '../outside.txt' is outside the sheet's folder" in (items[1].error or "")
    with pytest.raises(InputError, match=r"row 3: deck file '\.\./outside\.txt' is outside"):
        read_registrations(path)
