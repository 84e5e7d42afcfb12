"""``tt deck check-batch`` on a folder reads nothing outside it and counts what it cannot read
(issue 13, item 8): a ``shadow.txt`` link to a file outside is an error row (its text never
printed), an unreadable sub-folder is an error row, not a silent gap in the counts."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tt_organizer.batch import collect_inputs

FIXTURES = Path(__file__).parent / "fixtures" / "batch"
SECRET = "root:$6$SECRET-HASH-LINE:19000:0:99999:7:::"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "shadow").write_text(SECRET + "\n", encoding="utf-8")
    (outside / "other.txt").write_text("4 BT1-010\n", encoding="utf-8")
    root = tmp_path / "decks"
    (root / "sub").mkdir(parents=True)
    shutil.copy(FIXTURES / "legal.txt", root / "ann.txt")
    shutil.copy(FIXTURES / "illegal.txt", root / "sub" / "ben.txt")
    (root / "shadow.txt").symlink_to(outside / "shadow")  # a file outside
    (root / "elsewhere").symlink_to(outside)  # a folder outside
    (root / "again.txt").symlink_to(root / "ann.txt")  # a file inside: read
    (root / "sub-again").symlink_to(root / "sub")  # a folder inside: read where it is
    (root / "broken.txt").symlink_to(tmp_path / "missing")
    (root / "loop.txt").symlink_to(root / "loop.txt")
    return root


def test_links_out_of_the_folder_are_error_rows(folder: Path) -> None:
    items = collect_inputs([folder])
    got = {Path(i.source).name: (i.path is not None, i.error) for i in items}
    assert got == {
        "again.txt": (True, None),
        "ann.txt": (True, None),
        "broken.txt": (False, "cannot read: No such file or directory"),
        "elsewhere": (False, "a link to outside the folder: not read"),
        "loop.txt": (False, got["loop.txt"][1]),
        "shadow.txt": (False, "a link to outside the folder: not read"),
        "ben.txt": (True, None),
    }
    assert (got["loop.txt"][1] or "").startswith("cannot read: ")
    assert [Path(i.source).name for i in items][-1] == "ben.txt"  # sub-folders after files


def _check_batch(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "tt_organizer", "deck", "check-batch", *args]
    if os.geteuid() == 0:
        # root reads any folder: drop the capabilities that let it, as for any other user
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv (util-linux)")
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", *command]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def test_report_never_shows_a_linked_files_text(folder: Path) -> None:
    for args in ((), ("--json",)):
        result = _check_batch(str(folder), "--banlist", "2026-03-16", *args)
        assert result.returncode == 1
        assert "SECRET-HASH" not in result.stdout + result.stderr
    payload = json.loads(result.stdout)
    assert (payload["decks"], payload["legal"], payload["illegal"], payload["unreadable"]) == (
        7, 2, 1, 4)


def test_an_unreadable_sub_folder_is_one_counted_error_row(folder: Path) -> None:
    locked = folder / "locked"
    locked.mkdir()
    shutil.copy(FIXTURES / "legal.txt", locked / "cat.txt")
    (folder / "elsewhere").unlink()
    (folder / "shadow.txt").unlink()
    (folder / "broken.txt").unlink()
    (folder / "loop.txt").unlink()
    locked.chmod(0)
    try:
        result = _check_batch(str(folder), "--banlist", "2026-03-16", "--json")
    finally:
        locked.chmod(0o755)
    assert result.returncode == 1, result.stderr
    payload = json.loads(result.stdout)
    rows = {Path(r["source"]).name: r for r in payload["rows"]}
    assert rows["locked"]["legal"] is None
    assert rows["locked"]["error"] == "cannot read the folder: Permission denied"
    assert (payload["decks"], payload["legal"], payload["illegal"], payload["unreadable"]) == (
        4, 2, 1, 1)
