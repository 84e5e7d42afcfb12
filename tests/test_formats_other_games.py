"""Formats of other games (dmcg-1999, dmcg-alpha, appmon, fftcg): organizer-supplied card
lists, one legal deck and one deck breaking each rule per format, and the no-card-data path."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest
from conftest import with_changes

from tt_organizer.cards.games import (
    GameCardDatabase,
    game_cards_and_normalizer,
    game_cards_path,
    load_game_cards,
    normalize_identifier,
    parse_game_cards_csv,
    parse_level,
)
from tt_organizer.errors import InputError, UnknownCardError
from tt_organizer.formats.check import check_file, check_text, load_context
from tt_organizer.formats.game_import import import_game_cards, resolve_game
from tt_organizer.formats.registry import all_formats, get_format
from tt_organizer.formats.validator import NOT_CHECKED, ValidationReport

FIXTURES = Path(__file__).parent / "fixtures" / "games"
CARD_LISTS = {
    "dmcg-1999": "dmcg-1999-cards.csv",
    "dmcg-alpha": "dmcg-alpha-cards.csv",
    "appmon": "appmon-cards.csv",
    "fftcg": "fftcg-cards.tsv",
}

DMCG_1999_LEGAL = {
    "ST-01": 3, "ST-02": 3, "ST-03": 3, "ST-04": 3, "ST-05": 2, "ST-06": 1,
    "BO-2": 3, "BO-3": 3, "OP-1": 3, "OP-2": 3, "EV-1": 3,
}  # fmt: skip
DMCG_ALPHA_LEGAL = {
    "DA1-001": 3, "DA2-001": 3, "DA1-002": 3, "DA1-003": 3, "DA1-004": 3, "DA1-005": 3,
    "DA1-006": 2, "DA1-007": 3, "DA1-008": 3, "DA1-009": 3, "DA1-010": 3,
}  # fmt: skip
APPMON_LEGAL = {
    "AP01-001": 2, "AP02-001": 1, "AP01-002": 3, "AP01-003": 3, "AP01-004": 3, "AP01-005": 3,
    "AP01-006": 3, "AP01-007": 3, "AP01-008": 3, "AP01-009": 3, "AP01-010": 3,
}  # fmt: skip
FFTCG_LEGAL = {
    "1-001H": 3, "1-004C": 3, "1-007C": 3, "1-011C": 3, "1-021C": 3, "1-024C": 3,
    "1-182S": 3, "1-183S": 3, "1-184S": 3, "2-001R": 3, "2-006C": 3, "2-013H": 3,
    "3-015C": 3, "3-017R": 3, "12-045C": 3, "12-046R": 3, "12-047L": 2,
}  # fmt: skip


@pytest.fixture(autouse=True)
def user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "user-data"
    monkeypatch.setenv("TT_USER_DATA", str(folder))
    return folder


def load(game: str) -> None:
    import_game_cards(FIXTURES / CARD_LISTS[game], game)


def deck_text(cards: Mapping[str, int]) -> str:
    return "".join(f"{n} {number}\n" for number, n in cards.items())


def check(format_id: str, cards: Mapping[str, int], **settings: int) -> ValidationReport:
    return check_text(deck_text(cards), load_context(format_id, settings=settings))


def codes(report: ValidationReport) -> list[str]:
    return report.codes


def not_checked(report: ValidationReport) -> list[str]:
    return [w.message for w in report.warnings if w.code == NOT_CHECKED]


# --- definitions -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("format_id", "size", "limit", "identity"),
    [
        ("dmcg-1999", 30, 3, "name"),
        ("dmcg-alpha", 32, 3, "number"),
        ("appmon", 30, 3, "name"),
        ("fftcg", 50, 3, "number"),
    ],
)
def test_definitions(format_id: str, size: int, limit: int, identity: str) -> None:
    fmt = get_format(format_id)
    assert fmt.game == format_id
    assert not fmt.use_banlist and fmt.color_rule is None
    (zone,) = fmt.zones
    assert zone.size.min == zone.size.max == size
    assert zone.copy_limit == limit
    assert fmt.copy_identity == identity


def test_all_formats_listed() -> None:
    assert {"tamer-tactics-0.9.1", "standard", "dmcg-1999", "dmcg-alpha", "appmon",
            "fftcg"} <= set(all_formats())


# --- identifiers, levels, import -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("St-01", "ST-01"),
        ("  bo - 1 ", "BO-1"),
        ("DM-001", "DM-001"),
        ("1-001h", "1-001H"),
        ("12-045C", "12-045C"),
        ("PR-001", "PR-001"),
        ("AP01-001", "AP01-001"),
        ("Agumon", None),
        ("3", None),
        ("-3", None),
        ("St--01", None),
        ("St-01 Agumon", None),
        ("St_01", None),
        ("", None),
    ],
)
def test_normalize_identifier(raw: str, expected: str | None) -> None:
    assert normalize_identifier(raw) == expected


@pytest.mark.parametrize(
    ("text", "level"),
    [("III", 3), ("3", 3), ("Lv 3", 3), ("Lv.V", 5), ("Level IV", 4), ("Rookie", 3),
     ("Champion", 4), ("Ultimate", 5), ("Mega", 6), ("In-Training", 2), ("", None), ("-", None)],
)
def test_parse_level(text: str, level: int | None) -> None:
    assert parse_level(text) == level


def test_parse_level_rejects_nonsense() -> None:
    with pytest.raises(ValueError):
        parse_level("Armor")


def test_import_writes_game_table(user_data: Path) -> None:
    result = import_game_cards(FIXTURES / "dmcg-1999-cards.csv", "dmcg-1999")
    assert result.count == 16
    assert result.path == user_data / "games" / "dmcg-1999.json" == game_cards_path("dmcg-1999")
    assert result.types == {"Digimon": 13, "Option": 2, "Evolution": 1}
    assert result.warnings == []
    payload = json.loads(result.path.read_text(encoding="utf-8"))
    assert payload["game"] == "dmcg-1999" and payload["count"] == 16
    db = load_game_cards("dmcg-1999")
    assert isinstance(db, GameCardDatabase) and len(db) == 16
    agumon = db.get("st-01")
    assert (agumon.name, agumon.card_type, agumon.level, agumon.colors) == (
        "Agumon", "Digimon", 3, ("Red",))
    assert db.get("Bo-2").level == 3  # "Rookie"
    assert db.get("Bo-4").level == 5  # "Ultimate"
    assert db.get("Op-2").level is None  # "-"
    assert db.get("Op-1").colors == ()


def test_no_import_means_no_card_data() -> None:
    cards, normalize = game_cards_and_normalizer("dmcg-1999")
    assert cards is None
    assert normalize("st-01") == "ST-01"


def test_import_replaces_earlier_list(tmp_path: Path) -> None:
    load("dmcg-1999")
    small = tmp_path / "small.csv"
    small.write_text("number,name,type\nSt-01,Agumon,Digimon\n", encoding="utf-8")
    import_game_cards(small, "dmcg-1999")
    db = load_game_cards("dmcg-1999")
    assert db is not None and len(db) == 1


def test_import_folds_type_spelling_and_warns_on_types_no_zone_allows(tmp_path: Path) -> None:
    csv_path = tmp_path / "ff.csv"
    csv_path.write_text(
        "Card Number,Name,Type\n1-001H,Auron,forward\n1-200C,Crystal Shard,Crystal\n",
        encoding="utf-8",
    )
    result = import_game_cards(csv_path, "fftcg")
    assert result.types == {"Forward": 1, "Crystal": 1}
    assert len(result.warnings) == 1 and "'Crystal'" in result.warnings[0]


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        ("number,name\nSt-01,Agumon\n", "missing column(s): type", 1),
        ("number,name,type\nSt-01,Agumon,Digimon\nst-01,Agumon,Digimon\n", "listed twice", 3),
        ("number,name,type\nAgumon,Agumon,Digimon\n", "not a card identifier", 2),
        ("number,name,type,level\nSt-01,Agumon,Digimon,Armor\n", "bad level", 2),
        ("number,name,type\nSt-01,,Digimon\n", "no name", 2),
        ("number,name,type\nSt-01,Agumon,\n", "no type", 2),
        ("number,name,type\n", "no cards", None),
    ],
)
def test_import_errors_name_the_line(text: str, message: str, line: int | None) -> None:
    with pytest.raises(InputError) as info:
        parse_game_cards_csv(text, source="list.csv")
    assert message in info.value.message
    assert info.value.file == "list.csv" and info.value.line == line


def test_import_rejects_unknown_game_and_digimon_2020(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="unknown game"):
        resolve_game("pokemon")
    for name in ("digimon-2020", "tamer-tactics"):  # a format id resolves to its game
        with pytest.raises(InputError, match=r"uses the shipped card database$") as refused:
            resolve_game(name)
        # the command line turns the code into its advice (`tt cards build`)
        assert refused.value.code == "shipped-card-database"
    assert resolve_game("fftcg") == "fftcg"


def test_lookup_by_stem_and_suggestions() -> None:
    load("fftcg")
    db = load_game_cards("fftcg")
    assert db is not None
    assert db.get("1-001").number == "1-001H"  # rarity letter left off
    assert db.find("1-001C") is None  # a different rarity letter is a different identifier
    with pytest.raises(UnknownCardError) as info:
        db.get("1-0011H")
    assert "1-001H" in info.value.suggestions


# --- dmcg-1999: 30 cards, 3 per name, at least 1 level III, optional Ultimate cap ------------


def test_dmcg_1999_legal_deck() -> None:
    load("dmcg-1999")
    report = check_file(FIXTURES / "dmcg-1999-legal.txt", load_context("dmcg-1999"))
    assert report.legal, report.errors
    assert report.warnings == []
    assert sum(report.deck.zone("main").values()) == 30


def test_dmcg_1999_size() -> None:
    load("dmcg-1999")
    assert codes(check("dmcg-1999", with_changes(DMCG_1999_LEGAL, ST_06=0))) == ["DECK_SIZE"]
    assert codes(check("dmcg-1999", with_changes(DMCG_1999_LEGAL, ST_06=2))) == ["DECK_SIZE"]


def test_dmcg_1999_same_name_counts_across_numbers() -> None:
    load("dmcg-1999")
    # 3 Agumon St-01 + 1 Agumon Bo-1: every number is within 3, the name is not
    report = check("dmcg-1999", with_changes(DMCG_1999_LEGAL, BO_1=1, BO_2=2))
    assert codes(report) == ["DECK_COPIES"]
    (error,) = report.errors
    assert "4 copies of Agumon" in error.message
    assert sorted(error.cards) == ["BO-1", "ST-01"]


def test_dmcg_1999_every_name_is_counted_not_only_the_first() -> None:
    """A name over its limit is found after names within it (Agumon, first, has 3)."""
    load("dmcg-1999")
    report = check("dmcg-1999", with_changes(DMCG_1999_LEGAL, EV_1=4, ST_06=0))
    assert codes(report) == ["DECK_COPIES"]
    (error,) = report.errors
    assert (error.cards, error.message) == (
        ["EV-1"], "Deck: 4 copies of Digivolution; at most 3 allowed")


def test_dmcg_1999_needs_a_level_iii_digimon() -> None:
    load("dmcg-1999")
    no_rookies = with_changes(DMCG_1999_LEGAL, ST_01=0, ST_02=0, BO_2=0, BO_6=3, BO_4=3, ST_07=3)
    report = check("dmcg-1999", no_rookies)
    assert codes(report) == ["LEVEL_III_REQUIRED"]
    assert "the deck has 0, needs at least 1" in report.errors[0].message


def test_dmcg_1999_event_may_cap_ultimates() -> None:
    load("dmcg-1999")
    assert check("dmcg-1999", DMCG_1999_LEGAL).legal  # 3 Ultimates, no cap set
    assert check("dmcg-1999", DMCG_1999_LEGAL, max_ultimates=3).legal
    report = check("dmcg-1999", DMCG_1999_LEGAL, max_ultimates=2)
    assert codes(report) == ["ULTIMATE_LIMIT"]
    assert "the deck has 3, needs at most 2" in report.errors[0].message
    assert report.errors[0].cards == ["ST-05", "ST-06"]


def test_dmcg_1999_unknown_card() -> None:
    load("dmcg-1999")
    report = check("dmcg-1999", with_changes(DMCG_1999_LEGAL, ST_06=0, ST_99=1))
    assert codes(report) == ["UNKNOWN_CARD"]


def test_dmcg_1999_decklist_shapes() -> None:
    load("dmcg-1999")
    ctx = load_context("dmcg-1999")
    with_names = (FIXTURES / "dmcg-1999-legal.txt").read_text(encoding="utf-8")
    csv_text = "count,number,name\n" + "".join(
        f"{n},{number},x\n" for number, n in DMCG_1999_LEGAL.items()
    )
    bare = deck_text({k.lower(): v for k, v in DMCG_1999_LEGAL.items()})
    for text in (with_names, csv_text, bare):
        report = check_text(text, ctx)
        assert report.legal, (text, report.errors)
        assert report.deck.zone("main") == DMCG_1999_LEGAL


# --- without card data: check what needs none, say what was not checked ----------------------


def test_dmcg_1999_without_card_data() -> None:
    report = check("dmcg-1999", DMCG_1999_LEGAL)
    assert report.legal
    assert report.deck.unknown == {}  # no card list: nothing is "unknown"
    messages = not_checked(report)
    assert len(messages) == 2
    assert any("same name" in m and "checked by card identifier only" in m for m in messages)
    assert any("level III Digimon" in m for m in messages)
    assert not any("Ultimate" in m for m in messages)  # no cap set: nothing to check

    capped = check("dmcg-1999", DMCG_1999_LEGAL, max_ultimates=2)
    assert capped.legal
    assert any("Ultimate (level V) Digimon: at most 2" in m for m in not_checked(capped))


def test_without_card_data_size_and_copies_by_identifier_still_apply() -> None:
    assert codes(check("dmcg-1999", with_changes(DMCG_1999_LEGAL, ST_06=0))) == ["DECK_SIZE"]
    report = check("dmcg-1999", with_changes(DMCG_1999_LEGAL, ST_01=4, ST_06=0))
    assert codes(report) == ["DECK_COPIES"]
    assert "4 copies of ST-01" in report.errors[0].message
    # the same name under two identifiers cannot be seen without card data
    assert check("dmcg-1999", with_changes(DMCG_1999_LEGAL, BO_1=1, BO_2=2)).legal


def test_fftcg_without_card_data_reports_type_rule_not_checked() -> None:
    report = check("fftcg", FFTCG_LEGAL)
    assert report.legal
    assert not_checked(report) == ["not checked without card data: card types allowed in the Deck"]
    assert codes(check("fftcg", with_changes(FFTCG_LEGAL, **{"1_001H": 4}))) == [
        "DECK_SIZE", "DECK_COPIES"]


def test_dmcg_alpha_without_card_data_checks_everything() -> None:
    report = check("dmcg-alpha", DMCG_ALPHA_LEGAL)
    assert report.legal and report.warnings == []


# --- dmcg-alpha: 32 cards, 3 copies per card number ----------------------------------------


def test_dmcg_alpha_legal_deck_same_name_under_two_numbers() -> None:
    load("dmcg-alpha")
    report = check_file(FIXTURES / "dmcg-alpha-legal.csv", load_context("dmcg-alpha"))
    assert report.legal, report.errors
    assert report.warnings == []
    assert report.deck.input_format == "csv"


def test_dmcg_alpha_broken() -> None:
    load("dmcg-alpha")
    assert codes(check("dmcg-alpha", with_changes(DMCG_ALPHA_LEGAL, DA1_006=3))) == ["DECK_SIZE"]
    report = check("dmcg-alpha", with_changes(DMCG_ALPHA_LEGAL, DA1_001=4, DA1_006=1))
    assert codes(report) == ["DECK_COPIES"]
    assert "4 copies of DA1-001 Agumon" in report.errors[0].message


# --- appmon: 30 cards, 3 per name ----------------------------------------------------------------


def test_appmon_legal_deck() -> None:
    load("appmon")
    report = check_file(FIXTURES / "appmon-legal.txt", load_context("appmon"))
    assert report.legal, report.errors
    assert report.warnings == []


def test_appmon_broken() -> None:
    load("appmon")
    assert codes(check("appmon", with_changes(APPMON_LEGAL, AP01_010=2))) == ["DECK_SIZE"]
    report = check("appmon", with_changes(APPMON_LEGAL, AP02_001=2, AP01_010=2))
    assert codes(report) == ["DECK_COPIES"]
    assert "4 copies of Gatchmon" in report.errors[0].message


# --- fftcg: 50 cards, 3 per card number, four card types ---------------------------------------


def test_fftcg_legal_deck() -> None:
    load("fftcg")
    report = check_file(FIXTURES / "fftcg-legal.txt", load_context("fftcg"))
    assert report.legal, report.errors
    assert report.warnings == []


def test_fftcg_broken() -> None:
    load("fftcg")
    assert codes(check("fftcg", with_changes(FFTCG_LEGAL, **{"12_047L": 3}))) == ["DECK_SIZE"]
    # 3 written with the rarity letter and 1 without: the same card number
    text = deck_text(with_changes(FFTCG_LEGAL, **{"12_047L": 1})) + "1 Auron 1-001\n"
    report = check_text(text, load_context("fftcg"))
    assert codes(report) == ["DECK_COPIES"]
    assert "4 copies of 1-001H Auron" in report.errors[0].message


def test_fftcg_card_type_the_format_does_not_allow(tmp_path: Path) -> None:
    csv_path = tmp_path / "ff.csv"
    lines = (FIXTURES / "fftcg-cards.tsv").read_text(encoding="utf-8").splitlines()
    csv_path.write_text("\n".join([*lines, "1-200C\tCrystal Shard\tCrystal\t\t0\tC"]) + "\n",
                        encoding="utf-8")
    import_game_cards(csv_path, "fftcg")
    report = check("fftcg", with_changes(FFTCG_LEGAL, **{"12_047L": 1, "1_200C": 1}))
    assert codes(report) == ["WRONG_ZONE"]
    assert "does not allow it in any zone" in report.errors[0].message


# --- the Digimon formats are unchanged -----------------------------------------------------------


def test_tamer_tactics_still_uses_the_shipped_database() -> None:
    ctx = load_context("tamer-tactics")
    assert ctx.cards is not None and ctx.cards.game == "digimon-2020"
    assert ctx.normalize("bt1-10") == "BT1-010"


def test_a_cap_the_event_did_not_set_skips_only_itself() -> None:
    """An organizer's dmcg-1999 listing its Ultimate cap (not set by the event) before the
    level III requirement: the unset cap is skipped, the requirement after it still checked."""
    from dataclasses import replace

    load("dmcg-1999")
    ctx = load_context("dmcg-1999")
    assert [r.code for r in ctx.fmt.requirements] == ["LEVEL_III_REQUIRED", "ULTIMATE_LIMIT"]
    cap_first = replace(ctx, fmt=replace(ctx.fmt, requirements=ctx.fmt.requirements[::-1]))
    no_rookies = with_changes(DMCG_1999_LEGAL, ST_01=0, ST_02=0, BO_2=0, BO_6=3, BO_4=3, ST_07=3)
    report = check_text(deck_text(no_rookies), cap_first)
    assert codes(report) == ["LEVEL_III_REQUIRED"]
    assert check_text(deck_text(DMCG_1999_LEGAL), cap_first).legal


def test_by_name_copies_count_names_whatever_their_case_and_spacing(tmp_path: Path) -> None:
    """dmcg-1999 counts copies by name: a card list writing one name in other capitals or
    with other spaces still names one card (3 + 1 copies: over the limit of 3)."""
    rows = (FIXTURES / CARD_LISTS["dmcg-1999"]).read_text(encoding="utf-8").replace(
        "Bo-1,Agumon,", "Bo-1,AGUMON,")
    rows += "Op-3,  recovery   Floppy ,Option,,,C,Op\n"
    cards = tmp_path / "cards.csv"
    cards.write_text(rows, encoding="utf-8")
    import_game_cards(cards, "dmcg-1999")
    agumon = check("dmcg-1999", with_changes(DMCG_1999_LEGAL, ST_06=0, BO_1=1))
    assert [(v.code, v.cards) for v in agumon.errors] == [("DECK_COPIES", ["ST-01", "BO-1"])]
    # named as the deck's first copy writes it
    assert agumon.errors[0].message == "Deck: 4 copies of Agumon; at most 3 allowed"
    floppy = check("dmcg-1999", with_changes(DMCG_1999_LEGAL, ST_06=0, OP_3=1))
    assert [(v.code, v.cards) for v in floppy.errors] == [("DECK_COPIES", ["OP-1", "OP-3"])]

