"""Every deck-construction rule: a legal deck, and for each rule a deck that breaks it."""

from __future__ import annotations

import pytest
from conftest import LEGAL_MAIN, LEGAL_PILE, with_changes

from tt_organizer.formats.validator import validate_deck


def codes(report) -> list[str]:
    return [v.code for v in report.errors]


def test_legal_deck_is_legal(build_deck, tt_format, banlist):
    report = validate_deck(build_deck(), tt_format, banlist)
    assert report.legal
    assert report.errors == [] and report.warnings == []
    assert sum(report.deck.zone("main").values()) == 50
    assert sum(report.deck.zone("pile").values()) == 8


def test_main_size(build_deck, tt_format, banlist):
    report = validate_deck(build_deck(with_changes(LEGAL_MAIN, BT1_091=1)), tt_format, banlist)
    assert codes(report) == ["MAIN_SIZE"]
    assert "49" in report.errors[0].message and "exactly 50" in report.errors[0].message


def test_main_copies(build_deck, tt_format, banlist):
    main = with_changes(LEGAL_MAIN, BT1_009=5, BT1_091=1)
    report = validate_deck(build_deck(main), tt_format, banlist)
    assert codes(report) == ["MAIN_COPIES"]
    assert report.errors[0].cards == ["BT1-009"]


def test_tamer_in_main_is_wrong_zone(build_deck, tt_format, banlist):
    main = with_changes(LEGAL_MAIN, BT1_091=1, BT8_085=1)  # a sixth Tamer in the main deck
    report = validate_deck(build_deck(main), tt_format, banlist)
    assert codes(report) == ["WRONG_ZONE"]
    assert report.errors[0].cards == ["BT8-085"]
    assert "belongs in the Tamer + Digi-Egg pile" in report.errors[0].message


def test_egg_in_main_and_option_in_pile(build_deck, tt_format, banlist):
    main = with_changes(LEGAL_MAIN, BT1_091=1, BT1_002=1)
    pile = with_changes(LEGAL_PILE, BT1_091=1)
    report = validate_deck(build_deck(main, pile), tt_format, banlist)
    assert sorted(v.cards[0] for v in report.errors if v.code == "WRONG_ZONE") == [
        "BT1-002",
        "BT1-091",
    ]
    assert set(codes(report)) == {"WRONG_ZONE"}


def test_tamer_duplicate(build_deck, tt_format, banlist):
    pile = with_changes(LEGAL_PILE, BT1_085=2)
    report = validate_deck(build_deck(LEGAL_MAIN, pile), tt_format, banlist)
    assert codes(report) == ["PILE_TAMER_DUPLICATE"]
    assert report.errors[0].cards == ["BT1-085"]


@pytest.mark.parametrize(
    "pile",
    [
        {"BT1-085": 1, "BT2-084": 1, "BT4-092": 1, "BT1-001": 3},  # 3 Tamers
        {"BT1-085": 1, "BT2-084": 1, "BT4-092": 1, "BT6-087": 1, "BT7-085": 1, "BT8-085": 1,
         "BT8-086": 1, "BT10-087": 1, "BT1-001": 2},  # 8 Tamers
    ],
)
def test_tamer_count(build_deck, tt_format, banlist, pile):
    report = validate_deck(build_deck(LEGAL_MAIN, pile), tt_format, banlist)
    assert codes(report) == ["PILE_TAMER_COUNT"]


@pytest.mark.parametrize(
    "eggs", [{"BT1-001": 1}, {"BT1-001": 4, "BT1-002": 2}]
)
def test_egg_count(build_deck, tt_format, banlist, eggs):
    pile = {"BT1-085": 1, "BT2-084": 1, "BT4-092": 1, "BT6-087": 1, "BT7-085": 1, **eggs}
    report = validate_deck(build_deck(LEGAL_MAIN, pile), tt_format, banlist)
    assert codes(report) == ["PILE_EGG_COUNT"]


def test_egg_copies(build_deck, tt_format, banlist):
    pile = {"BT1-085": 1, "BT2-084": 1, "BT4-092": 1, "BT6-087": 1, "BT1-001": 5}
    report = validate_deck(build_deck(LEGAL_MAIN, pile), tt_format, banlist)
    assert codes(report) == ["PILE_EGG_COPIES"]


