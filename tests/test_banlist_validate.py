"""Validation against the cached list: the current one, a picked one, the one in force on a
date (``--as-of``), and ``--sync`` carrying on from the cache when the network fails."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from conftest import LEGAL_MAIN, LEGAL_PILE
from http_server import FIXTURES, LocalServer, serve, snapshot

from tt_organizer.banlist.announcement import BanList, BannedPair, HistoryEntry
from tt_organizer.banlist.cache import load_banlist
from tt_organizer.banlist.history import in_force_on
from tt_organizer.banlist.page_sync import page_source, sync_banlist
from tt_organizer.cli.advice import describe
from tt_organizer.cli.main import cli
from tt_organizer.errors import BanlistError
from tt_organizer.formats.check import CheckOptions, open_check

ROOT = Path(__file__).resolve().parents[1]
PAGES = FIXTURES / "banlist"


@pytest.fixture(scope="module")
def server() -> Iterator[LocalServer]:
    with serve() as s:
        s.add("/current", file=PAGES / "current.html")
        s.add("/boom", status=503)
        yield s


@pytest.fixture
def synced(server: LocalServer, tmp_path: Path) -> Path:
    """A cache filled by syncing the recorded current page."""
    folder = tmp_path / "synced"
    sync_banlist(page_source(server.url("/current"), timeout=1, retries=0), folder, known=None)
    return folder


def write_deck(path: Path, main: dict[str, int], pile: dict[str, int]) -> Path:
    lines = ["// Digimon Deck List", *(f"{n} {num}" for num, n in main.items()),
             "// Tamer + Digi-Egg pile", *(f"{n} {num}" for num, n in pile.items())]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def three_problems(tmp_path: Path) -> Path:
    """A banned card, a restricted card twice (two printings) and both sides of a pair."""
    main = dict(LEGAL_MAIN)
    del main["BT1-019"]
    main["BT1-018"] = 3
    main.update({"BT5-109": 1, "BT2-047": 1, "BT2-047_P1": 1, "BT20-037": 1, "BT17-035": 1})
    assert sum(main.values()) == 50
    return write_deck(tmp_path / "three.txt", main, LEGAL_PILE)


@pytest.fixture
def restricted_twice(tmp_path: Path) -> Path:
    main = {**LEGAL_MAIN, "BT1-019": 2, "BT2-047": 1, "BT2-047_P1": 1}
    return write_deck(tmp_path / "argomon.txt", main, LEGAL_PILE)


def validate(*args: str) -> Result:
    result = CliRunner().invoke(cli, ["deck", "validate", *args])
    assert "Traceback" not in result.output
    return result


def codes(result: Result) -> set[str]:
    return {e["code"] for deck in json.loads(result.stdout) for e in deck["errors"]}


@pytest.mark.parametrize("which", ["shipped", "synced"])
def test_all_three_violations_from_the_cache(
    which: str, synced: Path, three_problems: Path
) -> None:
    cache = ROOT / "banlist_cache" if which == "shipped" else synced
    result = validate(str(three_problems), "--cache", str(cache), "--json")
    assert result.exit_code == 1, result.output
    assert {"BANNED", "RESTRICTED", "BANNED_PAIR"} <= codes(result)
    errors = json.loads(result.stdout)[0]["errors"]
    restricted = next(e for e in errors if e["code"] == "RESTRICTED")
    assert restricted["cards"] == ["BT2-047"] and "has 2" in restricted["message"]


@pytest.mark.parametrize("which", ["shipped", "synced"])
def test_as_of_before_the_restriction_is_legal(
    which: str, synced: Path, restricted_twice: Path
) -> None:
    cache = ROOT / "banlist_cache" if which == "shipped" else synced
    now = validate(str(restricted_twice), "--cache", str(cache))
    assert now.exit_code == 1 and "RESTRICTED" in now.output
    before = validate(str(restricted_twice), "--cache", str(cache), "--as-of", "2021-03-01")
    assert before.exit_code == 0, before.output
    assert "derived from the 2026-03-16 announcement" in before.output  # the warning


def test_as_of_2026_01_15_uses_the_list_then_in_force(synced: Path) -> None:
    bl = load_banlist(synced, as_of=dt.date(2026, 1, 15))
    assert "EX5-065" not in bl.banned  # banned from 2026-03-27 in the recorded history
    assert "BT23-032" not in bl.restricted
    assert bl.restricted["BT19-037"] == 1  # lifted on 2026-03-27: still restricted before
    assert "BT5-109" in bl.banned  # no known date: assumed in force
    assert len(bl.banned_pairs) == 2
    early = load_banlist(synced, as_of=dt.date(2024, 1, 1))
    assert [p.a for p in early.banned_pairs] == [["EX2-007"]]  # the pair of 2024-11-01 out
    assert "P-029" not in early.restricted
    assert load_banlist(synced, as_of=dt.date(2026, 4, 1)) == load_banlist(synced)


def test_in_force_on_prefers_the_announcement_in_force() -> None:
    old = BanList(announced=dt.date(2025, 1, 1), banned=["BT1-001"])
    new = BanList(announced=dt.date(2026, 1, 1), effective=dt.date(2026, 1, 20),
                  banned=["BT1-001", "BT2-002"],
                  history=[HistoryEntry(heading="x", effective=dt.date(2026, 1, 20),
                                        kind="banned", cards=["BT2-002"])])
    assert in_force_on([new, old], dt.date(2026, 1, 10)) is old  # announced, not yet in force
    assert in_force_on([new, old], dt.date(2026, 2, 1)) is new
    derived = in_force_on([new], dt.date(2026, 1, 10))
    assert derived.banned == ["BT1-001"] and derived.derived_as_of == dt.date(2026, 1, 10)


def test_lifted_pair_is_put_back_before_its_lift() -> None:
    pair = BannedPair(a=["BT1-001"], b=["BT1-002"])
    bl = BanList(announced=dt.date(2026, 1, 1), history=[
        HistoryEntry(heading="y", effective=dt.date(2025, 12, 1), kind="lifted",
                     lifted_from="banned_pair", pairs=[pair])])
    assert in_force_on([bl], dt.date(2025, 6, 1)).banned_pairs == [pair]
    assert in_force_on([bl], dt.date(2026, 2, 1)).banned_pairs == []


def test_banlist_pick_by_date_and_file(synced: Path, tmp_path: Path) -> None:
    assert load_banlist(synced, pick="2026-03-16").announced == dt.date(2026, 3, 16)
    copy = tmp_path / "pinned.json"
    shutil.copy(synced / "2026-03-16.json", copy)
    assert load_banlist(None, pick=str(copy)).sha256 == load_banlist(synced).sha256
    with pytest.raises(BanlistError, match="no cached announcement of 2025-01-01") as refused:
        load_banlist(synced, pick="2025-01-01")
    # the library names no option: its code and hint let the command line advise --as-of
    assert "--" not in str(refused.value)
    assert (refused.value.code, refused.value.hint["date"]) == ("no-announcement", "2025-01-01")
    assert describe(refused.value).endswith(
        "; use --as-of 2025-01-01 for the list in force on that date")


def test_sync_failure_warns_and_validation_carries_on(
    server: LocalServer, synced: Path, three_problems: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TT_BANLIST_URL", server.url("/boom"))
    before = snapshot(synced)
    result = validate(str(three_problems), "--cache", str(synced), "--sync", "--json")
    assert result.exit_code == 1  # the deck's verdict, not a sync error
    assert "ban-list sync failed (HTTP 503" in result.stderr
    assert "announced 2026-03-16" in result.stderr and "days ago" in result.stderr
    assert {"BANNED", "RESTRICTED", "BANNED_PAIR"} <= codes(result)
    assert snapshot(synced) == before


def test_sync_before_validate_updates_the_cache(
    server: LocalServer, tmp_path: Path, restricted_twice: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "empty-cache"
    monkeypatch.setenv("TT_BANLIST_URL", server.url("/current"))
    result = validate(str(restricted_twice), "--cache", str(folder), "--sync")
    assert result.exit_code == 1 and "RESTRICTED" in result.output
    assert (folder / "2026-03-16.json").exists()


def test_open_check_says_what_the_reader_should_know_as_warnings(synced: Path) -> None:
    """The check context the deck options ask for carries its warnings (a list derived for
    --as-of) as data; the front end only prints them."""
    now = open_check(CheckOptions(cache=str(synced)))
    assert now.warnings == () and now.banlist is not None and not now.banlist.note
    then = open_check(CheckOptions(cache=str(synced), as_of=dt.date(2021, 3, 1)))
    assert then.banlist is not None and then.warnings == (then.banlist.note,)
    assert "derived from the 2026-03-16 announcement" in then.warnings[0]
