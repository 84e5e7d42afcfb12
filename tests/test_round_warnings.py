"""A paired round's warnings are said alike by every front end: an unavoidable rematch (two
players, round 2) and the players without a deck, by ``tt event pair`` (stderr, also with
``--json``) and by the console's pair button on a real server, in the reader's language."""

from __future__ import annotations

import json
from pathlib import Path

import requests

from tests.event_helpers import Tt
from tests.serve_helpers import csrf, live_server

REMATCH = "rematch at table(s) 1 (these players met before)"
NO_DECK = "no deck: 2 player(s) play without a registered deck: Ana, Beto"


def _two_players_after_round_one(path: Path) -> Tt:
    tt = Tt(path)
    tt("create", "Duo", "--seed", "3", "--rounds", "2")
    tt("register", "Ana")
    tt("register", "Beto")
    first = tt("pair")
    assert "rematch" not in first.stderr and NO_DECK in first.stderr
    tt("report", "1", "2-0")
    return tt


def test_the_command_line_flags_the_rematch_and_the_missing_decks(tmp_path: Path) -> None:
    tt = _two_players_after_round_one(tmp_path / "duo.sqlite")
    res = tt("pair", "--json")
    assert [t["table"] for t in json.loads(res.stdout)] == [1]
    assert REMATCH in res.stderr
    assert NO_DECK + " (give one with `tt event deck NAME FILE`)" in res.stderr
    assert "Round 2 of 2" not in res.stdout  # --json: the JSON alone on stdout
    shown = tt("pairings")
    assert "Round 2" in shown.stdout and "rematch" not in shown.stderr  # said once, at pairing


def test_the_console_pair_says_what_the_command_line_says(tmp_path: Path) -> None:
    tt = _two_players_after_round_one(tmp_path / "duo.sqlite")
    with live_server(tt.path) as live:
        s = requests.Session()
        s.get(f"{live.url}/org/login?token={live.token}", timeout=10)
        page = s.post(f"{live.url}/org/pair", data={"csrf": csrf(s, live.url, "/org")},
                      timeout=10).text
    assert "Round 2 paired: 1 tables" in page
    assert REMATCH in page and NO_DECK in page
    assert "tt event deck" not in page  # the command line's advice is the command line's
    assert [(t["player1"], t["player2"]) for t in tt.json("pairings")] in (
        [("Ana", "Beto")], [("Beto", "Ana")])


def test_the_console_says_the_warnings_in_the_readers_language(tmp_path: Path) -> None:
    tt = _two_players_after_round_one(tmp_path / "duo.sqlite")
    with live_server(tt.path) as live:
        s = requests.Session()
        s.headers["Accept-Language"] = "es"
        s.get(f"{live.url}/org/login?token={live.token}", timeout=10)
        page = s.post(f"{live.url}/org/pair", data={"csrf": csrf(s, live.url, "/org")},
                      timeout=10).text
    assert "revancha" in page and "sin mazo: 2 jugadores juegan" in page
    assert REMATCH not in page
