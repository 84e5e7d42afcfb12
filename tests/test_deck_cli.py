"""``tt deck validate`` end to end: verdicts, JSON shape, exit codes, bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import LEGAL_MAIN, LEGAL_PILE

from tt_organizer.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]


def write_deck(path: Path, main: dict[str, int], pile: dict[str, int]) -> Path:
    lines = ["// Digimon Deck List"]
    lines += [f"{n} {num}" for num, n in main.items()]
    lines += ["// Tamer + Digi-Egg pile"]
    lines += [f"{n} {num}" for num, n in pile.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["deck", "validate", *args])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.output


@pytest.fixture
def legal(tmp_path: Path) -> Path:
    return write_deck(tmp_path / "legal.txt", LEGAL_MAIN, LEGAL_PILE)


@pytest.fixture
def illegal(tmp_path: Path) -> Path:
    main = {**LEGAL_MAIN, "BT1-009": 5, "BT5-109": 1}
    return write_deck(tmp_path / "illegal.txt", main, {**LEGAL_PILE, "BT1-085": 2})


def test_legal_deck_exits_0(legal: Path) -> None:
    code, out = run(str(legal))
    assert code == 0
    assert "LEGAL" in out and "NOT LEGAL" not in out
    assert "Agumon" in out  # the deck table names the cards


def test_illegal_deck_exits_1_and_lists_every_violation(illegal: Path) -> None:
    code, out = run(str(illegal))
    assert code == 1
    for c in ("MAIN_SIZE", "MAIN_COPIES", "BANNED", "PILE_TAMER_DUPLICATE"):
        assert c in out


def test_json_output(legal: Path, illegal: Path) -> None:
    code, out = run(str(legal), str(illegal), "--json")
    assert code == 1
    data = json.loads(out)
    assert [d["legal"] for d in data] == [True, False]
    first = data[0]
    for key in ("file", "format", "legal", "errors", "warnings", "main", "pile"):
        assert key in first
    assert first["format"] == "tamer-tactics-0.9.1"
    assert first["main"] == LEGAL_MAIN and first["pile"] == LEGAL_PILE
    codes = {e["code"] for e in data[1]["errors"]}
    assert {"MAIN_SIZE", "MAIN_COPIES", "BANNED", "PILE_TAMER_DUPLICATE"} <= codes
    banned = next(e for e in data[1]["errors"] if e["code"] == "BANNED")
    assert banned["cards"] == ["BT5-109"] and banned["message"]


def test_standard_format_option(tmp_path: Path) -> None:
    main = {**LEGAL_MAIN, "BT1-091": 1, "BT1-085": 1}
    deck = write_deck(tmp_path / "std.txt", main, {"BT1-001": 4})
    assert run(str(deck), "--format", "standard")[0] == 0
    assert run(str(deck))[0] == 1  # a Tamer in the main deck is wrong in Tamer Tactics
    code, out = run(str(deck), "--format", "nonsense")
    assert code == 2 and "unknown format" in out


def test_unknown_card_is_illegal_not_unreadable(tmp_path: Path) -> None:
    deck = write_deck(tmp_path / "u.txt", {**LEGAL_MAIN, "BT1-091": 1, "BT1-999": 1}, LEGAL_PILE)
    code, out = run(str(deck))
    assert code == 1 and "UNKNOWN_CARD" in out and "BT1-115" in out


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b"", "no cards"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "binary"),
        (b"Dear organizer,\nplease find my deck attached.\nThanks!\n", "deck.txt:"),
        (b"// Digimon Deck List\n-4 BT1-010\n", "deck.txt:2"),
        (b"// Digimon Deck List\n4000 BT1-010\n", "deck.txt:2"),
    ],
)
def test_bad_input_exits_2(tmp_path: Path, content: bytes, fragment: str) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(content)
    code, out = run(str(path))
    assert code == 2
    assert fragment in out


def test_huge_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    path.write_bytes(b"4 BT1-010\n" * 1_100_000)  # about 11 MB
    code, out = run(str(path))
    assert code == 2 and "too large" in out


def test_missing_file_exits_2(tmp_path: Path) -> None:
    code, out = run(str(tmp_path / "nope.txt"))
    assert code == 2 and "nope.txt" in out


def test_real_process_exit_codes(legal: Path, illegal: Path, tmp_path: Path) -> None:
    def tt(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "tt_organizer", *args],
                              capture_output=True, text=True, check=False)

    assert tt("deck", "validate", str(legal)).returncode == 0
    assert tt("deck", "validate", str(illegal)).returncode == 1
    bad = tt("deck", "validate", str(tmp_path / "missing.txt"))
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert tt("deck", "validate").returncode == 2  # usage error


def test_a_typo_is_suggested_by_the_name_on_its_line(tmp_path: Path) -> None:
    """Issue 26 item 8, as a real process: ``4 BT13-909 Huckmon`` suggests BT13-009 Huckmon
    first. A deck whose every card is unknown has an empty zone table (it gave a traceback
    in the plain renderer)."""
    path = tmp_path / "huck.txt"
    path.write_text("4 BT13-909 Huckmon\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "tt_organizer", "deck", "validate", str(path)],
                          capture_output=True, text=True, check=False,
                          env={**os.environ, "COLUMNS": "120"})
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "BT13-909 is not a known card number; closest known: BT13-009 Huckmon," in done.stdout


def test_error_text_is_never_read_as_markup(tmp_path: Path) -> None:
    path = tmp_path / "[bold]deck[red].txt"
    path.write_text("// Digimon Deck List\n4 [red]Agumon[/red] BT1-010\nnonsense [/x]\n",
                    encoding="utf-8")
    code, out = run(str(path))
    assert code == 2
    assert "nonsense [/x]" in out and "[bold]deck[red].txt:3" in out


def test_input_format_choices_match_the_parsers(legal: Path) -> None:
    from tt_organizer.cli.options import INPUT_SHAPES
    from tt_organizer.decklist.parsers import INPUT_FORMATS

    assert tuple(INPUT_SHAPES) == tuple(INPUT_FORMATS)
    assert run(str(legal), "--input-format", "digimoncard.io")[0] == 0
    code, out = run(str(legal), "--input-format", "nonsense")
    assert code == 2 and "nonsense" in out
