"""One number parser at every door. Every integer option and argument of the
command line, the environment variables and the web server's path take bounded ASCII digits
only (no ``²``, ``⑤``, ``١``, ``１``, ``1_000``, ``+1``, ``" 1"``, no 20-digit values): a
refusal is exit 2 with a message naming the option and the range, never a traceback, and
nothing reaches SQLite or the OS."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from event_helpers import Tt, dump

from tests.serve_helpers import live_server, new_event
from tt_organizer.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]
BAD = ["²", "⑤", "١٨٧٧٧", "１", "1_000", "+1", " 1", "1 ", "-1", "0x10", "1e3", "1.0",
       "99999999999999999999", "2147483648", "9" * 5000, ""]


@pytest.fixture
def event(tmp_path: Path) -> Tt:
    """Four players, round 1 paired."""
    tt = Tt(tmp_path / "event.sqlite")
    tt("create", "Cup", "--seed", "7")
    for name in ("A", "B", "C", "D"):
        tt("register", name)
    tt("pair")
    return tt


def _tt(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m tt_organizer ARGS``, as a user types it."""
    return subprocess.run([sys.executable, "-m", "tt_organizer", *args], capture_output=True,
                          text=True, timeout=60, env={**os.environ, **(env or {})})


# the issue's repros, run as written (a real process each)
@pytest.mark.parametrize(("args", "option", "limits"), [
    (("event", "pairings", "--set", "²", "A", "B"), "--set", "0 to"),
    (("event", "register", "Q", "--bye-rounds", "²"), "--bye-rounds", "1-20"),
    (("event", "register", "Q", "--bye-rounds", "⑤"), "--bye-rounds", "1-20"),
    (("event", "avoid", "A", "B", "--rounds", "99999999999999999999"), "--rounds", "1 to 1000"),
    (("banlist", "sync", "--retries", "2147483648"), "--retries", "0 to 20"),
    (("event", "serve", "--port", "١٨٧٧٧"), "--port", "1 to 65535"),
    (("event", "serve", "--port", "１"), "--port", "1 to 65535"),
    (("event", "serve", "--port", "1_000"), "--port", "1 to 65535"),
    (("event", "serve", "--port", "+1"), "--port", "1 to 65535"),
    (("event", "serve", "--port", " 1"), "--port", "1 to 65535"),
])
def test_issue_repros_exit_2_naming_the_option_and_range(
        event: Tt, tmp_path: Path, args: tuple[str, ...], option: str, limits: str) -> None:
    before = dump(event.path)
    done = _tt(*args, "--cache", str(tmp_path / "cache")) if args[0] == "banlist" else _tt(
        *args, "--event", str(event.path))
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    assert option in done.stderr and limits in done.stderr, done.stderr
    assert dump(event.path) == before


def test_banlist_timeout_of_other_digits_is_refused(tmp_path: Path) -> None:
    done = _tt("deck", "validate", "--sync", "--cache", str(tmp_path / "cache"),
               str(ROOT / "samples" / "legal-red-tamer-tactics.txt"),
               env={"TT_BANLIST_TIMEOUT": "١", "TT_BANLIST_URL": "http://127.0.0.1:9/"})
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "TT_BANLIST_TIMEOUT" in done.stderr and "0.1 and 3600" in done.stderr
    assert "Traceback" not in done.stderr


