"""Results import: the exported pairings sheet filled in and read back, and every way a sheet
can be wrong (refused as a whole, with row numbers)."""

from __future__ import annotations

import csv
import shutil
import subprocess
from datetime import datetime
from pathlib import Path

import openpyxl
import pytest
from snapshot_factory import HYPERLINK, event_snapshot, with_results

from tt_organizer.errors import InputError
from tt_organizer.events.event_standings import snapshot_standings
from tt_organizer.events.sheet_import import (
    ResultRow,
    SheetError,
    read_results,
    sheet_round,
)
from tt_organizer.export.workbook import export_csv, export_event
from tt_organizer.sheets.reading import MAX_SHEET_BYTES as MAX_BYTES

FIXTURES = Path(__file__).parent / "fixtures" / "sheets"


@pytest.fixture
def exported(tmp_path: Path) -> Path:
    return export_event(event_snapshot(), tmp_path / "spring.xlsx")


def fill(path: Path, out: Path, cells: dict[str, object], sheet: str = "Pairings R3") -> Path:
    wb = openpyxl.load_workbook(path)
    ws = wb[sheet]
    for coord, value in cells.items():
        ws[coord] = value
    wb.save(out)
    return out


def only_sheet(path: Path, out: Path, keep: str = "Pairings R3", title: str | None = None) -> Path:
    wb = openpyxl.load_workbook(path)
    for name in wb.sheetnames:
        if name != keep:
            del wb[name]
    if title is not None:
        wb[keep].title = title
    wb.save(out)
    return out


def test_round_trip_fill_results_and_check_standings(exported: Path, tmp_path: Path) -> None:
    snap = event_snapshot()
    filled = fill(exported, tmp_path / "filled.xlsx", {
        "G3": "2-1", "H3": "P1,P2,P1", "I3": "P1,P2,P1", "J3": "7,9,6",  # Alice beats Eve
        "G4": "0-2",  # Gus beats Chloé
        "G5": "1-1-1", "I5": "P2;P1;draw",  # bob and Dmitri draw
    })
    rows = read_results(filled, snap)
    assert rows == [
        ResultRow(3, 3, 1, "2-1", ["P1", "P2", "P1"], ["P1", "P2", "P1"], [7, 9, 6]),
        ResultRow(4, 3, 2, "0-2", None, None, None),
        ResultRow(5, 3, 3, "1-1-1", None, ["P2", "P1", "draw"], None),
    ]
    after = with_results(snap, rows)
    table = {s.player: s for s in snapshot_standings(after)}
    assert table[1].points == 9 and table[1].rank == 1  # Alice 3-0
    assert table[7].points == 6  # Gus: bye, loss, win
    assert table[2].points == 1 and table[5].points == 5  # the draw
    # the new results show up in a fresh export of the same round
    again = export_event(after, tmp_path / "after.xlsx")
    r3 = openpyxl.load_workbook(again)["Pairings R3"]
    assert [r3[f"G{r}"].value for r in range(3, 7)] == ["2-1", "0-2", "1-1-1", "bye"]
    # and importing that export again records nothing new
    assert read_results(again, after) == []


def test_single_sheet_named_after_the_round_without_round_column(exported: Path,
                                                               tmp_path: Path) -> None:
    one = only_sheet(exported, tmp_path / "one.xlsx", title="Round 3")
    wb = openpyxl.load_workbook(one)
    ws = wb.active
    ws.delete_cols(1)  # no Round column: the sheet name gives it
    ws["F3"] = "2-0"
    wb.save(one)
    assert read_results(one, event_snapshot()) == [ResultRow(3, 3, 1, "2-0", None, None, None)]


def test_csv_export_round_trips(tmp_path: Path) -> None:
    paths = export_csv(event_snapshot(), tmp_path / "csv", round_number=3)
    r3 = next(p for p in paths if p.name == "pairings-r3.csv")
    with r3.open(encoding="utf-8", newline="") as handle:
        table = list(csv.reader(handle))
    table[1][6] = "0-2"
    table[3][6] = "1-2"
    with r3.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(table)
    rows = read_results(r3, event_snapshot())
    assert [(r.row, r.table, r.result) for r in rows] == [(2, 1, "0-2"), (4, 3, "1-2")]


