"""The card database: normalisation, lookup, suggestions, search, the importer, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tt_organizer.cards.importer import build_card_data, parse_cards_csv
from tt_organizer.cards.numbers import normalize_number
from tt_organizer.cli.main import cli
from tt_organizer.errors import InputError, UnknownCardError

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("BT1-010", "BT1-010"),
        ("bt1-10", "BT1-010"),
        ("BT01-010", "BT1-010"),
        ("BT1-010_P1", "BT1-010"),
        ("BT1-010 P2", "BT1-010"),
        ("BT1-010(P)", "BT1-010"),
        ("BT1-010 (P)", "BT1-010"),
        ("BT1-010-P3", "BT1-010"),
        ("bt1-10_p1", "BT1-010"),
        ("st1-1", "ST1-01"),
        ("ST15-13", "ST15-13"),
        ("P-29", "P-029"),
        ("ex9-13", "EX9-013"),
        ("  LM-8 ", "LM-008"),
    ],
)
def test_normalize_number(raw: str, expected: str) -> None:
    assert normalize_number(raw) == expected


@pytest.mark.parametrize("raw", ["", "Agumon", "4 BT1-010", "BT1", "-010", "BT1-010 Agumon"])
def test_not_a_number(raw: str) -> None:
    assert normalize_number(raw) is None


def test_database_covers_the_facts_table(db) -> None:
    rows = (ROOT / "data/source/cards.csv").read_text(encoding="utf-8").splitlines()
    assert len(db) == len(rows) - 1 == 4471
    types = {c.card_type for c in db}
    assert types == {"Digimon", "Tamer", "Option", "Digi-Egg", "Dual"}


def test_lookup_any_spelling(db) -> None:
    card = db.get("bt1-10_P1")
    assert (card.number, card.name, card.card_type, card.colors, card.level) == (
        "BT1-010", "Agumon", "Digimon", ("Red",), 3,
    )
    assert db.get("AD1-004").colors == ("Red", "Black")
    assert db.get("BT11-061").copy_limit == 50
    assert db.get("BT1-085").level is None


def test_unknown_number_suggests_neighbours(db) -> None:
    with pytest.raises(UnknownCardError) as err:
        db.get("BT1-200")
    assert err.value.suggestions == ["BT1-115", "BT1-114", "BT1-113"]
    assert "did you mean BT1-115" in str(err.value)
    assert db.suggest("BT99-001")  # an unknown set still gets suggestions by spelling


def test_suggestions_weigh_the_name_on_the_line(db) -> None:
    """Issue 26 item 8: ``BT13-909 Huckmon`` is a typo of BT13-009 Huckmon, not of the
    set's last numbers; the other Huckmons follow; a name nobody has changes nothing."""
    assert db.suggest("BT13-909") == ["BT13-112", "BT13-111", "BT13-110"]
    named = db.suggest("BT13-909", name="Huckmon")
    assert named[0] == "BT13-009" and db.get(named[0]).name == "Huckmon"
    assert all(db.get(n).name == "Huckmon" for n in named)
    assert db.suggest("BT13-909", name="No Such Digimon") == db.suggest("BT13-909")
    assert db.suggest("BT99-009", name="huckmon")[0] in db.numbers_named("Huckmon")


def test_search(db) -> None:
    tamers = db.search("red tamer")
    assert tamers and all(c.card_type == "Tamer" and "Red" in c.colors for c in tamers)
    agumon = db.search("agumon", level=3)
    assert "BT1-010" in [c.number for c in agumon]
    assert all("agumon" in c.name.lower() for c in agumon)
    assert db.search("option", color="blue", set_code="BT1")[0].number == "BT1-096"


def test_importer_rebuilds_the_shipped_file(tmp_path: Path) -> None:
    out = build_card_data(ROOT / "data/source/cards.csv", tmp_path)
    assert out.read_bytes() == (ROOT / "data/cards.json").read_bytes()
    payload = json.loads(out.read_text(encoding="utf-8"))
    assert payload["count"] == 4471


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("card_number,name\nBT1-010,Agumon\n", "missing column"),
        (
            "card_number,name,card_type,colors,level,rarity,set_code\nXX,Agumon,Digimon,Red,3,R,BT1\n",
            "bad.csv:2",
        ),
        (
            "card_number,name,card_type,colors,level,rarity,set_code\n"
            "BT1-010,Agumon,Monster,Red,3,R,BT1\n",
            "unknown card type",
        ),
        (
            "card_number,name,card_type,colors,level,rarity,set_code\n"
            "BT1-010,Agumon,Digimon,Pink,3,R,BT1\n",
            "colour",
        ),
        ("card_number,name,card_type,colors,level,rarity,set_code\n", "no cards"),
    ],
)
def test_importer_rejects_bad_rows(text: str, fragment: str) -> None:
    with pytest.raises(InputError) as err:
        parse_cards_csv(text, source="bad.csv")
    assert fragment in str(err.value) and "bad.csv" in str(err.value)


def test_cli_show_and_search() -> None:
    runner = CliRunner()
    shown = runner.invoke(cli, ["cards", "show", "bt1-10", "--json"])
    assert shown.exit_code == 0
    assert json.loads(shown.output)[0]["name"] == "Agumon"
    missing = runner.invoke(cli, ["cards", "show", "BT1-999"])
    assert missing.exit_code == 2
    assert "unknown card number BT1-999" in missing.output
    assert "Traceback" not in missing.output
    found = runner.invoke(cli, ["cards", "search", "Tai", "--type", "tamer", "--json"])
    assert found.exit_code == 0
    assert {"BT1-085", "BT6-087"} <= {c["number"] for c in json.loads(found.output)}
