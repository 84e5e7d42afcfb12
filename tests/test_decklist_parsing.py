"""Decklist parsers: every pasted shape, detection, forced shapes and every bad input."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from tt_organizer.decklist.parsed import MAIN, PILE, DeckLine, ParsedDecklist
from tt_organizer.decklist.parsers import (
    INPUT_FORMATS,
    detect_format,
    parse_decklist,
    read_decklist,
)
from tt_organizer.decklist.sections import BANNER, SKIP, classify_header
from tt_organizer.errors import InputError
from tt_organizer.sheets.reading import MAX_FILE_BYTES

FIXTURES = Path(__file__).parent / "fixtures" / "decklists"
SAMPLES = Path(__file__).parent.parent / "samples"

# The Red Tamer Tactics deck every fixture holds: 50 main cards, 3 Digi-Eggs and 5 Tamers.
DIGIMON = [
    (4, "ST1-03"), (4, "BT14-007"), (4, "ST1-07"), (4, "BT14-012"), (2, "EX9-009"),
    (4, "BT14-014"), (3, "ST1-09"), (2, "ST1-06"), (2, "BT14-101"), (2, "ST1-11"),
    (2, "BT3-018"), (2, "BT4-020"),
]  # fmt: skip
OPTIONS = [(4, "ST1-16"), (4, "BT14-090"), (3, "ST1-14"), (2, "BT14-089"), (2, "ST1-15")]
MAIN_CARDS = DIGIMON + OPTIONS
EGGS = [(2, "BT14-001"), (1, "BT5-001")]
TAMERS = [(1, "BT1-085"), (1, "BT14-082"), (1, "BT15-082"), (1, "BT4-092"), (1, "BT10-087")]

Row = tuple[int, str, "str | None", int]  # count, number, section, line


def _rows(cards: list[tuple[int, str]], section: str | None, first_line: int) -> list[Row]:
    return [(c, n, section, first_line + i) for i, (c, n) in enumerate(cards)]


def _as_rows(parsed: ParsedDecklist) -> list[Row]:
    return [(ln.count, ln.number, ln.section, ln.line) for ln in parsed.lines]


def _err(exc: pytest.ExceptionInfo[InputError], file: str, line: int | None) -> str:
    """Assert the error names ``file`` (and ``line``) and return its text."""
    text = str(exc.value)
    assert exc.value.file == file
    assert exc.value.line == line
    where = f"{file}:{line}" if line is not None else f"{file}:"
    assert text.startswith(where), text
    return text


EXPECTED: dict[str, tuple[str, bool, list[Row]]] = {
    "red-tt.digimoncard-io.txt": (
        "digimoncard.io",
        True,
        # under the "// Digimon Deck List" banner: no zone named, placed by card type
        _rows(MAIN_CARDS, None, 2) + _rows(EGGS, PILE, 20) + _rows(TAMERS, PILE, 23),
    ),
    "red-tt.digimoncard-dev.txt": (
        "digimoncard.dev",
        True,
        _rows(MAIN_CARDS, None, 2) + _rows(EGGS + TAMERS, PILE, 21),
    ),
    "red-tt.digimoncard-app.txt": (
        "digimoncard.app",
        True,
        _rows(DIGIMON, MAIN, 2)
        + _rows(OPTIONS, MAIN, 15)
        + _rows(TAMERS, PILE, 21)
        + _rows(EGGS, PILE, 27),
    ),
    "red-tt.digimonmeta.txt": ("digimonmeta", False, _rows(MAIN_CARDS + EGGS + TAMERS, None, 1)),
    "red-tt.untap.txt": (
        "untap",
        True,
        _rows(MAIN_CARDS, MAIN, 2) + _rows(EGGS, PILE, 20) + _rows(TAMERS, PILE, 23),
    ),
    "red-tt.plain.txt": (
        "plain",
        True,
        _rows(DIGIMON, MAIN, 5)
        + _rows(OPTIONS, MAIN, 18)
        + _rows(EGGS, PILE, 25)
        + _rows(TAMERS, PILE, 28),
    ),
    "red-tt.tts.json": ("tts", False, _rows(MAIN_CARDS + EGGS + TAMERS, None, 2)),
    "red-tt.csv": (
        "csv",
        True,
        _rows(MAIN_CARDS, MAIN, 2) + _rows(EGGS + TAMERS, PILE, 19),
    ),
    "red-tt-noheader.csv": ("csv", False, _rows(MAIN_CARDS + EGGS + TAMERS, None, 1)),
}


# --- the full samples of every shape ----------------------------------------------------------


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_parses_exactly(name: str) -> None:
    fmt, has_sections, rows = EXPECTED[name]
    parsed = read_decklist(FIXTURES / name)
    assert parsed.input_format == fmt
    assert parsed.has_sections is has_sections
    assert parsed.source == str(FIXTURES / name)
    assert _as_rows(parsed) == rows
    assert sum(c for c, _, s, _ in rows if s != PILE) >= 50


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_format_is_detected(name: str) -> None:
    text = (FIXTURES / name).read_text(encoding="utf-8")
    assert detect_format(text) == EXPECTED[name][0]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_parse_text_matches_read_file(name: str) -> None:
    text = (FIXTURES / name).read_text(encoding="utf-8")
    parsed = parse_decklist(text, source="pasted")
    assert parsed.source == "pasted"
    assert _as_rows(parsed) == EXPECTED[name][2]


def test_fixture_names_and_texts() -> None:
    io_deck = read_decklist(FIXTURES / "red-tt.digimoncard-io.txt")
    assert [ln.name for ln in io_deck.lines[:3]] == ["Agumon", "Agumon", "Greymon"]
    assert io_deck.lines[12].name == "Gaia Force"
    assert io_deck.lines[0].text == "4 Agumon ST1-03"
    untap = read_decklist(FIXTURES / "red-tt.untap.txt")
    assert untap.lines[14].name == "Starlight Explosion"  # "(DCG)" dropped
    assert untap.lines[0].text.endswith("(DCG) (ST1-03)")  # CRLF stripped
    meta = read_decklist(FIXTURES / "red-tt.digimonmeta.txt")
    assert {ln.name for ln in meta.lines} == {None}
    dev = read_decklist(FIXTURES / "red-tt.digimoncard-dev.txt")
    assert dev.lines[13].name == "Dragon of Courage"
    plain = read_decklist(FIXTURES / "red-tt.plain.txt")
    assert plain.name == "Red Greymon"
    assert plain.lines[7].name == "Coredramon"  # tab separated
    assert plain.lines[3].text == "4 x Greymon BT14-012_P1"
    csv_deck = read_decklist(FIXTURES / "red-tt-noheader.csv")
    assert csv_deck.lines[-1].name == "Taiki Kudo"
    assert csv_deck.lines[-1].text == "Taiki Kudo,BT10-087,1"


def test_tts_fixture_folds_parallels_and_keeps_first_line() -> None:
    parsed = read_decklist(FIXTURES / "red-tt.tts.json")
    greymon = parsed.lines[3]
    assert (greymon.number, greymon.count, greymon.line) == ("BT14-012", 4, 5)
    assert greymon.text == '"BT14-012"'
    assert sum(ln.count for ln in parsed.lines) == 58


def test_plain_fixture_ignores_sideboard() -> None:
    parsed = read_decklist(FIXTURES / "red-tt.plain.txt")
    assert max(ln.line for ln in parsed.lines) == 32
    assert sum(ln.count for ln in parsed.lines if ln.number == "ST1-15") == 2


def test_untap_fixture_has_crlf_line_endings() -> None:
    assert b"\r\n" in (FIXTURES / "red-tt.untap.txt").read_bytes()


# --- line shapes ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "count", "number", "name"),
    [
        ("4 BlitzGreymon EX9-013", 4, "EX9-013", "BlitzGreymon"),
        ("1 DemiMeramon             BT15-006", 1, "BT15-006", "DemiMeramon"),
        ("BT11-005 Koromon 4", 4, "BT11-005", "Koromon"),
        ("4 (BT22-002)", 4, "BT22-002", None),
        (
            "1 MetalTyrannomon                      (DCG) (BT11-055)",
            1,
            "BT11-055",
            "MetalTyrannomon",
        ),
        ("4 BT1-010", 4, "BT1-010", None),
        ("4x Agumon (BT1-010)", 4, "BT1-010", "Agumon"),
        ("BT1-010 x4", 4, "BT1-010", None),
        ("BT1-010 4x", 4, "BT1-010", None),
        ("4 x Agumon BT1-010", 4, "BT1-010", "Agumon"),
        ("x4 Agumon BT1-010", 4, "BT1-010", "Agumon"),
        ("4 Agumon BT1-010_P1", 4, "BT1-010", "Agumon"),
        ("4 Agumon BT1-010 P2", 4, "BT1-010", "Agumon"),
        ("4 Agumon BT1-010(P)", 4, "BT1-010", "Agumon"),
        ("4 Agumon (BT1-010) (P)", 4, "BT1-010", "Agumon"),
        ("4 agumon bt1-10", 4, "BT1-010", "agumon"),
        ("3 Agumon [ST1-3]", 3, "ST1-03", "Agumon"),
        ("1 Agunimon P-29", 1, "P-029", "Agunimon"),
        ("BT1-010", 1, "BT1-010", None),
        ("(BT1-010)", 1, "BT1-010", None),
        ("4\tAgumon\tBT1-010", 4, "BT1-010", "Agumon"),
        ("- 4 Agumon BT1-010", 4, "BT1-010", "Agumon"),
        ("4 Agumon - BT1-010", 4, "BT1-010", "Agumon"),
        ("1 ADR-02 Searcher EX2-046", 1, "EX2-046", "ADR-02 Searcher"),
        ("EX2-046 ADR-02 Searcher 1", 1, "EX2-046", "ADR-02 Searcher"),
        ("1 ADR-02 Searcher (DCG) (EX2-046)", 1, "EX2-046", "ADR-02 Searcher"),
        ("2 Lónkhē Adistakto BT10-101", 2, "BT10-101", "Lónkhē Adistakto"),
        ("1 Shoutmon + StarSword BT11-009", 1, "BT11-009", "Shoutmon + StarSword"),
        ("BT10-009 Shoutmon X4 4", 4, "BT10-009", "Shoutmon X4"),
        ("1 Jesmon (X Antibody) (DCG) (BT10-016)", 1, "BT10-016", "Jesmon (X Antibody)"),
        ("3 Win Rate: 60%! EX1-071", 3, "EX1-071", "Win Rate: 60%!"),
        ("1 DIGIMON CON 2023 P-116", 1, "P-116", "DIGIMON CON 2023"),
        ("4 X-Antibody BT9-008", 4, "BT9-008", "X-Antibody"),
        ("99 Sukamon BT11-061", 99, "BT11-061", "Sukamon"),
    ],
)
def test_line_shapes(line: str, count: int, number: str, name: str | None) -> None:
    parsed = parse_decklist(line + "\n", source="deck.txt")
    assert parsed.lines == [DeckLine(count, number, name, None, 1, line.strip())]


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        ("4 BlitzGreymon EX9-013\n2 Agumon BT1-010\n", "digimoncard.io"),
        ("// Digimon Deck List\n4 BlitzGreymon EX9-013\n4 BT1-010\n", "digimoncard.io"),
        (
            "1 DemiMeramon             BT15-006\n4 Agumon                  BT1-010\n",
            "digimoncard.dev",
        ),
        ("BT11-005 Koromon 4\nBT1-010 Agumon 2\n", "digimoncard.app"),
        ("4 (BT22-002)\n4 (ST19-03)\n", "digimonmeta"),
        ("1 MetalTyrannomon   (DCG) (BT11-055)\n", "untap"),
        ("4 BT1-010\n4x Agumon (BT1-010)\nBT1-010 x4\n", "plain"),
        ("4 BlitzGreymon EX9-013\n(BT22-002)\n", "plain"),
        ('["Exported from https://digimoncard.dev","BT15-006"]', "tts"),
        ("\ufeff  [\n]", "tts"),
        ("4,BT1-010,Agumon\n2,BT1-011\n", "csv"),
        ("qty;card;name\n4;BT1-010;Agumon\n", "csv"),
        ("sep=;\n4;BT1-010\n", "csv"),
        ("Count\tNumber\n4\tBT1-010\n", "csv"),
        ("4\tAgumon\tBT1-010\n", "digimoncard.io"),
        ("1 Metropolitan Police Department, Community Safety Bureau BT16-096\n", "digimoncard.io"),
        ("", "plain"),
        ("Hello, world\n", "plain"),
    ],
)
def test_detect_format(text: str, fmt: str) -> None:
    assert detect_format(text) == fmt


def test_every_format_id_is_listed() -> None:
    assert INPUT_FORMATS == (
        "digimoncard.io", "digimoncard.dev", "digimoncard.app", "digimonmeta", "untap",
        "plain", "tts", "csv", "xlsx", "link",
    )  # fmt: skip


# --- sections ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("// Digimon Deck List", BANNER),
        ("// Digimon DeckList ", BANNER),
        ("Digimon Deck List", BANNER),
        ("Main deck", MAIN),
        ("MAIN DECK (50)", MAIN),
        ("Main:", MAIN),
        ("Deck", MAIN),
        ("Digimon", MAIN),
        ("Digimon (35)", MAIN),
        ("Options", MAIN),
        ("// option: 15", MAIN),
        ("Digimon & Options", MAIN),
        ("## Main Deck", MAIN),
        ("**Main deck**", MAIN),
        ("// Egg Deck", PILE),
        ("Egg Deck (5)", PILE),
        ("Digi-Egg deck:", PILE),
        ("Digi-Eggs", PILE),
        ("eggs", PILE),
        ("Tamers", PILE),
        ("Tamer:", PILE),
        ("Tamer + Digi-Egg pile", PILE),
        ("// Tamer + Digi-Egg pile (8)", PILE),
        ("Tamers & Eggs - 8 cards", PILE),
        ("Pile", PILE),
        ("Tamer pile", PILE),
        ("Sideboard", SKIP),
        ("// Side deck:", SKIP),
        ("Maybeboard", SKIP),
        ("// Created with digimoncard.io", None),
        ("Deck: Red Greymon", None),
        ("4 Eggs", None),
        ("Main deck 2 of 3", None),
        ("4 Agumon BT1-010", None),
        ("", None),
    ],
)
def test_section_headers(line: str, kind: str | None) -> None:
    assert classify_header(line) == kind


def test_sections_follow_headers_and_repeat_cards_stay_separate() -> None:
    text = (
        "// Deck name: Red Test\n"
        "4 Agumon BT1-010\n"
        "// Egg Deck\n"
        "4 Koromon BT5-001\n"
        "Main\n"
        "2 Agumon BT1-010\n"
        "Sideboard (2)\n"
        "2 Greymon BT1-015\n"
        "anything at all can go here\n"
        "Tamers\n"
        "1 Tai Kamiya BT1-085\n"
    )
    parsed = parse_decklist(text, source="deck.txt")
    assert parsed.name == "Red Test"
    assert parsed.has_sections
    assert _as_rows(parsed) == [
        (4, "BT1-010", None, 2),
        (4, "BT5-001", PILE, 4),
        (2, "BT1-010", MAIN, 6),
        (1, "BT1-085", PILE, 11),
    ]


def test_comments_blank_and_summary_lines_are_skipped() -> None:
    text = "# my deck\n\n   \n-----\n// from a friend\n4 BT1-010\nTotal: 4 cards\n"
    parsed = parse_decklist(text)
    assert _as_rows(parsed) == [(4, "BT1-010", None, 6)]
    assert not parsed.has_sections


def test_name_line_without_slashes() -> None:
    assert parse_decklist("Name: Blue Flare\n4 BT1-010\n").name == "Blue Flare"
    assert parse_decklist("Deck: Blue Flare \nDeck:\n4 BT1-010\n").name == "Blue Flare"
    assert parse_decklist("4 BT1-010\n").name is None


# --- forced shapes ----------------------------------------------------------------------------


def test_forced_text_shape_names_the_result() -> None:
    text = (FIXTURES / "red-tt.digimoncard-io.txt").read_text(encoding="utf-8")
    forced = parse_decklist(text, input_format="untap")
    assert forced.input_format == "untap"
    assert _as_rows(forced) == EXPECTED["red-tt.digimoncard-io.txt"][2]


def test_forced_csv_on_text_fails_on_first_card_line() -> None:
    text = (FIXTURES / "red-tt.digimoncard-io.txt").read_text(encoding="utf-8")
    with pytest.raises(InputError) as exc:
        parse_decklist(text, source="io.txt", input_format="csv")
    assert "no card number found" in _err(exc, "io.txt", 2)


def test_forced_tts_on_text_is_an_input_error() -> None:
    with pytest.raises(InputError) as exc:
        parse_decklist("4 Agumon BT1-010\n", source="d.txt", input_format="tts")
    assert "JSON" in _err(exc, "d.txt", 1)


def test_forced_plain_on_csv_fails() -> None:
    with pytest.raises(InputError) as exc:
        parse_decklist("4,BT1-010\n", source="d.csv", input_format="plain")
    _err(exc, "d.csv", 1)


def test_forced_csv_reads_tab_rows_without_header() -> None:
    parsed = parse_decklist("4\tBT1-010\tAgumon\n", input_format="csv")
    assert parsed.input_format == "csv"
    assert _as_rows(parsed) == [(4, "BT1-010", None, 1)]
    assert parsed.lines[0].name == "Agumon"


def test_forced_format_on_file(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    shutil.copy(FIXTURES / "red-tt.tts.json", path)
    assert detect_format(path.read_text()) == "tts"
    assert read_decklist(path).input_format == "tts"
    with pytest.raises(InputError) as exc:
        read_decklist(path, input_format="digimonmeta")
    _err(exc, str(path), 1)


def test_unknown_input_format() -> None:
    with pytest.raises(InputError) as exc:
        parse_decklist("4 BT1-010", source="d.txt", input_format="mtga")
    assert "unknown input format 'mtga'" in _err(exc, "d.txt", None)


def test_xlsx_cannot_be_parsed_from_text() -> None:
    with pytest.raises(InputError) as exc:
        parse_decklist("4 BT1-010", source="d.txt", input_format="xlsx")
    _err(exc, "d.txt", None)


# --- Tabletop Simulator -----------------------------------------------------------------------


def test_tts_single_line_export() -> None:
    text = json.dumps(
        ["Exported from https://digimoncard.dev", "BT15-006", "BT15-006", "P-123",
         "bt15-6", "BT15-006_P1", "ST17-07", "P-123"]
    )  # fmt: skip
    parsed = parse_decklist(text)
    assert parsed.input_format == "tts"
    assert [(ln.count, ln.number, ln.line) for ln in parsed.lines] == [
        (4, "BT15-006", 1), (2, "P-123", 1), (1, "ST17-07", 1),
    ]  # fmt: skip
    assert not parsed.has_sections


def test_tts_without_header_element() -> None:
    parsed = parse_decklist('[\n  "BT1-010",\n  "BT1-010"\n]\n')
    assert _as_rows(parsed) == [(2, "BT1-010", None, 2)]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('["BT1-010",\n 4]', 2, "array of card-number strings"),
        ('["BT1-010",\n null]', 2, "found null"),
        ('["BT1-010",\n ["BT1-011"]]', 2, "found list"),
        ('{"deck": ["BT1-010"]}', 1, "array of card-number strings"),
        ('["Exported",\n "BT1-010",\n "Agumon"]', 3, "not a card number: 'Agumon'"),
        ('["BT1-010",\n "BT1-011"', 2, "not closed"),
        ('["BT1-010"\n "BT1-011"]', 2, "expected ','"),
        ('["BT1-010",\n ]', 2, "invalid JSON"),
        ('["BT1-010"]\n["BT1-011"]', 2, "data after the array"),
        ('["BT1-010", "BT1\n-011"]', 1, "invalid JSON"),
        ("[" * 100_000 + "]" * 100_000, 1, "invalid JSON"),
    ],
)
def test_tts_bad_json(text: str, line: int, message: str) -> None:
    with pytest.raises(InputError) as exc:
        parse_decklist(text, source="deck.json")
    assert message in _err(exc, "deck.json", line)


def test_tts_empty_or_header_only() -> None:
    for text in ("[]", '["Exported from https://digimoncard.dev"]'):
        with pytest.raises(InputError) as exc:
            parse_decklist(text, source="deck.json")
        assert "no cards found" in _err(exc, "deck.json", None)


# --- CSV --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "header",
    [
        "count,number,name",
        "Qty,Card Number,Name",
        "quantity,card_number,card name",
        "Copies,ID,Name",
        "COUNT,Card No.,title",
        "x,card,name",
    ],
)
def test_csv_header_synonyms(header: str) -> None:
    parsed = parse_decklist(f"{header}\n4,BT1-010,Agumon\n2,ST1-3,Biyomon\n")
    assert _as_rows(parsed) == [(4, "BT1-010", None, 2), (2, "ST1-03", None, 3)]
    assert [ln.name for ln in parsed.lines] == ["Agumon", "Biyomon"]


def test_csv_columns_follow_header_order() -> None:
    text = "Name;Zone;Card;Qty;Rarity\nKoromon;Egg deck;BT5-001;4;U\nAgumon;main;BT1-010;3;R\n"
    parsed = parse_decklist(text, source="d.csv")
    assert parsed.has_sections
    assert _as_rows(parsed) == [(4, "BT5-001", PILE, 2), (3, "BT1-010", MAIN, 3)]
    assert parsed.lines[0].text == "Koromon;Egg deck;BT5-001;4;U"


def test_csv_without_count_column_counts_one_per_row() -> None:
    parsed = parse_decklist("number,name\nBT1-010,Agumon\nBT1-010,Agumon\n")
    assert _as_rows(parsed) == [(1, "BT1-010", None, 2), (1, "BT1-010", None, 3)]


def test_csv_section_rows_comments_and_excel_sep() -> None:
    text = (
        "sep=;\n"
        "# exported by hand\n"
        "count;number\n"
        "Main deck\n"
        "4;BT1-010\n"
        "\n"
        "Egg deck\n"
        '2;"BT5-001"\n'
        "Sideboard\n"
        "1;whatever\n"
    )
    parsed = parse_decklist(text)
    assert parsed.input_format == "csv"
    assert parsed.has_sections
    assert _as_rows(parsed) == [(4, "BT1-010", MAIN, 5), (2, "BT5-001", PILE, 8)]


def test_csv_delimiter_found_after_a_section_row() -> None:
    parsed = parse_decklist("Main deck\ncount;number;name\n4;BT1-010;Agumon, the first\n")
    assert parsed.input_format == "csv"
    assert _as_rows(parsed) == [(4, "BT1-010", MAIN, 3)]
    assert parsed.lines[0].name == "Agumon, the first"


def test_csv_headerless_section_column_is_inferred() -> None:
    parsed = parse_decklist("4,BT1-010,Agumon,main\n2,BT5-001,Koromon,eggs\n")
    assert _as_rows(parsed) == [(4, "BT1-010", MAIN, 1), (2, "BT5-001", PILE, 2)]
    assert [ln.name for ln in parsed.lines] == ["Agumon", "Koromon"]
    assert parsed.has_sections


def test_csv_quoted_name_with_comma_and_newline() -> None:
    text = (
        'count,number,name\n1,BT16-096,"Metropolitan Police Department,\n'
        'Cyber Crime Division"\n4,BT1-010,Agumon\n'
    )
    parsed = parse_decklist(text)
    assert _as_rows(parsed) == [(1, "BT16-096", None, 2), (4, "BT1-010", None, 4)]
    assert parsed.lines[0].name == "Metropolitan Police Department,\nCyber Crime Division"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("count,number\n4,BT1-010\n0,BT1-011\n", 3, "count 0 is out of range"),
        ("count,number\n-2,BT1-010\n", 2, "count -2 is out of range"),
        ("count,number\n100,BT1-010\n", 2, "count 100 is out of range"),
        ("count,number\nfour,BT1-010\n", 2, "not a card count: 'four'"),
        ("count,number\n,BT1-010\n", 2, "no count in this row"),
        ("count,number\n4,Agumon\n", 2, "not a card number: 'Agumon'"),
        ("count,number,name\n4,,Agumon\n", 2, "no card number"),
        ("count,number,section\n4,BT1-010,graveyard\n", 2, "unknown section 'graveyard'"),
        ("qty,name\n4,Agumon\n", 1, "no card-number column"),
        ("4,BT1-010\n2,BT1-011\n3,Agumon\n", 3, "not a card number: 'Agumon'"),
        ('count,number\n4,"BT1-010\n', 2, "unreadable CSV"),
    ],
)
def test_csv_bad_rows(text: str, line: int, message: str) -> None:
    with pytest.raises(InputError) as exc:
        parse_decklist(text, source="deck.csv", input_format="csv")
    assert message in _err(exc, "deck.csv", line)


# --- xlsx -------------------------------------------------------------------------------------


def _workbook(path: Path, rows: list[list[object]]) -> Path:
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    for row in rows:
        ws.append(row)
    extra = wb.create_sheet("ignored")
    extra.append(["not", "read"])
    wb.save(path)
    return path


def test_xlsx_full_deck(tmp_path: Path) -> None:
    rows: list[list[object]] = [["Qty", "Card number", "Name", "Zone"]]
    rows += [[float(c), n, "x", "Main deck"] for c, n in MAIN_CARDS]
    rows.append([None, None, None, None])
    rows += [[c, n, "y", "Tamer + Digi-Egg pile"] for c, n in EGGS + TAMERS]
    path = _workbook(tmp_path / "deck.xlsx", rows)
    parsed = read_decklist(path)
    assert parsed.input_format == "xlsx"
    assert parsed.has_sections
    assert _as_rows(parsed) == _rows(MAIN_CARDS, MAIN, 2) + _rows(EGGS + TAMERS, PILE, 20)
    assert parsed.lines[0].text == "4, ST1-03, x, Main deck"


def test_xlsx_headerless_with_section_rows_and_other_extension(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["Main"],
        ["Agumon", "BT1-010", 4],
        ["Eggs"],
        ["Koromon", "BT5-001", 2],
    ]
    path = _workbook(tmp_path / "deck.bin", rows)
    parsed = read_decklist(path)
    assert parsed.input_format == "xlsx"
    assert _as_rows(parsed) == [(4, "BT1-010", MAIN, 2), (2, "BT5-001", PILE, 4)]


@pytest.mark.parametrize(
    ("rows", "line", "message"),
    [
        ([["count", "number"], [4, "BT1-010"], [2.5, "BT1-011"]], 3, "not a card count: '2.5'"),
        ([["count", "number"], [4, "BT1-010"], [120, "BT1-011"]], 3, "count 120 is out of range"),
        ([["count", "number"], [4, "Agumon"]], 2, "not a card number"),
    ],
)
def test_xlsx_bad_rows(tmp_path: Path, rows: list[list[object]], line: int, message: str) -> None:
    path = _workbook(tmp_path / "bad.xlsx", rows)
    with pytest.raises(InputError) as exc:
        read_decklist(path)
    assert message in _err(exc, str(path), line)


def test_xlsx_empty_sheet(tmp_path: Path) -> None:
    path = _workbook(tmp_path / "empty.xlsx", [])
    with pytest.raises(InputError) as exc:
        read_decklist(path)
    assert "no cards found" in _err(exc, str(path), None)


def test_xlsx_corrupt_workbook(tmp_path: Path) -> None:
    path = tmp_path / "broken.xlsx"
    path.write_bytes(b"PK\x03\x04" + b"garbage" * 50)
    with pytest.raises(InputError) as exc:
        read_decklist(path)
    assert "not a readable .xlsx workbook" in _err(exc, str(path), None)


def test_xlsx_forced_on_text_file(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("4 BT1-010\n")
    with pytest.raises(InputError) as exc:
        read_decklist(path, input_format="xlsx")
    assert "not an .xlsx workbook" in _err(exc, str(path), None)


def test_old_spreadsheet_formats_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "deck.xls"
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(100))
    with pytest.raises(InputError) as exc:
        read_decklist(path)
    assert "save as .xlsx" in _err(exc, str(path), None)


# --- encodings and line endings ---------------------------------------------------------------

DECK = "// Digimon Deck List\n4 Agumon BT1-010\n// Egg Deck\n4 Koromon BT5-001\n"
DECK_ROWS = [(4, "BT1-010", None, 2), (4, "BT5-001", PILE, 4)]


@pytest.mark.parametrize(
    "data",
    [
        DECK.encode("utf-8"),
        b"\xef\xbb\xbf" + DECK.encode("utf-8"),
        DECK.replace("\n", "\r\n").encode("utf-8"),
        DECK.replace("\n", "\r").encode("utf-8"),
        DECK.encode("utf-16"),
        DECK.replace("4 Agumon", "4\tAgumon\t").encode("cp1252"),
    ],
)
def test_encodings_and_line_endings(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(data)
    parsed = read_decklist(path)
    assert parsed.input_format == "digimoncard.io"
    assert _as_rows(parsed) == DECK_ROWS


def test_windows_1252_names(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes("4 Agumon – Café BT1-010\r\n1 Hell’s Gate BT4-112\r\n".encode("cp1252"))
    parsed = read_decklist(path)
    assert [ln.name for ln in parsed.lines] == ["Agumon – Café", "Hell’s Gate"]
    assert parsed.lines[1].line == 2


def test_utf8_names_and_json_file_extension(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("2 Lónkhē Adistakto BT10-101\n", encoding="utf-8")
    assert read_decklist(path).lines[0].name == "Lónkhē Adistakto"
    jpath = tmp_path / "export.json"
    jpath.write_text('["BT10-101", "BT10-101"]', encoding="utf-8")
    assert _as_rows(read_decklist(jpath)) == [(2, "BT10-101", None, 1)]


# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("4 Agumon BT1-010\n0 Greymon BT1-015\n", 2, "count 0 is out of range"),
        ("4 Agumon BT1-010\n\n-1 Greymon BT1-015\n", 3, "count -1 is out of range"),
        ("100 Greymon BT1-015\n", 1, "count 100 is out of range"),
        ("123456789012345678901234567890 BT1-015\n", 1, "out of range"),
        ("BT1-015 x0\n", 1, "count 0 is out of range"),
        ("BT1-015 Greymon -3\n", 1, "count -3 is out of range"),
        ("// Digimon Deck List\n4 Agumon\n", 2, "no card number found"),
        ("4 Agumon BT1-010\nGreymon\n", 2, "cannot read this line"),
        (
            "This is my favourite deck. It wins a lot of games,\nand I built it myself.\n",
            1,
            "cannot read this line",
        ),
        ("<!DOCTYPE html>\n<html><head><title>Deck</title></head></html>\n", 1, "cannot read"),
        ("4 Agumon BT1-010\n4 Agumon BT1-010 4\n", 2, "no card number found"),
    ],
)
def test_unreadable_lines(text: str, line: int, message: str) -> None:
    with pytest.raises(InputError) as exc:
        parse_decklist(text, source="deck.txt")
    shown = _err(exc, "deck.txt", line)
    assert message in shown
    assert exc.value.text == text.splitlines()[line - 1].strip()
    assert repr(exc.value.text) in shown


def test_near_miss_numbers_do_not_backtrack_forever() -> None:
    # normalize_number used to take 18 s on 33 characters of this; 80 would never end
    line = "BT1-010" + " P" * 40 + " !"
    with pytest.raises(InputError) as exc:
        parse_decklist(f"4 Agumon BT1-010\n{line}\n", source="deck.txt")
    assert "cannot read this line" in _err(exc, "deck.txt", 2)
    with pytest.raises(InputError) as exc:
        parse_decklist(json.dumps(["BT1-010", line]), source="deck.json")
    assert "not a card number" in _err(exc, "deck.json", 1)
    with pytest.raises(InputError):
        parse_decklist(f"count,number\n4,{line}\n")


@pytest.mark.parametrize(
    "text",
    ["", "\n\n  \n", "# just a comment\n// and another\n", "// Digimon Deck List\n// Egg Deck\n"],
)
def test_no_cards_found(text: str) -> None:
    with pytest.raises(InputError) as exc:
        parse_decklist(text, source="empty.txt")
    assert "no cards found" in _err(exc, "empty.txt", None)


def test_no_cards_found_in_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    with pytest.raises(InputError) as exc:
        read_decklist(path)
    assert "no cards found" in _err(exc, str(path), None)


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (b"4 Agumon BT1-010\n\x00\x01\x02\x03garbage", 2),
        (bytes(range(256)) * 4, 1),
        (b"4 Agumon BT1-010\n4 Greymon \x81\x8d\x8f\x90\x9d BT1-015\n", 2),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 3),
    ],
)
def test_binary_content(tmp_path: Path, data: bytes, line: int) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(data)
    with pytest.raises(InputError) as exc:
        read_decklist(path)
    assert "not a text decklist (binary data)" in _err(exc, str(path), line)


def test_binary_text_passed_directly() -> None:
    with pytest.raises(InputError) as exc:
        parse_decklist("4 Agumon BT1-010\n\x00\x00", source="<stdin>")
    assert "binary data" in _err(exc, "<stdin>", 2)


def test_file_too_large_is_refused_without_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:
        handle.truncate(8 * 1024**3)  # sparse: reading it all would take gigabytes
    with pytest.raises(InputError) as exc:
        read_decklist(path)
    assert "file too large" in _err(exc, str(path), None)


def test_file_just_over_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    line = b"4 Agumon BT1-010\n"
    path.write_bytes(line * (MAX_FILE_BYTES // len(line) + 1))
    with pytest.raises(InputError) as exc:
        read_decklist(path)
    assert "file too large" in _err(exc, str(path), None)
    with pytest.raises(InputError) as exc2:
        parse_decklist(path.read_text(), source="big")
    assert "file too large" in _err(exc2, "big", None)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.txt"
    with pytest.raises(InputError) as exc:
        read_decklist(path)
    assert "file not found" in _err(exc, str(path), None)


def test_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError) as exc:
        read_decklist(tmp_path)
    assert "is a directory" in _err(exc, str(tmp_path), None)


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root can read any file"
)
def test_permission_denied(tmp_path: Path) -> None:
    path = tmp_path / "secret.txt"
    path.write_text("4 BT1-010\n")
    path.chmod(0)
    try:
        with pytest.raises(InputError) as exc:
            read_decklist(path)
        assert "permission denied" in _err(exc, str(path), None)
    finally:
        path.chmod(0o644)


def test_unreadable_file_is_input_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("4 BT1-010\n")

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    import tt_organizer.safe_files

    monkeypatch.setattr(tt_organizer.safe_files.os, "open", refuse)
    with pytest.raises(InputError) as exc:
        read_decklist(path)
    assert "permission denied" in _err(exc, str(path), None)


# --- other games: a custom normaliser ---------------------------------------------------------


def any_code(raw: str) -> str | None:
    """Accept identifiers such as ``1-001H``, ``St-01`` or ``OP01-016`` as written (upper case)."""
    raw = raw.strip()
    return raw.upper() if re.fullmatch(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+", raw) else None


def test_custom_normaliser_in_text() -> None:
    text = "Main deck\n4 Monkey D. Luffy 1-001H\n2x St-01\n1-017R Roronoa Zoro 3\n"
    parsed = parse_decklist(text, source="op.txt", normalize=any_code)
    assert _as_rows(parsed) == [
        (4, "1-001H", MAIN, 2),
        (2, "ST-01", MAIN, 3),
        (3, "1-017R", MAIN, 4),
    ]
    assert [ln.name for ln in parsed.lines] == ["Monkey D. Luffy", None, "Roronoa Zoro"]
    with pytest.raises(InputError) as exc:  # the Digimon normaliser refuses these numbers
        parse_decklist(text, source="op.txt")
    _err(exc, "op.txt", 2)


def test_custom_normaliser_detects_csv_number_column(tmp_path: Path) -> None:
    path = tmp_path / "op.csv"
    path.write_text("Monkey D. Luffy,1-001H,4\nRoronoa Zoro,1-017R,2\n", encoding="utf-8")
    parsed = read_decklist(path, normalize=any_code)
    assert _as_rows(parsed) == [(4, "1-001H", None, 1), (2, "1-017R", None, 2)]
    assert [ln.name for ln in parsed.lines] == ["Monkey D. Luffy", "Roronoa Zoro"]
    with pytest.raises(InputError) as exc:
        read_decklist(path)
    assert "no card number found" in _err(exc, str(path), 1)


def test_custom_normaliser_csv_header_and_tts() -> None:
    parsed = parse_decklist("qty,id,name\n4,1-001H,Luffy\n", normalize=any_code)
    assert _as_rows(parsed) == [(4, "1-001H", None, 2)]
    tts = parse_decklist('["Exported from somewhere", "1-001H", "1-001h"]', normalize=any_code)
    assert _as_rows(tts) == [(2, "1-001H", None, 1)]


def test_failing_normaliser_gives_input_error() -> None:
    def broken(raw: str) -> str | None:
        raise ValueError("boom")

    with pytest.raises(InputError) as exc:
        parse_decklist("4 Agumon BT1-010\n", source="d.txt", normalize=broken)
    _err(exc, "d.txt", 1)


# --- the README samples -----------------------------------------------------------------------


def _zones(parsed: ParsedDecklist) -> dict[str | None, dict[str, int]]:
    zones: dict[str | None, dict[str, int]] = {}
    for ln in parsed.lines:
        zone = zones.setdefault(ln.section, {})
        zone[ln.number] = zone.get(ln.number, 0) + ln.count
    return zones


def test_samples_parse() -> None:
    legal = read_decklist(SAMPLES / "legal-red-tamer-tactics.txt")
    assert legal.input_format == "digimoncard.io"
    zones = _zones(legal)
    # under the "// Digimon Deck List" banner: no zone named (placed by card type)
    assert sum(zones[None].values()) == 50
    assert sum(zones[PILE].values()) == 8
    assert max(zones[None].values()) <= 4

    illegal = _zones(read_decklist(SAMPLES / "illegal-deck.txt"))
    assert sum(illegal[MAIN].values()) == 51
    assert illegal[MAIN]["ST1-03"] == 5
    assert "BT5-109" in illegal[MAIN]
    assert illegal[PILE]["BT1-085"] == 2

    standard = _zones(read_decklist(SAMPLES / "standard-deck.txt"))
    assert sum(standard[None].values()) == 50
    assert sum(standard[PILE].values()) == 5
