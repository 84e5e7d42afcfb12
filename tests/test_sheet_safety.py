"""Spreadsheet exports/imports and the stats workbook kept safe and readable: print headers,
refused targets, typed scores, hidden sheet_import, re-saved CSV exports, the Wilson interval's end
points and the stats charts' cell references."""

from __future__ import annotations

import csv
import dataclasses
import re
import stat
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import openpyxl
import pytest
from snapshot_factory import event_snapshot

from tt_organizer.errors import InputError
from tt_organizer.events import sheet_import
from tt_organizer.events.sheet_import import read_results
from tt_organizer.export.wall import write_wall_pairings
from tt_organizer.export.workbook import export_csv, export_event
from tt_organizer.stats import compute_stats, wilson_interval
from tt_organizer.stats.stats_workbook import write_workbook

AT = datetime(2026, 12, 2, 16, 30, tzinfo=timezone.utc)


def _xml_parts(path: Path, prefix: str) -> dict[str, str]:
    with zipfile.ZipFile(path) as archive:
        return {n: archive.read(n).decode("utf-8") for n in archive.namelist()
                if n.startswith(prefix) and n.endswith(".xml")}


# --- export -------------------------------------------------------------------------------------


def test_print_header_holds_no_line_break_tab_or_cr(tmp_path: Path) -> None:
    name = "Cup\r\nNight\t&P &N\r"
    snap = event_snapshot(name=name)
    for out in (export_event(snap, tmp_path / "e.xlsx", exported_at=AT),
                write_wall_pairings(snap, 1, tmp_path / "w.xlsx", exported_at=AT)):
        headers = [h for xml in _xml_parts(out, "xl/worksheets/").values()
                   for h in re.findall(r"<oddHeader>(.*?)</oddHeader>", xml)]
        assert headers
        for header in headers:
            assert "_x000d_" not in header and "\t" not in header and "\n" not in header
            # the name's & codes stay literal text (&& in the header)
            assert "&amp;LCup Night &amp;&amp;P &amp;&amp;N&amp;R" in header


def test_export_refuses_to_replace_a_read_only_file(tmp_path: Path) -> None:
    target = tmp_path / "final.xlsx"
    target.write_bytes(b"the organizer's frozen final results")
    target.chmod(stat.S_IRUSR | stat.S_IRGRP)
    try:
        with pytest.raises(InputError, match="read-only"):
            export_event(event_snapshot(), target, exported_at=AT)
        with pytest.raises(InputError, match="read-only"):
            write_workbook(compute_stats([event_snapshot()], cards={}), target)
        assert target.read_bytes() == b"the organizer's frozen final results"
        assert [p.name for p in tmp_path.iterdir()] == ["final.xlsx"]  # no temp file left
    finally:
        target.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_csv_export_refuses_a_read_only_file(tmp_path: Path) -> None:
    folder = tmp_path / "csv"
    folder.mkdir()
    locked = folder / "standings.csv"
    locked.write_text("kept\n", encoding="utf-8")
    locked.chmod(stat.S_IRUSR)
    try:
        with pytest.raises(InputError, match="read-only"):
            export_csv(event_snapshot(), folder)
        assert locked.read_text(encoding="utf-8") == "kept\n"
        assert [p.name for p in folder.iterdir()] == ["standings.csv"]  # nothing else written
    finally:
        locked.chmod(stat.S_IRUSR | stat.S_IWUSR)
    audit = folder / "audit.csv"  # the last file: the others must not be written either
    locked.unlink()
    audit.write_text("kept\n", encoding="utf-8")
    audit.chmod(stat.S_IRUSR)
    try:
        with pytest.raises(InputError, match="read-only"):
            export_csv(event_snapshot(), folder)
        assert [p.name for p in folder.iterdir()] == ["audit.csv"]
    finally:
        audit.chmod(stat.S_IRUSR | stat.S_IWUSR)


