"""``tt event pair --from FILE.json`` reads the file under the sheets' rules
(``safe_files``): a named pipe is refused at once instead of hanging, a link to ``/dev/zero``
is refused instead of read until memory runs out, a file over the sheets' size limit is
refused from its size without being read, and malformed JSON values are refused (exit 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from event_helpers import Tt

from tt_organizer.events import manual
from tt_organizer.sheets.reading import MAX_SHEET_BYTES


@pytest.fixture
def tt(tmp_path: Path) -> Tt:
    tt = Tt(tmp_path / "event.sqlite")
    tt("create", "Cup", "--seed", "7")
    for name in ("Ada", "Ben", "Cal", "Dee"):
        tt("register", name)
    return tt


def _pair_from(tt: Tt, path: Path) -> subprocess.CompletedProcess[str]:
    """``tt event pair --from PATH`` in a real process: a hang fails (timeout), not blocks."""
    return subprocess.run(
        [sys.executable, "-m", "tt_organizer", "event", "pair", "--from", str(path), "--event",
         str(tt.path)], capture_output=True, text=True, timeout=30)


def test_a_fifo_is_refused_at_once(tt: Tt, tmp_path: Path) -> None:
    fifo = tmp_path / "x.json"
    os.mkfifo(fifo)
    started = time.monotonic()
    done = _pair_from(tt, fifo)  # nobody writes to the pipe: it used to wait for ever
    assert done.returncode == 2, done.stderr
    assert "named pipe" in done.stderr and "Traceback" not in done.stderr
    assert time.monotonic() - started < 25


def test_a_link_to_dev_zero_is_refused(tt: Tt, tmp_path: Path) -> None:
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    done = _pair_from(tt, link)
    assert done.returncode == 2, done.stderr
    assert "device" in done.stderr and "Traceback" not in done.stderr


def test_an_over_size_file_is_refused_without_reading_it(tt: Tt, tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as fh:  # 300 MB, sparse: refused from its size alone
        fh.truncate(300 * 1024 * 1024)
    done = _pair_from(tt, big)
    assert done.returncode == 2, done.stderr
    assert "too large" in done.stderr and "8 MiB" in done.stderr
    # one byte over the limit, and the limit itself is read (then refused as not JSON)
    edge = tmp_path / "edge.json"
    edge.write_bytes(b" " * (MAX_SHEET_BYTES + 1))
    tt.refused("pair", "--from", str(edge), match="too large")
    edge.write_bytes(b" " * MAX_SHEET_BYTES)
    tt.refused("pair", "--from", str(edge), match="not JSON")


@pytest.mark.parametrize(("text", "match"), [
    ("[" * 100_000, "nested too deeply"),
    ('[{"table": 99999999999999999999, "player1": "Ada", "player2": "Ben"}]', "out of range"),
    ('[{"table": true, "player1": "Ada", "player2": "Ben"}]', "not a number"),
    ('[{"table": 0, "player1": "Ada", "player2": "Ben"}]', "out of range"),
    ('{"round": 99999999999999999999, "pairings": []}', "round"),
    ('{"round": false, "pairings": []}', "not a number"),
])
def test_bad_json_values_are_refused(tt: Tt, tmp_path: Path, text: str, match: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    tt.refused("pair", "--from", str(path), match=match)


def test_latin1_json_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    rows = [{"table": 1, "player1": "Zoë", "player2": None}]
    path.write_bytes(json.dumps(rows, ensure_ascii=False).encode("latin-1"))
    with pytest.raises(Exception, match="not UTF-8 text"):
        manual.read_pairings_file(path)
