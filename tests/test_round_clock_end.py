"""The round clock stops when the event is over -- the last table of the last Swiss round of
an event without a top cut, or the top cut's final -- and runs on while any result of the
event is still to come (what ``/api/timer`` and the projector's clock show)."""

from __future__ import annotations

from pathlib import Path

from tests.event_helpers import Tt, start_event
from tt_organizer.events import store, timer


def _clock_set(tt: Tt) -> bool:
    with store.connect(tt.path) as conn:
        return bool(timer.timer_state(conn)["set"])


def _start_clock(tt: Tt) -> None:
    with store.connect(tt.path) as conn:
        timer.start_timer(conn, 30)


def _report_all(tt: Tt, *extra: str, leave: int = 0) -> list[int]:
    """Report every table of the current round (P1 wins) but the last ``leave`` ones, which
    it returns."""
    tables = [p["table"] for p in tt.json("pairings", *extra) if p["player2"] is not None]
    for table in tables[:len(tables) - leave]:
        tt("report", str(table), "1-0")
    return tables[len(tables) - leave:]


def test_the_clock_stops_with_the_last_table_of_the_last_swiss_round(tmp_path: Path) -> None:
    tt = Tt(tmp_path / "swiss.sqlite")
    start_event(tt, ["Ada", "Ben", "Cy", "Dee", "Eve", "Fay"], "--rounds", "2",
                "--best-of", "1")
    tt("pair")
    _start_clock(tt)
    _report_all(tt)
    assert _clock_set(tt)  # round 1 of 2 is done: the event is not over
    tt("pair")
    _start_clock(tt)
    (last,) = _report_all(tt, leave=1)
    assert _clock_set(tt)  # one table of the last round still playing
    tt("report", str(last), "0-1")
    assert not _clock_set(tt)


def test_the_clock_runs_on_into_the_top_cut_and_stops_with_the_final(tmp_path: Path) -> None:
    tt = Tt(tmp_path / "cut.sqlite")
    start_event(tt, ["Ada", "Ben", "Cy", "Dee", "Eve", "Fay"], "--rounds", "2",
                "--top-cut", "4", "--best-of", "1")
    for _ in range(2):
        tt("pair")
        _start_clock(tt)
        _report_all(tt)
    assert _clock_set(tt)  # the Swiss is over, the top cut is still to play
    tt("top-cut")
    _start_clock(tt)
    _report_all(tt, "--top-cut")
    assert _clock_set(tt)  # the semifinals are done: the final is still to come
    tt("top-cut")
    _start_clock(tt)
    _report_all(tt, "--top-cut")
    assert tt.json("standings", "--final")[0]["player"]
    assert not _clock_set(tt)
