"""Printed sheets say what they show, fit their titles and ids, and fill the desk's Problems
column: the standings mid-round agree with ``tt event standings``; titles never cut; no lone
last row on a page; the registration sheet's ids whole and its problems named."""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from pathlib import Path

import pdfplumber
from event_helpers import Tt, start_event
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from print_helpers import heading_parts

from tt_organizer.events.store import load_snapshot
from tt_organizer.printing import print_event


def pdf_text(path: Path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        return [p.extract_text() or "" for p in pdf.pages]


def one_line(text: str) -> str:
    return " ".join(text.split())


def title(path: Path, page: int = 0) -> str:
    with pdfplumber.open(path) as pdf:
        return heading_parts(pdf.pages[page])[0]


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
    assert title(out.path) == (
        "Standings after round 2 (round 2 in progress: 2 of 4 tables reported)")
    assert "after round 1" not in text
    for name, (points, wins, losses) in figures.items():  # round 2's reports in the figures
        assert re.search(rf"\b{re.escape(name)} {points} {wins}-{losses}-0\b", text), name
    assert sum(w for _p, w, _l in figures.values()) == 6  # 4 + 2 results counted
    # --round 1 says round 1 on both
    assert t("standings", "--round", "1").stdout.startswith("Standings after round 1 ")
    out1 = print_event(load_snapshot(t.path), "standings", tmp_path / "st1.pdf",
                       round_number=1, paper="a4")
    assert title(out1.path) == "Standings after round 1"
    # a round whose every table is in: no note
    t("report", "2", "2-0")
    t("report", "4", "2-0")
    out2 = print_event(load_snapshot(t.path), "standings", tmp_path / "st2.pdf", paper="a4")
    assert title(out2.path) == "Standings after round 2"


# --- titles never cut (issue 34) --------------------------------------------------------------

LONG_EVENT = ("Torneo Regional de Primavera de la Liga Metropolitana de Tamer Tactics — "
              "Sede Ciudad de México, Sala Principal")


def test_spanish_titles_and_a_long_event_name_print_whole(tmp_path: Path) -> None:
    t = Tt(tmp_path / "e.sqlite")
    start_event(t, [f"Jugadora {c}" for c in "ABCDEFG"], "--rounds", "5", "--language", "es",
                title=LONG_EVENT)
    t("pair")
    snap = load_snapshot(t.path)
    checks = {
        "pairings": ["Ronda 1 de 5 — emparejamientos por nombre",
                     "Ronda 1 de 5 — emparejamientos por mesa"],
        "standings": ["Clasificación tras la ronda 1 (ronda 1 en curso: 0 de 3 mesas "
                      "reportadas)"],
    }
    for kind, titles in checks.items():
        out = print_event(snap, kind, tmp_path / f"{kind}.pdf", paper="letter")
        with pdfplumber.open(out.path) as pdf:
            for page, want in zip(pdf.pages, titles, strict=True):
                got, event = heading_parts(page)
                assert (got, event) == (want, LONG_EVENT)
                assert all(c["x0"] >= 0 and c["x1"] <= page.width for c in page.chars)


_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")),
                max_size=100)
_WIDE = st.builds(lambda ch, n: ch * n, st.sampled_from(["W", "M", "漢", "Ш", "@"]),
                  st.integers(0, 100))
_WORDS = st.lists(st.sampled_from(["emparejamientos", "por", "nombre", "Clasificación",
                                   "Ronda", "—", "Supercalifragilístico", "東京大会"]),
                  max_size=25).map(" ".join)


def visible(text: str) -> str:
    """The characters that print: no spaces (a wrapped line's break is one), no format
    characters."""
    return "".join(ch for ch in text if not ch.isspace() and unicodedata.category(ch) != "Cf")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title=st.one_of(_TEXT, _WIDE, _WORDS), event=st.one_of(_TEXT, _WIDE, _WORDS),
       size=st.sampled_from([16.0, 18.0]), landscape=st.booleans())