# every integer option and argument of the command line, every bad spelling (in process)
INTEGER_DOORS = [
    ("event", "create", "X", "--seed", "{}"),
    ("event", "pairings", "--round", "{}"),
    ("event", "pairings", "--unpair", "{}"),
    ("event", "pairings", "--set", "{}", "A", "B"),
    ("event", "report", "{}", "2-0"),
    ("event", "report", "1", "2-0", "--round", "{}"),
    ("event", "unreport", "{}", "1"),
    ("event", "unreport", "1", "{}"),
    ("event", "avoid", "A", "B", "--rounds", "{}"),
    ("event", "register", "Q", "--bye-rounds", "{}"),
    ("event", "print", "standings", "--round", "{}"),
    ("event", "serve", "--port", "{}"),
    ("banlist", "sync", "--retries", "{}"),
    ("banlist", "sync", "--timeout", "{}"),
    ("cards", "sync", "--retries", "{}"),
    ("cards", "search", "--limit", "{}"),
    ("cards", "search", "--level", "{}"),
    ("deck", "check-batch", ".", "--jobs", "{}"),
    ("stats", "x.sqlite", "--min-games", "{}"),
]


@pytest.mark.parametrize("door", INTEGER_DOORS, ids=lambda d: " ".join(d[:3]))
def test_every_integer_door_refuses_every_bad_spelling(event: Tt, door: tuple[str, ...]
                                                       ) -> None:
    before = dump(event.path)
    runner = CliRunner()
    for bad in BAD:
        if "--bye-rounds" in door and bad.strip() != bad:
            continue  # a list: spaces around its items are allowed (1, 2)
        if "--timeout" in door and bad == "1.0":
            continue  # seconds may have a dot
        args = [a.format(bad) for a in door]
        result = runner.invoke(cli, args, env={  # never the network, whatever happens
            "TT_EVENT": str(event.path), "TT_BANLIST_URL": "http://127.0.0.1:9/",
            "TT_CARDS_URL": "http://127.0.0.1:9/"})
        assert result.exit_code == 2, (args, result.output, result.exception)
        assert result.exception is None or isinstance(result.exception, SystemExit), args
        assert door[door.index("{}") - 1] in result.output or door[1] in (
            "report", "unreport"), (args, result.output)
    assert dump(event.path) == before


def test_good_numbers_still_work(event: Tt) -> None:
    """Plain digits are read, and what they ask for takes effect."""
    r1 = event.json("pairings", "--round", "1")
    assert [(m["table"], m["player1"], m["player2"]) for m in r1] == [(1, "D", "A"),
                                                                      (2, "C", "B")]
    assert event.json("avoid", "A", "C", "--rounds", "2")["until_round"] == 3
    assert "D wins" in event("report", "1", "2-0", "--round", "1").stdout
    event("report", "2", "0-2", "--round", "1")
    assert [m["result"] for m in event.json("pairings", "--round", "1")] == ["2-0", "0-2"]
    # A and C both lost: round 2 would pair them, but the avoid (through round 3) forbids it
    r2 = {frozenset((m["player1"], m["player2"])) for m in event.json("pair")}
    assert frozenset(("A", "C")) not in r2 and len(r2) == 2


def test_player_page_of_a_huge_number_is_404_not_500(tmp_path: Path) -> None:
    path = new_event(tmp_path / "ev.sqlite")
    with live_server(path) as srv:
        for pid in ("1" * 4301, "99999999999999999999", "²", "١", "0", "+1"):
            assert srv.get(f"/me/{pid}").status_code == 404, pid
            r = srv.get(f"/me/{pid}", allow_redirects=False)
            assert r.status_code == 404
        assert srv.get("/me/1").status_code == 200


@pytest.mark.parametrize("count", ["9" * 5000, "٤", "１", "+4"])
def test_a_deck_link_count_of_other_or_endless_digits_is_refused(tmp_path: Path,
                                                                  count: str) -> None:
    from urllib.parse import quote

    deck = tmp_path / "link.txt"
    deck.write_text("https://deckbuilder.egmanevents.com/?deck=BT1-010:"
                    f"{quote(count)}&type=digimon\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["deck", "validate", str(deck)])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "cannot read" in result.output


def test_a_round_sheet_named_in_other_digits_is_no_round() -> None:
    from tt_organizer.events.sheet_import import sheet_round

    assert sheet_round("Round 3") == 3 and sheet_round("Round ٣") is None
