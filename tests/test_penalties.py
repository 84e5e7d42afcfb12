"""The judge's log: ``tt event penalty / penalties / infractions`` and what a penalty does to
results, standings, the export and a hand-edited file."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.event_helpers import Tt, dump, start_event

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal"]


@pytest.fixture
def tt(tmp_path: Path) -> Tt:
    tt = Tt(tmp_path / "cup.sqlite")
    start_event(tt, NAMES, "--rounds", "3", "--top-cut", "0")
    tt("pair")
    return tt


def table_of(tt: Tt, name: str, *extra: str) -> dict:
    return next(t for t in tt.json("pairings", *extra) if name in (t["player1"], t["player2"]))


def standing(tt: Tt, name: str) -> dict:
    return next(s for s in tt.json("standings") if s["player"] == name)


def test_a_game_loss_on_a_reported_2_1_makes_it_the_players_loss(tt: Tt) -> None:
    t = table_of(tt, "Ana")
    seat = "P1" if t["player1"] == "Ana" else "P2"
    opponent = t["player2"] if seat == "P1" else t["player1"]
    tt("report", str(t["table"]), "--winner", "Ana", "2-1")
    assert standing(tt, "Ana")["wins"] == 1
    given = tt.json("penalty", "Ana", "deck-problem", "game-loss", "--note", "53 cards")
    assert given["result"]["before"] == ("2-1" if seat == "P1" else "1-2")
    assert given["result"]["after"] == ("1-2" if seat == "P1" else "2-1")
    assert given["infraction"] == "Deck does not match the decklist"
    ana, opp = standing(tt, "Ana"), standing(tt, opponent)
    assert (ana["wins"], ana["losses"], ana["points"]) == (0, 1, 0)
    assert (opp["wins"], opp["points"]) == (1, 3)
    log = tt.json("log")
    assert [e["action"] for e in log[-2:]] == ["correct", "penalty"]
    assert tt.json("penalties") == [
        {**{k: given[k] for k in ("id", "player", "stage", "round", "infraction", "penalty",
                                  "note", "judge", "at")}}]
    assert "Ana" in tt("penalties").stdout and "53 cards" in tt("penalties").stdout


@pytest.mark.parametrize(("score", "after"), [("2-0", "1-1"), ("1-1-1", "0-2-1"),
                                              ("0-2", "0-2")])
def test_game_loss_arithmetic(tt: Tt, score: str, after: str) -> None:
    """From Ana's side: a game she won goes to her opponent; a lost match stays lost."""
    t = table_of(tt, "Ana")

    def seat_text(mine: str) -> str:  # Ana's score as the result text from P1's side
        won, lost, *drawn = mine.split("-")
        return mine if t["player1"] == "Ana" else "-".join([lost, won, *drawn])

    tt("report", str(t["table"]), seat_text(score))
    given = tt.json("penalty", "Ana", "Drawing extra cards", "game-loss")
    if after == score:
        assert given["result"] is None
    else:
        assert given["result"]["after"] == seat_text(after)
    assert table_of(tt, "Ana")["result"] == seat_text(after)
    assert len(tt.json("penalties")) == 1


def test_match_losses_and_a_double_loss(tt: Tt) -> None:
    t = table_of(tt, "Ana")
    other = t["player2"] if t["player1"] == "Ana" else t["player1"]
    given = tt.json("penalty", "Ana", "outside-assistance", "match-loss")
    assert given["result"]["before"] is None
    assert standing(tt, "Ana")["losses"] == 1 and standing(tt, other)["wins"] == 1
    again = tt.json("penalty", other, "outside-assistance", "match-loss")
    assert again["result"]["after"] == "double-loss"
    assert standing(tt, other)["wins"] == 0 and standing(tt, other)["losses"] == 1


def test_a_game_loss_during_a_match_is_logged_only(tt: Tt) -> None:
    t = table_of(tt, "Ben")
    given = tt.json("penalty", "Ben", "tardiness", "game-loss", "--note", "12 minutes late")
    assert given["result"] is None
    assert table_of(tt, "Ben")["result"] is None
    tt("report", str(t["table"]), "--winner", "Ben", "2-1")  # the players play on