def test_a_title_is_never_cut(tmp_path_factory, title: str, event: str, size: float,
                              landscape: bool) -> None:
    """Any title beside any event name: all of both on the page, inside the margins, above
    the rule, no smaller than the limits say."""
    from tt_organizer.printing.layout import CJK_FONT, MARGIN, TITLE_SHRINK, Sheet

    path = tmp_path_factory.mktemp("h") / "h.pdf"
    sheet = Sheet("a4", " ".join(event.split()), "x", "now", landscape=landscape)
    y = sheet.heading(" ".join(title.split()), size)
    sheet.text(MARGIN, y - 12, "body", 12)
    sheet.finish(path)
    clean = sheet.fonts.clean
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        got_title, got_event = heading_parts(page)
        heading = [c for c in page.chars if c["top"] < page.height - y - 8]
        right = min(c["x0"] for c in page.search("printed", regex=False)[0]["chars"])
        footer_text = page.crop((0, page.height - MARGIN - 16, right - 4, page.height)
                                ).extract_text() or ""
    if any(CJK_FONT.split("-")[0] in c["fontname"] for c in heading):
        # Chinese is set in the CJK font, which has no bold: the title's weight no longer
        # tells it from the event name, so both together must be there whole
        assert sorted(visible(got_title + got_event)) == sorted(visible(clean(title)
                                                                        + clean(event)))
    else:
        assert visible(got_title) == visible(clean(title))
        assert visible(got_event) == visible(clean(event))
    # the footer holds the event name whole too (up to two lines at 6 points)
    assert visible(footer_text) == visible(f"{clean(event)} — x")
    for c in heading:
        assert c["x0"] >= MARGIN - 0.5 and c["x1"] <= page.width - MARGIN + 0.5, c["text"]
        assert c["size"] >= min(size * TITLE_SHRINK, 11.0 if "Bold" not in c["fontname"]
                                else size * TITLE_SHRINK) - 0.01


# --- no lone last row on a page (issue 34) ----------------------------------------------------


def grid_pdf(tmp_path: Path, rows: list[list[object]], name: str, *, landscape: bool = False
             ) -> tuple[Path, int]:
    from tt_organizer.printing.grid import draw_grid
    from tt_organizer.printing.layout import Sheet
    from tt_organizer.printing.standings_sheet import COLUMNS

    sheet = Sheet("a4", "Cup", "standings", "now", landscape=landscape)
    pages = draw_grid(sheet, "Final standings", COLUMNS, rows, size=12.5)
    path, written = sheet.finish(tmp_path / f"{name}.pdf")
    assert written == pages
    return path, pages


def rows_on_pages(path: Path) -> list[list[str]]:
    """The first cell (the rank) of each body row, page by page."""
    out = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            lines = (page.extract_text() or "").splitlines()
            out.append([ln.split()[0] for ln in lines if re.match(r"^\d+ Player", ln)])
    return out


def standings_rows(count: int) -> list[list[object]]:
    return [[i, f"Player {i}", 0, "0-1-0", "33.33%", "33.33%", "33.33%", ""]
            for i in range(1, count + 1)]


def test_the_last_row_never_sits_alone_on_a_page(tmp_path: Path) -> None:
    full, _pages = grid_pdf(tmp_path, standings_rows(200), "full")
    per_page = len(rows_on_pages(full)[0])
    assert per_page > 20
    # one row more than a page holds: the rows are set a little shorter, all on one page
    path, pages = grid_pdf(tmp_path, standings_rows(per_page + 1), "one-more")
    assert pages == 1 and rows_on_pages(path) == [[str(i) for i in range(1, per_page + 2)]]
    with pdfplumber.open(path) as pdf:
        borders = sorted((r for r in pdf.pages[0].rects if r["width"] > 400 and r["stroke"]),
                         key=lambda r: r["top"])
        body = borders[1:]  # the rows' (the first is the header's)
        sizes = {round(c["size"], 1) for c in pdf.pages[0].chars
                 if c["text"] == "P" and c["top"] > borders[1]["top"]}
    normal = 12.5 * 1.55
    assert len(body) == per_page + 1
    assert all(0.9 * normal - 0.01 <= r["height"] < normal - 0.01 for r in body)
    assert sizes == {12.5}  # the type is not made smaller
    # two pages and one row more: the second page squeezes
    path, pages = grid_pdf(tmp_path, standings_rows(2 * per_page + 1), "two")
    assert pages == 2 and [len(p) for p in rows_on_pages(path)] == [per_page, per_page + 1]
    # exactly a page: unchanged; two more: the second page holds two rows
    assert [len(p) for p in rows_on_pages(grid_pdf(tmp_path, standings_rows(per_page),
                                                   "exact")[0])] == [per_page]
    assert [len(p) for p in rows_on_pages(grid_pdf(tmp_path, standings_rows(per_page + 2),
                                                   "two-more")[0])] == [per_page, 2]


