"""The start-up path stays light: a deck check loads no validation, spreadsheet, HTTP or
rich module it does not use, nor does a command that touches one row of an event; and the
shipped data a deck check trusts is what was checked."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tt_organizer.banlist.announcement import BanList
from tt_organizer.formats.model import FormatDefinition
from tt_organizer.records import fast_digest, file_digest, matches_record, read_checksums

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "legal-red-tamer-tactics.txt"
HEAVY = ("pydantic", "pydantic_core", "openpyxl", "requests", "bs4", "urllib3", "sqlite3")

# Runs the real console entry point in a fresh interpreter, then reports what got imported.
PROBE = """
import json, sys
from tt_organizer.cli.main import main
sys.argv = ["tt", *json.loads(sys.argv[1])]
try:
    main()
except SystemExit as exc:
    code = exc.code
sys.stdout.flush()
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + " CODE " + str(code))
"""


def modules_imported_by(*args: str) -> tuple[set[str], int, str]:
    """Every module a fresh ``tt ARGS`` imported, its exit code and its stdout."""
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args)],
                          capture_output=True, text=True, check=False, cwd=ROOT)
    tail = done.stderr.rsplit("\nMODULES ", 1)[1]
    modules, code = tail.rsplit(" CODE ", 1)
    return set(json.loads(modules)), int(code), done.stdout


def imported_by(*args: str) -> tuple[set[str], int, str]:
    """Top-level packages a fresh ``tt ARGS`` imported, its exit code and its stdout."""
    modules, code, out = modules_imported_by(*args)
    return {m.split(".")[0] for m in modules}, code, out


@pytest.mark.parametrize("args", [("deck", "validate", "--json", str(SAMPLE)), ("--help",)])
def test_deck_check_imports_nothing_heavy(args: tuple[str, ...]) -> None:
    top, code, out = imported_by(*args)
    assert code == 0
    assert not top & set(HEAVY), sorted(top & set(HEAVY))
    assert "rich" not in top  # JSON and --help print without rich
    if "--json" in args:
        assert json.loads(out)[0]["legal"] is True


def test_deck_table_draws_without_rich_or_validation() -> None:
    """One deck's tables are drawn by the CLI's own renderer (tt_organizer/cli/render.py),
    so the table path imports no rich either."""
    top, code, out = imported_by("deck", "validate", str(SAMPLE))
    assert code == 0 and "LEGAL" in out and "┏━━━┳" in out
    assert "rich" not in top
    assert not top & set(HEAVY), sorted(top & set(HEAVY))


@pytest.mark.parametrize("args", [("deck", "validate", "--json", str(SAMPLE)),
                                  ("deck", "validate", str(SAMPLE))])
def test_deck_check_loads_no_unused_stdlib_module(args: tuple[str, ...]) -> None:
    """Nor the stdlib modules only other inputs need: zip / xlsx reading, web addresses,
    HTTP sync, copying folders, close-match suggestions (pathlib itself imports urllib), nor
    OpenSSL for the checksums."""
    top, code, _ = imported_by(*args)
    assert code == 0
    unused = {"zipfile", "difflib", "shutil", "tempfile", "http", "email", "html",
              "hashlib", "_hashlib"}  # OpenSSL: the checksums use the built-in SHA-256
    assert not top & unused, sorted(top & unused)


@pytest.mark.parametrize("args", [("deck", "validate", "--json", str(SAMPLE)),
                                  ("deck", "validate", str(SAMPLE))])
def test_deck_check_loads_no_pathlib(args: tuple[str, ...]) -> None:
    """pathlib (and the urllib it imports) costs a bare start-up: the check finds its folders
    with os.path."""
    modules, code, out = modules_imported_by(*args)
    assert code == 0 and "legal" in out.lower()
    assert "pathlib" not in modules
    assert "tt_organizer.formats.check" in modules  # the probe did run the check


@pytest.fixture(scope="module")
def paired_event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Eight players with decks, round 1 paired and unreported."""
    from event_helpers import EVENT_DECKS, Tt

    path = tmp_path_factory.mktemp("startup") / "event.sqlite"
    tt = Tt(path)
    tt("create", "Cup", "--seed", "5")
    for i in range(8):
        tt("register", f"P{i}", "--id", f"ID{i}", "--deck", str(EVENT_DECKS / "legal_red.txt"))
    tt("pair")
    return path


# what a command that reads or changes a row or a round needs none of: the pairing, the
# standings (and their exact fractions), the deck models and checks, spreadsheets, HTTP, rich
NOT_FOR_ONE_ROW = ("tt_organizer.pairing", "tt_organizer.standings", "tt_organizer.formats",
                   "tt_organizer.decklist", "fractions", "decimal", "pathlib", *HEAVY[:-1],
                   "rich")


@pytest.mark.parametrize("args", [("report", "1", "2-0"), ("report", "2", "2-1", "--json"),
                                  ("drop", "--id", "ID7"), ("pairings", "--json")])
