"""Printed sheets say what they show, fit their titles and ids, and fill the desk's Problems
column: the standings mid-round agree with ``tt event standings``; titles never cut; no lone
last row on a page; the registration sheet's ids whole and its problems named."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
from event_helpers import Tt, start_event

from tt_organizer.events.store import load_snapshot
from tt_organizer.printing import print_event


def pdf_text(path: Path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        return [p.extract_text() or "" for p in pdf.pages]


def one_line(text: str) -> str:
    return " ".join(text.split())


# --- standings in the middle of a round (issue 37) ------------------------------------------


def test_mid_round_standings_sheet_agrees_with_the_cli(tmp_path: Path) -> None:
    t = Tt(tmp_path / "e.sqlite")
    start_event(t, [f"Player {c}" for c in "ABCDEFGH"], "--rounds", "3")
    t("pair")
    for table in range(1, 5):
        t("report", str(table), "2-0")
    t("pair")
    t("report", "1", "2-1")  # round 2: 2 of 4 tables in
    t("report", "3", "0-2")
    cli_title = t("standings").stdout.strip().splitlines()[0]
    assert cli_title.startswith("Standings after round 2 ")
    figures = {s["player"]: (s["points"], s["wins"], s["losses"])
               for s in t.json("standings")}
    out = print_event(load_snapshot(t.path), "standings", tmp_path / "st.pdf", paper="a4")
    text = one_line(" ".join(pdf_text(out.path)))
    assert "Standings after round 2 (round 2 in progress: 2 of 4 tables reported)" in text
    assert "after round 1" not in text
    for name, (points, wins, losses) in figures.items():  # round 2's reports in the figures
        assert re.search(rf"\b{re.escape(name)} {points} {wins}-{losses}-0\b", text), name
    assert sum(w for _p, w, _l in figures.values()) == 6  # 4 + 2 results counted
    # --round 1 says round 1 on both
    assert t("standings", "--round", "1").stdout.startswith("Standings after round 1 ")
    out1 = print_event(load_snapshot(t.path), "standings", tmp_path / "st1.pdf",
                       round_number=1, paper="a4")
    text1 = one_line(pdf_text(out1.path)[0])
    assert "Standings after round 1 " in text1 + " " and "in progress" not in text1
    # a round whose every table is in: no note
    t("report", "2", "2-0")
    t("report", "4", "2-0")
    out2 = print_event(load_snapshot(t.path), "standings", tmp_path / "st2.pdf", paper="a4")
    text2 = one_line(pdf_text(out2.path)[0])
    assert "Standings after round 2 " in text2 and "in progress" not in text2