@pytest.mark.parametrize("suffix", [".xlsm", ".xls", ".ods"])
def test_export_refuses_a_file_name_excel_would_not_open(tmp_path: Path, suffix: str) -> None:
    # openpyxl writes a macro-free workbook: Excel refuses it under the .xlsm extension
    with pytest.raises(InputError, match=r"must end with \.xlsx"):
        export_event(event_snapshot(), tmp_path / f"cup{suffix}", exported_at=AT)
    assert list(tmp_path.iterdir()) == []


def test_export_of_long_and_odd_names_stays_literal(tmp_path: Path) -> None:
    snap = event_snapshot()
    odd = ["'" + "x" * 199, "Ann\nSmith", "😀 Emoji", "&P&N", "=1+1"]
    players = [dataclasses.replace(p, name=n) for p, n in zip(snap.players, odd, strict=False)]
    snap = dataclasses.replace(snap, players=(*players, *snap.players[len(odd):]))
    out = export_event(snap, tmp_path / "odd.xlsx", exported_at=AT)
    assert not any("<f>" in xml for xml in _xml_parts(out, "xl/worksheets/").values())
    names = [r[1] for r in openpyxl.load_workbook(out)["Players"].iter_rows(
        min_row=3, values_only=True)]
    assert names[:5] == odd
    assert openpyxl.load_workbook(out)["Players"]["B7"].quotePrefix  # "=1+1"


# --- import -------------------------------------------------------------------------------------


@pytest.mark.parametrize("typed", [" 2-1 ", "2 - 1", "2–1", "2—1", "2−1", "2:1", "2 : 1"])
def test_results_import_reads_a_score_typed_with_another_dash_or_spaces(
    tmp_path: Path, typed: str
) -> None:
    exported = export_event(event_snapshot(), tmp_path / "e.xlsx", exported_at=AT)
    wb = openpyxl.load_workbook(exported)
    wb["Pairings R3"]["G3"] = typed
    wb.save(tmp_path / "filled.xlsx")
    rows = read_results(tmp_path / "filled.xlsx", event_snapshot())
    assert [(r.table, r.result) for r in rows] == [(1, "2-1")]


def test_normalise_result_leaves_words_and_bad_scores_alone() -> None:
    assert sheet_import.normalise_result("double–loss") == "double-loss"
    assert sheet_import.normalise_result("1 : 1 : 1") == "1-1-1"
    assert sheet_import.normalise_result("draw") == "draw"
    assert sheet_import.normalise_result("2-1 (time)") == "2-1 (time)"


def test_results_import_names_a_bad_score_as_typed(tmp_path: Path) -> None:
    exported = export_event(event_snapshot(), tmp_path / "e.xlsx", exported_at=AT)
    wb = openpyxl.load_workbook(exported)
    wb["Pairings R3"]["G3"] = "3 : 0"
    wb.save(tmp_path / "filled.xlsx")
    with pytest.raises(InputError, match=r"result '3 : 0' does not fit best-of-3"):
        read_results(tmp_path / "filled.xlsx", event_snapshot())


def test_results_import_ignores_a_hidden_round_sheet(tmp_path: Path) -> None:
    exported = export_event(event_snapshot(), tmp_path / "e.xlsx", exported_at=AT)
    wb = openpyxl.load_workbook(exported)
    wb["Pairings R3"]["G3"] = "2-0"
    old = wb.copy_worksheet(wb["Pairings R3"])  # an old draft the organizer hid
    old.title = "Round 3"
    old["G3"] = "0-2"
    old.sheet_state = "hidden"
    wb.save(tmp_path / "filled.xlsx")
    rows = read_results(tmp_path / "filled.xlsx", event_snapshot())
    assert [(r.table, r.result) for r in rows] == [(1, "2-0")]


