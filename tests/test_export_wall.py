"""Wall pairings: by name and by table, large type, print-ready."""

from __future__ import annotations

import zipfile
from datetime import datetime, timezone
from pathlib import Path

import openpyxl
import pytest
from sheet_layout import fits_wide
from snapshot_factory import EVENT_NAME, HYPERLINK, event_snapshot

from tt_organizer.errors import EventError
from tt_organizer.export.wall import WALL_FONT_SIZE, write_wall_pairings

AT = datetime(2026, 12, 2, 16, 30, tzinfo=timezone.utc)


@pytest.fixture
def wall(tmp_path: Path) -> openpyxl.Workbook:
    out = write_wall_pairings(event_snapshot(), 3, tmp_path / "wall.xlsx", exported_at=AT)
    return openpyxl.load_workbook(out)


def data(ws) -> list[tuple]:
    return [r for r in ws.iter_rows(min_row=3, values_only=True) if any(r)]


def test_by_name_lists_every_paired_player_alphabetically(wall) -> None:
    assert wall.sheetnames == ["By name", "By table"]
    ws = wall["By name"]
    assert [c.value for c in ws[2]] == ["Player", "Table", "Seat", "Opponent"]
    assert data(ws) == [
        ("+Gus @home", 2, "P2", "Chloé Ćwik"),
        ("-Dmitri", 3, "P2", "bob Brandt"),
        (HYPERLINK, 4, None, "BYE"),
        ("Alice Aoyama", 1, "P1", "Eve Ebner"),
        ("bob Brandt", 3, "P1", "-Dmitri"),
        ("Chloé Ćwik", 2, "P1", "+Gus @home"),
        ("Eve Ebner", 1, "P2", "Alice Aoyama"),
    ]
    assert "Round 3 pairings by name" in ws["A1"].value and EVENT_NAME in ws["A1"].value


def test_by_table(wall) -> None:
    ws = wall["By table"]
    assert [c.value for c in ws[2]] == ["Table", "Player 1", "P1 points", "Player 2",
                                       "P2 points"]
    assert data(ws) == [
        (1, "Alice Aoyama", 6, "Eve Ebner", 4),
        (2, "Chloé Ćwik", 3, "+Gus @home", 3),
        (3, "bob Brandt", 0, "-Dmitri", 4),
        (4, HYPERLINK, 3, "BYE", None),
    ]


def test_large_type_and_print_layout(wall) -> None:
    for ws in wall.worksheets:
        assert ws["A3"].font.sz == WALL_FONT_SIZE >= 14
        assert ws["A2"].font.b and ws["A2"].font.sz == WALL_FONT_SIZE
        assert ws.freeze_panes == "A3"
        assert ws.print_title_rows == "$1:$2"
        assert ws.sheet_properties.pageSetUpPr.fitToPage and fits_wide(ws)
        assert ws.print_options.gridLines
        assert ws.row_dimensions[3].height and ws.row_dimensions[3].height > 20
    assert wall["By name"].page_setup.orientation == "portrait"
    assert wall["By table"].page_setup.orientation == "landscape"
    assert wall["By name"].column_dimensions["A"].width > len(HYPERLINK)


def test_formula_names_are_text(tmp_path: Path) -> None:
    out = write_wall_pairings(event_snapshot(), 1, tmp_path / "w1.xlsx")
    wb = openpyxl.load_workbook(out)
    cells = [c for ws in wb.worksheets for row in ws.iter_rows() for c in row
             if c.value == HYPERLINK]
    assert len(cells) == 3 and all(c.data_type == "s" and c.quotePrefix for c in cells)
    with zipfile.ZipFile(out) as z:
        assert not any(b"<f>" in z.read(n) for n in z.namelist() if n.startswith("xl/worksheets"))


def test_unpaired_round_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EventError, match="round 4"):
        write_wall_pairings(event_snapshot(), 4, tmp_path / "w.xlsx")
    assert not (tmp_path / "w.xlsx").exists()

