"""A sheet's data rows written straight as worksheet XML, spliced into the saved workbook.

openpyxl builds an object per cell and serialises it element by element in Python: for an
event of 1,024 players (a quarter of a million cells) that was most of ``tt event export``'s
seconds. The bulk rows of a table skip both: :class:`DirectRows` writes each cell's XML as
openpyxl writes it (``<c r="B7" s="5" t="inlineStr"><is><t>…</t></is></c>``, the same style
ids, from styles registered with the workbook) and :func:`splice_rows` puts those rows into the
``<sheetData>`` of each sheet after openpyxl has saved everything else (title and header
rows, merged cells, page layout, styles). The values go through :func:`cells.cell_value`, the
escaping :func:`cells.put` applies: text is always a string cell, formula-like text gets the
quote prefix. Read back, the workbook is the one openpyxl would have written
(tests/test_export_workbook.py compares them cell by cell and style by style).
"""

from __future__ import annotations

import io
import re
import weakref
import zipfile
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

K = TypeVar("K")
_ROWS: weakref.WeakKeyDictionary[Any, list[DirectRows]] = weakref.WeakKeyDictionary()
_SCRATCH = "~styles"
# one <row> of openpyxl's sheetData: self-closing (only a height) or with its cells
_ROW = re.compile(r'<row r="(\d+)"([^>]*?)(/>|>.*?</row>)', re.DOTALL)
_SHEET_DATA = re.compile(r"<sheetData>(.*?)</sheetData>|<sheetData\s*/>", re.DOTALL)
_DIMENSION = re.compile(r'<dimension ref="[^"]*"\s*/>')
_CELL = re.compile(r'<c r="([A-Z]+)\d+"[^>]*?(?:/>|>.*?</c>)', re.DOTALL)


def _column_letter(index: int) -> str:
    letters = ""
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _column_index(letters: str) -> int:
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - 64
    return index


def _text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class DirectRows:
    """The data rows of one sheet, as XML, with the workbook's style ids."""

    def __init__(self, ws: Worksheet) -> None:
        self.ws = ws
        self.rows: dict[int, list[tuple[int, str]]] = {}  # row -> (column, XML) of its cells
        self.last_column = 0
        self._styles: dict[object, int] = {}
        self._letters: dict[int, str] = {}
        _ROWS.setdefault(ws.parent, []).append(self)

    def style_id(self, key: K, build: Callable[[Any, K], None]) -> int:
        """The workbook's id of the cell style ``build(cell, key)`` gives a cell (built once
        per key)."""
        found = self._styles.get(key)
        if found is None:
            wb = self.ws.parent
            scratch = wb[_SCRATCH] if _SCRATCH in wb.sheetnames else wb.create_sheet(_SCRATCH)
            cell = scratch.cell(row=1, column=1)
            cell._style = None  # a fresh style: only what ``build`` sets
            build(cell, key)
            found = self._styles[key] = int(cell.style_id)
        return found

    def cell(self, row: int, column: int, stored: object, style: int) -> None:
        """Add a cell holding ``stored`` (a value :func:`cells.cell_value` gave) in style
        ``style`` (see :meth:`style_id`)."""
        letter = self._letters.get(column)
        if letter is None:
            letter = self._letters[column] = _column_letter(column)
            self.last_column = max(self.last_column, column)
        ref = f'<c r="{letter}{row}" s="{style}"'
        if stored is None or stored == "":  # written as openpyxl writes them
            xml = ref + (' t="n" />' if stored is None else ' t="inlineStr" />')
        elif isinstance(stored, bool):
            xml = f'{ref} t="b"><v>{int(stored)}</v></c>'
        elif isinstance(stored, int | float):
            xml = f'{ref} t="n"><v>{stored:.16g}</v></c>'
        else:
            text = str(stored)
            space = ' xml:space="preserve"' if text.strip() and text != text.strip() else ""
            xml = f'{ref} t="inlineStr"><is><t{space}>{_text(text)}</t></is></c>'
        self.rows.setdefault(row, []).append((column, xml))


def finish(wb: Workbook) -> None:
    """Drop the scratch sheet the styles were built on (call before saving)."""
    if _SCRATCH in wb.sheetnames:
        wb.remove(wb[_SCRATCH])


def splice_rows(wb: Workbook, data: bytes) -> bytes:
    """The saved workbook ``data`` with each sheet's direct rows in its ``<sheetData>`` (and
    its dimension widened to them); ``data`` itself when the workbook has none."""
    sheets = {d.ws.path.lstrip("/"): d for d in _ROWS.get(wb, []) if d.rows}
    if not sheets:
        return data
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info)
            if info.filename in sheets:
                body = _splice(body.decode("utf-8"), sheets[info.filename]).encode("utf-8")
            dst.writestr(info, body)
    return out.getvalue()


def _splice(xml: str, direct: DirectRows) -> str:
    found = _SHEET_DATA.search(xml)
    if found is None:
        raise AssertionError("a worksheet without sheetData")
    rows: dict[int, str] = {}
    for m in _ROW.finditer(found.group(1) or ""):
        number, attrs, body = int(m.group(1)), m.group(2), m.group(3)
        cells = direct.rows.get(number)
        if cells is None:
            rows[number] = m.group(0)
            continue
        # a row openpyxl wrote too (a height, a title cell): both sets of cells, by column
        both = [(_column_index(c.group(1)), c.group(0)) for c in _CELL.finditer(body)]
        both += cells
        if len({column for column, _ in both}) < len(both):
            raise AssertionError(f"row {number}: a cell written both ways")
        joined = "".join(xml for _, xml in sorted(both, key=lambda item: item[0]))
        rows[number] = f'<row r="{number}"{attrs.rstrip()}>{joined}</row>'
    for number, cells in direct.rows.items():
        if number not in rows:
            ordered = sorted(cells, key=lambda item: item[0])  # added in column order, as a rule
            rows[number] = f'<row r="{number}">{"".join(xml for _, xml in ordered)}</row>'
    data = "".join(rows[n] for n in sorted(rows))
    xml = xml[:found.start()] + f"<sheetData>{data}</sheetData>" + xml[found.end():]
    last_row = max(rows)
    last_col = _column_letter(max(direct.last_column, direct.ws.max_column))
    return _DIMENSION.sub(f'<dimension ref="A1:{last_col}{last_row}" />', xml, count=1)
