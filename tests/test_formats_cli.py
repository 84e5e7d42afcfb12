"""``tt formats``, ``tt cards import`` and ``tt deck validate`` for the formats of other games."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tt_organizer.cli.main import cli
from tt_organizer.formats.registry import all_formats

FIXTURES = Path(__file__).parent / "fixtures" / "games"
ALL_IDS = ["tamer-tactics-0.9.1", "standard", "appmon", "dmcg-1999", "dmcg-alpha", "fftcg"]


@pytest.fixture(autouse=True)
def user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "user-data"
    monkeypatch.setenv("TT_USER_DATA", str(folder))
    monkeypatch.setenv("COLUMNS", "200")
    all_formats.cache_clear()
    yield folder
    all_formats.cache_clear()


def tt(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def import_list(game: str, name: str) -> None:
    result = tt("cards", "import", str(FIXTURES / name), "--game", game)
    assert result.exit_code == 0, result.output


# --- tt formats -----------------------------------------------------------------------------------


def test_formats_lists_every_format_default_first() -> None:
    result = tt("formats")
    assert result.exit_code == 0, result.output
    positions = [result.output.index(f"{fid} ") for fid in ALL_IDS]
    assert positions[0] == min(positions)  # the default comes first
    assert "(default)" in result.output
    assert "at most 3 cards with the same name" in result.output
    assert "at least 1 level III Digimon [LEVEL_III_REQUIRED]" in result.output
    assert "setting max_ultimates=N" in result.output
    assert "tt cards import FILE.csv --game dmcg-1999" in result.output


def test_formats_json_renders_rules_from_the_definition() -> None:
    result = tt("formats", "--json")
    assert result.exit_code == 0, result.output
    by_id = {f["id"]: f for f in json.loads(result.output)}
    assert list(by_id) == ALL_IDS
    dmcg = by_id["dmcg-1999"]
    assert dmcg["game"] == "dmcg-1999" and dmcg["copy_identity"] == "name"
    assert dmcg["rules"][0] == (
        "Deck: exactly 30 cards (any card type); at most 3 cards with the same name "
        "[DECK_SIZE, DECK_COPIES]"
    )
    assert "no ban list" in dmcg["rules"]
    assert dmcg["definition"]["requirements"][1]["max_setting"] == "max_ultimates"
    assert by_id["fftcg"]["rules"][0].startswith(
        "Deck: exactly 50 cards (Forward, Backup, Summon, Monster); at most 3 copies per card "
        "number"
    )
    tt_rules = by_id["tamer-tactics-0.9.1"]["rules"]
    assert any("4–7 Tamers; all different card numbers" in r for r in tt_rules)
    assert any(r.startswith("Bandai's banned") for r in tt_rules)
    assert by_id["dmcg-alpha"]["card_data"].startswith("card data: none imported")


def test_formats_reads_an_organizer_definition(user_data: Path) -> None:
    definition = all_formats()["dmcg-alpha"].to_dict(as_json=True)
    definition.update(id="dmcg-alpha-40", name="Alpha, 40-card house rule")
    definition["zones"][0]["size"] = {"min": 40, "max": 40}
    (user_data / "formats").mkdir(parents=True)
    (user_data / "formats" / "alpha40.json").write_text(json.dumps(definition), encoding="utf-8")
    all_formats.cache_clear()
    result = tt("formats", "dmcg-alpha-40", "--json")
    assert result.exit_code == 0, result.output
    (fmt,) = json.loads(result.output)
    assert fmt["rules"][0].startswith("Deck: exactly 40 cards")


def test_formats_unknown_id() -> None:
    result = tt("formats", "pokemon")
    assert result.exit_code == 2
    assert "unknown format" in result.output


# --- tt cards import --------------------------------------------------------------------------


def test_cards_import(user_data: Path) -> None:
    result = tt("cards", "import", str(FIXTURES / "dmcg-1999-cards.csv"), "--game", "dmcg-1999")
    assert result.exit_code == 0, result.output
    assert "imported 16 card(s) for dmcg-1999" in result.output
    assert (user_data / "games" / "dmcg-1999.json").is_file()
    listed = json.loads(tt("formats", "dmcg-1999", "--json").output)[0]
    assert listed["card_data"] == "card data: organizer's card list of dmcg-1999, 16 cards"


def test_cards_import_json_and_warning(tmp_path: Path) -> None:
    csv_path = tmp_path / "ff.csv"
    csv_path.write_text("number,name,type\n1-001H,Auron,Forward\n1-200C,Shard,Crystal\n",
                        encoding="utf-8")
    result = tt("cards", "import", str(csv_path), "--game", "fftcg", "--json")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert payload["count"] == 2 and payload["types"] == {"Forward": 1, "Crystal": 1}
    assert "Crystal" in payload["warnings"][0]


@pytest.mark.parametrize(
    ("game", "message"),
    [("digimon-2020", "tt cards build"), ("pokemon", "unknown game")],
)
def test_cards_import_bad_game(game: str, message: str) -> None:
    result = tt("cards", "import", str(FIXTURES / "dmcg-1999-cards.csv"), "--game", game)
    assert result.exit_code == 2
    assert message in result.output


def test_cards_import_bad_row(tmp_path: Path) -> None:
    csv_path = tmp_path / "bad.csv"
    csv_path.write_text("number,name,type,level\nSt-01,Agumon,Digimon,Armor\n", encoding="utf-8")
    result = tt("cards", "import", str(csv_path), "--game", "dmcg-1999")
    assert result.exit_code == 2
    assert "bad.csv:2: bad level 'Armor'" in result.output


# --- tt deck validate --format ... -------------------------------------------------------------


@pytest.mark.parametrize(
    ("format_id", "cards", "deck"),
    [
        ("dmcg-1999", "dmcg-1999-cards.csv", "dmcg-1999-legal.txt"),
        ("dmcg-alpha", "dmcg-alpha-cards.csv", "dmcg-alpha-legal.csv"),
        ("appmon", "appmon-cards.csv", "appmon-legal.txt"),
        ("fftcg", "fftcg-cards.tsv", "fftcg-legal.txt"),
    ],
)
def test_deck_validate_legal(format_id: str, cards: str, deck: str) -> None:
    import_list(format_id, cards)
    result = tt("deck", "validate", "--format", format_id, str(FIXTURES / deck), "--json")
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.output)
    assert report["legal"] and report["format"] == format_id
    assert report["banlist"] is None and report["warnings"] == []
    plain = tt("deck", "validate", "--format", format_id, str(FIXTURES / deck))
    assert plain.exit_code == 0 and "LEGAL" in plain.output


def test_deck_validate_setting_caps_ultimates() -> None:
    import_list("dmcg-1999", "dmcg-1999-cards.csv")
    deck = str(FIXTURES / "dmcg-1999-legal.txt")
    result = tt("deck", "validate", "--format", "dmcg-1999", deck, "--json",
                "--setting", "max_ultimates=2")
    assert result.exit_code == 1, result.output
    (report,) = json.loads(result.output)
    assert [e["code"] for e in report["errors"]] == ["ULTIMATE_LIMIT"]
    ok = tt("deck", "validate", "--format", "dmcg-1999", deck, "--setting", "max_ultimates=3")
    assert ok.exit_code == 0, ok.output


@pytest.mark.parametrize(
    ("setting", "message"),
    [("max_ultimate=2", "has no setting max_ultimate"), ("max_ultimates=two", "KEY=NUMBER"),
     ("max_ultimates", "KEY=NUMBER")],
)
def test_deck_validate_bad_setting(setting: str, message: str) -> None:
    result = tt("deck", "validate", "--format", "dmcg-1999",
                str(FIXTURES / "dmcg-1999-legal.txt"), "--setting", setting)
    assert result.exit_code == 2
    assert message in result.output


def test_deck_validate_without_card_data_says_what_it_could_not_check(tmp_path: Path) -> None:
    deck = str(FIXTURES / "dmcg-1999-legal.txt")
    result = tt("deck", "validate", "--format", "dmcg-1999", deck, "--json")
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.output)
    assert report["legal"]
    assert [w["code"] for w in report["warnings"]] == ["NOT_CHECKED", "NOT_CHECKED"]
    text = tt("deck", "validate", "--format", "dmcg-1999", deck).output
    assert "not checked without card data: level III Digimon" in text
    # size is still checked
    short = tmp_path / "short.txt"
    lines = (FIXTURES / "dmcg-1999-legal.txt").read_text(encoding="utf-8").splitlines()
    short.write_text("\n".join(ln for ln in lines if "St-06" not in ln) + "\n", encoding="utf-8")
    result = tt("deck", "validate", "--format", "dmcg-1999", str(short), "--json")
    assert result.exit_code == 1
    assert [e["code"] for e in json.loads(result.output)[0]["errors"]] == ["DECK_SIZE"]


def test_digimon_deck_line_is_not_a_dmcg_card(tmp_path: Path) -> None:
    import_list("dmcg-1999", "dmcg-1999-cards.csv")
    deck = tmp_path / "deck.txt"
    shutil.copy(FIXTURES / "dmcg-1999-legal.txt", deck)
    with deck.open("a", encoding="utf-8") as fh:
        fh.write("1 Agumon BT1-010\n")
    result = tt("deck", "validate", "--format", "dmcg-1999", str(deck), "--json")
    assert result.exit_code == 1
    codes = [e["code"] for e in json.loads(result.output)[0]["errors"]]
    assert codes == ["UNKNOWN_CARD", "DECK_SIZE"]


# --- one event run end to end in a non-Tamer-Tactics format -----------------------------------


def test_event_in_dmcg_1999_end_to_end(tmp_path: Path) -> None:
    pytest.importorskip("tt_organizer.pairing.swiss")
    pytest.importorskip("tt_organizer.standings.tiebreakers")
    pytest.importorskip("tt_organizer.export.workbook")
    openpyxl = pytest.importorskip("openpyxl")
    from tt_organizer.events import players

    players.check_context.cache_clear()  # contexts hold the card list they were built with
    import_list("dmcg-1999", "dmcg-1999-cards.csv")
    ev = ["--event", str(tmp_path / "retro.sqlite")]
    created = tt("event", "create", "Retro Night", "--format", "dmcg-1999", "--seed", "7",
                 "--rounds", "2", *ev)
    assert created.exit_code == 0, created.output

    legal = (FIXTURES / "dmcg-1999-legal.txt").read_text(encoding="utf-8")
    variants = {
        "Ann": legal,
        "Ben": legal.replace("3 Agumon St-01", "2 Agumon St-01\n1 Agumon Bo-1"),
        "Cat": legal.replace("3 Patamon Bo-2", "3 Tentomon Bo-5"),
        "Dan": legal.replace("3 Angemon Bo-3", "3 Kabuterimon Bo-6"),
        "Eve": legal.replace("3 Patamon Bo-2", "3 Patamon Bo-2\n1 Agumon Bo-1").replace(
            "3 Power Charge Op-2", "2 Power Charge Op-2"),  # 4 Agumon by name
    }
    for name, text in variants.items():
        deck = tmp_path / f"{name}.txt"
        deck.write_text(text, encoding="utf-8")
        result = tt("event", "register", name, "--deck", str(deck), *ev)
        if name == "Eve":
            assert result.exit_code != 0
            assert "DECK_COPIES" in result.output
        else:
            assert result.exit_code == 0, result.output
    players = json.loads(tt("event", "players", "--json", *ev).output)
    assert len(players) == 4

    for rnd in (1, 2):
        paired = tt("event", "pair", *ev)
        assert paired.exit_code == 0, paired.output
        tables = json.loads(tt("event", "pairings", "--json", *ev).output)
        assert len(tables) == 2 and all(t["player2"] for t in tables)
        for t in tables:
            reported = tt("event", "report", str(t["table"]), "2-1", "--round", str(rnd), *ev)
            assert reported.exit_code == 0, reported.output

    standings = json.loads(tt("event", "standings", "--json", *ev).output)
    assert [s["rank"] for s in standings] == [1, 2, 3, 4]
    assert sorted(s["points"] for s in standings) == [0, 3, 3, 6]
    assert {s["player"] for s in standings} == {"Ann", "Ben", "Cat", "Dan"}

    out = tmp_path / "retro.xlsx"
    exported = tt("event", "export", str(out), *ev)
    assert exported.exit_code == 0, exported.output
    workbook = openpyxl.load_workbook(out, read_only=True)
    cells = {str(c) for ws in workbook.worksheets for row in ws.iter_rows(values_only=True)
             for c in row if c is not None}
    workbook.close()
    assert {"Ann", "Ben", "Cat", "Dan"} <= cells