def test_a_tall_last_row_takes_another_with_it(tmp_path: Path) -> None:
    full, _pages = grid_pdf(tmp_path, standings_rows(100), "full", landscape=True)
    per_page = len(rows_on_pages(full)[0])
    assert per_page < 30  # 10 % of so few rows is less room than a row of six lines needs
    rows = standings_rows(per_page + 1)
    rows[-1][-1] = " ".join(["dropped"] * 30)  # a last row of six lines
    path, pages = grid_pdf(tmp_path, rows, "move", landscape=True)
    assert pages == 2
    assert [len(p) for p in rows_on_pages(path)] == [per_page - 1, 2]


def test_page_rows_rule() -> None:
    from tt_organizer.printing.grid import page_rows

    assert page_rows([10.0] * 5, 50.0) == (5, 1.0)
    assert page_rows([10.0] * 6, 50.0) == (4, 1.0)  # 60 * 0.9 > 50: two rows go over
    assert page_rows([10.0] * 6, 54.0) == (6, 0.9)  # 60 * 0.9 = 54: squeezed to fit
    assert page_rows([10.0] * 11, 100.0) == (11, 100.0 / 110.0)
    assert page_rows([10.0] * 12, 100.0) == (10, 1.0)  # two rows over: no widow
    assert page_rows([30.0] * 4, 100.0) == (2, 1.0)  # 120 > 100/0.9: two go over
    assert page_rows([500.0], 100.0) == (1, 1.0)  # a row taller than the page is drawn
    assert page_rows([], 100.0) == (0, 1.0)


# --- the registration desk's sheet (issue 34) ------------------------------------------------

BANDAI = "0123456789"
LONGEST_ID = "".join(str(i % 10) for i in range(1, 101))  # the store takes 100 characters


def id_cells(page, header: str = "ID") -> list[str]:
    """The text of the ID column, cell by cell (a wrapped id's lines joined)."""
    head = page.search(header, regex=False)[0]
    borders = sorted({round(ln["x0"], 1) for ln in page.lines
                      if abs(ln["x1"] - ln["x0"]) < 0.5 and ln["x0"] < head["x0"]} |
                     {round(ln["x0"], 1) for ln in page.lines
                      if abs(ln["x1"] - ln["x0"]) < 0.5})
    left = max(x for x in borders if x <= head["x0"])
    right = min(x for x in borders if x > head["x1"])
    rows = sorted({round(r["top"], 1) for r in page.rects if r["stroke"] and r["width"] > 400})
    cells = []
    for top, bottom in zip(rows, [*rows[1:], page.height], strict=True):
        box = page.crop((left, top, right, min(bottom, page.height - 30)))
        cells.append("".join((box.extract_text() or "").split()))
    return cells


