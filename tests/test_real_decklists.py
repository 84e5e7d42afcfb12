"""Real decklists (tests/fixtures/real/decklists/, sources in its README) get the
right verdict in `standard`, in every shape the deck builders write them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tt_organizer.decklist.links import parse_link
from tt_organizer.decklist.parsers import read_decklist
from tt_organizer.errors import InputError
from tt_organizer.formats.check import CheckContext, check_file, load_context

REAL = Path(__file__).resolve().parent / "fixtures" / "real" / "decklists"
INDEX = json.loads((REAL / "index.json").read_text(encoding="utf-8"))
FILES = sorted(p.name for p in REAL.iterdir() if p.suffix in (".txt", ".json")
               and p.name != "index.json")
# Not legal today, each explained by a ban-list change after the list was played (README).
EXPLAINED = {
    "bt19-dgo-2025-03-15-3-sakuyamon.meta.txt": ["BANNED_PAIR"],
    "builder-example.digimoncardio.txt": ["RESTRICTED"],
}
SHAPE_FORMAT = {
    "dev": "digimoncard.dev", "app": "digimoncard.app", "io": "digimoncard.io",
    "untap": "untap", "meta": "digimonmeta", "tts": "tts", "egman": "link:egmanevents",
    "io-link": "link:digimoncard.io", "meta-link": "link:digimonmeta",
}  # fmt: skip


@pytest.fixture(scope="module")
def standard() -> CheckContext:
    return load_context("standard")


def test_corpus_size_and_shapes() -> None:
    assert len(FILES) >= 30
    assert {e["shape"] for e in INDEX} == set(SHAPE_FORMAT)
    newest = {e["id"].split("-")[0] for e in INDEX}
    assert {"bt25", "bt24", "ex12", "ex11"} <= newest


@pytest.mark.parametrize("name", FILES)
def test_verdict_in_standard(name: str, standard: CheckContext) -> None:
    report = check_file(REAL / name, standard)
    assert sorted({i.code for i in report.errors}) == EXPLAINED.get(name, [])
    assert "NAME_MISMATCH" not in {i.code for i in report.warnings}


@pytest.mark.parametrize("entry", INDEX, ids=lambda e: e["file"])
def test_shape_is_named_and_eggs_are_in_the_egg_deck(
    entry: dict[str, object], standard: CheckContext
) -> None:
    report = check_file(REAL / str(entry["file"]), standard)
    assert report.deck.input_format == SHAPE_FORMAT[str(entry["shape"])]
    eggs = report.deck.zone("pile")
    assert 1 <= sum(eggs.values()) <= 5
    assert all(report.deck.cards[n].card_type == "Digi-Egg" for n in eggs)
    assert sum(report.deck.zone("main").values()) == 50


def test_builder_examples_are_named_right() -> None:
    shapes = {name: read_decklist(REAL / name).input_format for name in FILES
              if name.startswith("builder-example")}
    assert shapes == {
        "builder-example.digimoncardapp.txt": "digimoncard.app",
        "builder-example.digimoncarddev.txt": "digimoncard.dev",
        "builder-example.digimoncardio.txt": "digimoncard.io",
        "builder-example.digimonmeta.txt": "digimonmeta",
        "builder-example.tts.json": "tts",
        "builder-example.untap.txt": "untap",
    }


@pytest.mark.parametrize(
    "name", ["builder-example.digimoncardapp.txt", "builder-example.digimoncarddev.txt"]
)
def test_app_and_dev_exports_with_eggs_are_legal(
    name: str, standard: CheckContext
) -> None:
    """The issue's wrong verdict: eggs mixed into one banner-headed list went to the main deck."""
    report = check_file(REAL / name, standard)
    assert report.legal
    assert sum(report.deck.zone("pile").values()) in (4, 3)


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("https://digimoncard.app/deckbuilder/abc123", "paste the site's text export"),
        ("https://digimoncard.dev/deck/xyz", "paste the site's text export"),
        ("https://example.com/?q=1", "not a deck link"),
        ("https://deckbuilder.egmanevents.com/?type=digimon", "no deck= list"),
        ("https://deckbuilder.egmanevents.com/?deck=BT1-010:x", "cannot read"),
        ("https://deckbuilder.egmanevents.com/?deck=Agumon:4", "not a card number"),
        ("https://digimoncard.io/deckbuilder/?deck=400+BT1-010", "outside 1-99"),
        ("http://[::1/?deck=1", "not a readable web address"),
    ],
)
def test_links_without_a_readable_list_are_refused(link: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_link(link, source="link.txt", normalize=lambda s: s if "-" in s else None)
