"""Batch deck check: folders, zips, rosters, reports and ``tt deck check-batch``."""

from __future__ import annotations

import io
import json
import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from tt_organizer import batch as batch_mod
from tt_organizer.batch import BatchRow, batch_summary, check_batch, collect_inputs
from tt_organizer.cli.main import cli
from tt_organizer.formats.check import CheckContext, load_context

FIXTURES = Path(__file__).parent / "fixtures" / "batch"
LEGAL = (FIXTURES / "legal.txt").read_text(encoding="utf-8")
ILLEGAL = (FIXTURES / "illegal.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def ctx() -> CheckContext:
    return load_context(banlist_pick="2026-03-16")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """legal, illegal, unreadable and empty decklists, a hidden file and a sub-folder."""
    root = tmp_path / "decks"
    root.mkdir()
    for name in ("legal.txt", "illegal.txt", "unreadable.txt", "empty.txt"):
        shutil.copy(FIXTURES / name, root / name)
    (root / ".hidden.txt").write_text("garbage that would be unreadable", encoding="utf-8")
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("[core]", encoding="utf-8")
    (root / "late").mkdir()
    shutil.copy(FIXTURES / "legal.txt", root / "late" / "zoe.txt")
    return root


def by_player(rows: list[BatchRow]) -> dict[str, BatchRow]:
    return {r.player: r for r in rows}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["deck", "check-batch", *args])
    return result.exit_code, result.output


def test_folder_reports_each_deck(folder: Path, ctx: CheckContext) -> None:
    rows = check_batch([folder], ctx)
    assert [r.player for r in rows] == ["empty", "illegal", "legal", "unreadable", "zoe"]
    got = by_player(rows)
    assert got["legal"].legal is True and got["legal"].codes == [] and got["legal"].message == ""
    assert got["zoe"].legal is True
    illegal = got["illegal"]
    assert illegal.legal is False
    assert illegal.codes == ["MAIN_SIZE", "PILE_SIZE", "PILE_TAMER_COUNT", "BANNED"]
    assert illegal.message.startswith("Main deck has 51 cards")
    assert got["empty"].legal is None and "no cards found" in (got["empty"].error or "")
    assert got["unreadable"].legal is None and "binary" in (got["unreadable"].error or "")
    assert batch_summary(rows) == {"decks": 5, "legal": 2, "illegal": 1, "unreadable": 2}


def test_cli_folder_exits_1_and_prints_one_table(folder: Path) -> None:
    code, out = run(str(folder))
    assert code == 1
    for text in ("legal", "illegal", "unreadable", "BANNED", "no cards found",
                 "5 decks: 2 legal, 1 illegal, 2 unreadable"):
        assert text in out


def test_cli_json(folder: Path) -> None:
    code, out = run(str(folder), "--json", "--banlist", "2026-03-16")
    assert code == 1
    doc = json.loads(out)
    assert doc["format"] == "tamer-tactics-0.9.1" and doc["banlist"] == "2026-03-16"
    assert (doc["decks"], doc["legal"], doc["illegal"], doc["unreadable"]) == (5, 2, 1, 2)
    rows = {r["player"]: r for r in doc["rows"]}
    assert rows["illegal"]["errors"][0]["code"] == "MAIN_SIZE"
    assert rows["empty"]["legal"] is None and rows["empty"]["error"]


def test_cli_all_legal_exits_0(tmp_path: Path) -> None:
    for name in ("a.txt", "b.txt"):
        shutil.copy(FIXTURES / "legal.txt", tmp_path / name)
    code, out = run(str(tmp_path))
    assert code == 0, out
    assert "2 decks: 2 legal, 0 illegal, 0 unreadable" in out


def test_missing_path_is_a_row(tmp_path: Path, ctx: CheckContext) -> None:
    rows = check_batch([FIXTURES / "legal.txt", tmp_path / "nope.txt"], ctx)
    assert [r.legal for r in rows] == [True, None]
    assert rows[1].error == "file not found"


def test_no_decks_is_an_input_error(tmp_path: Path) -> None:
    code, out = run(str(tmp_path))
    assert code == 2
    assert "no decklists found" in out


