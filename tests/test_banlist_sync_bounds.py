"""A ban-list sync that cannot hang, cannot be
fooled by a page that looks right but is wrong, and always repairs ``current.json``.

Every page is served by a real HTTP server on 127.0.0.1 (tests/http_server.py); the slow server
really sends one byte at a time.
"""

from __future__ import annotations

import errno
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from http_server import FIXTURES, LocalServer, serve, snapshot

from tt_organizer.banlist.cache import load_banlist, read_pointer, store_announcement
from tt_organizer.banlist.guards import FUTURE_MARGIN_DAYS, MAX_ENTRIES
from tt_organizer.banlist.page_sync import sync_banlist
from tt_organizer.cli.main import cli

PAGES = FIXTURES / "banlist"
ROOT = Path(__file__).resolve().parents[1]
CURRENT = (PAGES / "current.html").read_text("utf-8")
TIMEOUT = 2.0


def run_cli(*args: str, env: dict[str, str] | None = None) -> Result:
    result = CliRunner().invoke(cli, list(args), env=env)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture
def server() -> Iterator[LocalServer]:
    with serve() as s:
        yield s


# --- 1. one wall-clock deadline -----------------------------------------------------------


@pytest.mark.parametrize("drip_headers", [False, True], ids=["slow-body", "slow-headers"])
def test_a_server_sending_one_byte_a_second_cannot_hold_the_sync(
    server: LocalServer, cache: Path, drip_headers: bool
) -> None:
    # one byte every 0.5 s: each read returns well within the read timeout, so only a limit
    # over the whole exchange stops it (the page would take about 3 hours)
    url = server.add("/drip", CURRENT, drip=0.5, drip_headers=drip_headers)
    before = snapshot(cache)
    started = time.monotonic()
    result = run_cli("banlist", "sync", "--url", url, "--cache", str(cache),
                     "--timeout", str(TIMEOUT), "--retries", "0")
    elapsed = time.monotonic() - started
    assert result.exit_code == 2, result.output
    assert "timed out" in result.output
    assert elapsed < 3 * TIMEOUT, f"the sync took {elapsed:.1f} s with --timeout {TIMEOUT}"
    assert elapsed >= TIMEOUT * 0.9  # it did wait for the server, up to the limit
    assert snapshot(cache) == before


def test_validate_sync_falls_back_to_the_cache_when_the_server_drips(
    server: LocalServer, cache: Path
) -> None:
    url = server.add("/drip", CURRENT, drip=0.5, drip_headers=True)
    started = time.monotonic()
    result = run_cli("deck", "validate", "--sync", "--cache", str(cache),
                     str(ROOT / "samples" / "illegal-deck.txt"),
                     env={"TT_BANLIST_URL": url, "TT_BANLIST_TIMEOUT": "1"})
    elapsed = time.monotonic() - started
    # two attempts of 1 s and a 0.5 s pause at most, then the deck is checked with the cache
    assert elapsed < 3 * 2.5, f"validate --sync took {elapsed:.1f} s"
    assert "ban-list sync failed" in result.output and "timed out" in result.output
    assert "validating with the cached list" in result.output
    assert result.exit_code == 1  # the deck was checked: it is illegal
    assert "BANNED" in result.output  # against the cached list of 2026-03-16


# --- 2. pages that look right but are wrong ------------------------------------------------

_BANNED_BLOCK = re.compile(
    r'(<h5 class="minTit txtNormal">Banned cards: Can’t be included in decks\.</h5></div>\n'
    r'<div class="restriction_card"><dl class="cardList">\n)(.*?)(</dl></div>)', re.S)
_RESTRICTED_OPEN = ('<h5 class="minTit txtNormal">Restricted Cards (1) - Decks can only include '
                    'one copy of these cards.</h5></div>\n<div class="restriction_card">'
                    '<dl class="cardList">\n')