def test_event_row_commands_import_nothing_they_do_not_use(
    paired_event: Path, tmp_path: Path, args: tuple[str, ...]
) -> None:
    """`tt event report` / `drop` / `pairings --json` touch one row or one round: their
    start-up loads no pairing, standings, deck-check, spreadsheet or rich module."""
    import shutil

    event = tmp_path / "event.sqlite"
    shutil.copyfile(paired_event, event)
    modules, code, out = modules_imported_by("event", *args, "--event", str(event))
    assert code == 0, out
    loaded = sorted(m for m in modules if m.startswith(NOT_FOR_ONE_ROW))
    assert not loaded, loaded
    assert "tt_organizer.events.store" in modules  # the probe did run the command


@pytest.mark.parametrize("args", [("standings",), ("standings", "--json"),
                                  ("standings", "--round", "0"), ("pairings",),
                                  ("pairings", "--round", "1", "--json"),
                                  ("report", "3", "--draw"), ("drop", "P1", "--json")])
def test_the_hot_event_commands_run_without_rich(
    paired_event: Path, tmp_path: Path, args: tuple[str, ...]
) -> None:
    """The hot event commands print their tables and JSON without rich or any heavy module;
    a usage error is click's (exit 2)."""
    import shutil

    event = tmp_path / "event.sqlite"
    shutil.copyfile(paired_event, event)
    top, code, out = imported_by("event", *args, "--event", str(event))
    assert code == 0, out
    assert not top & {"rich", *HEAVY[:-1]}, sorted(top & {"rich", *HEAVY})
    if "--json" in args:
        json.loads(out)
    _, code, _ = imported_by("event", *args, "--event", str(event), "--nope")
    assert code == 2


SHIPPED = [
    *((p, FormatDefinition) for p in sorted(
        (ROOT / "tt_organizer" / "formats" / "definitions").glob("*.json"))
      if p.name != "checksums.json"),
    *((p, BanList) for p in sorted((ROOT / "banlist_cache").glob("????-??-??.json"))),
]


@pytest.mark.parametrize(("path", "model"), SHIPPED, ids=[p.name for p, _ in SHIPPED])
def test_shipped_data_is_checked_and_its_checksum_recorded(path: Path, model: type) -> None:
    """Shipped files are read without validation only because this holds (after editing one,
    run ``python scripts/record_checksums.py``)."""
    assert read_checksums(path.parent).get(path.name) == file_digest(path.read_bytes())
    payload = json.loads(path.read_text(encoding="utf-8"))
    assert model.from_trusted(payload) == model.validate(payload)


def test_a_changed_file_is_validated_again(tmp_path: Path) -> None:
    from tt_organizer.banlist.cache import read_banlist_file
    from tt_organizer.errors import BanlistError
    from tt_organizer.records import record_checksum

    src = next((ROOT / "banlist_cache").glob("????-??-??.json"))
    target = tmp_path / src.name
    payload = json.loads(src.read_text(encoding="utf-8"))
    target.write_text(json.dumps(payload), encoding="utf-8")
    record_checksum(target)
    assert read_banlist_file(target).announced.isoformat() == src.stem
    payload["restricted"] = {"BT1-001": "two"}  # edited after the checksum was recorded
    target.write_text(json.dumps(payload), encoding="utf-8")
    with pytest.raises(BanlistError, match="not a ban-list file"):
        read_banlist_file(target)


def test_a_bad_file_with_a_matching_checksum_is_still_refused_cleanly(tmp_path: Path) -> None:
    """A checksum only skips validation for data in the right shape: a payload that is not
    (say, a forged checksums.json) is checked after all and refused with a message."""
    from tt_organizer.banlist.cache import read_banlist_file
    from tt_organizer.errors import BanlistError, InputError
    from tt_organizer.formats.registry import read_definition
    from tt_organizer.records import record_checksum

    bad_list = tmp_path / "2026-01-01.json"
    bad_list.write_text(json.dumps({"banned": ["BT1-001"]}), encoding="utf-8")  # no date
    record_checksum(bad_list)
    with pytest.raises(BanlistError, match="not a ban-list file"):
        read_banlist_file(bad_list)
    bad_format = tmp_path / "broken.json"
    bad_format.write_text(json.dumps({"id": "x", "name": "X", "zones": []}), encoding="utf-8")
    record_checksum(bad_format)
    with pytest.raises(InputError, match="a format needs at least one zone"):
        read_definition(bad_format)