def test_pile_size(build_deck, tt_format, banlist):
    # 4-7 Tamers and 2-5 Eggs always make 6-12 cards, so PILE_SIZE comes with a count error.
    pile = {"BT1-085": 1, "BT2-084": 1, "BT4-092": 1, "BT1-001": 2}
    report = validate_deck(build_deck(LEGAL_MAIN, pile), tt_format, banlist)
    assert set(codes(report)) == {"PILE_SIZE", "PILE_TAMER_COUNT"}
    assert "5 cards" in next(v.message for v in report.errors if v.code == "PILE_SIZE")


def test_color_requirement_is_a_warning_unless_strict(build_deck, tt_format, banlist):
    main = with_changes(LEGAL_MAIN, BT1_093=1, BT1_096=1)  # Mad Dog Fire: a Blue Option
    report = validate_deck(build_deck(main), tt_format, banlist)
    assert report.legal
    assert [v.code for v in report.warnings] == ["COLOR_REQUIREMENT"]
    assert "Blue" in report.warnings[0].message and "security effect" in report.warnings[0].message
    strict = validate_deck(build_deck(main), tt_format, banlist, strict_colors=True)
    assert codes(strict) == ["COLOR_REQUIREMENT"]


def test_tamer_in_pile_pays_for_an_option(build_deck, tt_format, banlist):
    main = with_changes(LEGAL_MAIN, BT1_093=1, BT1_096=1)
    pile = with_changes(LEGAL_PILE, BT7_085=0, EX5_065=0, BT2_085=1)  # a Blue Tamer: Matt
    report = validate_deck(build_deck(main, pile), tt_format, banlist)
    assert [v.code for v in report.warnings] == []


def test_banned(build_deck, tt_format, banlist):
    main = with_changes(LEGAL_MAIN, BT1_093=1, BT5_109=1)
    report = validate_deck(build_deck(main), tt_format, banlist)
    assert codes(report) == ["BANNED"]
    assert report.errors[0].cards == ["BT5-109"]


def test_restricted_counts_every_printing(build_deck, tt_format, banlist, db):
    from conftest import parsed_from

    from tt_organizer.formats.zones import place_cards

    parsed = parsed_from(with_changes(LEGAL_MAIN, BT1_093=0), LEGAL_PILE)
    parsed.lines[0].count = 4
    from tt_organizer.decklist.parsed import DeckLine

    parsed.lines += [
        DeckLine(1, "BT2-047", None, "main", 90, "1 BT2-047"),
        DeckLine(1, "BT2-047_P1", None, "main", 91, "1 BT2-047_P1"),
    ]
    deck = place_cards(parsed, db, tt_format)
    assert deck.zone("main")["BT2-047"] == 2
    report = validate_deck(deck, tt_format, banlist)
    assert codes(report) == ["RESTRICTED"]
    assert report.errors[0].cards == ["BT2-047"]


def test_banned_pair(build_deck, tt_format, banlist):
    pile = with_changes(LEGAL_PILE, BT1_001=2, EX2_007=1, BT7_085=0, EX7_064=1)
    report = validate_deck(build_deck(LEGAL_MAIN, pile), tt_format, banlist)
    assert codes(report) == ["BANNED_PAIR"]
    assert report.errors[0].cards == ["EX2-007", "EX7-064"]


@pytest.mark.parametrize("changes", [{"BT1_001": 2, "EX2_007": 1},  # side A alone
                                     {"BT7_085": 0, "EX7_064": 1}])  # side B alone
def test_one_side_of_a_banned_pair_alone_is_legal(build_deck, tt_format, banlist, changes):
    report = validate_deck(build_deck(LEGAL_MAIN, with_changes(LEGAL_PILE, **changes)),
                           tt_format, banlist)
    assert report.legal and report.errors == []


def test_banned_pair_with_several_cards_on_one_side(build_deck, tt_format, banlist):
    main = with_changes(LEGAL_MAIN, BT1_091=0, BT1_092=0, BT20_037=1, BT17_035=1, EX8_037=2)
    report = validate_deck(build_deck(main), tt_format, banlist)
    pair = [v for v in report.errors if v.code == "BANNED_PAIR"]
    assert len(pair) == 1 and pair[0].cards == ["BT20-037", "BT17-035", "EX8-037"]


