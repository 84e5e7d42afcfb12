"""Refusals of the decklist, card, ban-list and file readers in the reader's language: each
is raised as a code of ``tt_organizer.messages`` with its parameters, English in ``str()`` and
JSON, Spanish or Chinese where a person reads it (``tt --language``)."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tt_organizer import i18n
from tt_organizer.banlist import guards
from tt_organizer.banlist.announcement import BanList
from tt_organizer.banlist.page import parse_page
from tt_organizer.banlist.page_sync import SyncRefused
from tt_organizer.cards import load_cards
from tt_organizer.decklist.parsers import parse_decklist
from tt_organizer.errors import InputError, UnknownCardError

TT = str(Path(sys.executable).with_name("tt"))

# each refusal: (its English words, the same in Spanish, in Chinese)
UNREADABLE_LINE = ("cannot read this line as a card (expected a count and a card number",
                   "no se puede leer esta línea como una carta (se esperaba una cantidad y un "
                   "número de carta",
                   "无法将此行读取为卡牌（应为数量和卡牌编号")
MISSING = ("missing.txt: file not found", "missing.txt: no se encontró el archivo",
           "missing.txt: 找不到文件")
OLD_SHEET = (".xls spreadsheets are not supported: save as .xlsx or .csv",
             "las hojas de cálculo .xls no se admiten: guárdala como .xlsx o .csv",
             "不支持 .xls 电子表格：请另存为 .xlsx 或 .csv")
LANGUAGES = {"en": 0, "es": 1, "zh": 2}


def tt(*args: str) -> subprocess.CompletedProcess[str]:
    """``tt`` in a fresh process, its language from ``--language`` alone."""
    env = {k: v for k, v in os.environ.items() if k not in i18n.ENVIRONMENT}
    env.update({"LANG": "C", "COLUMNS": "200", "NO_COLOR": "1"})
    return subprocess.run([TT, *args], capture_output=True, text=True, env=env, check=False)


@pytest.fixture
def decks(tmp_path: Path) -> list[str]:
    """An unreadable card line, a file that is not there, an old spreadsheet format."""
    (tmp_path / "bad.txt").write_text("4 Agumon BT1-010\nhello world\n", encoding="utf-8")
    (tmp_path / "old.xls").write_text("4 Agumon BT1-010\n", encoding="utf-8")
    return [str(tmp_path / "bad.txt"), str(tmp_path / "missing.txt"), str(tmp_path / "old.xls")]


@pytest.mark.parametrize("lang", ["en", "es", "zh"])
def test_unreadable_decks_are_refused_in_the_readers_language(decks: list[str],
                                                               lang: str) -> None:
    out = tt("--language", lang, "deck", "validate", *decks)
    assert out.returncode == 2
    for words in (UNREADABLE_LINE, MISSING, OLD_SHEET):
        assert words[LANGUAGES[lang]] in out.stderr, (words, out.stderr)
        if lang != "en":
            assert words[0] not in out.stderr
    assert f"{decks[0]}:2: " in out.stderr and "'hello world'" in out.stderr  # file, line, text


def test_the_json_of_a_refusal_stays_english_in_another_language(decks: list[str]) -> None:
    out = tt("--language", "zh", "deck", "validate", "--json", *decks)
    rows = json.loads(out.stdout)
    assert [r["legal"] for r in rows] == [None, None, None]
    assert UNREADABLE_LINE[0] in rows[0]["error"] and rows[0]["error"].startswith(decks[0] + ":2:")
    assert rows[1]["error"].endswith(MISSING[0]) and OLD_SHEET[0] in rows[2]["error"]


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "unknown card number BT1-999 (did you mean BT1-115, BT1-114, BT1-113?)"),
    ("es", "número de carta desconocido: BT1-999 (¿quisiste decir BT1-115, BT1-114, BT1-113?)"),
    ("zh", "未知的卡牌编号 BT1-999（你是不是指 BT1-115, BT1-114, BT1-113？）"),
])
def test_an_unknown_card_number_is_refused_in_the_readers_language(lang: str,
                                                                   words: str) -> None:
    out = tt("--language", lang, "cards", "show", "BT1-999")
    assert out.returncode == 2
    assert words in out.stderr


@pytest.mark.parametrize(("lang", "words"), [
    ("es", "--banlist 'nonsense': no es un archivo ni una fecha (AAAA-MM-DD)"),
    ("zh", "--banlist 'nonsense'：既不是文件，也不是日期（YYYY-MM-DD）"),
])
def test_a_translated_refusal_still_names_the_option(tmp_path: Path, lang: str,
                                                     words: str) -> None:
    """The words naming an input ("ban list") are replaced by the command line's option in
    the translated sentence too."""
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Agumon BT1-010\n", encoding="utf-8")
    out = tt("--language", lang, "deck", "validate", str(deck), "--banlist", "nonsense")
    assert out.returncode == 2
    assert words in out.stderr


def test_a_refusal_is_a_code_and_its_parameters() -> None:
    with pytest.raises(InputError) as refused:
        parse_decklist("4 Agumon BT1-010\n200 Gabumon BT1-029\n", source="d.txt")
    exc = refused.value
    assert exc.code == "count-out-of-range"
    assert exc.params == {"count": 200, "limit": 99}
    assert (exc.file, exc.line) == ("d.txt", 2)
    assert str(exc) == ("d.txt:2: count 200 is out of range (1-99 copies per line)\n"
                        "    '200 Gabumon BT1-029'")
    with i18n.using("es"):
        assert exc.shown().startswith("d.txt:2: la cantidad 200 está fuera de rango (1-99 "
                                      "copias por línea)")
    with i18n.using("zh"):
        assert exc.shown().startswith("d.txt:2: 数量 200 超出范围（每行 1-99 张）")


def test_an_unknown_card_keeps_one_code_with_or_without_suggestions() -> None:
    cards = load_cards()
    with pytest.raises(UnknownCardError) as close:
        cards.get("BT1-999")
    assert close.value.code == "unknown-card" and close.value.params["number"] == "BT1-999"
    assert str(close.value).startswith("unknown card number BT1-999 (did you mean ")
    bare = UnknownCardError("XX9-001", [])
    assert bare.code == "unknown-card" and str(bare) == "unknown card number XX9-001"


def test_the_reasons_of_a_refused_sync_are_each_translated() -> None:
    big = BanList(announced=dt.date(2026, 3, 16),
                  banned=[f"BT{n // 100}-{n % 100:03d}" for n in range(100, 1101)])
    reasons = guards.check_growth(big, None)
    refused = SyncRefused(reasons, "page.html")
    assert refused.code == "sync-refused"
    assert str(refused) == ("refusing the ban list from page.html: the list is abnormally large "
                            "(1001 entries; real lists hold a few dozen). The cache is unchanged")
    assert refused.reasons == [str(reasons[0])]
    with i18n.using("es"):
        assert refused.shown() == (
            "se rechaza la lista de prohibidas de page.html: la lista es anormalmente grande "
            "(1001 entradas; las listas reales tienen unas pocas decenas). La caché no cambia")


def test_the_problems_of_a_ban_list_page_are_text_and_translated() -> None:
    """A page's problems stay English text (what a sync's JSON and tests compare) and a refusal
    quoting them shows each in the reader's language."""
    page = parse_page("<html><head><title>Restricted cards</title></head><body></body></html>")
    assert page.problems == [
        "no current list (the 'List of Currently Affected Cards' section is missing)"]
    refused = SyncRefused(page.problems, "page.html")
    assert str(refused).endswith(
        "(the 'List of Currently Affected Cards' section is missing). The cache is unchanged")
    with i18n.using("zh"):
        assert refused.shown() == ("已拒绝来自 page.html 的禁卡表：没有当前列表（缺少 "
                                   "'List of Currently Affected Cards' 部分）。缓存未改动")