@pytest.mark.parametrize("size", [0, 1, 64, 100_000])
def test_checksums_are_sha256_and_blake2b(size: int) -> None:
    """The built-in SHA-256 and BLAKE2b the checksums use give hashlib's digests."""
    import hashlib

    data = bytes(range(256)) * (size // 256) + bytes(size % 256)
    assert file_digest(data) == hashlib.sha256(data).hexdigest()
    assert fast_digest(data) == hashlib.blake2b(data, digest_size=32).hexdigest()


def test_trust_goes_by_the_blake2b_record_else_by_the_sha256_one(tmp_path: Path) -> None:
    """A deck check compares the BLAKE2b (three times faster than SHA-256 on the card list);
    a folder recorded by an older version, SHA-256 alone, is still trusted by it."""
    from tt_organizer.records import CHECKSUMS_FILE, record_checksum

    for path, _ in SHIPPED:
        recorded = json.loads((path.parent / CHECKSUMS_FILE).read_text(encoding="utf-8"))
        assert recorded["blake2b"][path.name] == fast_digest(path.read_bytes())
    target = tmp_path / "cards.json"
    target.write_bytes(b'{"cards": []}')
    record_checksum(target)
    assert matches_record(target, target.read_bytes())
    assert not matches_record(target, b'{"cards": [1]}')
    sums = tmp_path / CHECKSUMS_FILE
    older = {"files": json.loads(sums.read_text(encoding="utf-8"))["files"]}
    sums.write_text(json.dumps(older), encoding="utf-8")
    assert matches_record(target, target.read_bytes())
    assert not matches_record(target, b'{"cards": [1]}')
    assert not matches_record(tmp_path / "other.json", target.read_bytes())
    record_checksum(target)  # written again: both digests
    assert set(json.loads(sums.read_text(encoding="utf-8"))) == {"files", "blake2b"}


def test_shipped_card_list_is_checked_and_indexed_by_line() -> None:
    """The shipped cards.json is trusted (its checksum recorded by
    scripts/record_checksums.py) and indexed without parsing: every row's text is the row."""
    from tt_organizer.cards.database import read_card_index, read_card_rows

    path = ROOT / "data" / "cards.json"
    assert read_checksums(path.parent).get(path.name) == file_digest(path.read_bytes())
    rows = read_card_rows(path)
    found = read_card_index(path)  # each row looked up alone, before any full index exists
    assert all(json.loads(found[str(r[0])]) == r for r in rows)
    assert "BT1-01" not in found and "XX1-001" not in found and 'BT1-010"' not in found
    index = read_card_index(path)
    assert all(isinstance(v, str) for v in index.values())
    assert {n: json.loads(v) for n, v in index.items()} == {str(r[0]): r for r in rows}


def test_a_changed_card_list_is_parsed_and_checked_whole(tmp_path: Path) -> None:
    from tt_organizer.cards.database import load_cards, read_card_index
    from tt_organizer.cards.importer import build_card_data
    from tt_organizer.errors import InputError

    csv_path = tmp_path / "cards.csv"
    csv_path.write_text("card_number,name,card_type,colors,level,rarity,set_code\n"
                        "BT1-010,Agumon,Digimon,Red,3,C,BT1\n"
                        "BT1-085,Tai Kamiya,Tamer,Red,,R,BT1\n", encoding="utf-8")
    target = build_card_data(csv_path, tmp_path)  # records its checksum: indexed by line
    assert all(isinstance(v, str) for v in read_card_index(target).values())
    assert load_cards(tmp_path).get("BT1-010").name == "Agumon"
    text = target.read_text(encoding="utf-8")
    target.write_text(text.replace('"Agumon"', '"Agumon2"'), encoding="utf-8")
    index = read_card_index(target)  # no longer the recorded bytes: parsed whole
    assert all(isinstance(v, list) for v in index.values()) and index["BT1-010"][1] == "Agumon2"
    target.write_text(text.replace('["BT1-085", ', '["BT1-085"]]'), encoding="utf-8")
    with pytest.raises(InputError, match="damaged"):
        read_card_index(target)


def test_a_deck_check_reads_one_shipped_definition(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Each shipped definition is named for its id, so a check reads its file alone -- unless
    the organizer added definitions (one may replace a shipped id), then all are read."""
    from tt_organizer.formats import registry

    for path, _ in SHIPPED:
        if path.parent.name == "definitions":
            assert json.loads(path.read_text(encoding="utf-8"))["id"] == path.stem
    monkeypatch.setenv("TT_USER_DATA", str(tmp_path))
    registry.all_formats.cache_clear()
    try:
        default = registry.all_formats()[registry.DEFAULT_FORMAT]
        assert registry.get_format("tt") == default
        registry.all_formats.cache_clear()
        assert registry.get_format("standard").id == "standard"
        assert registry.all_formats.cache_info().currsize == 0  # read alone
        own = registry.all_formats()["standard"].to_dict(as_json=True)
        own["name"] = "Standard, house rules"
        (tmp_path / "formats").mkdir()
        (tmp_path / "formats" / "house.json").write_text(json.dumps(own), encoding="utf-8")
        registry.all_formats.cache_clear()
        assert registry.get_format("standard").name == "Standard, house rules"
        assert registry.find_format("standard") == registry.get_format("standard")
        assert registry.get_format("Standard").name == "Standard, house rules"
    finally:
        registry.all_formats.cache_clear()
