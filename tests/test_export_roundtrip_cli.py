"""End to end through ``tt event``: register from a sheet, pair, export the round, type the
results into the exported pairings sheet, ``report --from`` it, and check the standings."""

from __future__ import annotations

import csv
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest
from event_helpers import Tt, dump

from tt_organizer.export.cells import put_row
from tt_organizer.names import sort_key

EVENTS = Path(__file__).parent / "fixtures" / "events"
HYPERLINK = '=HYPERLINK("http://x","y")'
NAMES = ["Ann", "Ben", HYPERLINK, "Dan", "-Eve"]






@pytest.fixture
def event(tmp_path: Path) -> Tt:
    tt = Tt(tmp_path / "event.sqlite")
    tt("create", "Cup & Friends", "--seed", "7", "--best-of", "3")
    signup = tmp_path / "signup"
    (signup / "decks").mkdir(parents=True)
    shutil.copy(EVENTS / "legal_red.txt", signup / "decks" / "red.txt")
    wb = openpyxl.Workbook()
    ws = wb.active
    put_row(ws, 1, ["Player", "Membership", "Decklist"])
    for row, name in enumerate(NAMES, start=2):
        put_row(ws, row, [name, f"M{row}", "decks/red.txt" if row % 2 else None])
    wb.save(signup / "signup.xlsx")
    out = tt("register", "--from", str(signup / "signup.xlsx")).stdout
    assert "5 new, 0 updated, 0 unchanged" in out
    assert [p["name"] for p in tt.json("players")] == NAMES
    tt("pair")
    return tt


def fill_results(exported: Path, out: Path, results: dict[int, tuple[str, ...]]) -> Path:
    """Type results into the exported round sheet as an organizer would (by table)."""
    wb = openpyxl.load_workbook(exported)
    ws = wb["Pairings R1"]
    for row in ws.iter_rows(min_row=3):
        table = row[1].value
        if table in results:
            for offset, value in enumerate(results[table]):
                row[6 + offset].value = value
    wb.save(out)
    return out


def test_export_fill_import_and_standings(event: Tt, tmp_path: Path) -> None:
    tt = event
    pairs = tt.json("pairings")
    played = [p for p in pairs if p["player2"] is not None]
    assert len(played) == 2
    exported = tmp_path / "round1.xlsx"
    assert "Wrote" in tt("export", str(exported), "--round", "1").stdout
    sheet = openpyxl.load_workbook(exported)["Pairings R1"]
    assert [c.value for c in sheet[2]][:7] == ["Round", "Table", "Player 1", "P1 points",
                                              "Player 2", "P2 points", "Result"]
    filled = fill_results(exported, tmp_path / "filled.xlsx", {
        played[0]["table"]: ("2-1", "P1,P2,P1", "P1,P2,P1", "7,9,6"),
        played[1]["table"]: ("0-2",),
    })
    out = tt("report", "--from", str(filled)).stdout
    assert "Recorded 2 result(s)" in out
    results = {p["table"]: p["result"] for p in tt.json("pairings")}
    assert results[played[0]["table"]] == "2-1" and results[played[1]["table"]] == "0-2"

    standings = tt.json("standings")
    winners = {played[0]["player1"], played[1]["player2"]}
    bye = next(p["player1"] for p in pairs if p["player2"] is None)
    assert {s["player"] for s in standings if s["points"] == 3} == winners | {bye}
    assert sum(s["points"] for s in standings) == 9

    # a fresh export shows the same standings, names as literal text, no formula anywhere
    final = tmp_path / "final.xlsx"
    tt("export", str(final))
    ws = openpyxl.load_workbook(final)["Standings"]
    rows = [r for r in ws.iter_rows(min_row=3, values_only=True) if r[0] is not None]
    assert [(r[0], r[1], r[2]) for r in rows] == [
        (s["rank"], s["player"], s["points"]) for s in standings
    ]
    for r, s in zip(rows, standings, strict=True):
        assert r[4] == pytest.approx(s["omw"], abs=1e-6)
    names = {c.value: c for c in ws["B"] if c.value in (HYPERLINK, "-Eve")}
    assert set(names) == {HYPERLINK, "-Eve"}
    assert all(c.data_type == "s" for c in names.values())
    with zipfile.ZipFile(final) as z:
        for name in z.namelist():
            if name.startswith("xl/worksheets/"):
                assert b"<f>" not in z.read(name)

    # importing the same sheet again changes nothing (already recorded results are skipped)
    before = dump(tt.path)
    err = tt("report", "--from", str(filled), code=0).stdout
    assert "Recorded 0 result(s)" in err
    assert dump(tt.path).count("INSERT INTO \"matches\"") == before.count(
        "INSERT INTO \"matches\"")


def test_bad_sheet_is_refused_and_changes_nothing(event: Tt, tmp_path: Path) -> None:
    tt = event
    played = [p for p in tt.json("pairings") if p["player2"] is not None]
    exported = tmp_path / "round1.xlsx"
    tt("export", str(exported))
    bad = fill_results(exported, tmp_path / "bad.xlsx", {
        played[0]["table"]: ("2-1",),
        played[1]["table"]: ("5-0",),
    })
    before = dump(tt.path)
    err = tt("report", "--from", str(bad), code=2).stderr
    assert "row" in err and "5-0" in err
    assert dump(tt.path) == before


def test_wall_pairings_and_csv_through_the_cli(event: Tt, tmp_path: Path) -> None:
    tt = event
    wall = tmp_path / "wall.xlsx"
    tt("pairings", "--round", "1", "--print", str(wall))
    wb = openpyxl.load_workbook(wall)
    assert wb.sheetnames == ["By name", "By table"]
    listed = [r[0] for r in wb["By name"].iter_rows(min_row=3, values_only=True) if r[0]]
    assert sorted(listed, key=sort_key) == listed and set(listed) == set(NAMES)
    tt("export", str(tmp_path / "x.xlsx"), "--csv", str(tmp_path / "csv"))
    assert (tmp_path / "csv" / "pairings-r1.csv").exists()
    with (tmp_path / "csv" / "players.csv").open(encoding="utf-8", newline="") as handle:
        names = [row[1] for row in csv.reader(handle)][1:]
    assert "'" + HYPERLINK in names and "'-Eve" in names