def test_results_already_recorded_are_skipped_but_changes_are_kept(exported: Path,
                                                                   tmp_path: Path) -> None:
    snap = event_snapshot()
    # the whole workbook: rounds 1 and 2 are filled with what is recorded; round 3 is new
    same = fill(exported, tmp_path / "same.xlsx", {"G5": "2-0"})
    assert read_results(same, snap) == [ResultRow(5, 3, 3, "2-0", None, None, None)]
    changed = fill(exported, tmp_path / "changed.xlsx", {"G3": "1-2", "I3": "P2,P1,P2"},
                   sheet="Pairings R1")
    assert read_results(changed, snap) == [
        ResultRow(3, 1, 1, "1-2", ["P1", "P2", "P1"], ["P2", "P1", "P2"], [7, 9, 6])
    ]


def test_every_bad_row_is_listed(exported: Path, tmp_path: Path) -> None:
    one = only_sheet(exported, tmp_path / "one.xlsx")
    bad = fill(one, tmp_path / "bad.xlsx", {
        "G3": "3-0",  # row 3: not a best-of-three result
        "C4": "Zed", "G4": "2-0",  # row 4: unknown player
        "B5": 12, "G5": "2-0",  # row 5: unknown table
        "G6": "2-1",  # row 6: the bye
        "A7": 3, "B7": 1, "C7": "Alice Aoyama", "E7": "Eve Ebner", "G7": "2-0",  # row 7: again
        "A8": 3, "B8": 3, "C8": "-Dmitri", "E8": "bob Brandt", "G8": "2-0",  # row 8: swapped
        "A9": 3, "B9": "two", "G9": "2-0",  # row 9: table not a number
        "A10": 2, "B10": 1, "C10": "Alice Aoyama", "E10": "Chloé Ćwik", "G10": "2-0",
        "I10": "P2,P2",  # row 10: winners disagree with the result
    })
    with pytest.raises(SheetError) as info:
        read_results(bad, event_snapshot())
    err = info.value
    text = str(err)
    assert "nothing was recorded" in text
    expected = [
        "row 3: result '3-0' does not fit best-of-3",
        "row 4: player 1 'Zed' is an unknown player; table 2 has 'Chloé Ćwik'",
        "row 5: unknown table 12 in round 3",
        "row 6: table 4 is a bye",
        "row 7: table 1 of round 3 is already on",
        "row 8: players are swapped",
        "row 9: table 'two' is not a number",
        "row 10: Winners P2,P2 does not agree with result 2-0",
    ]
    assert len(err.problems) == len(expected)
    for problem, start in zip(err.problems, expected, strict=True):
        assert problem.startswith(start), problem
    assert isinstance(err, InputError) and err.file == str(bad)


def test_bad_result_in_single_sheet_names_the_row(exported: Path, tmp_path: Path) -> None:
    one = only_sheet(exported, tmp_path / "one.xlsx")
    fill(one, one, {"G3": "won", "G4": "2-0"})
    with pytest.raises(SheetError) as info:
        read_results(one, event_snapshot())
    assert info.value.problems == [
        "row 3: result 'won' does not fit best-of-3; use one of 2-0, 2-1, 1-2, 0-2, 1-0, 0-1, "
        "1-1-1, draw, double-loss, 0-0-0 or games won-lost[-drawn] (at most 2 won, 3 drawn)"
    ]


def test_best_of_one_results(tmp_path: Path) -> None:
    snap = event_snapshot(best_of=1)
    out = export_event(snap, tmp_path / "bo1.xlsx", round_number=3)
    fill(out, out, {"G3": "1-0", "G4": "draw", "G5": "2-1"})
    with pytest.raises(SheetError, match="row 5: result '2-1' does not fit best-of-1"):
        read_results(out, snap)


def test_result_turned_into_a_date_is_explained(exported: Path, tmp_path: Path) -> None:
    bad = fill(exported, tmp_path / "date.xlsx", {"G3": datetime(2026, 1, 2)})
    with pytest.raises(SheetError, match=r"row 3: result .* is a date"):
        read_results(bad, event_snapshot())


def test_formulas_are_never_evaluated(exported: Path, tmp_path: Path) -> None:
    # openpyxl stores no cached value for a formula it writes: read as empty, never computed
    out = fill(exported, tmp_path / "f.xlsx", {"G3": '="2-0"', "G4": "0-2"})
    assert read_results(out, event_snapshot()) == [ResultRow(4, 3, 2, "0-2", None, None, None)]
    out = fill(exported, tmp_path / "g.xlsx", {"C5": '=C3', "G5": "2-0"})
    with pytest.raises(SheetError, match="row 5: player 1 is empty"):
        read_results(out, event_snapshot())


