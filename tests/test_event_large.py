"""A field of a few hundred players: standings print as one table with a row per player, JSON
lists one item per line, and the targeted reads of the store agree with reading everything."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from event_helpers import Tt

from tt_organizer.cli.render import text_width
from tt_organizer.events import entering, setup, status, store
from tt_organizer.events.players import find_player, register_player
from tt_organizer.events.rounds import pair_next_round

PLAYERS = 203  # odd: round 1 has a bye


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("large") / "event.sqlite"
    setup.create_event(path, "Large", best_of=3, seed=5)
    with store.connect(path) as conn:
        with store.transaction(conn):
            for i in range(PLAYERS):
                register_player(conn, f"Player {i:03d} 選手" if i % 50 == 0
                                        else f"Player {i:03d}", ext_id=f"X{i}")
        for rnd in (1, 2):
            matches = pair_next_round(conn)
            if rnd == 2:
                break
            for m in matches:
                if m.player2 is not None:
                    result = ("2-0", "1-2", "draw")[m.table % 3]
                    entering.report_result(conn, m.table, result,
                                          winners="P1,P1" if result == "2-0" else None)
    return path


def test_standings_of_hundreds_print_as_one_table(event: Path) -> None:
    tt = Tt(event)
    ranked = [row["player"] for row in tt.json("standings")]
    lines = tt("standings").stdout.splitlines()
    assert lines[0].rstrip() == "Standings after round 2 (tiebreak policy rulebook)"
    header = [c.strip() for c in lines[2].strip("┃").split("┃")]
    assert header == ["Rank", "Player", "Pts", "W-L-D", "OMW%", "OOMW%", "GW%", ""]
    rows = [[c.strip() for c in line.strip("│").split("│")] for line in lines[4:-1]]
    assert len(rows) == PLAYERS  # one line each: every name fits its column
    assert [r[0] for r in rows] == [str(i) for i in range(1, PLAYERS + 1)]
    assert [r[1] for r in rows] == ranked
    # every line is as wide on screen (a CJK character takes two columns)
    assert len({text_width(line) for line in lines[1:]}) == 1


def test_a_long_json_list_is_one_item_per_line_and_the_same_data(event: Path) -> None:
    tt = Tt(event)
    out = tt("standings", "--json").stdout
    payload = json.loads(out)
    assert len(payload) == PLAYERS
    assert len(out.splitlines()) == PLAYERS + 2
    assert payload[0]["rank"] == 1 and set(payload[0]) >= {"player", "points", "omw", "gw"}


def test_targeted_reads_agree_with_reading_everything(event: Path) -> None:
    with store.connect(event) as conn:
        everything = store.read_matches(conn)
        assert store.read_matches(conn, "swiss", 1, tables_only=True) == [
            m for m in everything if m.stage == "swiss" and m.round == 1 and m.table > 0]
        assert store.read_matches(conn, "swiss", 1, 7) == [
            m for m in everything if m.round == 1 and m.table == 7]
        no_games = store.read_matches(conn, "swiss", games=False)
        assert [m.games for m in no_games] == [() for _ in everything]
        assert any(m.games for m in everything)
        players = store.read_players(conn)
        assert store.read_player(conn, players[9].id) == players[9]
        assert store.read_player(conn, 10**6) is None
        assert store.player_names(conn) == {p.id: p.name for p in players}
        assert store.player_names(conn, [3, None, 5]) == {3: players[2].name, 5: players[4].name}
        roster = store.read_roster(conn)
        assert [(p.id, p.name, p.dropped) for p in roster] == [
            (p.id, p.name, p.dropped) for p in players]
        assert find_player(conn, "  player   010 ").name == "Player 010"
        assert find_player(conn, "X11", by_id=True).name == "Player 011"
        assert status.missing_tables(conn) == status.status(conn)["missing"]
