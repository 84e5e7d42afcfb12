"""A full disk during export, temp files left by a killed export, CSV
escaping that round-trips, names with ZWJ / ZWNJ. (The Shift_JIS page is in
test_banlist_sync_bounds.py.)"""

from __future__ import annotations

import csv
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from event_helpers import Tt

from tt_organizer.atomic import atomic_write, clean_stale_temps
from tt_organizer.export.cells import safe_text, unescape_text, write_csv_atomic
from tt_organizer.sheets.reading import read_table

LEGAL = str(Path(__file__).parent / "fixtures" / "events" / "legal_red.txt")


@pytest.fixture
def event(tmp_path: Path) -> Tt:
    tt = Tt(tmp_path / "event.sqlite")
    tt("create", "Cup", "--seed", "1")
    for name in ("Ann", "Ben", "Cat", "Dan"):
        tt("register", name, "--deck", LEGAL)
    tt("pair")
    return tt


def _limited_export(event: Tt, out: Path, max_bytes: int) -> subprocess.CompletedProcess[str]:
    """``tt event export`` in a child whose files cannot grow past ``max_bytes`` (a disk that
    fills up: every write beyond it fails with EFBIG, also openpyxl's own temporary files)."""
    import resource

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (max_bytes, max_bytes))

    # an open connection keeps the event's WAL index at full size: the child reads it as is
    keep = sqlite3.connect(event.path)
    keep.execute("SELECT count(*) FROM players").fetchone()
    try:
        return subprocess.run(
            [sys.executable, "-m", "tt_organizer", "event", "export", str(out), "--event",
             str(event.path)], capture_output=True, text=True, timeout=120, preexec_fn=limit,
        )
    finally:
        keep.close()


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="POSIX file-size limits")
def test_export_on_a_full_disk_gives_one_clean_message(event: Tt, tmp_path: Path) -> None:
    out = tmp_path / "event.xlsx"
    out.write_bytes(b"the previous export")
    proc = _limited_export(event, out, 8000)
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"error: {out}: cannot write the file: File too large"
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr
    assert out.read_bytes() == b"the previous export"  # untouched
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_killed_export_leaves_temp_files_the_next_export_removes(
    event: Tt, tmp_path: Path
) -> None:
    out = tmp_path / "event.xlsx"
    # a writer killed with -9 in the middle of its temporary file
    child = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time\nfrom pathlib import Path\nfrom tt_organizer.atomic import "
         "atomic_write\nwith atomic_write(Path(sys.argv[1])) as tmp:\n"
         "    tmp.write_bytes(b'half')\n    print(tmp, flush=True)\n    time.sleep(60)\n",
         str(out)], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    left = Path(child.stdout.readline().strip())
    child.kill()
    child.wait(timeout=30)
    assert left.exists() and left.name.startswith(".event.xlsx.")
    # a live writer's temp file (this process) must survive the cleaning
    with atomic_write(tmp_path / "other.csv") as live:
        live.write_text("x")
        event("export", str(out))
        assert live.exists()
    assert not left.exists()
    assert out.exists() and [p.name for p in tmp_path.glob(".*.tmp")] == []


def test_an_old_temp_file_without_a_process_id_is_removed_after_a_day(tmp_path: Path) -> None:
    target = tmp_path / "event.xlsx"
    old = tmp_path / ".event.xlsx.k2j3h4.tmp"  # the naming before process ids
    recent = tmp_path / ".event.xlsx.a8b7c6.tmp"
    unrelated = tmp_path / ".other.xlsx.12345.tmp"
    for p in (old, recent, unrelated):
        p.write_text("x")
    day_ago = time.time() - 2 * 24 * 3600
    os.utime(old, (day_ago, day_ago))
    os.utime(unrelated, (day_ago, day_ago))
    assert clean_stale_temps(target) == [old]
    assert recent.exists() and unrelated.exists()


@pytest.mark.parametrize("text", ["=1+1", "'=1+1", "''=1+1", "+1", "'+1", "-1-1", "@SUM(A1)",
                                  "'@x", "'", "''", "'Tis", "O'Brien", "plain", "\t=1", "'\t=1"])
def test_csv_escaping_round_trips(text: str) -> None:
    escaped = safe_text(text)
    assert unescape_text(escaped) == text
    assert not escaped.startswith(("=", "+", "-", "@", "\t", "\r"))  # never a formula


def test_csv_export_keeps_formula_and_quoted_formula_apart(tmp_path: Path) -> None:
    out = write_csv_atomic(tmp_path / "players.csv", ["Name"], [["=1+1"], ["'=1+1"]])
    with out.open(encoding="utf-8", newline="") as handle:
        raw = [row[0] for row in csv.reader(handle)]
    assert raw == ["Name", "'=1+1", "''=1+1"]  # written differently ...
    rows = read_table(out)[0].rows
    assert [r[1][0] for r in rows] == ["Name", "=1+1", "'=1+1"]  # ... and read back exactly


@pytest.mark.parametrize("name", [
    "👨\u200d👩\u200d👧 Family",  # one emoji joined with ZWJ
    "می\u200cخواهم",  # Persian with a ZWNJ
    "Kāra\u200dṇa",
])
def test_names_with_zwj_or_zwnj_are_accepted(tmp_path: Path, name: str) -> None:
    tt = Tt(tmp_path / "event.sqlite")
    tt("create", "Cup")
    tt("register", name)
    assert [p["name"] for p in tt.json("players")] == [name]


@pytest.mark.parametrize("name", ["Ann\u202eevil", "Ann\x07", "Ann\u200bBen\u2066"])
def test_other_invisible_controls_are_still_refused(tmp_path: Path, name: str) -> None:
    tt = Tt(tmp_path / "event.sqlite")
    tt("create", "Cup")
    tt.refused("register", name, match="cannot hold control characters")
