"""The event workbook: sheets, headers, values, number formats, frozen panes, filters, print
layout, formula safety, atomic writes and the CSV export."""

from __future__ import annotations

import csv
import dataclasses
import shutil
import subprocess
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import openpyxl
import pytest
from sheet_layout import fits_wide
from snapshot_factory import EVENT_NAME, HYPERLINK, event_snapshot

from tt_organizer.errors import EventError, InputError
from tt_organizer.events.event_standings import snapshot_standings
from tt_organizer.events.models import MatchInfo
from tt_organizer.export import cells
from tt_organizer.export.workbook import export_csv, export_event, pages_wide
from tt_organizer.localtime import shown_iso

AT = datetime(2026, 12, 2, 16, 30, tzinfo=timezone.utc)
SHEETS = ["Standings", "Pairings R1", "Pairings R2", "Pairings R3", "Results", "Players",
          "Decklists", "Audit"]
HEADERS = {
    "Standings": ["Rank", "Player", "Points", "W-L-D", "OMW%", "OOMW%", "GW%", "Dropped"],
    "Pairings R1": ["Round", "Table", "Player 1", "P1 points", "Player 2", "P2 points", "Result",
                    "First (P1/P2 per game)", "Winners", "Turns"],
    "Results": ["Stage", "Round", "Table", "Player 1", "Player 2", "Result", "Outcome", "Game",
                "Went first", "Game winner", "Turns", "Reported at"],
    "Players": ["ID", "Name", "Player ID", "Registered", "Deck", "Deck problems", "Colours",
                "Deck file", "Dropped", "Dropped after round", "Late entry round"],
    "Decklists": ["Player", "Section", "Count", "Card number", "Card name", "Type", "Colours"],
    "Audit": ["ID", "Time", "Actor", "Action", "Subject", "Old", "New"],
}


@pytest.fixture
def book(tmp_path: Path) -> Path:
    return export_event(event_snapshot(), tmp_path / "spring.xlsx", exported_at=AT)


def rows(ws, first: int = 3) -> list[tuple]:
    return [r for r in ws.iter_rows(min_row=first, values_only=True) if any(
        v is not None for v in r)]


def test_sheet_names_headers_title_and_frozen_filtered_header(book: Path) -> None:
    wb = openpyxl.load_workbook(book)
    assert wb.sheetnames == SHEETS
    for ws in wb.worksheets:
        title = ws["A1"].value
        assert EVENT_NAME in title and "2026-12-02 16:30 UTC" in title
        header = [c.value for c in ws[2] if c.value is not None]
        assert header == HEADERS.get(ws.title, HEADERS["Pairings R1"])
        assert all(c.font.b for c in ws[2][: len(header)])
        assert ws.freeze_panes == "A3"
        last = openpyxl.utils.get_column_letter(len(header))
        assert ws.auto_filter.ref.startswith("A2:" + last)
    assert wb.properties.title == EVENT_NAME


def test_standings_values_and_percentage_formats(book: Path) -> None:
    ws = openpyxl.load_workbook(book)["Standings"]
    data = rows(ws)
    expected = snapshot_standings(event_snapshot())
    assert [r[0] for r in data] == [s.rank for s in expected]
    assert [r[2] for r in data] == [s.points for s in expected]
    top = data[0]
    assert top[1] == "Alice Aoyama" and top[2] == 6 and top[3] == "2-0-0"
    for r in range(3, 3 + len(data)):
        for col in "EFG":
            cell = ws[f"{col}{r}"]
            assert cell.data_type == "n" and isinstance(cell.value, float)
            assert 0.0 <= cell.value <= 1.0
            assert cell.number_format == "0.00%"


def test_pairings_sheet_values_and_entry_columns_are_text(book: Path) -> None:
    wb = openpyxl.load_workbook(book)
    ws = wb["Pairings R1"]
    assert rows(ws) == [
        (1, 1, "Alice Aoyama", 0, "bob Brandt", 0, "2-1", "P1,P2,P1", "P1,P2,P1", "7,9,6"),
        (1, 2, HYPERLINK, 0, "Chloé Ćwik", 0, "0-2", "P1,P1", "P2,P2", "8,10"),
        (1, 3, "-Dmitri", 0, "Eve Ebner", 0, "1-1-1", "P2,P1,P2", "P1,P2,draw", "6,7,5"),
        (1, 4, "+Gus @home", 0, "BYE", None, "bye", None, None, None),
    ]
    r3 = wb["Pairings R3"]
    assert [(*r[1:6], r[6]) for r in rows(r3)] == [
        (1, "Alice Aoyama", 6, "Eve Ebner", 4, None),
        (2, "Chloé Ćwik", 3, "+Gus @home", 3, None),
        (3, "bob Brandt", 0, "-Dmitri", 4, None),
        (4, HYPERLINK, 3, "BYE", None, "bye"),
    ]
    for col in "GHIJ":  # Result, First, Winners, Turns: Text format, so 2-1 is not a date
        assert r3[f"{col}3"].number_format == "@"
        assert r3[f"{col}10"].number_format == "@"  # rows added below stay text too


