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
