"""`repair` ranks the players it re-pairs by the standings before the round: the result of a
table reported earlier in the same round must not change the new pairings or the bye."""

from __future__ import annotations

import random
from pathlib import Path

from tt_organizer.events import entering, players, rounds, setup, store

NAMES = [f"P{i}" for i in range(1, 12)]  # 11 players: a bye every round


def repaired(path: Path, seed: int, first_table_result: str) -> list[tuple[int, str, str]]:
    setup.create_event(path, "Cup", seed=seed, rounds=4)
    with store.connect(path) as conn:
        for name in NAMES:
            players.register_player(conn, name)
        rng = random.Random(seed)
        for _ in range(2):
            for m in rounds.pair_next_round(conn):
                if m.player2 is not None:
                    entering.report_result(conn, m.table, rng.choice(["2-0", "2-1", "0-2"]))
        round3 = rounds.pair_next_round(conn)
        entering.report_result(conn, 1, first_table_result)  # the only table reported so far
        leaver = next(m.player1 for m in round3 if m.table == 2)
        players.drop(conn, str(leaver), by_id=True)
        names = {p.id: p.name for p in store.read_players(conn)}
        out = []
        for m in rounds.repair_round(conn).whole:  # every table of the round
            if m.table != 1:
                out.append((m.table, names[m.player1],
                            "BYE" if m.player2 is None else names[m.player2]))
        return out


def test_repair_does_not_depend_on_this_rounds_reported_results(tmp_path: Path) -> None:
    for seed in range(12):
        win = repaired(tmp_path / f"a{seed}.sqlite", seed, "2-0")
        loss = repaired(tmp_path / f"b{seed}.sqlite", seed, "0-2")
        assert win == loss, seed


def test_seeded_after_round_one_says_it_does_nothing(tmp_path: Path) -> None:
    from event_helpers import Tt

    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "Cup", "--seed", "1")
    for name in NAMES[:4]:
        tt("register", name)
    assert "--seeded" not in tt("pair", "--seeded").stderr
    for table in (1, 2):
        tt("report", str(table), "2-0")
    assert "--seeded orders round 1 only" in tt("pair", "--seeded").stderr