def test_results_players_decklists_audit(book: Path) -> None:
    wb = openpyxl.load_workbook(book)
    results = rows(wb["Results"])
    assert results[0][:11] == ("swiss", 1, 1, "Alice Aoyama", "bob Brandt", "2-1", "p1", 1,
                               "Alice Aoyama", "Alice Aoyama", 7)
    assert results[1][7:11] == (2, "bob Brandt", "bob Brandt", 9)
    drawn = [r for r in results if r[1] == 1 and r[2] == 3]
    assert [r[9] for r in drawn] == ["-Dmitri", "Eve Ebner", "draw"]
    byes = [r for r in results if r[6] == "bye"]
    assert [(r[1], r[3]) for r in byes] == [(1, "+Gus @home"), (2, "-Dmitri"), (3, HYPERLINK)]
    assert not any(r[1] == 3 and r[6] not in ("bye",) and r[5] for r in results)

    players = rows(wb["Players"])
    # times in local time (the stored UTC time in CSV files)
    registered = shown_iso("2026-12-02T09:01:00Z")
    assert players[0][:8] == (1, "Alice Aoyama", "M0001", registered, "legal", None, "Red",
                              "alice.txt")
    assert players[1][4:7] == ("illegal", "E-BANNED, E-COUNT", "Blue/Red")
    assert players[2][4] == "no deck"

    deck_ws = wb["Decklists"]
    deck_rows = rows(deck_ws)
    assert deck_rows[0][0].startswith("Alice Aoyama — legal — Red — main 50, pile 8")
    assert deck_ws["A3"].font.b
    assert ("Alice Aoyama", "Main deck", 4, "BT1-010", "Agumon", "Digimon", "Red") in deck_rows
    assert any(r[1] == "Tamer + Egg pile" and r[3] == "BT1-001" for r in deck_rows)
    assert ("bob Brandt", "Main deck", 1, "XX9-999", "(unknown card)", None, None) in deck_rows
    assert sum(1 for r in deck_rows if r[1] is None) == 2  # one block title per deck

    audit = rows(wb["Audit"])
    assert [a[3] for a in audit] == ["create", "register", "report"]
    assert audit[1][6] == HYPERLINK


def test_column_widths_fit_the_content(book: Path) -> None:
    ws = openpyxl.load_workbook(book)["Pairings R1"]
    assert ws.column_dimensions["C"].width >= len(HYPERLINK)
    assert ws.column_dimensions["H"].width >= len("First (P1/P2 per game)")
    assert ws.column_dimensions["A"].width < 12


def test_print_layout(book: Path) -> None:
    wb = openpyxl.load_workbook(book)
    for ws in wb.worksheets:
        assert ws.sheet_properties.pageSetUpPr.fitToPage
        assert fits_wide(ws) and ws.page_setup.fitToHeight == 0
        assert ws.print_title_rows == "$1:$2"
        assert ws.oddHeader.left.text == "Spring Cup && Friends"  # & is doubled in headers
        assert ws.oddHeader.right.text == "Exported 2026-12-02 16:30 UTC"
    assert wb["Pairings R1"].page_setup.orientation == "landscape"
    # portrait where one page holds it at 10 pt or more, else turned (these names are long)
    standings = wb["Standings"]
    assert standings.page_setup.orientation == (
        "portrait" if pages_wide(standings, landscape=False) == 1 else "landscape")


def test_round_limit(tmp_path: Path) -> None:
    out = export_event(event_snapshot(), tmp_path / "r1.xlsx", round_number=1, exported_at=AT)
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == ["Standings", "Pairings R1", "Results", "Players", "Decklists",
                             "Audit"]
    assert "Standings after round 1" in wb["Standings"]["A1"].value
    assert {r[1] for r in rows(wb["Results"])} == {1}
    standings = rows(wb["Standings"])
    assert [r[2] for r in standings] == [s.points for s in snapshot_standings(event_snapshot(), 1)]
    with pytest.raises(EventError, match="round 4 is not paired"):
        export_event(event_snapshot(), tmp_path / "r4.xlsx", round_number=4)