def _banned_moved_to_restricted(html: str) -> str:
    """The same announcement with every banned card of the current list made restricted."""
    match = _BANNED_BLOCK.search(html)
    assert match is not None and "BT5-109" in match.group(2)
    moved = html[:match.start(2)] + html[match.end(2):]
    at = moved.index(_RESTRICTED_OPEN, match.start()) + len(_RESTRICTED_OPEN)
    return moved[:at] + match.group(2) + moved[at:]


def _with_banned(html: str, numbers: list[str]) -> str:
    """The page with ``numbers`` added to the banned cards of the current list."""
    match = _BANNED_BLOCK.search(html)
    assert match is not None
    extra = "".join(f'<dd><span class="num">{n}</span></dd>\n' for n in numbers)
    return html[:match.start(2)] + extra + html[match.start(2):]


def _refused(result: Result, reason: str) -> None:
    assert result.exit_code == 2, result.output
    assert "refusing the ban list" in result.output and reason in result.output, result.output
    assert "--force" in result.output


def test_a_changed_list_for_a_cached_date_is_refused(server: LocalServer, cache: Path) -> None:
    illegal = str(ROOT / "samples" / "illegal-deck.txt")
    url = server.add("/moved", _banned_moved_to_restricted(CURRENT))
    before = snapshot(cache)
    _refused(run_cli("banlist", "sync", "--url", url, "--cache", str(cache)),
             "a different list is already cached for 2026-03-16")
    assert snapshot(cache) == before
    checked = run_cli("deck", "validate", "--cache", str(cache), illegal)
    assert checked.exit_code == 1 and "BANNED" in checked.output  # BT5-109 is still banned
    forced = run_cli("banlist", "sync", "--url", url, "--cache", str(cache), "--force")
    assert forced.exit_code == 0, forced.output
    assert "different list is already cached" in forced.output  # said what --force overrode
    assert "BT5-109" in load_banlist(cache).restricted


def test_the_same_cards_with_a_filled_in_history_is_an_update(
    server: LocalServer, cache: Path
) -> None:
    # the shipped file of 2026-03-16 has no dated history; the page has: not a refusal
    url = server.add("/current", CURRENT)
    result = run_cli("banlist", "sync", "--url", url, "--cache", str(cache))
    assert result.exit_code == 0, result.output
    assert "updated the list announced 2026-03-16" in " ".join(result.output.split())
    assert load_banlist(cache).history


def test_a_future_date_is_refused(server: LocalServer, tmp_path: Path) -> None:
    url = server.add("/2099", CURRENT.replace("Mar. 16, 2026", "Mar. 16, 2099"))
    folder = tmp_path / "c"
    _refused(run_cli("banlist", "sync", "--url", url, "--cache", str(folder)),
             "the announcement date 2099-03-16 is in the future")
    assert not folder.exists() or not list(folder.iterdir())


def test_a_date_a_few_days_ahead_is_accepted(server: LocalServer, tmp_path: Path) -> None:
    import datetime as dt

    soon = dt.date.today() + dt.timedelta(days=FUTURE_MARGIN_DAYS - 1)
    title = f"{soon:%b}. {soon.day}, {soon.year}"
    url = server.add("/soon", CURRENT.replace("Mar. 16, 2026", title))
    result = run_cli("banlist", "sync", "--url", url, "--cache", str(tmp_path / "c"))
    assert result.exit_code == 0, result.output
    assert load_banlist(tmp_path / "c").announced == soon


def test_abnormal_growth_is_refused(server: LocalServer, cache: Path) -> None:
    # 5,000 made-up numbers (the attack used 100,000; 5x the cap keeps the test quick)
    numbers = [f"BT{1 + i // 100}-{i % 100:03d}" for i in range(5 * MAX_ENTRIES)]
    url = server.add("/huge", _with_banned(CURRENT, numbers))
    before = snapshot(cache)
    _refused(run_cli("banlist", "sync", "--url", url, "--cache", str(cache)),
             "the list is abnormally large")
    assert snapshot(cache) == before


