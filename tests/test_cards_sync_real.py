"""`tt cards sync` reads each public source's real shape without loss,
refuses a sync that would lose facts (unless --force) and keeps local fixes.

Recorded samples (tests/fixtures/real/cards/, sources in its README) are served by a local
HTTP server; every test writes into a temporary --out folder."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from http_server import FIXTURES, LocalServer, serve
from test_cards_sync import run

from tt_organizer.cards.database import CardDatabase, read_card_file, read_overrides
from tt_organizer.cards.sync import lost_facts, map_copy_limit

REAL = FIXTURES / "real" / "cards"


@pytest.fixture(scope="module")
def server() -> Iterator[LocalServer]:
    with serve() as s:
        s.add("/aegis.json", file=REAL / "aegis-cards.json",
              content_type="text/plain; charset=utf-8")
        s.add("/taka.json", file=REAL / "takaotaku-cards.json", content_type="application/json")
        s.add("/io.json", file=FIXTURES / "cards" / "digimoncard-io-shape.json",
              content_type="application/json")
        s.add("/aegis-ex13.json", file=REAL / "aegis-ex13-promos.json",
              content_type="application/json")
        yield s


def load(folder: Path) -> CardDatabase:
    return CardDatabase(read_card_file(folder / "cards.json",
                                       overrides=read_overrides(folder)))


def test_aegis_shape_keeps_the_copy_limit_and_both_colours(
    server: LocalServer, tmp_path: Path
) -> None:
    assert run("--url", server.url("/aegis.json"), "--out", str(tmp_path)).exit_code == 0
    db = load(tmp_path)
    assert len(db) == 10
    assert db.get("EX11-027").copy_limit == 50 and db.get("EX2-046").copy_limit == 50
    assert db.get("BT1-010").copy_limit is None
    assert db.get("BT14-066").colors == ("Black", "Yellow")
    assert db.get("BT25-043").card_type == "Dual"


def test_takaotaku_shape_levels_colours_alt_arts_and_unreleased(
    server: LocalServer, tmp_path: Path
) -> None:
    result = run("--url", server.url("/taka.json"), "--out", str(tmp_path), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["count"] == 2  # AD1-001 (+ its _P1 alternate art) and AD1-004
    assert report["not_released"] == ["EX13-045"]
    db = load(tmp_path)
    assert db.get("AD1-001").level == 4  # "cardLv": "Lv.4"
    assert db.get("AD1-001").name == "Greymon"  # name.english
    assert db.get("AD1-004").colors == ("Red", "Black")  # "color": "Red/Black"
    assert db.get("AD1-004").level == 6 and db.get("AD1-004").rarity == "SR"


def test_digimoncard_io_shape_reads_color2_and_rule_text(
    server: LocalServer, tmp_path: Path
) -> None:
    assert run("--url", server.url("/io.json"), "--out", str(tmp_path)).exit_code == 0
    db = load(tmp_path)
    assert db.get("BT14-066").colors == ("Black", "Yellow")
    assert db.get("BT1-010").colors == ("Red",)
    assert db.get("EX2-046").copy_limit == 50  # from "You can include up to 50 copies"


def test_a_sync_that_loses_facts_is_refused_unless_forced(
    server: LocalServer, tmp_path: Path
) -> None:
    out = tmp_path / "data"
    assert run("--url", server.url("/aegis.json"), "--out", str(out)).exit_code == 0
    before = (out / "cards.json").read_bytes()
    # The same records as a lossy reader would see them: second colours, levels and the
    # max-count field gone (what the issue saw from color2 / cardLv / maxCountInDeck).
    records = json.loads((REAL / "aegis-cards.json").read_text(encoding="utf-8"))
    for rec in records:
        rec["colors"] = rec["colors"][:1]
        rec.pop("level", None)
        rec.pop("maxCountInDeck", None)
    lossy = tmp_path / "lossy.json"
    lossy.write_text(json.dumps(records), encoding="utf-8")
    refused = run("--from", str(lossy), "--out", str(out))
    assert refused.exit_code == 2
    assert "would lose" in refused.output
    assert "BT14-066 loses colour Yellow" in refused.output
    assert "BT1-010 loses its level (3)" in refused.output
    assert (out / "cards.json").read_bytes() == before
    forced = run("--from", str(lossy), "--out", str(out), "--force")
    assert forced.exit_code == 0 and "--force: replaced despite" in forced.output
    assert load(out).get("BT14-066").colors == ("Black",)


def test_lost_facts_names_each_loss() -> None:
    old = [["BT1-010", "Agumon", "Digimon", "Red/Blue", 3, "R", "BT1", 50],
           ["BT1-011", "X", "Digimon", "Red", 3, "R", "BT1", None]]
    new: list[list[object]] = [["BT1-010", "Agumon", "Digimon", "Red", None, "R", "BT1", None]]
    assert lost_facts(old, new) == [
        "BT1-010 loses colour Blue", "BT1-010 loses its level (3)",
        "BT1-010 loses its copy limit (50)", "BT1-011 is missing",
    ]
    changed: list[list[object]] = [["BT1-011", "Y", "Option", "Blue", 4, "C", "BT1", None]]
    assert lost_facts(old[1:], changed) == []  # a changed value is an update


def test_overrides_survive_a_resync(server: LocalServer, tmp_path: Path) -> None:
    fixes = {"cards": {"BT1-010": {"name": "Agumon (fixed)", "reason": "test"},
                       "EX11-027": {"copy_limit": 3}}}
    (tmp_path / "card_overrides.json").write_text(json.dumps(fixes), encoding="utf-8")
    overrides_before = (tmp_path / "card_overrides.json").read_bytes()
    for _ in range(2):  # a first sync and a resync
        result = run("--url", server.url("/aegis.json"), "--out", str(tmp_path))
        assert result.exit_code == 0, result.output
        assert "kept 2 local fix(es)" in result.output
    assert (tmp_path / "card_overrides.json").read_bytes() == overrides_before
    raw = json.loads((tmp_path / "cards.json").read_text(encoding="utf-8"))
    assert ["BT1-010", "Agumon"] in [r[:2] for r in raw["cards"]]  # the synced data stays raw
    db = load(tmp_path)
    assert db.get("BT1-010").name == "Agumon (fixed)"
    assert db.get("EX11-027").copy_limit == 3


def test_shipped_overrides_fix_the_two_source_names() -> None:
    from tt_organizer.cards.database import load_cards

    db = load_cards()
    assert db.get("BT10-101").name == "Lónkhē Adistakto"
    assert db.get("BT4-112").name == "Hell's Gate"
    assert db.get("EX11-027").copy_limit == 50  # from the data, not the hand list


@pytest.mark.parametrize(
    ("rec", "limit"),
    [
        ({"maxCountInDeck": 50}, "50"),
        ({"maxCountInDeck": 4}, ""),
        ({"rule": "You can include up to 50 copies of cards with this card's card number"}, "50"),
        ({"rule": "-"}, ""),
        ({}, ""),
    ],
)
def test_copy_limit_mapping(rec: dict[str, object], limit: str) -> None:
    assert map_copy_limit(rec) == limit


def test_six_maquinamon_are_legal_from_the_card_data_alone(tmp_path: Path) -> None:
    """EX11-027's own text allows 50 copies: the data says so (copy_limits.json is empty)."""
    from tt_organizer.formats.check import check_text, load_context

    deck = ["6 Maquinamon EX11-027"] + [f"4 BT1-0{n:02d}" for n in range(10, 21)]
    report = check_text("\n".join(deck) + "\n", load_context("standard"))
    assert "CARD_COPIES" not in report.codes and "MAIN_COPIES" not in report.codes
    over = check_text("51 Maquinamon EX11-027\n", load_context("standard"))
    assert "CARD_COPIES" in over.codes