def test_csv_export_resaved_as_a_workbook_imports(tmp_path: Path) -> None:
    """A CSV export opened in a spreadsheet and saved as .xlsx keeps the escaping quote of
    names such as '-Dmitri; the import removes it as it does for CSV files."""
    snap = event_snapshot()
    folder = tmp_path / "csv"
    export_csv(snap, folder)
    with (folder / "pairings-r3.csv").open(encoding="utf-8", newline="") as handle:
        table = list(csv.reader(handle))
    assert table[3][4] == "'-Dmitri"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Pairings R3"
    for r, row in enumerate(table, start=1):
        for c, value in enumerate(row, start=1):
            cell = ws.cell(row=r, column=c, value=value)
            cell.data_type = "s"
    ws["G4"] = "1-2"  # bob v '-Dmitri
    ws["G4"].data_type = "s"
    wb.save(tmp_path / "resaved.xlsx")
    rows = read_results(tmp_path / "resaved.xlsx", snap)
    assert [(r.table, r.result) for r in rows] == [(3, "1-2")]


# --- stats ----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 10, 13, 25, 27, 100])
def test_wilson_interval_is_exactly_0_or_1_at_the_ends(n: int) -> None:
    assert wilson_interval(0, n)[0] == 0.0
    assert wilson_interval(n, n)[1] == 1.0
    low, high = wilson_interval(0, n)
    assert 0.0 < high < 1.0 and low <= high
    assert wilson_interval(1, 1) == pytest.approx((0.2065, 1.0), abs=1e-4)


def test_stats_chart_references_point_at_the_right_cells(tmp_path: Path) -> None:
    from test_stats import CARDS, first_player_events

    out = write_workbook(compute_stats(first_player_events(33, 60, 3), cards=CARDS),
                         tmp_path / "s.xlsx")
    charts = _xml_parts(out, "xl/charts/")

    def refs(xml: str, tag: str) -> list[str]:
        return re.findall(rf"<{tag}>(?:(?!</{tag}>).)*?<f>([^<]+)</f>", xml, re.S)

    first = next(x for x in charts.values() if "'First player'" in x)
    # A labels (text), D win rate, G minus error, H plus error; 4 rows: all events + 3 events
    assert refs(first, "cat") == ["'First player'!$A$2:$A$5"]
    assert "<cat><strRef>" in first
    assert refs(first, "val") == ["'First player'!$D$2:$D$5"]
    assert refs(first, "minus") == ["'First player'!$G$2:$G$5"]
    assert refs(first, "plus") == ["'First player'!$H$2:$H$5"]
    wb = openpyxl.load_workbook(out)
    ws = wb["First player"]
    assert [ws.cell(row=1, column=c).value for c in (1, 4, 7, 8)] == [
        "Events", "Win rate", "− error", "+ error"]
    for r in range(2, 6):
        rate, low, high = (ws.cell(row=r, column=c).value for c in (4, 5, 6))
        assert ws.cell(row=r, column=7).value == pytest.approx(rate - low)
        assert ws.cell(row=r, column=8).value == pytest.approx(high - rate)
    colours = next(x for x in charts.values() if "'Colours'" in x)
    n = len([r for r in wb["Colours"].iter_rows(min_row=2) if r[0].value is not None])
    assert refs(colours, "cat") == [f"'Colours'!$A$2:$A${n + 1}"]
    assert refs(colours, "val") == [f"'Colours'!$D$2:$D${n + 1}"]
    length = next(x for x in charts.values() if "'Game length'" in x)
    turns = len([r for r in wb["Game length"].iter_rows(min_row=2) if r[0].value is not None])
    assert refs(length, "val") == [f"'Game length'!$B$2:$B${turns + 1}"]


def test_registration_names_with_no_break_spaces_are_the_same_player(tmp_path: Path) -> None:
    from tt_organizer.events.sheet_import import read_registrations

    sheet = tmp_path / "signup.csv"
    sheet.write_text("Player,Membership\nAnn Smith,1\nAnn\u00a0Smith,2\n", encoding="utf-8")
    read = read_registrations(sheet)  # one player: the later answer (row 3) counts
    assert [(r.row, r.name, r.ext_id) for r in read] == [(3, "Ann Smith", "2")]
    assert [(r.row, r.by) for r in read.replaced] == [(2, 3)]
    sheet.write_text("Player\nBen\u3000\u3000Ito\n", encoding="utf-8")
    assert [r.name for r in read_registrations(sheet)] == ["Ben Ito"]
