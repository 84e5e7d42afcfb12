"""An avoid must change the pairing it applies to. Each test pairs twin events (same
seed, same players, same results) and checks first that, WITHOUT the avoid, the pairing puts
the two players together -- so the assertion WITH the avoid can fail when avoids are ignored
(``tests/test_event_manual.py``'s round-1 check could not: the seeded pairing never put those
players together anyway). Library and command line, round 1 and later rounds, the repair, and
an avoid limited to some rounds (it applies through its last round, not after)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from event_helpers import Tt

from tt_organizer.events import (
    constraints,
    entering,
    manual,
    players,
    queries,
    rounds,
    setup,
    store,
)
from tt_organizer.events.models import MatchInfo

NAMES = ["Ada", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon"]


_OPEN = ExitStack()


@pytest.fixture(autouse=True)
def _close_events() -> Iterator[None]:
    """Every event connection a test opens is closed when it ends."""
    with _OPEN:
        yield


def event(path: Path, seed: int, names: list[str] = NAMES) -> sqlite3.Connection:
    setup.create_event(path, "Avoid Cup", seed=seed)
    conn = _OPEN.enter_context(store.connect(path))
    for name in names:
        players.register_player(conn, name)
    return conn


def opponents(conn: sqlite3.Connection, matches: list[MatchInfo]) -> dict[str, str | None]:
    """name -> opponent's name (None for the bye)."""
    names = {p.id: p.name for p in store.read_players(conn)}
    out: dict[str, str | None] = {}
    for m in matches:
        a = names[m.player1]
        b = names[m.player2] if m.player2 is not None else None
        out[a] = b
        if b is not None:
            out[b] = a
    return out


def report(conn: sqlite3.Connection) -> None:
    """The same results in both twins: the lower table number's first seat wins on odd
    tables, loses on even ones."""
    stage, rnd = queries.current_stage(conn)
    for m in queries.round_matches(conn, stage, rnd):
        if m.result is None and m.player2 is not None:
            entering.report_result(conn, m.table, "2-0" if m.table % 2 else "0-2")


def twins(tmp_path: Path, seed: int, before: Callable[[sqlite3.Connection], None]
          ) -> tuple[sqlite3.Connection, sqlite3.Connection]:
    """Two events of one seed, ``before`` applied to both (the rounds both play alike)."""
    plain = event(tmp_path / f"plain{seed}.sqlite", seed)
    other = event(tmp_path / f"avoid{seed}.sqlite", seed)
    before(plain)
    before(other)
    return plain, other


def nothing(_conn: sqlite3.Connection) -> None:
    return None


def one_round(conn: sqlite3.Connection) -> None:
    rounds.pair_next_round(conn)
    report(conn)


@pytest.mark.parametrize("seeded", [False, True])
@pytest.mark.parametrize("seed", [3, 7, 11])
def test_an_avoid_changes_round_one(tmp_path: Path, seed: int, seeded: bool) -> None:
    plain, other = twins(tmp_path, seed, nothing)
    without = opponents(plain, rounds.pair_next_round(plain, seeded=seeded))
    rival = without["Ada"]
    assert rival is not None
    constraints.avoid(other, "Ada", rival)
    with_avoid = opponents(other, rounds.pair_next_round(other, seeded=seeded))
    assert with_avoid["Ada"] != rival
    assert with_avoid[rival] != "Ada"
    assert set(with_avoid) == set(NAMES)  # everyone still seated


@pytest.mark.parametrize("limit", [None, 1])
@pytest.mark.parametrize("seed", [5, 7])
def test_an_avoid_made_after_round_one_changes_round_two(tmp_path: Path, seed: int,
                                                         limit: int | None) -> None:
    plain = event(tmp_path / f"plain{seed}.sqlite", seed)
    one_round(plain)
    without = opponents(plain, rounds.pair_next_round(plain))
    for name in NAMES[:3]:  # three different pairs, each a separate check
        rival = without[name]
        assert rival is not None
        check = event(tmp_path / f"check{seed}{name}.sqlite", seed)
        one_round(check)
        _pa, _pb, until = constraints.avoid(check, name, rival, rounds=limit)
        assert until == (None if limit is None else 2)  # "the next round" is round 2
        assert opponents(check, rounds.pair_next_round(check))[name] != rival


