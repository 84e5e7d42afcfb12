"""The event library on either store: the same event run on an SQLite file and on the in-memory
store (``tests/memory_store.py``) gives the same pairings, results, refusals, standings, top cut,
audit log and stored state.

The event library takes the store interface (``events/store/interface.py``), not SQLite: every
operation reaches the store that made its connection (``events/store/dispatch.py``).
"""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from memory_store import MemoryEvent, MemoryStore

from tt_organizer.errors import EventError
from tt_organizer.events import (
    lookup,
    manual,
    players,
    recording,
    rounds,
    selfreport,
    setup,
    submissions,
    topcut,
    views,
)
from tt_organizer.events.placings import event_final_placings
from tt_organizer.events.store import connect
from tt_organizer.events.store.dispatch import store, store_of

FIXTURES = Path(__file__).parent / "fixtures" / "events"
LEGAL = FIXTURES / "legal_red.txt"
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"]
SETTINGS = {"seed": 11, "top_cut": 4, "tiebreak_preset": "rulebook"}
RESULTS = ("2-0", "2-1", "0-2", "1-2", "1-1-1", "2-0")
_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?\+00:00")


def _plain(value: Any) -> Any:
    """``value`` as plain data, its timestamps and PINs (random per store) blanked."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _plain(dataclasses.asdict(value))
    if isinstance(value, dict):
        return {k: "<pin>" if k == "pin" else _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, str):
        return _TIME.sub("<time>", value)
    return value


def _report_round(conn: Any, log: list[Any]) -> None:
    stage, rnd = lookup.current_stage(conn)
    for i, m in enumerate(lookup.round_matches(conn, stage, rnd)):
        if m.result is None:
            result = RESULTS[(i + rnd) % len(RESULTS)]
            if stage == setup.TOP_CUT and result == "1-1-1":
                result = "2-1"  # a top-cut match needs a winner
            log.append(("report", stage, rnd, m.table, _plain(
                recording.report_result(conn, m.table, result))))


def _refused(conn: Any, log: list[Any], call: Callable[[], object]) -> None:
    """A refusal: its code, hint and message are recorded, and nothing changed."""
    before = _plain(store.read_snapshot(conn))
    with pytest.raises(EventError) as refused:
        call()
    exc = refused.value
    log.append(("refused", exc.code, _plain(exc.hint), _plain(str(exc))))
    assert _plain(store.read_snapshot(conn)) == before


def scenario(conn: Any) -> list[Any]:
    """One whole event, through the library's operations only; returns what each step gave."""
    log: list[Any] = []
    for i, name in enumerate(NAMES):
        reg = players.register_player(conn, name, deck_path=LEGAL if i < 3 else None,
                                      ext_id=f"id-{i}")
        log.append(("register", views.registration_json(reg)))
    _refused(conn, log, lambda: players.register_player(conn, "ann"))  # the same name
    log.append(("avoid", [_plain(p) for p in manual.avoid(conn, "Ann", "Ben")],
                _plain(manual.avoid(conn, "Cat", "Dan", rounds=1))))
    log.append(("kept apart", {r: sorted(map(sorted, {frozenset((a, b)) for a, bs in
                                                      manual.avoid_pairs(conn, r).items()
                                                      for b in bs}))
                               for r in (1, 2)}))
    log.append(("bye-rounds", _plain(manual.set_bye_rounds(conn, "Cat", [1]))))
    for name in NAMES[:-1]:
        log.append(("check-in", _plain(manual.check_in(conn, name))))
    log.append(("no-show", _plain(manual.check_in(conn, NAMES[-1], no_show=True))))
    sub, _ = submissions.submit_deck(conn, "Zed", LEGAL.read_text(encoding="utf-8"))
    submissions.reject_deck(conn, sub.id)
    log.append(("submissions", _plain(submissions.submissions(conn))))

    log.append(("pair", _plain(rounds.pair_next_round(conn))))
    log.append(("pairings", views.pairings_json(conn)))
    table = lookup.round_matches(conn, setup.SWISS, 1)[0]
    _refused(conn, log, lambda: recording.correct_result(conn, 1, table.table, "2-0"))
    # a player reports from their phone, the opponent confirms
    rep = selfreport.submit_report(conn, table.player1, "2-1", turns="5,6,7", client="t")
    assert table.player2 is not None
    log.append(("self-report", _plain(rep),
                _plain(selfreport.answer_report(conn, table.player2, agree=True))))
    _refused(conn, log, lambda: recording.report_result(conn, table.table, "2-0"))
    _report_round(conn, log)
    log.append(("correct", _plain(recording.correct_result(conn, 1, table.table, "0-2"))))
    log.append(("drop", _plain(players.drop(conn, "Eve"))))
    log.append(("late", views.registration_json(players.late_entry(conn, "Joe"))))
    total = store.read_settings(conn).rounds
    assert total is not None and total >= 3
    for _ in range(2, total + 1):
        log.append(("pair", _plain(rounds.pair_next_round(conn))))
        _report_round(conn, log)
        log.append(("standings", views.standings_json(conn)))
    _refused(conn, log, lambda: rounds.pair_next_round(conn))  # the Swiss rounds are over
    log.append(("top-cut", _plain(topcut.start_top_cut(conn))))
    while (champion := topcut.champion(conn)) is None:
        _report_round(conn, log)
        if topcut.champion(conn) is None:
            log.append(("top-cut", _plain(topcut.advance_top_cut(conn))))
    log.append(("champion", views.top_cut_json(conn, champion)))
    log.append(("final", views.standings_json(conn, final=True)))
    log.append(("placings", _plain(event_final_placings(conn))))
    log.append(("status", _plain(views.status_json(conn))))
    log.append(("log", _plain(views.log_json(store.read_audit(conn)))))
    log.append(("stored", _plain(store.read_snapshot(conn, "event"))))
    return [_plain(entry) for entry in log]


