"""Work limits: small files that would cost a lot of work are refused cleanly (issue 13, 7).

The files are built as the attack pass described them: a 64 KB workbook of 1.5 million shared
strings, a 65 KB one of a million rows, one of a million cells, and a 104 KB zip of 2,000
entries that all point at one member. Each is refused with a message (exit 2, or one error row
in ``check-batch``); the subprocess timeout is only a guard against a hang, not a timing test.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest
from sheet_bombs import cells_bomb, rows_bomb, shared_member_zip, shared_strings_bomb

from tt_organizer.batch import collect_inputs
from tt_organizer.errors import InputError
from tt_organizer.events.sheet_import import read_registrations
from tt_organizer.sheets.reading import MAX_CELLS, MAX_SHARED_STRINGS, MAX_SHEET_ROWS, read_table

GUARD_SECONDS = 120


def tt(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tt_organizer", *args], capture_output=True,
                          text=True, timeout=GUARD_SECONDS, check=False)


BOMBS = {
    "strings": (shared_strings_bomb, f"more than {MAX_SHARED_STRINGS} shared strings"),
    "renamed strings": (lambda tmp: shared_strings_bomb(tmp, "xl/misc/data.bin"),
                        f"more than {MAX_SHARED_STRINGS} shared strings"),
    "rows": (rows_bomb, f"more than {MAX_SHEET_ROWS} rows"),
    "cells": (cells_bomb, f"more than {MAX_CELLS} cells"),
}


@pytest.mark.parametrize("kind", list(BOMBS))
def test_small_workbook_of_large_work_is_refused(tmp_path: Path, kind: str) -> None:
    build, message = BOMBS[kind]
    path = build(tmp_path)
    assert path.stat().st_size < 200_000  # small on disk
    with pytest.raises(InputError, match=r"workbook too large: more than \d+ ") as refused:
        read_table(path)
    assert str(refused.value).endswith(message)
    with pytest.raises(InputError, match="workbook too large"):
        read_registrations(path)
    (item,) = collect_inputs([path])
    assert item.error is not None and "workbook too large" in item.error

    validate = tt("deck", "validate", str(path))
    assert validate.returncode == 2 and "workbook too large" in validate.stderr
    assert "Traceback" not in validate.stderr
    batch = tt("deck", "check-batch", str(path), "--json")
    assert batch.returncode == 1, batch.stderr
    (row,) = json.loads(batch.stdout)["rows"]
    assert row["legal"] is None and "workbook too large" in row["error"]


def test_shared_strings_limit_is_not_reached_by_a_real_roster(tmp_path: Path) -> None:
    """The limits leave room for a large event: 2,000 players with a 50-line decklist each."""
    wb = openpyxl.Workbook()
    wb.active.append(["Player", "Decklist"])
    deck = "\n".join(f"4 BT1-{n:03d}" for n in range(1, 51))
    for i in range(2_000):
        wb.active.append([f"Player {i}", deck + f"\n1 BT2-{i % 100:03d}"])
    wb.save(tmp_path / "big.xlsx")
    assert len(read_registrations(tmp_path / "big.xlsx")) == 2_000


def test_zip_entries_sharing_one_member_are_one_error_row(tmp_path: Path) -> None:
    path = shared_member_zip(tmp_path)
    assert path.stat().st_size < 110_000
    (item,) = collect_inputs([path])
    assert item.error == "not read: files in the archive share their data (a zip bomb)"
    result = tt("deck", "check-batch", str(path), "--json")
    assert result.returncode == 1, result.stderr
    payload = json.loads(result.stdout)
    assert payload["decks"] == 1 and payload["unreadable"] == 1
    assert "share their data" in payload["rows"][0]["error"]


def test_a_zip_of_many_distinct_large_members_stops_at_the_archive_limit(tmp_path: Path) -> None:
    """Members that do not overlap but inflate past the per-archive limit: the rest are rows
    saying so, unread."""
    from tt_organizer.batch import MAX_MEMBER_BYTES, MAX_ZIP_BYTES

    path = tmp_path / "many.zip"
    member = b"4 BT1-010\n" * (MAX_MEMBER_BYTES // 10)
    count = MAX_ZIP_BYTES // len(member) + 3
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for i in range(count):
            archive.writestr(f"deck{i:03d}.txt", member)
    items = collect_inputs([path])
    assert len(items) == count
    unread = [i for i in items if i.error and "unpacks to more than" in i.error]
    assert len(unread) == count - MAX_ZIP_BYTES // len(member)
    assert all(i.data is not None for i in items if i not in unread)


@pytest.mark.parametrize("offset", [0, 1, 7, 23, 40, 63])
def test_tags_are_counted_across_read_chunks(offset: int) -> None:
    """The pre-scan reads parts in 64 KB chunks: a tag cut by a chunk boundary counts once,
    with or without a namespace prefix, and the highest row number is found."""
    import io as _io

    from tt_organizer.sheets.reading import _count_tags

    rows = [b'<x:row r="%d"><x:c r="A%d"><x:v>1</x:v></x:c><c/></x:row>' % (n, n)
            for n in range(1, 6_001)]
    data = b" " * offset + b"<sheetData>" + b"".join(rows) + b"<si><t>a</t></si>" * 3
    counts, read = _count_tags(_io.BytesIO(data), 1 << 30, {b"row": 1 << 30})
    assert read == len(data)
    assert (counts[b"row"], counts[b"c"], counts[b"si"], counts[b"last"]) == (
        6_000, 12_000, 3, 6_000)