def sheet_xml(path: Path) -> dict[str, str]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n).decode("utf-8") for n in z.namelist()
                if n.startswith("xl/worksheets/sheet")}


def test_formula_like_names_stay_text(book: Path) -> None:
    wb = openpyxl.load_workbook(book)
    ws = wb["Pairings R1"]
    cell = ws["C4"]
    assert cell.value == HYPERLINK
    assert cell.data_type == "s"
    assert cell.quotePrefix  # stays text even when someone edits the cell
    for coord, text in (("C5", "-Dmitri"), ("C6", "+Gus @home")):
        assert ws[coord].value == text and ws[coord].data_type == "s" and ws[coord].quotePrefix
    assert not ws["C3"].quotePrefix  # ordinary names get no prefix
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                assert c.data_type != "f", (ws.title, c.coordinate)
    xml = sheet_xml(book)
    assert xml and not any("<f>" in text or "<f " in text for text in xml.values())
    assert any("=HYPERLINK(&quot;http://x&quot;,&quot;y&quot;)" in t or
               '=HYPERLINK("http://x","y")' in t for t in xml.values())


def test_put_escapes_every_dangerous_start(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    values = ["=1+1", "+1", "-1-1", "@SUM(A1)", "\t=1", "\r=1", "#N/A", "ok", "a\x01b"]
    for i, v in enumerate(values, start=1):
        cells.put(ws, i, 1, v)
    cells.put(ws, 20, 1, -3)  # numbers stay numbers
    out = cells.save_workbook_atomic(wb, tmp_path / "t.xlsx")
    back = openpyxl.load_workbook(out)
    col = [back.active.cell(row=i, column=1) for i in range(1, len(values) + 1)]
    # XML turns a stored carriage return into a line feed; the cell is text either way
    assert [c.value for c in col] == ["=1+1", "+1", "-1-1", "@SUM(A1)", "\t=1", "\n=1", "#N/A",
                                      "ok", "ab"]
    assert all(c.data_type == "s" for c in col)
    assert [bool(c.quotePrefix) for c in col] == [True] * 6 + [False] * 3
    assert back.active["A20"].value == -3
    assert not any("<f>" in t for t in sheet_xml(out).values())


def test_safe_text_for_csv() -> None:
    assert cells.safe_text(HYPERLINK) == "'" + HYPERLINK
    for s in ("+1", "-1", "@x", "\tx", "\rx"):
        assert cells.safe_text(s) == "'" + s
        assert cells.unescape_text(cells.safe_text(s)) == s
    assert cells.safe_text("Alice") == "Alice"
    assert cells.unescape_text("'quoted") == "'quoted"


def test_failed_export_keeps_the_old_workbook(tmp_path: Path, monkeypatch) -> None:
    out = tmp_path / "spring.xlsx"
    export_event(event_snapshot(), out, exported_at=AT)
    before = out.read_bytes()

    def boom(self, filename):
        if isinstance(filename, str | Path):
            Path(filename).write_bytes(b"half a workbook")
        else:  # the workbook is built in memory, then written
            filename.write(b"half a workbook")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(openpyxl.Workbook, "save", boom)
    with pytest.raises(InputError, match="No space left"):
        export_event(event_snapshot(), out)
    assert out.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["spring.xlsx"]  # no temp file left


def test_export_refuses_bad_targets(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="does not exist"):
        export_event(event_snapshot(), tmp_path / "missing" / "x.xlsx")
    with pytest.raises(InputError, match=r"\.xlsx"):
        export_event(event_snapshot(), tmp_path / "x.xls")
    (tmp_path / "dir.xlsx").mkdir()
    with pytest.raises(InputError, match="directory"):
        export_event(event_snapshot(), tmp_path / "dir.xlsx")


def test_csv_export_same_tables(tmp_path: Path, book: Path) -> None:
    paths = export_csv(event_snapshot(), tmp_path / "csv")
    assert [p.name for p in paths] == [
        "standings.csv", "pairings-r1.csv", "pairings-r2.csv", "pairings-r3.csv", "results.csv",
        "players.csv", "decklists.csv", "audit.csv",
    ]
    wb = openpyxl.load_workbook(book)
    for path, sheet in zip(paths, SHEETS, strict=True):
        with path.open(encoding="utf-8", newline="") as handle:
            table = list(csv.reader(handle))
        assert table[0] == [c.value for c in wb[sheet][2] if c.value is not None]
    with paths[1].open(encoding="utf-8", newline="") as handle:
        r1 = list(csv.reader(handle))
    assert r1[2][2] == "'" + HYPERLINK  # escaped for spreadsheets
    assert r1[3][2] == "'-Dmitri"
    assert r1[1][:7] == ["1", "1", "Alice Aoyama", "0", "bob Brandt", "0", "2-1"]
    with paths[0].open(encoding="utf-8", newline="") as handle:
        standings = list(csv.reader(handle))
    assert 0.0 <= float(standings[1][4]) <= 1.0
    assert not list((tmp_path / "csv").glob(".*"))  # no temp files


def _office() -> str | None:
    return shutil.which("soffice") or shutil.which("libreoffice")


@pytest.mark.skipif(_office() is None, reason="LibreOffice (soffice) is not installed")
def test_libreoffice_opens_the_export(book: Path, tmp_path: Path) -> None:
    office = _office()
    assert office is not None
    profile = f"-env:UserInstallation=file://{tmp_path / 'lo-profile'}"

    def convert(target: str) -> None:
        subprocess.run(
            [office, profile, "--headless", "--convert-to", target, "--outdir",
             str(tmp_path / "out"), str(book)],
            capture_output=True, text=True, timeout=180, check=False,
        )

    convert("pdf")
    pdf = tmp_path / "out" / "spring.pdf"
    assert pdf.exists()
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF") and len(data) > 1000
    # LibreOffice recalculates formulas on load: the name must still be the literal text
    # (an evaluated HYPERLINK would show "y"), percentages are shown as percentages
    convert("csv:Text - txt - csv (StarCalc):44,34,76")
    with (tmp_path / "out" / "spring.csv").open(encoding="utf-8", newline="") as handle:
        shown = list(csv.reader(handle))
    assert shown[1][:5] == ["Rank", "Player", "Points", "W-L-D", "OMW%"]
    assert HYPERLINK in [row[1] for row in shown[2:]]
    assert all(row[4].endswith("%") for row in shown[2:] if row[0])


def test_top_cut_sheet_and_dropped_players(tmp_path: Path) -> None:
    snap = event_snapshot()
    players = tuple(
        dataclasses.replace(p, dropped=True, dropped_round=2) if p.id == 6 else p
        for p in snap.players
    )
    top = (MatchInfo(1, 1, 1, 4, "2-0", 2, 0, 0, "p1", stage="top-cut"),
           MatchInfo(1, 2, 5, 7, None, stage="top-cut"))
    snap = dataclasses.replace(snap, players=players, matches=snap.matches + top)
    wb = openpyxl.load_workbook(export_event(snap, tmp_path / "top.xlsx"))
    assert wb.sheetnames == [*SHEETS[:4], "Top cut", *SHEETS[4:]]
    assert rows(wb["Top cut"]) == [(1, 1, "Alice Aoyama", "Chloé Ćwik", "2-0", "semi-final"),
                                   (1, 2, "-Dmitri", "+Gus @home", None, "semi-final")]
    assert {r[0] for r in rows(wb["Results"])} == {"swiss", "top-cut"}
    # after the top cut the Standings sheet gives the final placings, the bracket first
    standings = rows(wb["Standings"])
    assert "— Final standings (top cut, then Swiss) —" in wb["Standings"]["A1"].value
    dropped = {r[2]: r[8] for r in standings}
    assert dropped["Eve Ebner"] == "yes" and dropped["Alice Aoyama"] is None
    places = [(r[0], r[2]) for r in standings]
    assert places[0] == ("1-2", "Alice Aoyama")  # through to the final
    assert {p for p, _ in places[1:3]} == {"1-4"}  # semi-final still being played
    assert places[3] == ("3-4", "Chloé Ćwik")
    assert [p for p, _ in places[4:]] == [str(i) for i in range(5, len(places) + 1)]
    r1 = openpyxl.load_workbook(export_event(snap, tmp_path / "r1.xlsx", round_number=1))
    assert "Top cut" not in r1.sheetnames  # a round-limited export is about the Swiss rounds
    assert {r[1]: r[7] for r in rows(r1["Standings"])}["Eve Ebner"] is None  # dropped later


def test_long_event_name_in_print_header(tmp_path: Path) -> None:
    snap = dataclasses.replace(event_snapshot(), settings=dataclasses.replace(
        event_snapshot().settings, name="A & B " * 60))
    ws = openpyxl.load_workbook(export_event(snap, tmp_path / "long.xlsx"))["Standings"]
    assert len(ws.oddHeader.left.text) < 200 and ws.oddHeader.left.text.endswith("…")