def _zip(entries: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return buf.getvalue()


def test_zip_members_are_read_in_memory(tmp_path: Path, ctx: CheckContext) -> None:
    tts = json.dumps(["Exported from https://digimoncard.dev", "BT1-010", "BT1-010"])
    archive = tmp_path / "decks.zip"
    archive.write_bytes(_zip({
        "ana.txt": LEGAL.encode(),
        "sub/ben.txt": ILLEGAL.encode("utf-16"),
        "cy.json": tts.encode(),
        "empty.txt": b"",
        "__MACOSX/._ana.txt": b"\x00\x05\x16\x07",
        ".hidden.txt": b"x",
        "inner.zip": _zip({"a.txt": LEGAL.encode()}),
    }))
    rows = by_player(check_batch([archive], ctx))
    assert set(rows) == {"ana", "ben", "cy", "empty", "inner"}
    assert rows["ana"].legal is True and rows["ana"].source.endswith("decks.zip!ana.txt")
    assert rows["ben"].legal is False and "BANNED" in rows["ben"].codes
    assert rows["cy"].legal is False and rows["cy"].report is not None
    assert rows["cy"].report.deck.input_format == "tts"
    assert rows["empty"].legal is None
    assert rows["inner"].error == "nested archives are not read"
    assert not list(tmp_path.glob("*.txt"))  # nothing was extracted


def test_zip_bomb_guards(tmp_path: Path, ctx: CheckContext, monkeypatch) -> None:
    big = tmp_path / "big.zip"
    big.write_bytes(_zip({"bomb.txt": b"4 BT1-010\n" * 400_000, "ok.txt": LEGAL.encode()}))
    rows = by_player(check_batch([big], ctx))
    assert rows["bomb"].legal is None and "too large" in (rows["bomb"].error or "")
    assert rows["ok"].legal is True

    monkeypatch.setattr(batch_mod, "MAX_ZIP_MEMBERS", 3)
    many = tmp_path / "many.zip"
    many.write_bytes(_zip({f"p{i}.txt": LEGAL.encode() for i in range(4)}))
    rows = check_batch([many], ctx)
    assert len(rows) == 1 and "too many files" in (rows[0].error or "")

    monkeypatch.setattr(batch_mod, "MAX_ZIP_BYTES", len(LEGAL.encode()))
    capped = tmp_path / "capped.zip"
    capped.write_bytes(_zip({"a.txt": LEGAL.encode(), "b.txt": LEGAL.encode()}))
    rows = check_batch([capped], ctx)
    assert [r.legal for r in rows] == [True, None]


def test_broken_zip_is_a_row(tmp_path: Path, ctx: CheckContext) -> None:
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"PK\x03\x04 not really")
    rows = check_batch([bad], ctx)
    assert len(rows) == 1 and rows[0].legal is None and "zip" in (rows[0].error or "")


def test_csv_roster(tmp_path: Path, ctx: CheckContext) -> None:
    import csv

    roster = tmp_path / "roster.csv"
    with roster.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Player name", "Bandai ID", "Decklist"])
        writer.writerow(["Alice", "1", LEGAL])
        writer.writerow(["=HYPERLINK(\"x\")", "2", ILLEGAL])
        writer.writerow(["Carol", "3", ""])
        writer.writerow(["", "", ""])
        writer.writerow(["Dan", "4", "4 not-a-card at all"])
    rows = check_batch([roster], ctx)
    assert [r.player for r in rows] == ["Alice", '=HYPERLINK("x")', "Carol", "Dan"]
    assert [r.legal for r in rows] == [True, False, None, None]
    assert rows[0].source.endswith("roster.csv:row 2")
    assert rows[2].error == "no decklist in this row"
    assert "line 1" in (rows[3].error or "")


def test_xlsx_roster_and_decklist_sheet(tmp_path: Path, ctx: CheckContext) -> None:
    from openpyxl import Workbook

    wb = Workbook()
    wb.active.append(["Player", "Deck list"])
    wb.active.append(["Erin", LEGAL])
    wb.active.append(["Finn", ILLEGAL])
    wb.save(tmp_path / "roster.xlsx")
    # A sheet with card columns is one decklist, not a roster.
    wb = Workbook()
    wb.active.append(["count", "number"])
    wb.active.append([4, "BT1-010"])
    wb.save(tmp_path / "gus.xlsx")
    rows = check_batch([tmp_path / "roster.xlsx", tmp_path / "gus.xlsx"], ctx)
    assert [(r.player, r.legal) for r in rows] == [("Erin", True), ("Finn", False),
                                                  ("gus", False)]
    assert rows[2].report is not None and rows[2].report.deck.input_format == "xlsx"