def test_aegis_ex13_and_new_promos(server: LocalServer, tmp_path: Path) -> None:
    """The aegis records of EX13 and P-245..P-250 (a later snapshot than the shipped data's)
    map through the sync as they are: a Dual card, a rarity "-", an egg with no level."""
    result = run("--url", server.url("/aegis-ex13.json"), "--out", str(tmp_path), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["count"] == 83
    db = load(tmp_path)
    chuumon = db.get("EX13-027")
    assert (chuumon.name, chuumon.card_type, chuumon.colors, chuumon.level, chuumon.rarity) == (
        "Chuumon", "Digimon", ("Yellow",), 3, "C")
    assert db.get("EX13-065").card_type == "Dual"
    assert db.get("EX13-072").rarity in (None, "")
    assert db.get("EX13-001").level is None
    assert db.get("P-246").name == "Motimon" and db.get("P-246").card_type == "Digi-Egg"


def test_shipped_data_has_ex13_and_the_new_promos() -> None:
    """data/source/cards.csv gained exactly the recorded records (scripts/add_card_records.py),
    row for row as the sync maps them."""
    from tt_organizer.cards import load_cards
    from tt_organizer.cards.sync import records_to_rows

    records = json.loads((REAL / "aegis-ex13-promos.json").read_text(encoding="utf-8"))
    rows, problems = records_to_rows(records)
    assert problems == []
    shipped = {c.number: c for c in load_cards()}
    for number, name, card_type, colors, level, rarity, _set, _limit in rows:
        card = shipped[number]
        assert (card.name, card.card_type, "/".join(card.colors)) == (name, card_type, colors)
        assert (card.level or "") == (int(level) if level else "")
        assert (card.rarity or "") == rarity
    assert len([n for n in shipped if n.startswith("EX13-")]) == 77
