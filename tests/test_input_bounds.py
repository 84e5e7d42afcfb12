"""Every number from a user or a file is bounded ASCII digits, and
every file named by the user is a regular file read with a size limit (no hang, no traceback).
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import click
import openpyxl
import pytest
from event_helpers import Tt, dump

from tt_organizer.cli.options import CountType
from tt_organizer.errors import InputError
from tt_organizer.safe_files import read_limited
from tt_organizer.typed_numbers import MAX_VALUE, NumberError, parse_count

ROOT = Path(__file__).resolve().parents[1]
LEGAL = str(ROOT / "tests" / "fixtures" / "events" / "legal_red.txt")
SAMPLE_DECK = str(ROOT / "samples" / "legal-red-tamer-tactics.txt")


# --- 4. numbers --------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["²", "٣", "３", "1²", "-1", "+1", "1_000", "1.5", "", " ",
                                  " 1", "1 ", " 12 ", "0x10", "99999999999999999999",
                                  "9" * 5000, "1e3"])
def test_only_bounded_ascii_digits_are_numbers(text: str) -> None:
    with pytest.raises(NumberError) as exc:
        parse_count(text, "--turns")
    assert exc.value.message.startswith("--turns: ")


@pytest.mark.parametrize(("text", "value"), [("0", 0), ("12", 12), ("007", 7),
                                             (str(MAX_VALUE), MAX_VALUE), (3, 3), (3.0, 3)])
def test_numbers_in_range_are_read(text: object, value: int) -> None:
    assert parse_count(text, "n") == value


def test_range_is_enforced_and_the_click_type_fails_cleanly() -> None:
    with pytest.raises(NumberError, match="out of range"):
        parse_count("0", "table", minimum=1)
    with pytest.raises(NumberError, match="out of range"):
        parse_count(str(MAX_VALUE + 1), "seed")
    with pytest.raises(click.BadParameter, match="not a number"):
        CountType().convert("²", None, None)


@pytest.fixture
def event(tmp_path: Path) -> Tt:
    """A best-of-three event of four players with round 1 paired."""
    tt = Tt(tmp_path / "event.sqlite")
    tt("create", "Cup", "--seed", "7", "--best-of", "3")
    for name in ("Ann", "Ben", "Cat", "Dan"):
        tt("register", name, "--deck", LEGAL, "--id", f"M-{name}")
    tt("pair")
    return tt


@pytest.mark.parametrize("args", [
    ("report", "1", "2-0", "--turns", "²,3"),
    ("report", "1", "2-0", "--turns", "99999999999999999999,3"),
    ("report", "1", "2-0", "--turns", "٣,3"),
    ("report", "²", "2-0"),
    ("report", "99999999999999999999", "2-0"),
    ("report", "1", "2-0", "--round", "²"),
    ("correct", "1", "99999999999999999999", "2-0"),
    ("pairings", "--round", "99999999999999999999"),
    ("standings", "--round", "²"),
])
def test_bad_numbers_in_event_commands_exit_2_and_change_nothing(
    event: Tt, args: tuple[str, ...]
) -> None:
    before = dump(event.path)
    result = event(*args, code=2)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert any(w in result.output for w in ("not a number", "out of range", "too large",
                                             "not a turn number")), result.output
    assert dump(event.path) == before


@pytest.mark.parametrize("result", ["²-0", "2-٠", "1-1-³"])
def test_a_result_of_other_digits_is_refused_not_a_traceback(event: Tt, result: str) -> None:
    before = dump(event.path)
    out = event("report", "1", result, code=2)
    assert "Traceback" not in out.output and result in out.output
    assert dump(event.path) == before


def test_pairings_sheet_with_other_digits_is_refused_row_by_row(
    event: Tt, tmp_path: Path
) -> None:
    for name in ("Ann", "Ben", "Cat", "Dan"):
        event("drop", name)
    sheet = tmp_path / "round.csv"
    sheet.write_text("Round,Table,Player 1,Player 2\n²,²,Ann,Ben\n", encoding="utf-8")
    before = dump(event.path)
    out = event("pair", "--from", str(sheet), code=2)
    assert "Traceback" not in out.output and "needs a table number" in out.output
    assert dump(event.path) == before


def test_drop_by_a_superscript_id_is_no_player(event: Tt) -> None:
    before = dump(event.path)
    assert "no player with id ²" in event("drop", "--id", "²", code=2).stderr
    assert dump(event.path) == before
    event("drop", "--id", "1")  # the player number still works


@pytest.mark.parametrize("args", [
    ("--points", "²,1,0,3"), ("--points", "3,1,0,99999999999999999999"), ("--rounds", "²"),
    ("--rounds", "99999999999999999999"), ("--seed", "99999999999999999999"),
    ("--setting", "max_ultimates=²"), ("--top-cut", "٤"),
])
def test_bad_numbers_in_create_exit_2_and_create_nothing(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    tt = Tt(tmp_path / "new.sqlite")
    result = tt("create", "X", *args, code=2)
    assert "Error" in result.output or "error" in result.output
    assert not tt.path.exists()


def _results_csv(event: Tt, path: Path, **override: str) -> Path:
    rows = event.json("pairings")
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Round", "Table", "Player 1", "Player 2", "Result", "Turns"])
        for p in rows:
            row = {"Round": "1", "Table": str(p["table"]), "Player 1": p["player1"],
                   "Player 2": p["player2"], "Result": "2-0", "Turns": "7,9"}
            if p["table"] == 1:
                row.update(override)
            writer.writerow(row.values())
    return path


@pytest.mark.parametrize("override", [
    {"Turns": "²,9"}, {"Turns": "99999999999999999999,9"}, {"Round": "²"}, {"Table": "²"},
    {"Round": "99999999999999999999"},
])
def test_bad_numbers_in_report_from_cells_record_nothing(
    event: Tt, tmp_path: Path, override: dict[str, str]
) -> None:
    sheet = _results_csv(event, tmp_path / "round1.csv", **override)
    before = dump(event.path)
    err = event("report", "--from", str(sheet), code=2).stderr
    assert "nothing recorded" in err or "row 2" in err, err
    assert dump(event.path) == before
    good = _results_csv(event, tmp_path / "good.csv")
    assert "Recorded 2 result(s)" in event("report", "--from", str(good)).stdout


def _workbook_without_sheets(path: Path) -> Path:
    """A real .xlsx whose workbook part lists no sheet at all."""
    buffer = io.BytesIO()
    wb = openpyxl.Workbook()
    wb.active.append(["Name"])
    wb.save(buffer)
    with zipfile.ZipFile(buffer) as src, zipfile.ZipFile(path, "w") as out:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "xl/workbook.xml":
                text = data.decode("utf-8")
                start, end = text.index("<sheets>"), text.index("</sheets>") + len("</sheets>")
                data = (text[:start] + "<sheets/>" + text[end:]).encode("utf-8")
            out.writestr(info, data)
    return path


def test_register_from_a_workbook_without_sheets(tmp_path: Path) -> None:
    tt = Tt(tmp_path / "event.sqlite")
    tt("create", "Cup")
    before = dump(tt.path)
    book = _workbook_without_sheets(tmp_path / "signup.xlsx")
    err = tt("register", "--from", str(book), code=2).stderr
    assert "the workbook has no sheets" in err and "signup.xlsx" in err
    assert dump(tt.path) == before


def test_a_deeply_nested_banlist_file_is_refused(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tt_organizer.cli.main import cli

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    result = CliRunner().invoke(cli, ["deck", "validate", "--banlist", str(deep), SAMPLE_DECK])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "not a ban-list file (RecursionError)" in result.output


# --- 5. special files ----------------------------------------------------------------------


def _tt(*args: str, cwd: Path, env: dict[str, str] | None = None) -> tuple[int, str, float]:
    """Run ``tt`` in a child process (a hang fails the test instead of freezing the run)."""
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "tt_organizer", *args], cwd=cwd, capture_output=True,
        text=True, timeout=60, env={**os.environ, **(env or {})},
    )
    return proc.returncode, proc.stdout + proc.stderr, time.monotonic() - started


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


pytestmark_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")


@pytestmark_fifo
def test_a_fifo_as_the_event_file_is_refused(tmp_path: Path, fifo: Path) -> None:
    code, out, _ = _tt("event", "status", "--event", str(fifo), cwd=tmp_path)
    assert code == 2 and "not a regular file" in out and "Traceback" not in out
    code, out, _ = _tt("event", "create", "X", "--event", str(fifo), cwd=tmp_path)
    assert code == 2 and "not a regular file" in out and "Traceback" not in out


@pytestmark_fifo
@pytest.mark.parametrize("command", ["register", "report"])
def test_a_fifo_as_the_from_sheet_is_refused(tmp_path: Path, fifo: Path, command: str) -> None:
    event = tmp_path / "event.sqlite"
    assert _tt("event", "create", "X", "--event", str(event), cwd=tmp_path)[0] == 0
    before = dump(event)
    code, out, _ = _tt("event", command, "--from", str(fifo), "--event", str(event),
                       cwd=tmp_path)
    assert code == 2 and "not a regular file (a named pipe)" in out, out
    assert dump(event) == before


@pytestmark_fifo
def test_a_fifo_or_dev_zero_as_banlist_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    for name in ("pipe.json", "zero.json"):
        code, out, _ = _tt("deck", "validate", "--banlist", str(tmp_path / name),
                           SAMPLE_DECK, cwd=tmp_path)
        assert code == 2 and "not a regular file" in out and "Traceback" not in out, out
        assert name in out
    code, out, _ = _tt("deck", "validate", "--banlist", "/dev/zero", SAMPLE_DECK, cwd=tmp_path)
    assert code == 2 and "Traceback" not in out, out


@pytestmark_fifo
def test_a_fifo_as_current_json_of_the_cache(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    shutil.copytree(ROOT / "banlist_cache", cache)
    (cache / "current.json").unlink()
    os.mkfifo(cache / "current.json")
    # the pointer is unreadable: the newest cached announcement is used, without a hang
    code, out, _ = _tt("deck", "validate", "--cache", str(cache), SAMPLE_DECK, cwd=tmp_path)
    assert code == 0, out
    code, out, _ = _tt("banlist", "show", "--cache", str(cache), "--json", cwd=tmp_path)
    assert code == 0 and '"announced": "2026-03-16"' in out


@pytestmark_fifo
def test_a_fifo_as_a_deck_is_read_once_when_registering(tmp_path: Path) -> None:
    """A decklist from a pipe (``--deck <(cat deck.txt)``) is read once, not waited on again."""
    event = tmp_path / "event.sqlite"
    assert _tt("event", "create", "X", "--event", str(event), cwd=tmp_path)[0] == 0
    pipe = tmp_path / "deck-pipe"
    os.mkfifo(pipe)
    writer = subprocess.Popen(["sh", "-c", f"cat '{LEGAL}' > '{pipe}'"])
    try:
        code, out, _ = _tt("event", "register", "Ann", "--deck", str(pipe), "--event",
                           str(event), cwd=tmp_path)
    finally:
        writer.wait(timeout=30)
    assert code == 0 and "legal" in out, out


def test_read_limited_refuses_devices_and_large_files(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not a regular file"):
        read_limited("/dev/zero", 1024)
    big = tmp_path / "big.json"
    big.write_bytes(b"x" * 2048)
    with pytest.raises(InputError, match="file too large"):
        read_limited(big, 1024)
    assert read_limited(big, 2048) == b"x" * 2048


# --- found by the fuzz targets (tests/fuzz) ------------------------------------------------


def _unsupported_zip_version(book: bytes) -> bytes:
    """``book`` with the "version needed to extract" of its first central-directory entry set
    to 8.4: zipfile raises NotImplementedError (not BadZipFile) when it opens such a file."""
    at = book.index(b"PK\x01\x02")
    return book[: at + 6] + bytes([84, 0]) + book[at + 8:]


def test_a_zip_version_zipfile_does_not_know_is_a_clean_refusal(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tt_organizer.cli.main import cli

    buffer = io.BytesIO()
    wb = openpyxl.Workbook()
    wb.active.append(["Name"])
    wb.active.append(["Ann"])
    wb.save(buffer)
    damaged = _unsupported_zip_version(buffer.getvalue())
    sheet = tmp_path / "signup.xlsx"
    sheet.write_bytes(damaged)
    tt = Tt(tmp_path / "event.sqlite")
    tt("create", "Cup")
    before = dump(tt.path)
    err = tt("register", "--from", str(sheet), code=2).stderr
    assert "not a readable .xlsx workbook (NotImplementedError)" in err
    assert dump(tt.path) == before
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "deck.xlsx").write_bytes(damaged)
    (decks / "bundle.zip").write_bytes(damaged)
    result = CliRunner().invoke(cli, ["deck", "check-batch", str(decks), "--json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    errors = sorted(row["error"] for row in json.loads(result.output)["rows"])
    assert errors == ["not a readable .xlsx workbook (NotImplementedError)",
                      "not a readable zip archive (zip file version 8.4)"]
