"""``tt deck check-batch --jobs N``: worker processes give the serial run's output byte for
byte (rows in input order, unreadable files and errors included), and the fast report writers
(batch JSON, the xlsx data rows) keep their content."""

from __future__ import annotations

import csv
import io
import json
import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.test_batch import FIXTURES, ILLEGAL, LEGAL
from tt_organizer import batch as batch_mod
from tt_organizer.batch import collect_inputs, run_batch
from tt_organizer.cli.main import cli
from tt_organizer.formats.check import CheckContext, load_context


@pytest.fixture(scope="module")
def ctx() -> CheckContext:
    return load_context(banlist_pick="2026-03-16")


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """Every kind of row: legal, illegal, binary, empty, a roster (with a row without a deck
    and an unreadable one), a zip (with a nested archive), a link out, a sub-folder."""
    root = tmp_path / "decks"
    (root / "sub").mkdir(parents=True)
    for i in range(12):  # enough decks for several chunks on each worker
        shutil.copy(FIXTURES / ("legal.txt" if i % 3 else "illegal.txt"), root / f"p{i:02d}.txt")
    shutil.copy(FIXTURES / "unreadable.txt", root / "binary.txt")
    shutil.copy(FIXTURES / "empty.txt", root / "empty.txt")
    shutil.copy(FIXTURES / "illegal.txt", root / "=cmd.txt")
    with (root / "roster.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Player", "Decklist"])
        writer.writerows([["Ann", LEGAL], ["Bob", ""], ["Cy", "4 not-a-card at all"],
                          ["Di", ILLEGAL]])
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("zed.txt", LEGAL)
        zf.writestr("inner.zip", b"PK\x03\x04")
    (root / "sub" / "pack.zip").write_bytes(buf.getvalue())
    (root / "sub" / "shadow.txt").symlink_to(tmp_path)  # a folder outside: an error row
    (tmp_path / "out.txt").write_text(LEGAL, encoding="utf-8")
    (root / "sub" / "out.txt").symlink_to(tmp_path / "out.txt")  # a file outside: a row
    return root


def _run(*args: str) -> tuple[int, bytes]:
    result = CliRunner().invoke(cli, ["deck", "check-batch", "--banlist", "2026-03-16", *args])
    return result.exit_code, result.stdout_bytes


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_parallel_output_is_the_serial_output(mixed: Path, extra: list[str]) -> None:
    code, serial = _run("--jobs", "1", *extra, str(mixed))
    assert code == 1
    for jobs in ("2", "3"):
        assert _run("--jobs", jobs, *extra, str(mixed)) == (1, serial)
    if extra:  # the table folds long messages
        text = serial.decode()
        for seen in ("binary", "no cards found", "no decklist in this row", "nested archives",
                     "outside the folder", "=cmd"):
            assert seen in text


def test_parallel_json_report_file_is_the_serial_one(mixed: Path, tmp_path: Path) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    assert _run("--jobs", "1", "--out", str(one), str(mixed))[0] == 1
    assert _run("--jobs", "2", "--out", str(two), str(mixed))[0] == 1
    assert one.read_bytes() == two.read_bytes()
    doc = json.loads(one.read_text(encoding="utf-8"))
    assert doc["decks"] == len(doc["rows"]) == 23


def test_parallel_rows_keep_their_cards(mixed: Path, ctx: CheckContext) -> None:
    items = collect_inputs([mixed])
    serial = run_batch(items, ctx, jobs=1)
    parallel = run_batch(items, ctx, jobs=2)
    assert [r.to_dict() for r in parallel] == [r.to_dict() for r in serial]
    for a, b in zip(serial, parallel, strict=True):
        assert (a.report is None) == (b.report is None)
        if a.report is not None and b.report is not None:
            assert b.report.deck == a.report.deck  # the card objects looked up again
            assert list(b.report.deck.cards) == list(a.report.deck.cards)


def test_spawned_workers_get_the_context(mixed: Path, ctx: CheckContext, monkeypatch) -> None:
    """The start method off Linux: the context and advice reach each worker pickled."""
    from tt_organizer.cli.advice import command_advice

    monkeypatch.setattr(batch_mod, "START_METHOD", "spawn")
    items = collect_inputs([mixed])[:6]
    parallel = run_batch(items, ctx, jobs=2, advice=command_advice)
    serial = run_batch(items, ctx, jobs=1, advice=command_advice)
    assert len(parallel) == 6
    assert [r.to_dict() for r in parallel] == [r.to_dict() for r in serial]


def test_default_jobs_checks_a_small_batch_here(mixed: Path, ctx: CheckContext,
                                                monkeypatch) -> None:
    """Below PARALLEL_MIN_DECKS no worker is started when jobs is not given."""
    def no_pool(*_args: object) -> None:
        raise AssertionError("a worker pool for a small batch")

    monkeypatch.setattr(batch_mod, "_parallel", no_pool)
    assert len(run_batch(collect_inputs([mixed]), ctx, jobs=None)) == 23


def test_batch_json_prints_one_row_per_line(mixed: Path, monkeypatch) -> None:
    from tt_organizer.cli import output

    monkeypatch.setattr(output, "LONG_LIST", 5)
    code, text = _run("--json", str(mixed))
    lines = text.decode().splitlines()
    assert code == 1 and lines[0] == "{" and lines[-1] == "}"
    rows = [line for line in lines if line.startswith('    {"player": ')]
    assert len(rows) == 23  # each row on its own line
    doc = json.loads(text)
    monkeypatch.setattr(output, "LONG_LIST", 100)
    assert json.loads(_run("--json", str(mixed))[1]) == doc  # the same document indented


def test_xlsx_report_rows_styled_and_filtered(mixed: Path, tmp_path: Path) -> None:
    from openpyxl import load_workbook

    out = tmp_path / "report.xlsx"
    assert _run("--out", str(out), str(mixed))[0] == 1
    wb = load_workbook(out)
    summary, details = wb["Summary"], wb["Details"]
    assert summary.max_row == 24 and summary.auto_filter.ref == "A1:E24"
    assert details.auto_filter.ref == f"A1:F{details.max_row}"
    header, cell = summary["A1"], summary["A2"]
    assert header.font.b and header.fill.fgColor.rgb.endswith("DDEBF7")
    assert cell.value == "=cmd" and cell.data_type == "s" and cell.quotePrefix
    for c in (header, cell, summary["E24"], details[f"F{details.max_row}"]):
        assert c.border.left.style == "thin" and c.alignment.wrap_text and c.alignment.indent == 1
    assert not summary["B2"].quotePrefix
