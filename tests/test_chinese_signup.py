"""Sign-up sheets and decklists in Chinese: a 问卷星-shaped export headed in Chinese registers
every row with its deck, and decks pasted under Chinese section headers (主卡组,
驯兽师 + 数码蛋卡组, 蛋组 …) are read; the words are data in ``columns.py`` and
``decklist/sections.py``."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from event_helpers import Tt

from tt_organizer.cli.main import cli
from tt_organizer.decklist.parsed import MAIN, PILE
from tt_organizer.decklist.sections import SKIP, classify_header, header_words, names_only_tamers
from tt_organizer.events.sheet_import import read_registrations
from tt_organizer.sheets.columns import find_roster, header_key
from tt_organizer.sheets.reading import read_table

SHEET = Path(__file__).parent / "fixtures" / "sheets_zh" / "baoming.csv"
NAMES = ["李小龙", "王芳", "陈志明"]


def test_the_columns_a_chinese_form_names() -> None:
    roster = find_roster(read_table(SHEET))
    assert roster is not None
    assert roster.roles == {"name": 6, "ext_id": 7, "deck": 8, "submitted": 1}


def test_a_chinese_form_registers_every_row_with_its_deck(tmp_path: Path) -> None:
    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "周末赛")
    out = tt.json("register", "--from", str(SHEET))
    assert (out["new"], out["refused"]) == (3, 0)
    assert [r["name"] for r in out["rows"]] == NAMES
    assert all(r["player"]["legal"] and r["status"] == "legal" for r in out["rows"])
    by_name = {p["name"]: p for p in tt.json("players")}
    assert by_name["李小龙"]["ext_id"] == "2200123456"
    assert by_name["陈志明"]["ext_id"] is None


def test_chinese_headers_keep_their_letters() -> None:
    assert header_key("姓名（必填）") == "姓名 必填"
    assert header_key("2、万代会员号（Bandai TCG+）") == "2 万代会员号 bandai tcg"
    sheet_rows = read_registrations(SHEET)
    assert [r.name for r in sheet_rows] == NAMES


@pytest.mark.parametrize(("line", "kind"), [
    ("主卡组（50）", MAIN), ("卡组 50张", MAIN), ("// 主卡组", MAIN), ("主卡组 (50)", MAIN),
    ("驯兽师 + 数码蛋卡组（9张）", PILE), ("驯兽师与数码蛋卡组", PILE), ("数码蛋", PILE),
    ("// 蛋组", PILE), ("蛋卡组：4", PILE), ("驯兽师（5）", PILE), ("副卡组", SKIP),
    ("亚古兽 x4", None), ("4 BT1-010 亚古兽", None), ("主卡组和亚古兽", None),
])
def test_chinese_section_headers(line: str, kind: str | None) -> None:
    assert classify_header(line) == kind


def test_a_chinese_header_is_cut_into_words() -> None:
    assert header_words("驯兽师与数码蛋卡组（9张）") == ["驯兽师", "与", "数码蛋卡组"]
    assert names_only_tamers("// 驯兽师 (5)")
    assert not names_only_tamers("驯兽师 + 数码蛋卡组")


def test_a_chinese_headed_decklist_validates(tmp_path: Path) -> None:
    """Each row's deck pasted alone: 50 cards under the main header, 9 under the pile's."""
    rows = list(csv.reader(SHEET.open(encoding="utf-8", newline="")))
    for i, row in enumerate(rows[1:]):
        deck = tmp_path / f"deck{i}.txt"
        deck.write_text(row[8], encoding="utf-8")
        result = CliRunner().invoke(cli, ["--language", "zh", "deck", "validate", str(deck),
                                          "--json"])
        assert result.exit_code == 0, result.output
        report = json.loads(result.stdout)[0]
        assert report["legal"] is True
        assert (sum(report["main"].values()), sum(report["pile"].values())) == (50, 9)
    shown = CliRunner().invoke(cli, ["--language", "zh", "deck", "validate", str(deck)])
    assert "合规" in shown.stdout and "主卡组（50 张）" in shown.stdout


def test_a_workbook_exported_in_chinese_is_read_back(tmp_path: Path) -> None:
    """An event in Chinese exports its pairings as «第 1 轮对阵» with «桌», «选手 1», «结果»,
    «先攻（每局 P1/P2）»: filled in and read by ``tt event report --from`` as an English one."""
    from openpyxl import load_workbook

    from tt_organizer.events.sheet_import import sheet_round

    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "周末赛", "--rounds", "2", "--language", "zh")
    tt("register", "--from", str(SHEET))
    tt("register", "王小明")
    tt("pair")
    tt("export", str(tmp_path / "out.xlsx"))
    wb = load_workbook(tmp_path / "out.xlsx")
    assert "第 1 轮对阵" in wb.sheetnames
    ws = wb["第 1 轮对阵"]
    assert [c.value for c in ws[2]][:3] == ["轮", "桌", "选手 1"]
    ws["G3"], ws["H3"] = "2-0", "P1,P2"
    ws["G4"] = "平局"
    wb.save(tmp_path / "filled.xlsx")
    tt("report", "--from", str(tmp_path / "filled.xlsx"))
    matches = {m["table"]: m for m in tt.json("pairings")}
    assert (matches[1]["result"], matches[2]["result"]) == ("2-0", "draw")
    assert [sheet_round(n) for n in ("第 3 轮对阵", "第3轮", "第 3 轮", "对阵")] == [3, 3, 3, None]
