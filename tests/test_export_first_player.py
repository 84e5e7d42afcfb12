"""The workbook's pairings sheet carries who went first game by game as the Results sheet has
it, partial data included (``P1,,P2``), and reading that sheet back records nothing new."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from event_helpers import Tt, dump, start_event


def sheet_rows(ws) -> list[dict[str, object]]:
    """The rows under a sheet's header (row 2) as dicts by header."""
    rows = list(ws.iter_rows(values_only=True))
    header = rows[1]
    return [dict(zip(header, r, strict=True)) for r in rows[2:] if any(v is not None for v in r)]


def test_pairings_sheet_keeps_partial_first_player_data(tmp_path: Path) -> None:
    t = Tt(tmp_path / "e.sqlite")
    start_event(t, ["Ana", "Beto", "Caro", "Dani", "Eli", "Fede"])
    t("pair")
    t("report", "1", "2-1", "--first", "P1,,P2")  # game 2: not known
    t("report", "2", "0-2", "--first", ",P2")  # game 1: not known
    t("report", "3", "2-1", "--first", "P2,P1,P1")  # every game
    out = tmp_path / "e.xlsx"
    t("export", str(out))
    wb = openpyxl.load_workbook(out)
    pairing = {r["Table"]: r for r in sheet_rows(wb["Pairings R1"])}
    assert pairing[1]["First (P1/P2 per game)"] == "P1,,P2"
    assert pairing[2]["First (P1/P2 per game)"] == ",P2"
    assert pairing[3]["First (P1/P2 per game)"] == "P2,P1,P1"
    # the same data, game by game, as the Results sheet has it
    results = sheet_rows(wb["Results"])
    for table, row in pairing.items():
        games = sorted((r for r in results if r["Table"] == table), key=lambda r: r["Game"])
        seats = {row["Player 1"]: "P1", row["Player 2"]: "P2"}
        assert ",".join(seats.get(g["Went first"] or "", "") for g in games) == (
            row["First (P1/P2 per game)"]), table
    assert [g["Went first"] or "" for g in results if g["Table"] == 1] == [
        pairing[1]["Player 1"], "", pairing[1]["Player 2"]]
    # read back: already recorded exactly so, nothing changes
    before = dump(t.path)
    assert "Recorded 0 result(s)" in t("report", "--from", str(out)).stdout
    assert dump(t.path) == before


def test_typed_partial_first_player_list_is_read(tmp_path: Path) -> None:
    t = Tt(tmp_path / "e.sqlite")
    start_event(t, ["Ana", "Beto", "Caro", "Dani"])
    t("pair")
    blank = tmp_path / "blank.xlsx"
    t("export", str(blank))
    wb = openpyxl.load_workbook(blank)
    ws = wb["Pairings R1"]
    header = [c.value for c in ws[2]]
    for row in ws.iter_rows(min_row=3):
        if row[header.index("Table")].value == 2:
            row[header.index("Result")].value = "1-2"
            row[header.index("First (P1/P2 per game)")].value = "P2, ,P1"
    wb.save(tmp_path / "typed.xlsx")
    assert "Recorded 1 result(s)" in t("report", "--from", str(tmp_path / "typed.xlsx")).stdout
    t("export", str(tmp_path / "after.xlsx"))
    rows = sheet_rows(openpyxl.load_workbook(tmp_path / "after.xlsx")["Pairings R1"])
    assert next(r for r in rows if r["Table"] == 2)["First (P1/P2 per game)"] == "P2,,P1"
