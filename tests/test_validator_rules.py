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


def test_without_card_data_a_two_zone_format_says_once_that_card_types_were_not_checked(
        build_deck, tt_format, banlist):
    """Tamer Tactics has two zones, each allowing some card types: without card data the
    verdict says once that the types of each zone were not checked (not once per zone)."""
    report = validate_deck(build_deck(), tt_format, banlist, have_card_data=False)
    assert report.legal
    types = [w.message for w in report.warnings
             if w.code == "NOT_CHECKED" and "card types" in w.message]
    assert types == ["not checked without card data: card types allowed in each zone"]


def _pile_group_without(tt_format, group: str, **fields):
    """Tamer Tactics with one field of the pile's ``group`` cleared, as an organizer's
    definition may leave it out (a code with nothing to check)."""
    from dataclasses import replace

    zones = []
    for zone in tt_format.zones:
        groups = [replace(g, **fields) if g.label == group else g for g in zone.groups]
        zones.append(replace(zone, groups=groups))
    return replace(tt_format, zones=zones)


def test_a_group_with_a_code_but_no_limit_checks_nothing_and_refuses_no_deck(
        build_deck, tt_format, banlist):
    """An organizer's format naming a code for the Tamers' copies (or their count) but no
    limit: the deck is judged on every other rule -- no error from the empty rule, no crash."""
    twice = build_deck(pile=with_changes(LEGAL_PILE, BT1_085=2))
    assert validate_deck(twice, tt_format, banlist).codes == ["PILE_TAMER_DUPLICATE"]
    no_copy_limit = _pile_group_without(tt_format, "Tamers", copy_limit=None)
    assert validate_deck(twice, no_copy_limit, banlist).legal
    few = build_deck(pile=with_changes(LEGAL_PILE, BT1_085=0, BT2_084=0, BT4_092=0, BT1_001=4))
    assert validate_deck(few, tt_format, banlist).codes == ["PILE_TAMER_COUNT"]
    no_count = _pile_group_without(tt_format, "Tamers", count=None)
    assert validate_deck(few, no_count, banlist).legal


def test_a_group_with_a_limit_but_no_code_is_not_checked(build_deck, tt_format, banlist):
    """A limit without its violation code is no rule: no violation without a code appears."""
    twice = build_deck(pile=with_changes(LEGAL_PILE, BT1_085=2))
    no_code = _pile_group_without(tt_format, "Tamers", copies_code=None)
    report = validate_deck(twice, no_code, banlist)
    assert report.legal and report.errors == []
    few = build_deck(pile=with_changes(LEGAL_PILE, BT1_085=0, BT2_084=0, BT4_092=0, BT1_001=4))
    assert validate_deck(few, _pile_group_without(tt_format, "Tamers", count_code=None),
                         banlist).legal


def test_a_zone_copy_rule_needs_both_its_limit_and_its_code(build_deck, tt_format, banlist):
    """The Main deck's "at most 4 copies" with its limit or its code left out of an
    organizer's definition checks nothing (and never fails with a half rule)."""
    from dataclasses import replace

    five = build_deck(with_changes(LEGAL_MAIN, BT1_009=5, BT1_010=3))
    assert validate_deck(five, tt_format, banlist).codes == ["MAIN_COPIES"]
    for cleared in ({"copy_limit": None}, {"copies_code": None}):
        fmt = replace(tt_format, zones=[replace(z, **cleared) if z.id == "main" else z
                                        for z in tt_format.zones])
        report = validate_deck(five, fmt, banlist)
        assert report.legal and report.errors == [], cleared


def test_a_format_whose_colour_rule_is_an_error_refuses_the_deck_without_strict(
        build_deck, tt_format, banlist):
    """A format (an organizer's definition) may make the colour rule an error by itself:
    the unpaid Option then makes the deck illegal with no ``--strict-colors``."""
    from dataclasses import replace

    assert tt_format.color_rule is not None and tt_format.color_rule.severity == "warning"
    strict = replace(tt_format, color_rule=replace(tt_format.color_rule, severity="error"))
    report = validate_deck(build_deck(BLUE_OPTION), strict, banlist)
    assert not report.legal and report.warnings == []
    assert [(v.code, v.cards, v.severity) for v in report.errors] == [
        ("COLOR_REQUIREMENT", ["BT1-096"], "error")]


def test_a_card_restricted_to_two_copies_allows_one_or_two(build_deck, tt_format, banlist):
    """A ban list may restrict a card to more than one copy ("Restricted Cards (2)"): fewer
    copies than the limit are legal, as many as it too, one more is RESTRICTED."""
    from dataclasses import replace

    two = replace(banlist, restricted={**banlist.restricted, "BT1-009": 2})
    for copies, rest in ((1, {"BT1_091": 4, "BT1_092": 3}), (2, {"BT1_091": 4})):
        deck = build_deck(with_changes(LEGAL_MAIN, BT1_009=copies, **rest))
        report = validate_deck(deck, tt_format, two)
        assert report.legal and report.errors == [], copies
    three = validate_deck(build_deck(with_changes(LEGAL_MAIN, BT1_009=3, BT1_091=3)),
                          tt_format, two)
    assert [(v.code, v.cards) for v in three.errors] == [("RESTRICTED", ["BT1-009"])]
    assert "deck has 3" in three.errors[0].message