def test_formula_like_player_names_match(exported: Path, tmp_path: Path) -> None:
    snap = event_snapshot()
    out = fill(exported, tmp_path / "h.xlsx", {"G4": "0-1", "H4": None, "I4": None, "J4": None},
               sheet="Pairings R1")
    wb = openpyxl.load_workbook(out)
    assert wb["Pairings R1"]["C4"].value == HYPERLINK
    rows = read_results(out, snap)
    assert [(r.round, r.table, r.result) for r in rows] == [(1, 2, "0-1")]


def test_nothing_filled_in(exported: Path, tmp_path: Path) -> None:
    one = only_sheet(exported, tmp_path / "one.xlsx")
    with pytest.raises(InputError, match="no results filled in"):
        read_results(one, event_snapshot())


def test_missing_column(exported: Path, tmp_path: Path) -> None:
    one = only_sheet(exported, tmp_path / "one.xlsx")
    wb = openpyxl.load_workbook(one)
    wb.active.delete_cols(7)  # Result
    wb.save(one)
    with pytest.raises(InputError, match="missing column 'Result'") as info:
        read_results(one, event_snapshot())
    assert info.value.line == 2


def test_empty_and_foreign_files(tmp_path: Path) -> None:
    snap = event_snapshot()
    empty = tmp_path / "empty.xlsx"
    empty.write_bytes(b"")
    with pytest.raises(InputError, match="empty"):
        read_results(empty, snap)
    with pytest.raises(InputError, match=r"not an \.xlsx workbook"):
        read_results(FIXTURES / "not-a-workbook.xlsx", snap)
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"PK\x03\x04" + b"\x00" * 200)
    with pytest.raises(InputError, match=r"not a readable \.xlsx workbook"):
        read_results(broken, snap)
    wb = openpyxl.Workbook()
    wb.save(tmp_path / "blank.xlsx")
    with pytest.raises(InputError, match="empty"):
        read_results(tmp_path / "blank.xlsx", snap)
    with pytest.raises(InputError, match="file not found"):
        read_results(tmp_path / "nope.xlsx", snap)
    ods = tmp_path / "x.ods"
    ods.write_bytes(b"PK\x03\x04rest")
    with pytest.raises(InputError, match=r"save as \.xlsx or \.csv"):
        read_results(ods, snap)
    big = tmp_path / "big.csv"
    big.write_bytes(b"Table,Player 1,Player 2,Result\n" + b"x" * MAX_BYTES)
    with pytest.raises(InputError, match="too large"):
        read_results(big, snap)


def test_workbook_without_round_sheets(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    wb.active.title = "Summary"
    wb.create_sheet("Notes")
    wb.save(tmp_path / "two.xlsx")
    with pytest.raises(InputError, match="no pairings sheet found"):
        read_results(tmp_path / "two.xlsx", event_snapshot())


def test_too_many_rows(tmp_path: Path) -> None:
    path = tmp_path / "many.csv"
    lines = ["Round,Table,Player 1,Player 2,Result"] + ["3,1,a,b,"] * 10_050
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(InputError, match="too many rows"):
        read_results(path, event_snapshot())


def test_sheet_round_names() -> None:
    assert sheet_round("Pairings R3") == 3
    assert sheet_round("Round 12") == 12
    assert sheet_round("r4") == 4
    assert sheet_round("pairings-r5") == 5
    assert sheet_round("Results") is None
    assert sheet_round("Standings") is None


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
def test_sheet_saved_by_libreoffice_is_read(exported: Path, tmp_path: Path) -> None:
    filled = fill(exported, tmp_path / "in.xlsx", {"G3": "2-0", "G4": "0-2"})
    only = only_sheet(filled, tmp_path / "only.xlsx")
    outdir = tmp_path / "lo"
    subprocess.run(
        ["soffice", f"-env:UserInstallation=file://{tmp_path / 'profile'}", "--headless",
         "--convert-to", "xlsx", "--outdir", str(outdir), str(only)],
        capture_output=True, timeout=180, check=False,
    )
    resaved = outdir / "only.xlsx"
    assert resaved.exists()
    rows = read_results(resaved, event_snapshot())
    assert [(r.table, r.result) for r in rows] == [(1, "2-0"), (2, "0-2")]


def test_zip_bomb_guard(exported: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tt_organizer.sheets import reading

    monkeypatch.setattr(reading, "MAX_UNPACKED", 10_000)
    with pytest.raises(InputError, match="too large when unpacked"):
        read_results(exported, event_snapshot())