def test_disqualification_drops_the_player_and_records_their_loss(tt: Tt) -> None:
    t = table_of(tt, "Cleo")
    given = tt.json("penalty", "Cleo", "cheating", "disqualification")
    assert given["dropped"] is True and given["result"]["before"] is None
    after = table_of(tt, "Cleo")
    assert after["result"] == ("0-2" if t["player1"] == "Cleo" else "2-0")
    assert next(p for p in tt.json("players") if p["name"] == "Cleo")["dropped"] is True
    tt("report", *[str(x["table"]) for x in tt.json("pairings")
                   if x["result"] is None][:1], "2-0")
    assert "disqualified" in tt("penalty", "Eli", "cheating", "disqualification").stdout
    tt("penalty", "Dev", "slow-play", "warning")
    assert [p["penalty"] for p in tt.json("penalties")] == \
        ["disqualification", "disqualification", "warning"]


def test_refusals_change_nothing(tt: Tt) -> None:
    before = dump(tt.path)
    err = tt.refused("penalty", "Ana", "drawing extra card", "warning",
                     match="no infraction")
    assert "drawing-extra-cards" in err
    tt.refused("penalty", "Nobody", "cheating", "warning", match="no player")
    tt.refused("penalty", "Ana", "cheating", "warning", "--round", "5", match="not paired")
    tt("penalty", "Ana", "cheating", "death", code=2)
    assert dump(tt.path) == before
    tt.refused("penalty", "Ana", "tardiness", "game-loss", "--round", "0",
               match="no match in round 0")


def test_an_infraction_list_of_ones_own(tt: Tt, tmp_path: Path) -> None:
    own = tmp_path / "mine.json"
    own.write_text(json.dumps({"infractions": [
        {"id": "phone-at-table", "name": "Phone at the table", "penalty": "warning"}]}),
        encoding="utf-8")
    assert [i["id"] for i in tt.json("infractions", "--infractions", str(own))] == \
        ["phone-at-table"]
    tt("penalty", "Ana", "phone at the table", "warning", "--infractions", str(own))
    tt.refused("penalty", "Ana", "cheating", "warning", "--infractions", str(own),
               match="no infraction")
    own.write_text('{"infractions": [{"id": "x", "name": "X", "penalty": "jail"}]}',
                   encoding="utf-8")
    tt("infractions", "--infractions", str(own), code=2)


def test_export_has_the_judges_log(tt: Tt, tmp_path: Path) -> None:
    tt("penalty", "Ana", "slow-play", "warning", "--note", "=HYPERLINK(\"x\")")
    out = tmp_path / "cup.xlsx"
    tt("export", str(out))
    ws = load_workbook(out)["Penalties"]
    rows = list(ws.iter_rows(values_only=True))
    header = next(i for i, r in enumerate(rows) if r and "Infraction" in r)
    row = rows[header + 1]
    assert "Ana" in row and "Slow play" in row and "warning" in row
    assert '=HYPERLINK("x")' in row and ws.cell(row=header + 2, column=7).data_type != "f"


def test_a_hand_edited_penalty_is_refused(tt: Tt) -> None:
    tt("penalty", "Ana", "slow-play", "warning")
    with sqlite3.connect(tt.path) as conn:
        conn.execute("UPDATE penalties SET player_id = 99")
    err = tt("penalties", code=2).stderr
    assert "penalty 1: a player who is not registered" in err and "Traceback" not in err


def test_the_phone_page_and_the_console_show_the_log(tmp_path: Path) -> None:
    import requests

    from tests.serve_helpers import TOKEN, live_server, new_event
    from tt_organizer.events import entering, store
    from tt_organizer.events.penalties import give_penalty

    event = new_event(tmp_path / "serve.sqlite")
    with store.connect(event) as conn:
        m = store.read_matches(conn)[0]
        entering.report_result(conn, m.table, "2-1")
        victim = store.player_names(conn)[m.player1]
        give_penalty(conn, victim, "deck-problem", "game-loss", note="<b>53</b> cards")
        after = next(x for x in store.read_matches(conn) if x.table == m.table)
    assert after.result == "1-2"
    with live_server(event) as srv:
        mine = srv.get(f"/me/{m.player1}").text
        assert 'id="my-penalties"' in mine and "game loss" in mine
        assert "Deck does not match the decklist: &lt;b&gt;53&lt;/b&gt; cards" in mine
        other = srv.get(f"/me/{m.player2}").text
        assert 'id="my-penalties"' not in other
        org = requests.Session()
        org.get(srv.url + f"/org/login?token={TOKEN}", timeout=10)
        console = org.get(srv.url + "/org", timeout=10).text
        assert "Judge's log" in console and f"<strong>{victim}</strong> game loss" in console
