"""The top cut finished properly: final placings (top 4 and top 8), named bracket rounds, the
wall print of a top-cut round, and the export's Standings sheet after the top cut."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
from event_helpers import Tt, run_swiss

from tt_organizer.events.final_placings import bracket_round_name


def play_bracket_round(tt: Tt, flip: set[int]) -> list[tuple[str, str]]:
    """Report the current bracket round (P1 wins unless the table is in ``flip``); returns
    (winner, loser) per table."""
    out = []
    for p in tt.json("pairings", "--top-cut"):
        p2_wins = p["table"] in flip
        tt("report", str(p["table"]), "0-1" if p2_wins else "1-0")
        out.append((p["player2"], p["player1"]) if p2_wins else (p["player1"], p["player2"]))
    return out


def expected(swiss: list[dict[str, Any]], groups: list[tuple[str, list[str]]]
             ) -> list[tuple[str, str]]:
    """Independent expectation: each place group in Swiss order, then everybody else."""
    rank = {s["player"]: s["rank"] for s in swiss}
    out: list[tuple[str, str]] = []
    for place, names in groups:
        out += [(place, n) for n in sorted(names, key=rank.__getitem__)]
    placed = {n for _, n in out}
    rest = [s["player"] for s in swiss if s["player"] not in placed]
    return out + [(str(len(placed) + i), n) for i, n in enumerate(rest, 1)]


def test_final_placings_top_8(tmp_path: Path) -> None:
    tt = run_swiss(tmp_path, 16, 8)
    tt.refused("standings", "--final", match="top 8 has not been played")
    swiss = tt.json("standings")
    assert ": quarter-final" in tt("top-cut").stdout
    qf = play_bracket_round(tt, {2, 3})
    assert ": semi-final" in tt("top-cut").stdout
    assert tt.json("status")["round_name"] == "semi-final"
    assert "Top-cut round 2 (semi-final)" in tt("status").stdout
    during = {s["player"]: s["place"] for s in tt.json("standings", "--final")}
    assert {during[w] for w, _ in qf} == {"1-4"} and {during[lo] for _, lo in qf} == {"5-8"}
    sf = play_bracket_round(tt, {1})
    assert ": final" in tt("top-cut").stdout
    final = play_bracket_round(tt, set())
    assert "wins the event" in tt("top-cut").stdout
    placings = tt.json("standings", "--final")
    want = expected(swiss, [("1", [final[0][0]]), ("2", [final[0][1]]),
                            ("3-4", [lo for _, lo in sf]), ("5-8", [lo for _, lo in qf])])
    assert [(p["place"], p["player"]) for p in placings] == want
    # the standings shape plus "place"; "rank" stays the Swiss rank
    assert set(swiss[0]) | {"place"} == set(placings[0])
    assert {p["player"]: p["rank"] for p in placings} == {s["player"]: s["rank"] for s in swiss}
    text = tt("standings", "--final").stdout
    assert "Final standings" in text and "3-4" in text and "5-8" in text
    assert "--final" in tt("standings").stdout  # the Swiss view points at the placings


def test_final_placings_top_4_and_export(tmp_path: Path) -> None:
    tt = run_swiss(tmp_path, 8, 4)
    swiss = tt.json("standings")
    tt("top-cut")
    sf = play_bracket_round(tt, {2})
    tt("top-cut")
    final = play_bracket_round(tt, {1})
    placings = tt.json("standings", "--final")
    want = expected(swiss, [("1", [final[0][0]]), ("2", [final[0][1]]),
                            ("3-4", [lo for _, lo in sf])])
    assert [(p["place"], p["player"]) for p in placings] == want
    assert tt.json("status")["champion"] == final[0][0]
    out = tmp_path / "event.xlsx"
    tt("export", str(out), "--csv", str(tmp_path / "csv"))
    ws = openpyxl.load_workbook(out)["Standings"]
    rows = [r for r in ws.iter_rows(values_only=True) if r and r[0] is not None]
    header = next(i for i, r in enumerate(rows) if r[0] == "Place")
    assert rows[header][:3] == ("Place", "Swiss rank", "Player")
    assert [(r[0], r[2]) for r in rows[header + 1:]] == want
    csv_text = (tmp_path / "csv" / "standings.csv").read_text(encoding="utf-8")
    assert csv_text.splitlines()[0].startswith("Place,Swiss rank,Player")


def test_event_without_top_cut_final_is_swiss_order(tmp_path: Path) -> None:
    tt = run_swiss(tmp_path, 6, 0)
    swiss = tt.json("standings")
    assert [(p["place"], p["player"]) for p in tt.json("standings", "--final")] == [
        (str(s["rank"]), s["player"]) for s in swiss]


def test_wall_print_of_a_top_cut_round(tmp_path: Path) -> None:
    tt = run_swiss(tmp_path, 8, 4)
    tt("top-cut")
    semis = tt.json("pairings", "--top-cut")
    wall = tmp_path / "wall.xlsx"
    assert "top-cut round 1" in tt("pairings", "--top-cut", "--print", str(wall)).stdout
    wb = openpyxl.load_workbook(wall)
    by_table = wb["By table"]
    assert "Top cut semi-final pairings by table" in str(by_table["A1"].value)
    rows = [r for r in by_table.iter_rows(values_only=True) if isinstance(r[0], int)]
    assert [(r[0], r[1], r[3]) for r in rows] == [
        (p["table"], p["player1"], p["player2"]) for p in semis]
    names = {r[0] for r in wb["By name"].iter_rows(values_only=True)
             if isinstance(r[1], int)}
    assert names == {p[k] for p in semis for k in ("player1", "player2")}
    tt.refused("pairings", "--top-cut", "--round", "2", "--print", str(tmp_path / "x.xlsx"),
               match="round 2 is not paired")


def test_bracket_round_names() -> None:
    assert [bracket_round_name(n) for n in (2, 4, 8, 16)] == [
        "final", "semi-final", "quarter-final", "round of 16"]