def test_growth_against_the_cached_list_is_refused(server: LocalServer, cache: Path) -> None:
    previous = load_banlist(cache).size()
    numbers = [f"BT{1 + i // 100}-{i % 100:03d}" for i in range(previous + 60)]
    html = _with_banned(CURRENT, numbers).replace("Mar. 16, 2026", "Nov. 20, 2026")
    url = server.add("/grown", html)
    _refused(run_cli("banlist", "sync", "--url", url, "--cache", str(cache)),
             "the list grew abnormally")


def test_a_list_of_mostly_unknown_numbers_is_refused(server: LocalServer, tmp_path: Path) -> None:
    numbers = [f"BT99-{i:03d}" for i in range(100)]  # no such set
    url = server.add("/unknown", _with_banned(CURRENT, numbers))
    folder = tmp_path / "c"
    _refused(run_cli("banlist", "sync", "--url", url, "--cache", str(folder)),
             "most of its card numbers are not in the card database (100 of")
    assert not folder.exists() or not list(folder.iterdir())


def _japanese(html: str) -> str:
    return html.replace("Matt Ishida", "石田ヤマト").replace("Shakkoumon", "シャッコウモン")


def test_a_shift_jis_page_labelled_utf8_is_refused(server: LocalServer, tmp_path: Path) -> None:
    body = _japanese(CURRENT).encode("shift_jis", errors="xmlcharrefreplace")
    url = server.add("/sjis-as-utf8", body)  # served as text/html; charset=UTF-8
    folder = tmp_path / "c"
    _refused(run_cli("banlist", "sync", "--url", url, "--cache", str(folder)),
             "the page is not valid UTF-8 text")
    assert not folder.exists() or not list(folder.iterdir())
    # the same bytes labelled as what they are: stored, with the names read right
    url = server.add("/sjis", body, content_type="text/html; charset=Shift_JIS")
    result = run_cli("banlist", "sync", "--url", url, "--cache", str(folder))
    assert result.exit_code == 0, result.output
    assert load_banlist(folder).names["BT2-090"] == "石田ヤマト"


# --- 3. a re-sync repairs current.json -------------------------------------------------------


def test_a_resync_repairs_current_json_after_a_failed_write(
    server: LocalServer, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck = str(ROOT / "samples" / "legal-red-tamer-tactics.txt")
    newer = _with_banned(CURRENT, ["ST1-03"]).replace("Mar. 16, 2026", "Nov. 20, 2026")
    url = server.add("/newer", newer)
    replace = os.replace
    before = {p.name: p.read_bytes() for p in cache.iterdir()}

    def disk_full_for_the_pointer(src: str, dst: str | Path) -> None:
        if Path(dst).name == "current.json":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        replace(src, dst)

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", disk_full_for_the_pointer)
        failed = run_cli("banlist", "sync", "--url", url, "--cache", str(cache))
    assert failed.exit_code == 2 and "No space left on device" in failed.output
    # issue 22: the list, its checksum and the pointer are one step -- none was written
    assert {p.name: p.read_bytes() for p in cache.iterdir()} == before
    assert not (cache / "2026-11-20.json").exists()
    assert read_pointer(cache)["current"] == "2026-03-16.json"
    assert not list(cache.glob(".*.tmp"))
    assert run_cli("deck", "validate", "--cache", str(cache), deck).exit_code == 0
    # a cache an older version left half-updated (the dated list without the pointer) is
    # repaired by the next sync
    newest = sync_banlist(url, cache.parent / "elsewhere", known=None).banlist
    store_announcement(cache, newest)
    (cache / "current.json").write_bytes(before["current.json"])
    assert read_pointer(cache)["current"] == "2026-03-16.json"

    again = run_cli("banlist", "sync", "--url", url, "--cache", str(cache))
    assert again.exit_code == 0, again.output
    assert read_pointer(cache)["current"] == "2026-11-20.json"
    assert load_banlist(cache).announced.isoformat() == "2026-11-20"
    checked = run_cli("deck", "validate", "--cache", str(cache), deck)
    assert checked.exit_code == 1 and "ST1-03" in checked.output  # the new list is in force