@pytest.mark.parametrize("until", [1, 2])
def test_an_avoid_applies_through_its_last_round_only(tmp_path: Path, until: int) -> None:
    """Round 1 played; the pair round 2 would make is stored as avoided until round
    ``until`` (on a copy of the event): until round 2 keeps them apart, until round 1
    (over) leaves round 2 exactly as without it."""
    plain = event(tmp_path / "plain.sqlite", 7)
    one_round(plain)
    copy = tmp_path / "copy.sqlite"
    with sqlite3.connect(copy) as target:
        plain.backup(target)  # the file as committed (the WAL included)
    target.close()
    r2 = opponents(plain, rounds.pair_next_round(plain))
    name = "Ada"
    rival = r2[name]
    assert rival is not None
    other = _OPEN.enter_context(store.connect(copy))
    ids = {p.name: p.id for p in store.read_players(other)}
    with store.transaction(other):
        lo, hi = sorted((ids[name], ids[rival]))
        store.set_avoid(other, lo, hi, until, store.now())
    again = opponents(other, rounds.pair_next_round(other))
    if until == 1:
        assert again == r2
    else:
        assert again[name] != rival


def test_the_repair_honours_an_avoid(tmp_path: Path) -> None:
    """Two players drop from two tables: their opponents are re-paired together, unless
    they are to be kept apart (then other tables are freed)."""
    def dropped_pair(conn: sqlite3.Connection) -> tuple[str, str]:
        matches = rounds.pair_next_round(conn)
        seats = opponents(conn, matches)
        first, second = [m for m in matches if m.player2 is not None][:2]
        names = {p.id: p.name for p in store.read_players(conn)}
        for m in (first, second):
            players.drop(conn, names[m.player1])
        left = (names[first.player2], names[second.player2])  # type: ignore[index]
        assert seats[left[0]] != left[1]
        return left

    plain = event(tmp_path / "plain.sqlite", 7)
    b, d = dropped_pair(plain)
    assert opponents(plain, manual.repair(plain).after)[b] == d
    other = event(tmp_path / "other.sqlite", 7)
    assert dropped_pair(other) == (b, d)
    constraints.avoid(other, b, d)
    after = opponents(other, manual.repair(other).after)
    assert after[b] is not None and after[b] != d
    assert after.get(d) != b


# --- the same through the command line -------------------------------------------------------


def cli_event(tmp_path: Path, name: str, seed: int) -> Tt:
    tt = Tt(tmp_path / f"{name}.sqlite")
    tt("create", "Avoid Cup", "--seed", str(seed))
    for player in NAMES[:8]:
        tt("register", player)
    return tt


def cli_seats(tt: Tt, *args: str) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for m in tt.json(*args):
        out[m["player1"]] = m["player2"]
        if m["player2"] is not None:
            out[m["player2"]] = m["player1"]
    return out


@pytest.mark.parametrize("how", [("pair",), ("pair", "--seeded")])
def test_tt_event_avoid_changes_the_pairing(tmp_path: Path, how: tuple[str, ...]) -> None:
    plain = cli_event(tmp_path, "plain", 11)
    rival = cli_seats(plain, *how)["Ada"]
    assert rival is not None
    other = cli_event(tmp_path, "other", 11)
    other("avoid", "Ada", rival)
    assert cli_seats(other, *how)["Ada"] != rival
    # round 2: the pair round 2 would make, kept apart by an avoid said after round 1
    for tt in (plain, other):
        for m in tt.json("pairings"):
            tt("report", str(m["table"]), "2-0" if m["table"] % 2 else "0-2")
    later = cli_event(tmp_path, "later", 11)
    r1 = cli_seats(later, *how)
    for m in later.json("pairings"):
        later("report", str(m["table"]), "2-0" if m["table"] % 2 else "0-2")
    twin = Tt(tmp_path / "twin.sqlite")
    twin.path.write_bytes(later.path.read_bytes())
    r2 = cli_seats(twin, "pair")
    name = next(n for n in r2 if r2[n] is not None and r2[n] != r1[n])
    rival2 = r2[name]
    assert rival2 is not None
    assert later.json("avoid", name, rival2, "--rounds", "1")["until_round"] == 2
    assert cli_seats(later, "pair")[name] != rival2
