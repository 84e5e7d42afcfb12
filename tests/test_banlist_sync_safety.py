"""On Bandai's recorded real page (tests/fixtures/real/banlist/) served by a
real local HTTP server: a hostile page cannot stretch a sync past its deadline; a page is
decoded by what its bytes are (never stored garbled); a sync writes the dated list,
``checksums.json`` and ``current.json`` as one step, or leaves the cache exactly as it was."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from http_server import FIXTURES, LocalServer, serve

from tt_organizer.banlist.cache import load_banlist, read_pointer
from tt_organizer.banlist.page import MAX_MARKUP, parse_page
from tt_organizer.banlist.page_sync import parse_within
from tt_organizer.cli.main import cli
from tt_organizer.sources import FetchError

ROOT = Path(__file__).resolve().parents[1]
PAGE = FIXTURES / "real" / "banlist" / "digimon-en-restriction-page.html"
REAL = PAGE.read_bytes()
REAL_TEXT = REAL.decode("utf-8")
DECK = str(ROOT / "samples" / "legal-red-tamer-tactics.txt")


@pytest.fixture(scope="module")
def server() -> object:
    with serve() as srv:
        yield srv


def run_cli(*args: str, env: dict[str, str] | None = None) -> Result:
    result = CliRunner().invoke(cli, list(args), env=env)
    assert "Traceback" not in result.output
    return result


def _tree(folder: Path) -> dict[str, bytes | None]:
    """Every entry of ``folder`` (a folder as None), hidden temporary files included."""
    return {p.name: (p.read_bytes() if p.is_file() else None) for p in folder.iterdir()}


# --- parsing under the sync's deadline ---------------------------------------------------


def test_a_page_of_markup_only_is_refused_at_once_within_the_deadline(
        server: LocalServer, tmp_path: Path) -> None:
    hostile = b"<!x>" * (4_900_000 // 4)  # 4.9 MB: 1.2 million declarations
    url = server.add("/decls", hostile)
    shutil.copytree(ROOT / "banlist_cache", tmp_path / "c")
    before = _tree(tmp_path / "c")
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "tt_organizer", "deck", "validate", "--sync", "--cache",
         str(tmp_path / "c"), DECK], capture_output=True, text=True, timeout=60,
        env={**os.environ, "TT_BANLIST_URL": url, "TT_BANLIST_TIMEOUT": "1"})
    elapsed = time.monotonic() - started
    assert "too much markup" in done.stderr, done.stderr  # a clear message
    assert "Traceback" not in done.stderr and done.returncode == 0  # checked with the cache
    assert elapsed < 15, elapsed  # it took 22 s (parsing alone) before; now ~1 s
    refused = run_cli("banlist", "sync", "--url", url, "--cache", str(tmp_path / "c"),
                      "--timeout", "1", "--retries", "0")
    assert refused.exit_code == 2 and "too much markup" in refused.output
    assert _tree(tmp_path / "c") == before


def test_parsing_past_the_deadline_gives_up() -> None:
    with pytest.raises(FetchError, match="did not finish within the sync's deadline"):
        parse_within(REAL_TEXT * 2, time.monotonic(), "http://x/")
    assert parse_within(REAL_TEXT, time.monotonic() + 120, "x").banned == parse_page(
        REAL_TEXT).banned


def test_the_real_page_is_far_below_the_markup_cap() -> None:
    assert REAL_TEXT.count("<") * 10 < MAX_MARKUP
    assert not parse_page(REAL_TEXT).problems


# --- charsets ------------------------------------------------------------------------------


def _names(folder: Path) -> dict[str, str]:
    return load_banlist(folder).names


@pytest.mark.parametrize("label", ["iso-8859-1", "windows-1252", "latin-1", "ascii"])
def test_utf8_served_as_a_one_byte_charset_is_read_as_utf8(
        server: LocalServer, tmp_path: Path, label: str) -> None:
    url = server.add(f"/as-{label}", REAL, content_type=f"text/html; charset={label}")
    result = run_cli("banlist", "sync", "--url", url, "--cache", str(tmp_path / "c"))
    assert result.exit_code == 0, result.output
    stored = load_banlist(tmp_path / "c")
    assert stored.names == parse_page(REAL_TEXT).names
    # the page's title (kept in the list's source) has non-ASCII text: "− RULE｜Digimon"
    assert "− RULE｜Digimon Card Game" in stored.source, stored.source
    assert "â" not in stored.source and "ï" not in stored.source


def test_a_bom_decides(server: LocalServer, tmp_path: Path) -> None:
    url = server.add("/bom16", "\ufeff".encode("utf-16-le") + REAL_TEXT.encode("utf-16-le"),
                     content_type="text/html; charset=iso-8859-1")
    result = run_cli("banlist", "sync", "--url", url, "--cache", str(tmp_path / "c"))
    assert result.exit_code == 0, result.output
    assert _names(tmp_path / "c") == parse_page(REAL_TEXT).names


def test_a_page_no_named_charset_decodes_is_refused(server: LocalServer, tmp_path: Path
                                                     ) -> None:
    # the real page as Shift_JIS bytes, labelled iso-8859-1 by the server and UTF-8 by its
    # <meta>: latin-1 would "decode" it into garbage; nothing else decodes it -> refused
    body = REAL_TEXT.replace("Matt Ishida", "石田ヤマト").encode("shift_jis",
                                                              errors="xmlcharrefreplace")
    url = server.add("/sjis-latin1", body, content_type="text/html; charset=iso-8859-1")
    folder = tmp_path / "c"
    result = run_cli("banlist", "sync", "--url", url, "--cache", str(folder))
    assert result.exit_code == 2 and "not valid" in result.output, result.output
    assert not folder.exists() or not list(folder.glob("20*.json"))
    # labelled right in its <meta> (the server still says iso-8859-1): read right
    fixed = body.replace(b'<meta charset="utf-8">', b'<meta charset="Shift_JIS">')
    assert fixed != body
    url = server.add("/sjis-meta", fixed, content_type="text/html; charset=iso-8859-1")
    result = run_cli("banlist", "sync", "--url", url, "--cache", str(folder))
    assert result.exit_code == 0, result.output
    assert "石田ヤマト" in _names(folder).values()


# --- one atomic step -------------------------------------------------------------------------


def _older_cache(tmp_path: Path) -> Path:
    """A cache whose current list is older than the real page (the page's list on file under
    an earlier date), so that syncing the real page writes all three files."""
    cache = tmp_path / "cache"
    shutil.copytree(ROOT / "banlist_cache", cache)
    (cache / "2026-03-16.json").rename(cache / "2025-09-01.json")
    text = (cache / "current.json").read_text("utf-8").replace("2026-03-16", "2025-09-01")
    (cache / "current.json").write_text(text, "utf-8")
    return cache


def test_a_write_fault_mid_sync_leaves_the_cache_exactly_as_before(
        server: LocalServer, tmp_path: Path) -> None:
    url = server.add("/real", REAL)
    cache = _older_cache(tmp_path)
    (cache / "checksums.json").unlink()
    (cache / "checksums.json").mkdir()  # checksums.json cannot be written (even by root)
    before = _tree(cache)
    result = run_cli("banlist", "sync", "--url", url, "--cache", str(cache))
    assert result.exit_code == 2 and "cannot write the file" in result.output, result.output
    assert _tree(cache) == before  # no dated list, same pointer, no temporary file
    (cache / "checksums.json").rmdir()
    result = run_cli("banlist", "sync", "--url", url, "--cache", str(cache))
    assert result.exit_code == 0, result.output
    assert read_pointer(cache)["current"] == "2026-03-16.json"
    assert (cache / "2026-03-16.json").exists()
    checked = run_cli("deck", "validate", "--cache", str(cache), DECK)
    assert checked.exit_code == 0 and "2026-03-16" in checked.output


def test_a_fault_on_the_pointer_undoes_the_list(server: LocalServer, tmp_path: Path) -> None:
    url = server.add("/real", REAL)
    cache = _older_cache(tmp_path)
    (cache / "current.json").unlink()
    (cache / "current.json").mkdir()  # the last of the three files fails
    before = _tree(cache)
    result = run_cli("banlist", "sync", "--url", url, "--cache", str(cache))
    assert result.exit_code == 2 and "cannot write the file" in result.output, result.output
    assert _tree(cache) == before  # the list and checksums.json renamed back
