"""Fuzz the decklist parsers: any bytes, in any declared shape, give a parsed deck or an
InputError (one message naming the source), never another exception."""

from __future__ import annotations

import io

import openpyxl
from fuzz_settings import FUZZ
from hypothesis import given
from hypothesis import strategies as st

from tt_organizer.decklist.parsers import INPUT_FORMATS, parse_decklist_bytes
from tt_organizer.errors import InputError
from tt_organizer.export.cells import clean_text
from tt_organizer.sheets.reading import cell_text, read_workbook

NUMBERS = st.sampled_from(["BT1-010", "ST1-03", "EX5-065", "P-029", "bt14-007", "BT99-999",
                           "LM-001", "ST17-12", "BT1-0010", "-", "BT-", "１２"])
COUNTS = st.sampled_from(["1", "4", "0", "-1", "99", "x4", "4x", "²", "٣", "9" * 30, ""])
WORDS = st.sampled_from(["Agumon", "Greymon", "// Digimon Deck List", "Egg Deck (5)",
                         "Main deck: 50", "Tamers - 5 cards", "Digi-Egg", "Sideboard",
                         "[", "]", "{", "}", '"', ",", ";", "\t", "(", ")", "Ω", "\u202e",
                         "\x00", "\r", "=1+1", "x"])
LINE = st.lists(st.one_of(NUMBERS, COUNTS, WORDS, st.text(max_size=6)), max_size=6).map(" ".join)
TEXT = st.lists(LINE, max_size=40).map("\n".join)
TTS_JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), NUMBERS, st.text(max_size=5)),
    lambda inner: st.one_of(st.lists(inner, max_size=5),
                            st.dictionaries(st.sampled_from(["Nickname", "ObjectStates",
                                                             "ContainedObjects", "x"]), inner,
                                            max_size=4)),
    max_leaves=30,
).map(repr)
SHAPES = st.sampled_from([None, *INPUT_FORMATS])
ENCODINGS = st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "cp1252", "shift_jis"])


def _parse(data: bytes, shape: str | None, suffix: str) -> None:
    try:
        parsed = parse_decklist_bytes(data, source="fuzz.txt", input_format=shape,
                                      suffix=suffix)
    except InputError as exc:
        assert str(exc).startswith("fuzz.txt")
        return
    assert parsed.lines  # a parsed deck holds cards
    assert all(isinstance(line.count, int) for line in parsed.lines)


@FUZZ
@given(text=st.one_of(TEXT, TTS_JSON), shape=SHAPES, encoding=ENCODINGS,
       suffix=st.sampled_from(["", ".txt", ".csv", ".json", ".xlsx"]))
def test_decklist_text(text: str, shape: str | None, encoding: str, suffix: str) -> None:
    _parse(text.encode(encoding, errors="replace"), shape, suffix)


@FUZZ
@given(data=st.binary(max_size=2048), shape=SHAPES)
def test_decklist_bytes(data: bytes, shape: str | None) -> None:
    _parse(data, shape, "")


def _workbook(rows: list[list[object]]) -> bytes:
    wb = openpyxl.Workbook()
    for row in rows:
        wb.active.append([clean_text(c) if isinstance(c, str) else c for c in row])
    buffer = io.BytesIO()
    wb.save(buffer)
    return buffer.getvalue()


CELLS = st.one_of(st.none(), NUMBERS, COUNTS, WORDS, st.integers(-10, 10**12),
                  st.floats(allow_nan=True, allow_infinity=True), st.booleans())


@FUZZ
@given(rows=st.lists(st.lists(CELLS, max_size=6), max_size=15),
       flips=st.lists(st.tuples(st.integers(0, 10**6), st.integers(1, 255)), max_size=4))
def test_decklist_workbooks(rows: list[list[object]], flips: list[tuple[int, int]]) -> None:
    data = bytearray(_workbook(rows))
    for at, xor in flips:
        data[at % len(data)] ^= xor
    try:
        read = read_workbook(bytes(data), "fuzz.xlsx", first_only=True)
    except InputError:
        pass
    else:  # rows numbered as a spreadsheet shows them, every cell readable as text
        numbers = [n for sheet in read for n, _ in sheet.rows]
        assert numbers == sorted(set(numbers)) and all(n >= 1 for n in numbers)
        assert all(isinstance(cell_text(c), str) for s in read for _, cells in s.rows
                   for c in cells)
    _parse(bytes(data), "xlsx", ".xlsx")
