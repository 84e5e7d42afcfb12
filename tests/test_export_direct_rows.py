"""The data rows ``tt event export`` writes as XML itself (tt_organizer/export/sheetxml.py)
read back exactly as the cells openpyxl writes through ``cells.put``: value, type, style and
formula safety, for every kind of value a table holds."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.styles import Alignment, Border, Font, Side

from tt_organizer.export import cells
from tt_organizer.export.sheetxml import DirectRows

VALUES: list[object] = [
    None, "", True, False, 0, 7, -3, 2**40, 0.5, 0.6666666666666666, 1e-7, 12.0,
    "Alice", "  padded  ", "   ", "tab\tinside", "two\nlines", "a & b <c> \"d\" 'e'",
    "=1+1", "+1", "-1-1", "@SUM(A1)", "\t=1", "'=quoted", "#N/A", "2-1", "ctrl\x01char",
    "Ünïcödé — ✓ 漢字", "]]>", "x" * 40_000,
]


def style(quoted: bool, kind: int) -> Callable[..., None]:
    def build(cell: Any, _key: object = None) -> None:
        if quoted:
            cell.quotePrefix = True
        cell.font = Font(size=14) if kind else Font(bold=True)
        thin = Side(style="thin", color="808080")
        cell.border = Border(left=thin, right=thin, top=thin, bottom=thin)
        cell.alignment = Alignment(horizontal="right" if kind else "left", indent=1)
        cell.number_format = ("0.00%", "@", "0")[kind % 3]
    return build


def test_direct_rows_read_back_as_openpyxl_cells(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Table"
    cells.put(ws, 1, 1, "header")  # openpyxl rows and direct rows side by side
    ws.row_dimensions[4].height = 30  # a height only: the direct cells go into that row
    direct = DirectRows(ws)
    for row, value in enumerate(VALUES, start=2):
        for kind in range(3):
            stored, quoted = cells.cell_value(value)
            build = style(quoted, kind)
            direct.cell(row, 1 + kind, stored, direct.style_id((quoted, kind), build))
            build(cells.put(ws, row, 4 + kind, value))  # the reference: openpyxl's own
    out = cells.save_workbook_atomic(wb, tmp_path / "t.xlsx")
    back = openpyxl.load_workbook(out)
    assert back.sheetnames == ["Table"]  # the scratch sheet of the styles is gone
    sheet = back["Table"]
    assert sheet.dimensions == f"A1:F{len(VALUES) + 1}"
    assert sheet.row_dimensions[4].height == 30
    for row in range(2, len(VALUES) + 2):
        for kind in range(3):
            mine, ref = sheet.cell(row, 1 + kind), sheet.cell(row, 4 + kind)
            assert (mine.value, mine.data_type, mine.quotePrefix) == (
                ref.value, ref.data_type, ref.quotePrefix), (row, VALUES[row - 2])
            for attr in ("font", "border", "alignment", "number_format", "fill", "protection"):
                assert repr(getattr(mine, attr)) == repr(getattr(ref, attr)), (row, attr)
    formula_like = [sheet.cell(VALUES.index(v) + 2, 1) for v in ("=1+1", "@SUM(A1)", "\t=1")]
    assert all(c.quotePrefix and c.data_type == "s" for c in formula_like)


def test_a_workbook_without_direct_rows_is_saved_unchanged(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    cells.put(wb.active, 1, 1, "only openpyxl")
    first = cells.save_workbook_atomic(wb, tmp_path / "a.xlsx").read_bytes()
    assert openpyxl.load_workbook(tmp_path / "a.xlsx").active["A1"].value == "only openpyxl"
    assert first.startswith(b"PK")


def test_direct_cells_are_the_xml_openpyxl_writes(tmp_path: Path) -> None:
    """Byte for byte, but for the cell reference and the style id (numbered in another order):
    e.g. ``xml:space="preserve"`` on padded text, which a reader that keeps spaces anyway
    would not show."""
    import re
    import zipfile

    wb = openpyxl.Workbook()
    ws = wb.active
    direct = DirectRows(ws)
    for row, value in enumerate(VALUES, start=1):
        stored, quoted = cells.cell_value(value)
        build = style(quoted, 1)
        direct.cell(row, 1, stored, direct.style_id(quoted, build))
        build(cells.put(ws, row, 2, value))
    out = cells.save_workbook_atomic(wb, tmp_path / "t.xlsx")
    with zipfile.ZipFile(out) as z:
        xml = z.read("xl/worksheets/sheet1.xml").decode()
    found = {m.group(1): re.sub(r' (?:r|s)="[^"]*"', "", m.group(0))
             for m in re.finditer(r'<c r="([A-Z]+\d+)".*?(?:/>|</c>)', xml, re.DOTALL)}
    for row in range(1, len(VALUES) + 1):
        assert found[f"A{row}"] == found[f"B{row}"], VALUES[row - 1]
    assert 'xml:space="preserve"' in found["A14"]  # "  padded  "


def test_a_workbook_saved_twice_keeps_its_direct_rows(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    direct = DirectRows(wb.active)
    direct.cell(2, 1, "direct", direct.style_id("plain", lambda cell, _key: None))
    for name in ("a.xlsx", "b.xlsx"):
        out = cells.save_workbook_atomic(wb, tmp_path / name)
        assert openpyxl.load_workbook(out).active["A2"].value == "direct"
