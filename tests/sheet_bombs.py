"""Small files of large work, built as issue 13 (item 7) describes them: shared by the tests
(tests/test_table_limits.py) and the benchmark (benchmarks/table_limits.py)."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from pathlib import Path

import openpyxl

_SHARED_STRINGS_TYPE = (b'<Override PartName="/%s" ContentType="application/vnd.openxmlformats-'
                        b'officedocument.spreadsheetml.sharedStrings+xml"/>')


def _workbook_with(tmp_path: Path, name: str, part: str, xml: bytes) -> Path:
    """A real workbook (Player / Decklist roster) with one part replaced by ``xml``."""
    wb = openpyxl.Workbook()
    wb.active.append(["Player", "Decklist"])
    wb.active.append(["Ann", "4 BT1-010"])
    plain = io.BytesIO()
    wb.save(plain)
    out = tmp_path / name
    with zipfile.ZipFile(plain) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED,
                                                        compresslevel=9) as dst:
        names = src.namelist()
        for info in src.infolist():
            data = xml if info.filename == part else src.read(info)
            if info.filename == "[Content_Types].xml" and xml.find(b"<sst") != -1:
                override = _SHARED_STRINGS_TYPE % part.encode()
                data = data.replace(b"</Types>", override + b"</Types>")
            dst.writestr(info.filename, data)
        if part not in names:
            dst.writestr(part, xml)
    return out


def shared_strings_bomb(tmp_path: Path, part: str = "xl/sharedStrings.xml") -> Path:
    """1.5 million shared strings; ``part`` may be any name: the content types say which part
    holds the shared strings."""
    xml = (b'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org'
           b'/spreadsheetml/2006/main">' + b"<si><t>x</t></si>" * 1_500_000 + b"</sst>")
    return _workbook_with(tmp_path, "strings.xlsx", part, xml)


def _sheet(body: bytes) -> bytes:
    return (b'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlform'
            b'ats.org/spreadsheetml/2006/main"><sheetData>' + body + b"</sheetData></worksheet>")


def rows_bomb(tmp_path: Path) -> Path:
    body = b'<row r="1"><c r="A1" t="inlineStr"><is><t>Player</t></is></c></row>'
    return _workbook_with(tmp_path, "rows.xlsx", "xl/worksheets/sheet1.xml",
                          _sheet(body + b"<row/>" * 1_000_000))


def cells_bomb(tmp_path: Path) -> Path:
    return _workbook_with(tmp_path, "cells.xlsx", "xl/worksheets/sheet1.xml",
                          _sheet(b'<row r="1">' + b"<c/>" * 1_000_000 + b"</row>"))


def shared_member_zip(tmp_path: Path, entries: int = 2_000) -> Path:
    """One deflated member of 1 MiB of card lines, named by ``entries`` central-directory
    records that all point at it (no zip tool writes this; it is built byte by byte)."""
    data = b"4 BT1-010\n" * (1024 * 1024 // 10)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(data) + packer.flush()
    name = b"a.txt"
    crc = zlib.crc32(data)
    local = struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, 0, 8, 0, 0, crc, len(packed), len(data),
                        len(name), 0) + name + packed
    central = b"".join(
        struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 20, 20, 0, 8, 0, 0, crc, len(packed),
                    len(data), len(name), 0, 0, 0, 0, 0, 0) + name
        for _ in range(entries)
    )
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, entries, entries, len(central),
                      len(local), 0)
    out = tmp_path / "decks.zip"
    out.write_bytes(local + central + end)
    return out