def test_registration_desk_sheet_ids_whole_and_problems_named(tmp_path: Path) -> None:
    from event_helpers import EVENT_DECKS

    t = Tt(tmp_path / "e.sqlite")
    t("create", "Desk Cup", "--seed", "3")
    t("register", "Ana Bandai", "--id", BANDAI, "--deck", str(EVENT_DECKS / "legal_red.txt"))
    t("register", "Beto Longid", "--id", LONGEST_ID)
    t("register", "Caro Illegal", "--id", "9876543210", "--deck",
      str(EVENT_DECKS / "illegal_short.txt"), "--allow-illegal")
    t("register", "Dani Late", "--id", "1111111111")
    t("register", "Eli Absent", "--id", "2222222222")
    t("check-in", "Ana Bandai", "Caro Illegal", "Dani Late")
    t("check-in", "Eli Absent", "--no-show")
    out = print_event(load_snapshot(t.path), "registration", tmp_path / "reg.pdf", paper="a4")
    with pdfplumber.open(out.path) as pdf:
        page = pdf.pages[0]
        text = page.extract_text() or ""
        cells = id_cells(page)
    assert cells[0] == "ID"
    assert BANDAI in text.split() and "9876543210" in text.split()  # whole, on one line
    assert LONGEST_ID in cells  # the longest id the store takes: whole, wrapped
    assert "…" not in "".join(cells)
    rows = {ln.split()[1]: ln for ln in text.splitlines() if re.match(r"^\d+ \w+ \w+ ", ln)}
    assert "main deck size; pile size; Tamer count" in rows["Caro"]
    # without the long id the column is a Bandai id wide: every id whole, on one line, the
    # highlighted (bold) row's too
    snap = load_snapshot(t.path)
    short = dataclasses.replace(snap, players=tuple(p for p in snap.players
                                                    if p.ext_id != LONGEST_ID))
    out = print_event(short, "registration", tmp_path / "short.pdf", paper="letter")
    with pdfplumber.open(out.path) as pdf:
        cells = id_cells(pdf.pages[0])
        words = (pdf.pages[0].extract_text() or "").split()
    ids = {BANDAI, "9876543210", "1111111111", "2222222222"}
    assert set(cells[1:]) == ids
    assert ids <= set(words)  # each on one line (a wrapped id reads as two words)
    assert "not checked in" in rows["Beto"]
    assert "no-show" in rows["Eli"]
    assert "not checked in" not in rows["Ana"] and "no-show" not in rows["Ana"]
    # once round 1 is paired: the drops and the late entries
    t("pair")
    t("drop", "Ana Bandai")
    t("late-entry", "Fede Tarde", "--id", "3333333333")
    out = print_event(load_snapshot(t.path), "registration", tmp_path / "reg2.pdf", paper="a4")
    text = pdf_text(out.path)[0]
    rows = {ln.split()[1]: ln for ln in text.splitlines() if re.match(r"^\d+ \w+ \w+ ", ln)}
    assert "dropped after round 1" in rows["Ana"]
    assert "late entry, from round 1" in rows["Fede"]
    assert "not checked in" not in text


def standings_event(path: Path, players: int) -> Path:
    """Round 1 paired and every table reported (table 1 a 2-0, the others 1-2); the last
    player by name dropped."""
    from print_helpers import make_event, player_names

    from tt_organizer.events import entering, store
    from tt_organizer.events.players import drop

    make_event(path, players)
    with store.connect(path) as conn:
        for m in store.read_matches(conn):
            if m.player2 is not None:
                entering.report_result(conn, m.table, "2-0" if m.table == 1 else "1-2")
        drop(conn, sorted(player_names(players))[-1])
    return path


def test_final_standings_keep_a_dropped_last_player_company(tmp_path: Path) -> None:
    big = standings_event(tmp_path / "big.sqlite", 80)
    out = print_event(load_snapshot(big), "standings", tmp_path / "big.pdf", paper="a4")
    per_page = len([ln for ln in pdf_text(out.path)[0].splitlines()
                    if re.match(r"^\d+ \D", ln)])
    assert 30 < per_page < 45
    for players in (per_page + 1, 2 * per_page + 1):
        event = standings_event(tmp_path / f"e{players}.sqlite", players)
        out = print_event(load_snapshot(event), "standings", tmp_path / f"s{players}.pdf",
                          paper="a4")
        pages = pdf_text(out.path)
        rows = [[ln for ln in text.splitlines() if re.match(r"^\d+ \D", ln)] for text in pages]
        assert sum(map(len, rows)) == players
        assert len(pages) == players // per_page  # no page for one row alone
        assert "dropped" in " ".join(pages)
        assert min(map(len, rows)) >= 2
