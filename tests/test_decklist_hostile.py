"""Hostile and real-world input for the deck checker: the parsers never raise anything but
InputError, never slow down on pathological text, and the CLI never prints a traceback."""

from __future__ import annotations

import contextlib
import json
import os
import random
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import LEGAL_MAIN, LEGAL_PILE

from tt_organizer.batch import check_batch
from tt_organizer.cards.numbers import normalize_number
from tt_organizer.decklist.card_lines import MAX_TABLE_ROWS
from tt_organizer.decklist.parsed import ParsedDecklist
from tt_organizer.decklist.parsers import INPUT_FORMATS, parse_decklist, read_decklist
from tt_organizer.errors import InputError
from tt_organizer.formats.check import check_text, load_context
from tt_organizer.sheets.reading import MAX_FILE_BYTES

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _legal_text() -> str:
    lines = ["// Digimon Deck List", *(f"{n} {num}" for num, n in LEGAL_MAIN.items())]
    lines += ["// Tamer + Digi-Egg pile", *(f"{n} {num}" for num, n in LEGAL_PILE.items())]
    return "\n".join(lines) + "\n"


def _cli(*args: str, stdin: str | bytes | None = None) -> tuple[int, str]:
    from tt_organizer.cli.main import cli

    result = CliRunner().invoke(cli, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result.exit_code, result.output


# --- fuzzing ----------------------------------------------------------------------------------

_ATOMS = [
    "4", " ", "x", "X", "×", "*", "BT1-010", "bt1-10", "_P1", " P2", "(P)", "(", ")", "[", "]",
    "Agumon", "//", "#", "Egg", "Deck", "Tamers", "\t", "\n", "\r\n", "-", "−", ",", ";", '"',
    "sep=;", "{", "}", "Name:", "Total: 50", "ST1-01", "P-029", "EX1-021", "é", "\u00a0",
    "\u2028", "\r", "0", "100", "-1", "99", "(DCG)", "ALT", "Main deck", "Sideboard", "\ufeff",
    "💥", "\u200b", "٣", "１", "qty", "number", "section", "null", "1.5", "[/bold]",
    "4" * 5000, "(" * 300, " P" * 100,
]  # fmt: skip


def test_fuzzed_text_gives_a_decklist_or_input_error() -> None:
    rng = random.Random(20261202)
    for _ in range(3000):
        if rng.random() < 0.2:
            text = "".join(chr(rng.randint(0, 0x2FFFF)) for _ in range(rng.randint(0, 40)))
        else:
            text = "".join(rng.choice(_ATOMS) for _ in range(rng.randint(0, 60)))
        shape = rng.choice([None, None, *INPUT_FORMATS])
        try:
            parsed = parse_decklist(text, input_format=shape)
        except InputError as exc:
            assert str(exc)
            continue
        assert isinstance(parsed, ParsedDecklist)
        assert parsed.lines and all(1 <= ln.count <= 99 for ln in parsed.lines)


_N = MAX_FILE_BYTES - 100
PATHOLOGICAL = {
    # _strip_brackets sliced once per bracket: 13 s for this line
    "nested brackets": "4 " + "(" * (_N // 2) + "BT1-010" + ")" * (_N // 2 - 10),
    # the card-number regex ran over the whole line: 1-2 s
    "suffix run": "BT1-010" + " P" * (_N // 2 - 10) + " !",
    "suffix run, no spaces": "BT1-010" + "P" * (_N - 10) + "!",
    "(P) run": "BT1-010" + "(P)" * (_N // 3 - 10) + "!",
    # one CSV row of 500,000 cells: role inference scored every column (2.5 s)
    "wide csv row": "4," * (_N // 2),
    "wide tab row": "4\t" * (_N // 2),
    # 60,000 valid card lines (0.8 s) and 90,000 array entries
    "many card lines": "4 Agumon BT1-010\n" * (_N // 17),
    "many csv rows": "count,number\n" + "4,BT1-010\n" * (_N // 10 - 2),
    "many json entries": "[" + ",".join(f'"BT{i % 30}-{i % 999:03d}"' for i in range(_N // 12))
    + "]",
    "digits": "4" * _N,
    "spaces": "4 " + " " * _N + "x",
}


def _parse_seconds(text: str, shape: str | None) -> float:
    """Best of three wall-clock times of one parse (a refusal counts as a parse)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        with contextlib.suppress(InputError):
            parse_decklist(text, input_format=shape)
        best = min(best, time.perf_counter() - start)
    return best


@pytest.mark.parametrize("name", sorted(PATHOLOGICAL))
@pytest.mark.parametrize("shape", [None, "plain", "csv"])
def test_pathological_megabyte_is_linear(name: str, shape: str | None) -> None:
    """A megabyte costs about eight times an eighth of it: linear work, whatever the load.

    Both figures are ratios measured in the same run (a shared, noisy machine makes absolute
    limits flaky): the megabyte against an eighth of it (quadratic work gives about 64, linear
    about 8), and against one pure-Python pass over its characters (the quadratic bugs this
    guards against cost hundreds of passes; the slowest linear shape about 75). A parse
    fails only when both say it is not linear.
    """
    text = PATHOLOGICAL[name]
    assert len(text) <= MAX_FILE_BYTES
    big = _parse_seconds(text, shape)
    scale = big / max(_parse_seconds(_eighth(text), shape), 1e-4)
    passes = big / _char_pass_seconds(text)
    assert scale < 24 or passes < 150, (big, scale, passes)


def _char_pass_seconds(text: str) -> float:
    """Best of three times of one Python-level pass over the text: the linear baseline."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _char in text:
            pass
        best = min(best, time.perf_counter() - start)
    return best


def _eighth(text: str) -> str:
    """The same pathological shape at an eighth of the size (balanced where it nests)."""
    if text.startswith("4 ((("):
        n = len(text) // 16
        return "4 " + "(" * n + "BT1-010" + ")" * (n - 10)
    return text[: len(text) // 8] + text[-2:]


def test_long_number_candidates_are_refused_before_the_regex() -> None:
    start = time.perf_counter()
    assert normalize_number("BT1-010" + " P" * 200_000 + " !") is None
    assert normalize_number("BT1-010" + " P" * 40) is None  # longer than any real spelling
    assert time.perf_counter() - start < 0.05
    assert normalize_number("  BT1-010 (Alt Art)  ") == "BT1-010"


def test_limits_name_the_line() -> None:
    with pytest.raises(InputError) as exc:
        parse_decklist("4 Agumon BT1-010\n" * (MAX_TABLE_ROWS + 5), source="big.txt")
    assert exc.value.line == MAX_TABLE_ROWS + 1 and "too many card lines" in str(exc.value)
    with pytest.raises(InputError) as exc:
        parse_decklist("Name: x\n4 Agumon " + "A" * 2000 + " BT1-010\n", source="long.txt")
    assert exc.value.line == 2 and "line too long" in str(exc.value)
    with pytest.raises(InputError) as exc:
        parse_decklist("count,number\n4,BT1-010" + ",x" * 100 + "\n", source="wide.csv")
    assert exc.value.line == 2 and "too many columns" in str(exc.value)


def test_padded_csv_rows_are_not_too_wide() -> None:
    parsed = parse_decklist("count,number" + "," * 200 + "\n4,BT1-010" + "," * 200 + "\n")
    assert [(ln.count, ln.number) for ln in parsed.lines] == [(4, "BT1-010")]


# --- real-world pastes ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "count", "number"),
    [
        ("Agumon x4 (BT1-010)", 4, "BT1-010"),
        ("Agumon 4 BT1-010", 4, "BT1-010"),
        ("3 Gabumon ST2-03 (Alt Art)", 3, "ST2-03"),
        ("4 Agumon bt1 - 010", 4, "BT1-010"),
        ("4x BT1-010 Agumon", 4, "BT1-010"),
        ("4 BT1-010 P2 Agumon", 4, "BT1-010"),
        ("4 st01-01", 4, "ST1-01"),
        ("2 EX1-021", 2, "EX1-021"),
    ],
)
def test_real_world_card_lines(line: str, count: int, number: str) -> None:
    parsed = parse_decklist(line + "\n")
    assert [(ln.count, ln.number) for ln in parsed.lines] == [(count, number)]


def test_count_between_name_and_number_is_range_checked() -> None:
    with pytest.raises(InputError) as exc:
        parse_decklist("// Main\nAgumon x0 (BT1-010)\n", source="d.txt")
    assert exc.value.line == 2 and "count 0 is out of range" in str(exc.value)


def test_other_games_identifier_is_not_glued_to_the_name() -> None:
    from tt_organizer.cards.games import normalize_identifier

    parsed = parse_decklist("3 Agumon - St-01\n3 St-02 - Gabumon\n", normalize=normalize_identifier)
    assert [(ln.count, ln.number) for ln in parsed.lines] == [(3, "ST-01"), (3, "ST-02")]


def test_line_numbers_count_only_real_line_breaks() -> None:
    # U+2028 and form feeds are not line breaks for an editor: the error is on line 2
    with pytest.raises(InputError) as exc:
        parse_decklist("4 BT1-010\u2028 \x0c\n4 Agumon\n", source="d.txt")
    assert exc.value.line == 2
    with pytest.raises(InputError) as exc:  # old Mac line ends
        parse_decklist("4 BT1-010\r4 BT1-011\rbad\r", source="d.txt")
    assert exc.value.line == 3
    with pytest.raises(InputError) as exc:
        parse_decklist("4 BT1-010\r\n\x01\r\n", source="d.txt")
    assert exc.value.line == 2


def test_windows_1252_paste_with_smart_quotes_and_bom(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes("\ufeff// Digimon Deck List\r\n4\t“Agumon”\tBT1-010  \r\n".encode("utf-8"))
    assert [(ln.count, ln.number) for ln in read_decklist(path).lines] == [(4, "BT1-010")]
    path.write_bytes("4 “Agumon” BT1-010\r\n4 Greymon – BT1-015\r\n".encode("cp1252"))
    assert [ln.number for ln in read_decklist(path).lines] == ["BT1-010", "BT1-015"]


def test_auto_zones_note_names_the_zones() -> None:
    ctx = load_context(auto_zones=True)
    text = "// Main deck\n4 Agumon ST1-03\n1 Tai Kamiya BT1-085\n// Egg Deck\n2 BT14-001\n"
    report = check_text(text, ctx)
    assert report.deck.notes == [
        "--auto-zones moved BT1-085 Tai Kamiya from the Main deck to the Tamer + Digi-Egg pile"
    ]


# --- files that are not files -----------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_named_pipe_without_writer_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "deck.txt"
    os.mkfifo(fifo)
    outcome: list[object] = []

    def read() -> None:
        try:
            read_decklist(fifo)
        except InputError as exc:
            outcome.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(5)
    assert not reader.is_alive(), "reading a named pipe with no writer hung"
    assert outcome and "no cards found" in str(outcome[0])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_named_pipe_with_a_writer_is_read(tmp_path: Path) -> None:
    fifo = tmp_path / "deck.txt"
    os.mkfifo(fifo)

    def write() -> None:
        with fifo.open("w") as handle:
            handle.write("4 Agumon BT1-010\n")

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    time.sleep(0.1)  # the writer is waiting for the reader
    assert [ln.number for ln in read_decklist(fifo).lines] == ["BT1-010"]
    writer.join(5)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_device_is_refused() -> None:
    with pytest.raises(InputError) as exc:
        read_decklist("/dev/zero")
    assert "not a regular file" in str(exc.value)


# --- the CLI ----------------------------------------------------------------------------------


def test_validate_reads_standard_input() -> None:
    code, out = _cli("deck", "validate", "-", "--json", stdin=_legal_text())
    assert code == 0
    (report,) = json.loads(out)
    assert report["file"] == "<stdin>" and report["legal"] is True


def test_validate_standard_input_errors_and_read_once(tmp_path: Path) -> None:
    code, out = _cli("deck", "validate", "-", stdin="4 Agumon BT1-010\n-2 Greymon BT1-015\n")
    assert code == 2 and "<stdin>:2: count -2 is out of range" in out
    code, out = _cli("deck", "validate", "-", "-", "--json", stdin=_legal_text())
    assert code == 2
    first, second = json.loads(out)
    assert first["legal"] is True
    assert second["legal"] is None and "only once" in second["error"]
    code, out = _cli("deck", "validate", "-", stdin=b"\xff" * (MAX_FILE_BYTES + 1))
    assert code == 2 and "too large" in out


def test_rich_markup_in_a_bad_line_is_printed_not_parsed(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("// Digimon Deck List\n4 Agumon BT1-010\n[/bold] [red]\n", encoding="utf-8")
    code, out = _cli("deck", "validate", str(deck))
    assert code == 2
    assert "deck.txt:3: cannot read this line" in out and "[/bold] [red]" in out


@pytest.mark.parametrize(
    "args",
    [
        ("cards", "show", "[/x]"),
        ("formats", "[/x]"),
        ("deck", "validate", "--format", "[/x]", "x.txt"),
        ("deck", "check-batch", "--format", "[/x]", "x.txt"),
        ("cards", "import", "--game", "[/x]", "README.md"),
    ],
)
def test_markup_in_user_input_never_gives_a_traceback(args: tuple[str, ...]) -> None:
    code, out = _cli(*args)
    assert code == 2 and "[/x]" in out.replace("[/X]", "[/x]")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--color", "purple2"), "unknown colour 'purple2'"),
        (("--type", "Tamr"), "unknown card type 'Tamr'"),
        (("--limit", "0", "agumon"), "0 is out of range (1 to"),
        (("--limit", "-1", "agumon"), "'-1' is not a number from 1 to"),
    ],
)
def test_cards_search_refuses_filters_that_match_nothing(
    args: tuple[str, ...], message: str
) -> None:
    code, out = _cli("cards", "search", *args)
    assert code == 2 and message in out


def test_cards_search_filters_ignore_case() -> None:
    code, out = _cli("cards", "search", "--type", "EGG", "--color", "RED", "--json")
    assert code == 0
    found = json.loads(out)
    assert found and all(c["type"] == "Digi-Egg" and "Red" in c["colors"] for c in found)


def test_batch_zip_members_read_like_files(tmp_path: Path) -> None:
    archive = tmp_path / "decks.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("tts.json", json.dumps(["Exported from x", *["BT1-010"] * 4]))
        zf.writestr("nul.txt", "4 BT1-010\n\x004 BT1-011\n")
        zf.writestr("text.txt", _legal_text())
    rows = {r.player: r for r in check_batch([archive], load_context())}
    assert rows["tts"].report is not None and rows["tts"].report.deck.input_format == "tts"
    assert rows["nul"].legal is None and rows["nul"].message.startswith("line 2: not a text")
    assert rows["text"].legal is True


def test_directory_error_points_to_check_batch(tmp_path: Path) -> None:
    code, out = _cli("deck", "validate", str(tmp_path))
    assert code == 2 and "is a directory" in out and "check-batch" in out


# --- organizer's definitions and card lists ---------------------------------------------------


@pytest.fixture
def user_formats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    from tt_organizer.formats.registry import all_formats

    monkeypatch.setenv("TT_USER_DATA", str(tmp_path))
    all_formats.cache_clear()
    yield tmp_path / "formats"
    all_formats.cache_clear()


def _definition(**changes: object) -> dict[str, object]:
    shipped = Path(__file__).resolve().parents[1] / "tt_organizer" / "formats" / "definitions"
    data = json.loads((shipped / "tamer-tactics-0.9.1.json").read_text(encoding="utf-8"))
    data.update(id="house", **changes)
    return data


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"zones": []}, "at least one zone"),
        ({"section_aliases": {"main": "deck"}}, "unknown zone(s) deck"),
        ({"color_rule": {"check_types": ["Option"], "providers": {"side": ["Digimon"]}}},
         "unknown zone(s) side"),
        ({"zones": [{"id": "main"}]}, "zones.0.label: Field required"),
    ],
)
def test_inconsistent_user_definition_is_refused_in_one_line(
    user_formats: Path, tmp_path: Path, changes: dict[str, object], message: str
) -> None:
    user_formats.mkdir()
    (user_formats / "house.json").write_text(json.dumps(_definition(**changes)), encoding="utf-8")
    deck = tmp_path / "deck.txt"
    deck.write_text("4 BT1-010\n", encoding="utf-8")
    code, out = _cli("deck", "validate", "--format", "house", str(deck))
    assert code == 2 and "house.json: bad format definition" in out and message in out
    assert "pydantic" not in out


def test_duplicate_zone_ids_are_refused(user_formats: Path) -> None:
    data = _definition()
    data["zones"][1]["id"] = "main"  # type: ignore[index]
    user_formats.mkdir()
    (user_formats / "house.json").write_text(json.dumps(data), encoding="utf-8")
    code, out = _cli("formats", "house")
    assert code == 2 and "zone ids must be different" in out


def test_card_list_import_unreadable_and_oversized(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tt_organizer.formats import game_import

    monkeypatch.setenv("TT_USER_DATA", str(tmp_path / "user"))
    source = tmp_path / "cards.csv"
    source.write_text("number,name,type\nSt-01,Agumon,Digimon\n", encoding="utf-8")
    monkeypatch.setattr(game_import, "MAX_IMPORT_BYTES", 10)
    with pytest.raises(InputError, match="card list too large"):
        game_import.import_game_cards(source, "dmcg-1999")

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    import tt_organizer.safe_files

    monkeypatch.setattr(game_import, "MAX_IMPORT_BYTES", 1 << 20)
    monkeypatch.setattr(tt_organizer.safe_files.os, "open", refuse)
    with pytest.raises(InputError, match="permission denied"):
        game_import.import_game_cards(source, "dmcg-1999")


# --- zones ------------------------------------------------------------------------------------

TYPE_GROUPED = (
    "Digimon (4)\n4 ST1-03\nTamer (1)\n1 BT1-085\nOption (2)\n2 ST1-16\nDigi-Egg (2)\n2 BT14-001\n"
)
TYPE_GROUPED_CSV = "zone,count,number\nDigimon,4,ST1-03\nTamers,1,BT1-085\nEggs,2,BT14-001\n"


@pytest.mark.parametrize("text", [TYPE_GROUPED, TYPE_GROUPED_CSV])
def test_standard_deck_grouped_by_type_keeps_its_tamers_in_the_main_deck(text: str) -> None:
    report = check_text(text, load_context("standard"))
    assert report.deck.zone("main")["BT1-085"] == 1
    assert "WRONG_ZONE" not in report.codes


@pytest.mark.parametrize("text", [TYPE_GROUPED, TYPE_GROUPED_CSV])
def test_tamer_tactics_tamers_header_is_still_the_pile(text: str) -> None:
    report = check_text(text, load_context())
    assert report.deck.zone("pile") == {"BT1-085": 1, "BT14-001": 2}
    assert "WRONG_ZONE" not in report.codes


def test_tamer_under_a_main_deck_header_is_still_wrong_zone() -> None:
    report = check_text("Main deck\n4 ST1-03\n1 BT1-085\nEgg deck\n2 BT14-001\n", load_context())
    assert "WRONG_ZONE" in report.codes


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"card_number,name\n\xff\n", "b.csv:2: the facts table must be UTF-8"),
        (
            b"card_number,name,card_type,colors,level,rarity,set_code\n"
            b"BT1-010,A\x00,Digimon,Red,3,R,BT1\n",
            "b.csv:2: bad card name",
        ),
    ],
)
def test_cards_build_bad_facts_table(tmp_path: Path, content: bytes, message: str) -> None:
    source = tmp_path / "b.csv"
    source.write_bytes(content)
    code, out = _cli("cards", "build", str(source), "--out", str(tmp_path / "out"))
    assert code == 2 and message in out
    assert not (tmp_path / "out" / "cards.json").exists()


def test_facts_table_lines_count_multiline_cells() -> None:
    from tt_organizer.cards.importer import parse_cards_csv

    text = (
        "card_number,name,card_type,colors,level,rarity,set_code\n"
        'BT1-010,Agumon,Digimon,Red,3,"R\n",BT1\n'
        "BT1-011,Gabumon,Nope,Blue,3,R,BT1\n"
    )
    with pytest.raises(InputError) as exc:
        parse_cards_csv(text, source="t.csv")
    assert exc.value.line == 4


def test_imported_card_text_is_not_read_as_markup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TT_USER_DATA", str(tmp_path / "user"))
    cards = tmp_path / "cards.csv"
    cards.write_text("number,name,type\nSt-01,[/bold] Agumon,[/Digimon]\n", encoding="utf-8")
    code, out = _cli("cards", "import", str(cards), "--game", "dmcg-1999")
    assert code == 0
    deck = tmp_path / "deck.txt"
    deck.write_text("3 St-01\n", encoding="utf-8")
    code, out = _cli("deck", "validate", "--format", "dmcg-1999", str(deck))
    assert code == 1 and "[/bold] Agumon" in out and "[/Digimon]" in out


@pytest.mark.parametrize(
    "text",
    [
        "count,number,name\n" + "4" * 5000 + ",BT1-010,Agumon\n",  # int() refuses 4,300+ digits
        "count,number,name\n4,BT1-010," + "A" * 2000 + "\n",
        "4,BT1-010\n4," + "4" * 5000 + "\n",
    ],
)
def test_huge_table_cells_are_input_errors(text: str) -> None:
    with pytest.raises(InputError) as exc:
        parse_decklist(text, source="t.csv", input_format="csv")
    assert exc.value.line is not None
    with pytest.raises(InputError):
        parse_decklist(text, source="t.csv")


def test_header_cell_of_digits_is_not_a_count() -> None:
    parsed = parse_decklist("count,number," + "4" * 900 + "\n4,BT1-010\n")
    assert [(ln.count, ln.number) for ln in parsed.lines] == [(4, "BT1-010")]


def test_json_number_too_long_for_int_is_input_error() -> None:
    with pytest.raises(InputError) as exc:
        parse_decklist('[\n"BT1-010",\n' + "4" * 5000 + "]", source="d.json")
    assert exc.value.line == 3 and "number too long" in str(exc.value)


def test_format_ids_ignore_case_and_spaces() -> None:
    code, out = _cli("formats", "Standard", "TT", " tamer-tactics ", "--json")
    assert code == 0
    assert [f["id"] for f in json.loads(out)] == [
        "standard", "tamer-tactics-0.9.1", "tamer-tactics-0.9.1"
    ]
    code, out = _cli("formats", "nope")
    assert code == 2 and "unknown format 'nope'; known: appmon" in out


# --- spreadsheets -----------------------------------------------------------------------------


def _sheet(path: Path, cells: dict[str, object]) -> Path:
    import openpyxl

    workbook = openpyxl.Workbook()
    for ref, value in cells.items():
        workbook.active[ref] = value
    workbook.save(path)
    return path


def test_tiny_workbook_reaching_column_xfd_is_fast(tmp_path: Path) -> None:
    # 5 KB: its dimension A1:XFD20000 made openpyxl hand over 20,000 rows of 16,384 cells (18 s)
    path = _sheet(tmp_path / "deck.xlsx", {"A1": 4, "B1": "BT1-010", "XFD1": "x", "A20000": 4,
                                           "B20000": "BT1-011"})
    start = time.perf_counter()
    parsed = read_decklist(path)
    assert time.perf_counter() - start < 2.0
    assert [(ln.count, ln.number) for ln in parsed.lines] == [(4, "BT1-010"), (4, "BT1-011")]


def test_workbook_with_a_cell_a_million_rows_down_is_refused(tmp_path: Path) -> None:
    path = _sheet(tmp_path / "deck.xlsx", {"A1": 4, "B1": "BT1-010", "A1000000": "x"})
    start = time.perf_counter()
    with pytest.raises(InputError, match="the sheet is too long"):
        read_decklist(path)
    assert time.perf_counter() - start < 2.0


def test_workbook_bomb_is_refused_before_openpyxl(tmp_path: Path) -> None:
    path = _sheet(tmp_path / "deck.xlsx", {"A1": 4, "B1": "BT1-010"})
    bomb = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info, src.read(info))
        dst.writestr("xl/padding.bin", b"\0" * (40 * 1024 * 1024))
    assert bomb.stat().st_size < MAX_FILE_BYTES
    with pytest.raises(InputError, match="unpacks to"):
        read_decklist(bomb)


def test_wide_roster_sheet_is_fast(tmp_path: Path) -> None:
    path = _sheet(tmp_path / "roster.xlsx", {"A1": "Player", "B1": "Decklist", "XFD1": "x",
                                             "A2": "Ann", "B2": _legal_text(), "A20000": "Bob"})
    start = time.perf_counter()
    rows = check_batch([path], load_context())
    assert time.perf_counter() - start < 3.0
    assert [(r.player, r.legal) for r in rows] == [("Ann", True), ("Bob", None)]


def test_many_unknown_numbers_do_not_cost_a_spelling_search_each() -> None:
    text = "".join(f"1 Q{i % 999}-{i:04d}\n" for i in range(2000))  # 26 s before
    start = time.perf_counter()
    report = check_text(text, load_context())
    assert time.perf_counter() - start < 3.0
    unknown = [v for v in report.errors if v.code == "UNKNOWN_CARD"]
    assert len(unknown) == 2000
    assert "closest known" in unknown[0].message  # the first ones still get suggestions