def test_a_card_whose_own_limit_is_its_zones_breaks_the_zones_rule(build_deck, tt_format,
                                                                     banlist):
    """A card's own copy limit that equals its zone's is no exception: going over it breaks
    the zone's rule (MAIN_COPIES, "at most N"), not the card's own (CARD_COPIES). The two
    limits are read from two files (an organizer's format, a card fix): equal numbers, not
    one object -- so 300, past the numbers Python keeps one object of."""
    import json
    from dataclasses import replace

    from tt_organizer.cards.database import apply_override

    limit = json.loads('{"copy_limit": 300}')["copy_limit"]
    fmt = replace(tt_format, zones=[replace(z, copy_limit=limit) if z.id == "main" else z
                                    for z in tt_format.zones])
    deck = build_deck(with_changes(LEGAL_MAIN, BT1_009=301))
    deck.cards["BT1-009"] = apply_override(deck.cards["BT1-009"],
                                           json.loads('{"copy_limit": 300}'))
    assert deck.cards["BT1-009"].copy_limit == limit
    report = validate_deck(deck, fmt, banlist)
    copies = [v for v in report.errors if v.cards == ["BT1-009"]]
    assert [v.code for v in copies] == ["MAIN_COPIES"]
    assert copies[0].message == "Main deck: 301 copies of BT1-009 Monodramon; at most 300 allowed"


def test_a_format_that_ignores_cards_own_limits_holds_them_to_the_zones(
        build_deck, tt_format, banlist):
    """BT11-061's own text allows 50 copies; a format with ``card_copy_limits`` off (as the
    other games' formats) holds it to the Main deck's 4 like any card."""
    from dataclasses import replace

    main = {"BT11-061": 14, **with_changes(LEGAL_MAIN, BT1_009=0, BT1_010=0, BT1_011=0,
                                             BT1_091=0)}
    deck = build_deck(main)
    assert validate_deck(deck, tt_format, banlist).legal
    plain = replace(tt_format, card_copy_limits=False)
    report = validate_deck(deck, plain, banlist)
    assert [(v.code, v.cards) for v in report.errors] == [("MAIN_COPIES", ["BT11-061"])]


def test_by_name_the_strictest_limit_of_a_names_printings_applies(
        build_deck, tt_format, banlist):
    """Counting copies by name, two printings of one name, one of them with its own limit of
    50: together they may hold only as many copies as the stricter of the two allows."""
    from dataclasses import replace

    from tt_organizer.cards.database import apply_override

    by_name = replace(tt_format, copy_identity="name")
    deck = build_deck()
    name = deck.cards["BT1-009"].name
    deck.cards["BT1-010"] = apply_override(deck.cards["BT1-010"],
                                           {"name": name, "copy_limit": 50})
    main = [v for v in validate_deck(deck, by_name, banlist).errors if v.code == "MAIN_COPIES"]
    assert [v.cards for v in main] == [["BT1-009", "BT1-010"]]
    assert main[0].message == f"Main deck: 8 copies of {name}; at most 4 allowed"


def test_a_format_without_a_ban_list_names_none_and_bans_nothing(
        build_deck, tt_format, banlist):
    """A format that uses no ban list: a banned card is legal there and the verdict (and its
    JSON) names no list, even when one was loaded."""
    from dataclasses import replace

    main = with_changes(LEGAL_MAIN, BT1_093=1, BT5_109=1)
    assert validate_deck(build_deck(main), tt_format, banlist).codes == ["BANNED"]
    free = replace(tt_format, use_banlist=False)
    report = validate_deck(build_deck(main), free, banlist)
    assert report.legal and report.banlist_date is None
    assert report.to_dict()["banlist"] is None


def test_without_card_data_only_zones_holding_cards_have_copies_left_unchecked(
        build_deck, tt_format, banlist):
    """Counting by name without card data, the verdict says the copies of the same name were
    checked by number only -- for the zones that hold cards, not for an empty pile."""
    from dataclasses import replace

    by_name = replace(tt_format, copy_identity="name")
    report = validate_deck(build_deck(pile={}), by_name, banlist, have_card_data=False)
    same = [w.message for w in report.warnings if "same name" in w.message]
    assert len(same) == 1 and "Main deck" in same[0], same


def test_the_colour_rule_checks_options_only_not_a_digi_egg_of_another_colour(
        build_deck, tt_format, banlist):
    """A Blue Digi-Egg in a red deck: the colour rule is about Options (their cost), so the
    verdict says nothing of the egg's colour -- strict or not."""
    pile = with_changes(LEGAL_PILE, BT1_001=2, BT1_003=1)
    report = validate_deck(build_deck(pile=pile), tt_format, banlist, strict_colors=True)
    assert report.legal and report.errors == [] and report.warnings == []


def test_a_requirement_counts_only_the_card_types_it_names(build_deck, tt_format, banlist):
    """An organizer's requirement "at most 6 Options" counts the Options alone (the
    legal deck has 6 among its 50 cards); with 7 it is broken, naming the Options."""
    from dataclasses import replace

    from tt_organizer.formats.model import CountRange, Requirement

    cap = Requirement(code="OPTION_LIMIT", label="Options", types=["Option"],
                      count=CountRange(max=6))
    fmt = replace(tt_format, requirements=[cap])
    assert validate_deck(build_deck(), fmt, banlist).legal
    seven = validate_deck(build_deck(with_changes(LEGAL_MAIN, BT1_009=3, BT1_091=3)), fmt,
                          banlist)
    assert [(v.code, v.cards) for v in seven.errors] == [
        ("OPTION_LIMIT", ["BT1-091", "BT1-092", "BT1-093"])]
    assert seven.errors[0].message == "Options: the deck has 7, needs at most 6"