def test_unknown_card(build_deck, tt_format, banlist):
    main = with_changes(LEGAL_MAIN, BT1_093=1, BT1_999=1)
    report = validate_deck(build_deck(main), tt_format, banlist)
    assert codes(report) == ["UNKNOWN_CARD"]
    assert "BT1-115" in report.errors[0].message  # the closest known number is suggested


def test_card_with_its_own_copy_limit(build_deck, tt_format, banlist):
    main = {"BT11-061": 14, **with_changes(LEGAL_MAIN, BT1_009=0, BT1_010=0, BT1_011=0,
                                             BT1_091=0)}
    assert sum(main.values()) == 50
    assert validate_deck(build_deck(main), tt_format, banlist).legal
    main = {"BT11-061": 51}
    report = validate_deck(build_deck(main), tt_format, banlist)
    assert "CARD_COPIES" in codes(report)


def test_all_violations_in_one_pass(build_deck, tt_format, banlist):
    main = with_changes(LEGAL_MAIN, BT1_009=5, BT5_109=1, BT8_085=1)
    pile = with_changes(LEGAL_PILE, BT1_085=2)
    report = validate_deck(build_deck(main, pile), tt_format, banlist)
    assert set(codes(report)) == {
        "MAIN_SIZE", "MAIN_COPIES", "WRONG_ZONE", "BANNED", "PILE_TAMER_DUPLICATE",
    }


def test_dual_card_counts_once_and_carries_colour(build_deck, tt_format, banlist):
    main = with_changes(LEGAL_MAIN, BT1_093=1, BT25_043=1)
    report = validate_deck(build_deck(main), tt_format, banlist)
    assert report.legal and report.warnings == []
    assert sum(report.deck.zone("main").values()) == 50


def test_no_sections_places_by_type(build_deck, tt_format, banlist):
    deck = build_deck(sections=False)
    assert deck.zone("pile") == LEGAL_PILE
    assert any("no section headers" in n for n in deck.notes)
    assert validate_deck(deck, tt_format, banlist).legal


def test_auto_zones_moves_tamers_and_says_so(build_deck, tt_format, banlist):
    main = {**LEGAL_MAIN, "BT1-085": 1, "BT2-084": 1}
    pile = {"BT4-092": 1, "BT6-087": 1, "BT7-085": 1, "BT1-001": 3}
    strict = validate_deck(build_deck(main, pile), tt_format, banlist)
    assert "WRONG_ZONE" in codes(strict)
    deck = build_deck(main, pile, auto_zones=True)
    assert deck.moved == [("BT1-085", "main", "pile"), ("BT2-084", "main", "pile")]
    assert validate_deck(deck, tt_format, banlist).legal
    assert any("BT1-085 Tai Kamiya" in n for n in deck.notes)


def test_standard_format(build_deck, std_format, banlist):
    main = {**with_changes(LEGAL_MAIN, BT1_091=0, BT1_092=1), "BT1-085": 2, "BT2-084": 1}
    deck = build_deck(main, {"BT1-001": 4}, fmt=std_format)
    report = validate_deck(deck, std_format, banlist)
    assert report.legal, report.errors
    no_eggs = validate_deck(build_deck(main, {}, fmt=std_format), std_format, banlist)
    assert no_eggs.legal
    too_many = validate_deck(
        build_deck(main, {"BT1-001": 4, "BT1-002": 2}, fmt=std_format), std_format, banlist
    )
    assert codes(too_many) == ["PILE_SIZE"]
    tamer_in_eggs = validate_deck(
        build_deck(with_changes(main, BT1_085=1, BT1_092=2), {"BT1-085": 1}, fmt=std_format),
        std_format, banlist,
    )
    assert codes(tamer_in_eggs) == ["WRONG_ZONE"]
    assert "belongs in the Main deck" in tamer_in_eggs.errors[0].message


def test_json_shape(build_deck, tt_format, banlist):
    report = validate_deck(build_deck(with_changes(LEGAL_MAIN, BT1_091=1)), tt_format, banlist)
    out = report.to_dict()
    assert out["file"] == "test-deck" and out["format"] == "tamer-tactics-0.9.1"
    assert out["legal"] is False
    assert out["errors"][0]["code"] == "MAIN_SIZE"
    assert set(out["errors"][0]) == {"code", "message", "cards"}
    assert out["main"]["BT1-009"] == 4 and out["pile"]["BT1-001"] == 3
    assert out["banlist"] == "2026-03-16"
