"""``tt banlist sync`` against recorded pages served by a real local HTTP server.

Every refusal asserts that the cache folder is byte-for-byte (and mtime-for-mtime) unchanged.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from http_server import FIXTURES, LocalServer, serve, snapshot

from tt_organizer.banlist.cache import load_banlist, read_pointer
from tt_organizer.banlist.page_sync import SyncRefused, SyncResult, page_source, sync_banlist
from tt_organizer.cli.main import cli
from tt_organizer.sources import FetchError

PAGES = FIXTURES / "banlist"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def server() -> Iterator[LocalServer]:
    with serve() as s:
        for name in ("current", "pair3", "nolist", "empty", "error", "shrunk", "older"):
            s.add(f"/{name}", file=PAGES / f"{name}.html")
        s.add("/boom", status=500)
        s.add("/gone", status=404)
        s.add("/slow", file=PAGES / "current.html", stall=30)
        s.add("/big", size=20_000_000, content_length=False)
        s.add("/image", b"\x89PNG\r\n", content_type="image/png")
        s.add("/away", status=302, headers={"Location": "http://localhost:9/current"})
        s.add("/undated", (PAGES / "current.html").read_text("utf-8").replace(
            "Announcement (Mar. 16, 2026)", "Announcement"))
        yield s


def sync(server: LocalServer, path: str, cache: Path, **kw: object) -> SyncResult:
    source = page_source(server.url(path), timeout=1.0, retries=0)
    return sync_banlist(source, cache, known=None, **kw)  # type: ignore[arg-type]


def run_cli(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result


def test_sync_stores_the_current_page(server: LocalServer, tmp_path: Path) -> None:
    folder = tmp_path / "fresh"
    result = sync(server, "/current", folder)
    assert result.status == "new" and result.is_current
    stored = json.loads((folder / "2026-03-16.json").read_text("utf-8"))
    assert stored["source_url"] == server.url("/current")
    assert stored["sha256"] == result.banlist.sha256 and len(stored["sha256"]) == 64
    assert stored["fetched_at"].endswith("Z")
    assert stored["announced"] == "2026-03-16" and stored["effective"] == "2026-03-27"
    assert len(stored["banned"]) == 3 and len(stored["restricted"]) == 50
    assert stored["banned_pairs"][1] == {"a": ["BT20-037"], "b": ["BT17-035", "EX8-037"]}
    assert stored["since"]["BT2-047"] == "2021-04-01"
    assert read_pointer(folder)["current"] == "2026-03-16.json"  # type: ignore[index]
    assert not list(folder.glob(".*.tmp"))  # the temp files were renamed into place


def test_resync_of_an_unchanged_page_changes_nothing(server: LocalServer, tmp_path: Path) -> None:
    folder = tmp_path / "c"
    sync(server, "/current", folder)
    before = snapshot(folder)
    result = sync(server, "/current", folder)
    assert result.status == "unchanged"
    assert snapshot(folder) == before


def test_second_pair_side_of_three_cards(server: LocalServer, tmp_path: Path) -> None:
    folder = tmp_path / "c"
    sync(server, "/current", folder)
    with pytest.raises(SyncRefused, match="different list is already cached for 2026-03-16"):
        sync(server, "/pair3", folder)  # the same date, another list: a human must confirm
    result = sync(server, "/pair3", folder, force=True)
    assert result.status == "updated"
    bl = load_banlist(folder)
    assert bl.banned_pairs[1].b == ["BT17-035", "EX8-037", "BT19-037"]


def test_older_announcement_is_kept_beside_the_current_one(
    server: LocalServer, tmp_path: Path
) -> None:
    folder = tmp_path / "c"
    sync(server, "/current", folder)
    result = sync(server, "/older", folder)
    assert result.status == "new" and not result.is_current
    assert sorted(p.name for p in folder.glob("*.json")) == [
        "2025-11-10.json", "2026-03-16.json", "checksums.json", "current.json"]
    assert load_banlist(folder).announced == dt.date(2026, 3, 16)
    assert load_banlist(folder, as_of=dt.date(2026, 1, 15)).announced == dt.date(2025, 11, 10)


@pytest.mark.parametrize(
    ("path", "error", "message"),
    [
        ("/nolist", SyncRefused, "no current list"),
        ("/empty", SyncRefused, "no current list"),
        ("/error", SyncRefused, "does not look like the ban-list page"),
        ("/shrunk", SyncRefused, "shrank by more than half"),
        ("/undated", SyncRefused, "no announcement date"),
        ("/boom", FetchError, "HTTP 500"),
        ("/gone", FetchError, "HTTP 404"),
        ("/slow", FetchError, "timed out"),
        ("/big", FetchError, "too large"),
        ("/image", FetchError, "unexpected content type 'image/png'"),
        ("/away", FetchError, "redirect to another host"),
    ],
)
def test_bad_pages_are_refused_and_the_cache_is_untouched(
    server: LocalServer, cache: Path, path: str, error: type[Exception], message: str
) -> None:
    before = snapshot(cache)
    with pytest.raises(error, match=message):
        sync(server, path, cache)
    assert snapshot(cache) == before


def test_refusals_in_the_cli_are_one_line_and_exit_2(server: LocalServer, cache: Path) -> None:
    before = snapshot(cache)
    for path in ("/nolist", "/boom", "/shrunk"):
        result = run_cli("banlist", "sync", "--url", server.url(path), "--cache", str(cache),
                         "--retries", "0", "--timeout", "1")
        assert result.exit_code == 2, result.output
        lines = [ln for ln in result.output.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith("error:"), result.output
    assert snapshot(cache) == before


def test_force_stores_a_shrunk_list_and_says_so(server: LocalServer, cache: Path) -> None:
    result = run_cli("banlist", "sync", "--url", server.url("/shrunk"), "--cache", str(cache),
                     "--force")
    assert result.exit_code == 0, result.output
    assert "--force" in result.output and "shrank" in result.output
    assert len(load_banlist(cache).restricted) == 5


def test_cli_sync_then_show_diff_and_list(server: LocalServer, tmp_path: Path) -> None:
    folder = tmp_path / "c"
    ok = run_cli("banlist", "sync", "--url", server.url("/older"), "--cache", str(folder))
    assert ok.exit_code == 0 and "stored the list announced 2025-11-10" in ok.output
    ok = run_cli("banlist", "sync", "--url", server.url("/current"), "--cache", str(folder))
    assert ok.exit_code == 0 and "(now current)" in ok.output
    assert "tt banlist diff 2025-11-10 2026-03-16" in ok.output
    again = run_cli("banlist", "sync", "--url", server.url("/current"), "--cache", str(folder))
    assert again.exit_code == 0 and "unchanged" in again.output

    diff = run_cli("banlist", "diff", "--cache", str(folder))
    assert diff.exit_code == 0, diff.output
    assert "Newly banned" in diff.output and "EX5-065" in diff.output
    assert "BT23-032" in diff.output and "BT19-037" in diff.output  # restricted / lifted
    data = json.loads(run_cli("banlist", "diff", "2025-11-10", "2026-03-16", "--cache",
                              str(folder), "--json").output)
    assert data["newly_banned"] == ["EX5-065"]
    assert data["newly_restricted"] == {"BT23-032": 1, "BT19-040": 1}
    assert data["lifted"] == [{"number": "BT19-037", "was": "restricted to 1"}]

    shown = run_cli("banlist", "show", "--cache", str(folder))
    assert shown.exit_code == 0
    assert "Mega Digimon Fusion!" in shown.output and "Argomon" in shown.output
    as_json = json.loads(run_cli("banlist", "show", "--cache", str(folder), "--json").output)
    assert as_json["announced"] == "2026-03-16"
    assert as_json["card_names"]["BT2-047"] == "Argomon"
    listed = json.loads(run_cli("banlist", "list", "--cache", str(folder), "--json").output)
    assert [a["announced"] for a in listed["announcements"]] == ["2025-11-10", "2026-03-16"]
    assert [a["current"] for a in listed["announcements"]] == [False, True]


def test_unknown_numbers_are_kept_and_reported(server: LocalServer, tmp_path: Path) -> None:
    html = (PAGES / "current.html").read_text("utf-8").replace("card_no=BT2-090",
                                                               "card_no=BT99-001")
    server.add("/unknown", html)
    folder = tmp_path / "c"
    result = run_cli("banlist", "sync", "--url", server.url("/unknown"), "--cache", str(folder))
    assert result.exit_code == 0, result.output
    assert "BT99-001" in result.output and "not in the card database" in result.output
    bl = load_banlist(folder)
    assert "BT99-001" in bl.banned and bl.unknown_numbers == ["BT99-001"]


def test_env_var_picks_the_cache_folder(
    server: LocalServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "env-cache"
    monkeypatch.setenv("TT_BANLIST_CACHE", str(folder))
    result = run_cli("banlist", "sync", "--url", server.url("/current"))
    assert result.exit_code == 0, result.output
    assert (folder / "2026-03-16.json").exists()
