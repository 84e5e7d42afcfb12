"""A line's card name is compared with its number's (NAME_MISMATCH)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tt_organizer.cards.card_names import name_key, same_name
from tt_organizer.cards.database import load_cards
from tt_organizer.cli.main import cli
from tt_organizer.decklist.parsers import parse_decklist
from tt_organizer.formats.check import check_text, load_context
from tt_organizer.formats.name_check import NAME_MISMATCH, name_mismatches, nearest_named


def mismatches(text: str, strict: bool = False) -> list[tuple[str, list[str], str]]:
    found = name_mismatches(parse_decklist(text), load_cards(), strict=strict)
    return [(v.code, v.cards, v.severity) for v in found]


def test_the_issues_typos_are_caught_with_the_number_that_carries_the_name() -> None:
    assert mismatches("4 Agumon BT14-0077\n4 Agumon ST1-13\n") == [
        (NAME_MISMATCH, ["BT14-077", "BT14-007"], "warning"),
        (NAME_MISMATCH, ["ST1-13", "ST1-03"], "warning"),
    ]
    report = check_text("4 Agumon BT14-0077\n", load_context("standard"))
    (issue,) = [w for w in report.warnings if w.code == NAME_MISMATCH]
    assert "SkullSatamon" in issue.message and "Agumon is BT14-007" in issue.message


@pytest.mark.parametrize(
    ("written", "official"),
    [
        ("MetalGreymon (X Antibody)", "MetalGreymon (X Antibody)"),
        ("metalgreymon x-antibody", "MetalGreymon (X Antibody)"),
        ("Metal Greymon X Antibody", "MetalGreymon (X Antibody)"),
        ("Tai Kamiya and Matt Ishida", "Tai Kamiya & Matt Ishida"),
        ("Tommy, Takuya, & Zoe", "Tommy, Takuya & Zoe"),
        ("Myotismon ACE", "Myotismon"),
        ("Habakirimon / Some Option", "Habakirimon"),
        ("Pokémon", "Pokemon"),
    ],
)
def test_normalised_names_match(written: str, official: str) -> None:
    assert same_name(written, official)


@pytest.mark.parametrize(
    ("written", "official"), [("Agumon", "Greymon"), ("Greymon ACE X", "Greymon"), ("A/B", "C")]
)
def test_different_names_do_not(written: str, official: str) -> None:
    assert not same_name(written, official)


def test_no_card_of_that_name_is_said_so() -> None:
    (found,) = name_mismatches(parse_decklist("4 Zorblaxmon BT1-010\n"), load_cards())
    assert found.cards == ["BT1-010"]
    assert "no card is named Zorblaxmon" in found.message


def test_nearest_prefers_the_same_set() -> None:
    cards = load_cards()
    assert nearest_named(cards, "Agumon", "BT14-077") == "BT14-007"
    assert name_key("Agumon") == name_key(" agumon ")


def test_lines_without_names_and_unknown_numbers_are_not_checked() -> None:
    assert mismatches("4 (BT1-010)\n4 BT1-011\n4 Agumon BT99-001\n") == []


def test_x_antibody_is_a_name_not_a_multiplier() -> None:
    (line,) = parse_decklist("2 X Antibody Proto Form EX5-070\n").lines
    assert (line.count, line.name) == (2, "X Antibody Proto Form")
    (line,) = parse_decklist("4 x Greymon BT1-015\n").lines
    assert (line.count, line.name) == (4, "Greymon")


def test_strict_names_makes_it_an_error(tmp_path: Path) -> None:
    deck = tmp_path / "typo.txt"
    real = Path(__file__).parent / "fixtures" / "real" / "decklists"
    text = (real / "bt25-dgo-2026-06-06-1-angels.dev.txt").read_text(encoding="utf-8")
    assert "4 Angemon " in text
    deck.write_text(text.replace("4 Angemon ", "4 Agumon  ", 1), encoding="utf-8")
    runner = CliRunner()
    loose = runner.invoke(cli, ["deck", "validate", "--format", "standard", "--json", str(deck)])
    assert loose.exit_code == 0, loose.output
    assert [w["code"] for w in json.loads(loose.output)[0]["warnings"]] == [NAME_MISMATCH]
    strict = runner.invoke(
        cli, ["deck", "validate", "--format", "standard", "--strict-names", "--json", str(deck)]
    )
    assert strict.exit_code == 1
    (error,) = json.loads(strict.output)[0]["errors"]
    assert error["code"] == NAME_MISMATCH and error["cards"][0] == "BT23-027"
