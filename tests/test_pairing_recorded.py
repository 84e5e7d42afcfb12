"""Reproducible pairings: recorded rounds paired again give the same tables.

docs/pairing.md promises that the same players, results and seed give the same tables -- on
every machine, from the command line and the console, in every release that does not
announce a pairing change. ``tests/fixtures/pairing/recorded_rounds.json`` holds 138 rounds
(simulated events of 5-70 players with draws, drops and late entries, and generated fields
whose score groups and histories reach every path of the pairing: a large group over a few
players, small groups over a large one, histories that force a rematch, a group's lowest-
ranked player who met all of the small group below), each with the tables it was paired
with: both methods, and for small fields also the bracket-by-bracket path that fields over
``JOINT_LIMIT`` take (``joint_limit`` in the record). Regenerate it only for an intended
pairing change: ``python scripts/record_pairings.py``.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from tt_organizer.pairing.swiss import PlayerState, pair_round

FIXTURE = Path(__file__).parent / "fixtures" / "pairing" / "recorded_rounds.json"


def _states(record: dict[str, Any]) -> list[PlayerState]:
    return [PlayerState(id=s["id"], points=s["points"], opponents=frozenset(s["opponents"]),
                        had_bye=s["had_bye"], rank=s["rank"], dropped=s["dropped"])
            for s in record["states"]]


def test_recorded_rounds_pair_the_same_tables() -> None:
    records = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert len(records) == 138
    ways = 0
    for record in records:
        states = _states(record)
        active = {p.id for p in states if not p.dropped}
        for way in record["paired"]:
            kw = {} if way["joint_limit"] is None else {"joint_limit": way["joint_limit"]}
            tables = pair_round(states, round_number=record["round"], seed=record["seed"],
                           random_first_round=record["random_first_round"],
                           method=way["method"], **kw)
            got = [[t.player1, t.player2] for t in tables]
            where = (record["event"], record["round"], way["method"], way["joint_limit"])
            assert got == way["tables"], where
            seated = [i for pair in got for i in pair if i is not None]
            assert sorted(seated) == sorted(active), where  # everyone active, once
            ways += 1
    assert ways > 250


def test_the_recorded_rounds_reach_the_bracket_path_and_forced_rematches() -> None:
    """The fixture is worth its size only if it holds the rounds the fast paths never see:
    the bracket-by-bracket path, fold and random, odd fields, and rounds where no
    rematch-free pairing exists (the fewest rematches are then pinned too)."""
    records = json.loads(FIXTURE.read_text(encoding="utf-8"))
    kinds = {(w["method"], w["joint_limit"]) for r in records for w in r["paired"]}
    assert {("random", 0), ("fold", 0), ("random", None), ("fold", None)} <= kinds
    forced = odd = large = 0
    for record in records:
        by = {s["id"]: set(s["opponents"]) for s in record["states"]}
        active = [s for s in record["states"] if not s["dropped"]]
        odd += len(active) % 2
        large += len(active) > 64
        tables = record["paired"][0]["tables"]
        forced += any(b is not None and b in by[a] for a, b in tables)
    assert forced >= 3 and odd >= 20 and large >= 4


def test_a_win_worth_300_points_pairs_as_a_win_worth_3() -> None:
    """The points scheme's scale does not change who meets whom: every fourth recorded round,
    its points multiplied by 100 (a win worth 300, a draw 100: an organizer may set up to
    1000 a win), is paired to the same tables -- players on equal points are still one score
    group however large the number."""
    records = json.loads(FIXTURE.read_text(encoding="utf-8"))[::4]
    for record in records:
        states = [replace(p, points=p.points * 100) for p in _states(record)]
        for way in record["paired"]:
            kw = {} if way["joint_limit"] is None else {"joint_limit": way["joint_limit"]}
            tables = pair_round(states, round_number=record["round"], seed=record["seed"],
                           random_first_round=record["random_first_round"],
                           method=way["method"], win_points=300, **kw)
            got = [[t.player1, t.player2] for t in tables]
            assert got == way["tables"], (record["event"], record["round"], way["method"])
