"""``tt cards sync``: refresh cards.json from a public list, served by a local HTTP server.

Every test writes into a temporary --out folder; the shipped data/cards.json is never touched.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from http_server import FIXTURES, LocalServer, serve, snapshot

from tt_organizer.cards.database import CardDatabase, read_card_file
from tt_organizer.cards.sync import map_type, records_to_rows
from tt_organizer.cli.main import cli

CARDS = FIXTURES / "cards"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def server() -> Iterator[LocalServer]:
    with serve() as s:
        s.add("/cards.json", file=CARDS / "aegis-sample.json",
              content_type="text/plain; charset=utf-8")  # as raw.githubusercontent serves it
        s.add("/other.json", file=CARDS / "other-shape.json", content_type="application/json")
        s.add("/bad.json", file=CARDS / "bad-kind.json", content_type="application/json")
        s.add("/cards.csv", file=CARDS / "sample.csv", content_type="text/csv")
        s.add("/page", b"<html></html>")
        s.add("/boom", status=500)
        yield s


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, ["cards", "sync", "--retries", "0", "--timeout", "2", *args])
    assert "Traceback" not in result.output
    return result


def load(folder: Path) -> CardDatabase:
    return CardDatabase(read_card_file(folder / "cards.json"))


def test_aegis_json_is_mapped(server: LocalServer, tmp_path: Path) -> None:
    result = run("--url", server.url("/cards.json"), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    db = load(tmp_path)
    assert len(db) == 11  # the parallel printing folded into BT1-010
    assert db.get("BT1-010").name == "Agumon"
    assert db.get("BT1-001").card_type == "Digi-Egg"
    assert db.get("BT25-043").card_type == "Dual"
    assert db.get("BT14-066").colors == ("Black", "Yellow")
    assert db.get("BT26-091").rarity is None and db.get("BT1-085").level is None
    assert db.get("ST1-01").set_code == "ST1"
    payload = json.loads((tmp_path / "cards.json").read_text("utf-8"))
    assert payload["source_url"] == server.url("/cards.json") and payload["count"] == 11


def test_other_json_shape_and_csv(server: LocalServer, tmp_path: Path) -> None:
    assert run("--url", server.url("/other.json"), "--out", str(tmp_path / "a")).exit_code == 0
    db = load(tmp_path / "a")
    assert db.get("ST1-01").name == "Koromon" and db.get("BT1-010").level == 3
    assert run("--url", server.url("/cards.csv"), "--out", str(tmp_path / "b")).exit_code == 0
    assert len(load(tmp_path / "b")) == 8
    local = run("--from", str(CARDS / "sample.csv"), "--out", str(tmp_path / "c"))
    assert local.exit_code == 0 and len(load(tmp_path / "c")) == 8


def test_unchanged_list_writes_nothing(server: LocalServer, tmp_path: Path) -> None:
    run("--url", server.url("/cards.json"), "--out", str(tmp_path))
    before = snapshot(tmp_path)
    again = run("--url", server.url("/cards.json"), "--out", str(tmp_path))
    assert again.exit_code == 0 and "unchanged" in again.output
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/bad.json", "unknown card type"),
        ("/page", "unexpected content type 'text/html'"),
        ("/boom", "HTTP 500"),
        ("/cards.json", "shrank by more than half"),
    ],
)
def test_bad_lists_leave_cards_json_alone(
    server: LocalServer, tmp_path: Path, path: str, message: str
) -> None:
    shutil.copy(ROOT / "data" / "cards.json", tmp_path / "cards.json")
    before = snapshot(tmp_path)
    result = run("--url", server.url(path), "--out", str(tmp_path))
    assert result.exit_code == 2
    assert message in result.output and result.output.startswith("error:")
    assert snapshot(tmp_path) == before


def test_force_replaces_a_shrunk_list(server: LocalServer, tmp_path: Path) -> None:
    shutil.copy(ROOT / "data" / "cards.json", tmp_path / "cards.json")
    result = run("--url", server.url("/cards.json"), "--out", str(tmp_path), "--force")
    assert result.exit_code == 0 and "--force" in result.output
    assert len(load(tmp_path)) == 11


def test_mapping_helpers() -> None:
    assert map_type(["Digimon", "Option"]) == "Dual"
    assert map_type("Digi-Egg") == "Digi-Egg" and map_type(["DigiEgg"]) == "Digi-Egg"
    assert map_type("Spell") is None
    rows, problems = records_to_rows([{"cardId": "x"}, {"cardId": "BT1-010", "nameEn": "A",
                                                        "kinds": "Digimon", "colors": "Purple"}])
    assert rows[0][:4] == ["BT1-010", "A", "Digimon", "Purple"]
    assert problems == ["record 1 (x): no card number"]