@pytest.fixture
def sqlite_event(tmp_path: Path) -> Iterator[Any]:
    path = tmp_path / "event.sqlite"
    setup.create_event(path, "Cup", **SETTINGS)
    with connect(path) as conn:
        yield conn


@pytest.fixture
def memory_event() -> MemoryEvent:
    conn = MemoryEvent()
    setup.start_event(conn, setup.event_settings("Cup", **SETTINGS))
    return conn


def test_one_event_runs_alike_on_sqlite_and_in_memory(sqlite_event: Any,
                                                      memory_event: MemoryEvent) -> None:
    assert isinstance(store_of(memory_event), MemoryStore)
    assert not isinstance(store_of(sqlite_event), MemoryStore)
    on_sqlite = scenario(sqlite_event)
    in_memory = scenario(memory_event)
    assert memory_event.t.settings is not None and memory_event.t.matches  # it ran in memory
    assert len(on_sqlite) == len(in_memory)
    for step, (a, b) in enumerate(zip(on_sqlite, in_memory, strict=True)):
        assert a == b, f"step {step}: {a[0]}"
    # the scenario went the whole way: refusals with their codes, a champion, every round
    steps = [entry[0] for entry in on_sqlite]
    assert {e[1] for e in on_sqlite if e[0] == "refused"} == {
        None, "not-reported", "result-exists", "swiss-over"}  # None: a name taken
    champion = next(e[1]["champion"] for e in on_sqlite if e[0] == "champion")
    assert champion in [*NAMES, "Joe"]
    assert steps.count("pair") == store.read_settings(sqlite_event).rounds


def test_a_refused_change_is_rolled_back_in_memory_too(memory_event: MemoryEvent) -> None:
    players.register_player(memory_event, "Ann")
    before = copy.deepcopy(memory_event.t)
    with pytest.raises(RuntimeError), store.transaction(memory_event):
        players.register_player(memory_event, "Ben")
        assert store.count_players(memory_event) == 2
        raise RuntimeError("the caller fails after the change")
    assert store.count_players(memory_event) == 1 and memory_event.t == before