def test_roster_inside_a_zip(tmp_path: Path, ctx: CheckContext) -> None:
    text = "player;decklist\nHana;\"" + LEGAL.replace('"', '""') + "\"\n"
    archive = tmp_path / "r.zip"
    archive.write_bytes(_zip({"roster.csv": text.encode()}))
    rows = check_batch([archive], ctx)
    assert [(r.player, r.legal) for r in rows] == [("Hana", True)]


def test_collect_skips_hidden(folder: Path) -> None:
    names = [Path(i.source).name for i in collect_inputs([folder])]
    assert ".hidden.txt" not in names and "config" not in names


def test_xlsx_report(folder: Path, tmp_path: Path) -> None:
    from openpyxl import load_workbook

    evil = folder / "=cmd.txt"
    shutil.copy(FIXTURES / "illegal.txt", evil)
    out = tmp_path / "report.xlsx"
    code, _ = run(str(folder), "--out", str(out))
    assert code == 1
    wb = load_workbook(out)
    assert wb.sheetnames == ["Summary", "Details"]
    summary = list(wb["Summary"].iter_rows(values_only=True))
    assert summary[0] == ("Player", "Source", "Legal", "Codes", "First message")
    assert len(summary) == 1 + 6
    verdicts = {r[0]: r[2] for r in summary[1:]}
    assert verdicts["legal"] == "legal" and verdicts["empty"] == "unreadable"
    cell = next(c for c in wb["Summary"]["A"] if c.value == "=cmd")
    assert cell.data_type == "s"  # literal text, not a formula
    details = list(wb["Details"].iter_rows(values_only=True))
    codes = [r[3] for r in details[1:] if r[0] == "illegal"]
    assert codes == ["MAIN_SIZE", "PILE_SIZE", "PILE_TAMER_COUNT", "BANNED", "COLOR_REQUIREMENT"]


def test_json_report_file(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    code, _ = run(str(folder), "--out", str(out))
    assert code == 1
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["decks"] == 5 and len(doc["rows"]) == 5


def test_bad_report_name(folder: Path, tmp_path: Path) -> None:
    code, out = run(str(folder), "--out", str(tmp_path / "report.txt"))
    assert code == 2 and ".xlsx, .pdf or .json" in out


def test_legal_deck_with_a_warning_shows_it(tmp_path: Path, ctx: CheckContext) -> None:
    deck = tmp_path / "off-colour.txt"
    deck.write_text(LEGAL.replace("2 Nuclear Laser BT1-092", "2 Blue option BT1-096"),
                    encoding="utf-8")
    row = check_batch([deck], ctx)[0]
    assert row.legal is True and row.codes == []
    assert row.message.startswith("warning COLOR_REQUIREMENT: ")


def test_corrupt_member_is_a_row(tmp_path: Path, ctx: CheckContext) -> None:
    data = bytearray(_zip({"a.txt": LEGAL.encode() * 3, "b.txt": LEGAL.encode()}))
    start = data.index(b"a.txt") + len(b"a.txt")  # a.txt's compressed data
    data[start + 10:start + 60] = b"\xff" * 50
    archive = tmp_path / "corrupt.zip"
    archive.write_bytes(bytes(data))
    rows = by_player(check_batch([archive], ctx))
    assert rows["a"].legal is None and "cannot read from the archive" in (rows["a"].error or "")
    assert rows["b"].legal is True


def test_json_report_is_written_like_every_export(ctx: CheckContext, tmp_path: Path) -> None:
    """The JSON report goes through the exports' atomic writer: a read-only file is refused
    and left as it was."""
    from tt_organizer.errors import InputError

    rows = check_batch([FIXTURES / "legal.txt"], ctx)
    out = tmp_path / "report.json"
    batch_mod.write_json_report(rows, ctx, out)
    assert json.loads(out.read_text(encoding="utf-8"))["rows"][0]["legal"] is True
    out.write_text("kept", encoding="utf-8")
    out.chmod(0o444)
    with pytest.raises(InputError, match="read-only"):
        batch_mod.write_json_report(rows, ctx, out)
    assert out.read_text(encoding="utf-8") == "kept"
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]
