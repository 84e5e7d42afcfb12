"""The exported workbooks print well: titles that do not widen the page, padded numbers,
borders, each decklist on its own page, a print layout for the batch report, local time."""

from __future__ import annotations

import shutil
import subprocess
from datetime import datetime, timezone
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from event_helpers import EVENT_DECKS
from sheet_layout import fits_wide
from snapshot_factory import event_snapshot

from tt_organizer.cli.main import cli
from tt_organizer.export.wall import write_wall_pairings
from tt_organizer.export.workbook import export_event

AT = datetime(2026, 12, 2, 16, 30, tzinfo=timezone.utc)


@pytest.fixture
def book(tmp_path: Path) -> Path:
    return export_event(event_snapshot(), tmp_path / "spring.xlsx", exported_at=AT)


def test_title_is_merged_over_the_table_and_wrapped(book: Path) -> None:
    wb = openpyxl.load_workbook(book)
    for ws in wb.worksheets:
        last = ws.max_column
        merged = [str(r) for r in ws.merged_cells.ranges if r.min_row == 1]
        assert merged == [f"A1:{openpyxl.utils.get_column_letter(last)}1"], ws.title
        assert ws["A1"].alignment.wrap_text
        assert fits_wide(ws) and ws.print_title_rows == "$1:$2"


def test_numbers_and_text_are_padded_and_bordered(book: Path) -> None:
    ws = openpyxl.load_workbook(book)["Standings"]
    rank, player, points = ws["A3"], ws["B3"], ws["C3"]
    assert isinstance(rank.value, int) and isinstance(points.value, int)
    assert rank.alignment.horizontal == "right" and rank.alignment.indent >= 1
    assert player.alignment.horizontal == "left" and player.alignment.indent >= 1
    for cell in (rank, player, points, ws["A2"]):
        assert cell.border.left.style == "thin" and cell.border.bottom.style == "thin"


def test_each_decklist_starts_a_new_page(book: Path) -> None:
    ws = openpyxl.load_workbook(book)["Decklists"]
    titles = [c.row for c in ws["A"] if isinstance(c.value, str) and " — " in c.value
              and c.row > 2]
    assert len(titles) == 2  # Alice and bob registered decks
    assert [b.id for b in ws.row_breaks.brk] == [titles[1] - 1]


def test_times_are_local(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "America/New_York")
    wb = openpyxl.load_workbook(export_event(event_snapshot(), tmp_path / "x.xlsx",
                                             exported_at=AT))
    assert "exported 2026-12-02 11:30 EST" in wb["Standings"]["A1"].value
    assert wb["Standings"].oddHeader.right.text == "Exported 2026-12-02 11:30 EST"
    players = next(wb["Players"].iter_rows(min_row=3, max_row=3, values_only=True))
    assert players[3] == "2026-12-02 04:01 EST"  # registered 09:01 UTC


def test_batch_report_has_a_print_layout(tmp_path: Path) -> None:
    out = tmp_path / "desk.xlsx"
    result = CliRunner().invoke(cli, ["deck", "check-batch", str(EVENT_DECKS), "--out",
                                      str(out)])
    assert result.exit_code == 1
    wb = openpyxl.load_workbook(out)
    for ws in wb.worksheets:
        assert ws.page_setup.orientation == "landscape"
        assert fits_wide(ws) and ws.page_setup.fitToHeight == 0
        assert ws.sheet_properties.pageSetUpPr.fitToPage
        assert ws.print_title_rows == "$1:$1"
        assert "4 decks, 3 legal, 1 illegal" in ws.oddHeader.left.text
        assert ws["A2"].border.left.style == "thin" and ws["E2"].alignment.wrap_text
        # the columns fit a landscape page without shrinking much (≈ 130 characters)
        width = sum(ws.column_dimensions[c].width for c in "ABCDEF")
        assert width <= 160


def _office() -> str | None:
    return shutil.which("soffice") or shutil.which("libreoffice")


@pytest.mark.skipif(_office() is None, reason="LibreOffice (soffice) is not installed")
@pytest.mark.parametrize("kind", ["event", "wall"])
def test_libreoffice_prints_body_type_at_10_points_or_more(tmp_path: Path, kind: str) -> None:
    import pdfplumber

    if kind == "event":
        book = export_event(event_snapshot(), tmp_path / "book.xlsx", exported_at=AT)
    else:
        book = write_wall_pairings(event_snapshot(), 3, tmp_path / "book.xlsx", exported_at=AT)
    office = _office()
    assert office is not None
    subprocess.run([office, f"-env:UserInstallation=file://{tmp_path / 'profile'}",
                    "--headless", "--convert-to", "pdf", "--outdir", str(tmp_path / "out"),
                    str(book)], capture_output=True, timeout=180, check=False)
    pdf_path = tmp_path / "out" / "book.pdf"
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            body = [c for c in page.chars if 60 < c["top"] < page.height - 60
                    and c["text"].strip()]
            if body:
                assert min(c["size"] for c in body) >= 10, page.page_number
                if kind == "wall":
                    assert min(c["size"] for c in body) >= 14

