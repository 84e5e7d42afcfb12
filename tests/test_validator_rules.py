"""Deck-validation holes the mutation run found, closed by what a player reads -- the
verdict, its violation codes, and the words of the colour rule (which zones and card types
would pay for an Option, in each format)."""

from __future__ import annotations

from conftest import LEGAL_MAIN, LEGAL_PILE, with_changes

from tt_organizer.formats.validator import validate_deck

BLUE_OPTION = with_changes(LEGAL_MAIN, BT1_093=1, BT1_096=1)  # Mad Dog Fire: a Blue Option


def test_the_colour_rule_names_who_pays_in_tamer_tactics(build_deck, tt_format, banlist):
    report = validate_deck(build_deck(BLUE_OPTION), tt_format, banlist)
    assert report.legal and report.errors == []
    assert [(v.code, v.cards, v.severity) for v in report.warnings] == [
        ("COLOR_REQUIREMENT", ["BT1-096"], "warning")]
    assert report.warnings[0].message == (
        "BT1-096 Mad Dog Fire (Blue Option): no Blue Digimon in the Main deck or Tamer in the "
        "Tamer + Digi-Egg pile, so it can only be used for its security effect")


def test_the_colour_rule_names_who_pays_in_standard(build_deck, std_format, banlist):
    deck = build_deck({**BLUE_OPTION, **LEGAL_PILE}, None, fmt=std_format, sections=False,
                      auto_zones=True)
    report = validate_deck(deck, std_format, banlist)
    colour = [v for v in report.warnings if v.code == "COLOR_REQUIREMENT"]
    assert [v.message for v in colour] == [
        "BT1-096 Mad Dog Fire (Blue Option): no Blue Digimon/Tamer in the Main deck, so it can "
        "only be used for its security effect"]


def test_strict_colours_make_it_an_error_and_the_deck_illegal(build_deck, tt_format, banlist):
    report = validate_deck(build_deck(BLUE_OPTION), tt_format, banlist, strict_colors=True)
    assert not report.legal
    assert [(v.code, v.severity) for v in report.errors] == [("COLOR_REQUIREMENT", "error")]
    assert report.warnings == []


def test_a_paid_option_is_not_flagged(build_deck, tt_format, banlist):
    # a Red Option in the mono-red deck: its colour is carried by the Digimon of the main deck
    report = validate_deck(build_deck(), tt_format, banlist, strict_colors=True)
    assert report.legal and report.errors == [] and report.warnings == []


def test_a_verdict_reads_in_the_players_language_and_its_json_stays_english() -> None:
    """``tt --language es deck validate``: each broken rule in Spanish (its code as it is);
    ``--json`` carries the English explanation whatever the language."""
    import json
    from pathlib import Path

    from click.testing import CliRunner

    from tt_organizer import i18n
    from tt_organizer.cli.main import cli

    sample = str(Path(__file__).parents[1] / "samples" / "illegal-deck.txt")
    try:
        shown = CliRunner().invoke(cli, ["--language", "es", "deck", "validate", sample])
        as_json = CliRunner().invoke(cli, ["--language", "es", "deck", "validate", "--json",
                                           sample])
    finally:
        i18n.set_language("en")
    assert shown.exit_code == as_json.exit_code == 1
    assert "MAIN_SIZE el mazo principal tiene 51 cartas; debe tener exactamente 50" in \
        shown.stdout
    assert "Main deck has 51 cards" not in shown.stdout
    (verdict,) = json.loads(as_json.stdout)
    errors = {e["code"]: e["message"] for e in verdict["errors"]}
    assert errors["MAIN_SIZE"] == "Main deck has 51 cards; it must have exactly 50"


def test_a_tamer_fixed_to_no_copies_says_so_not_the_pile_rule(build_deck, tt_format, banlist):
    """A local card fix (card_overrides.json) giving a Tamer ``copy_limit`` 0: its one copy
    in the pile breaks the card's own limit, and the verdict says that -- the pile's "every
    Tamer a different card number" rule is for a second copy of a one-copy card."""
    from tt_organizer.cards.database import apply_override

    deck = build_deck()
    deck.cards["BT1-085"] = apply_override(deck.cards["BT1-085"], {"copy_limit": 0})
    report = validate_deck(deck, tt_format, banlist)
    assert [(v.code, v.cards) for v in report.errors] == [("CARD_COPIES", ["BT1-085"])]
    assert report.errors[0].message.endswith("1 copies of BT1-085 Tai Kamiya; its own text "
                                             "allows 0")
    two = build_deck(pile=with_changes(LEGAL_PILE, BT1_085=2))
    assert [v.message.split("; ")[-1] for v in validate_deck(two, tt_format, banlist).errors] \
        == ["every one of the Tamers must be a different card number"]
