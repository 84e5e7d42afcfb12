"""``tt event print``: every sheet rendered to PNG and read back from the PDF's text and layout."""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime, timezone
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from event_helpers import EVENT_DECKS, Tt
from print_helpers import heading_parts, ink, make_event, player_names, render
from snapshot_factory import event_snapshot

from tt_organizer.cli.main import cli
from tt_organizer.events.store import load_snapshot
from tt_organizer.printing import print_event
from tt_organizer.printing.layout import MARGIN, paper_from_locale
from tt_organizer.printing.pairings import MIN_WALL_SIZE

AT = datetime(2026, 12, 2, 16, 30, tzinfo=timezone.utc)
PAGE_SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def body_chars(page) -> list[dict]:
    """Characters below the heading rule and above the footer."""
    return [c for c in page.chars if MARGIN + 30 < c["top"] < page.height - MARGIN - 12
            and c["text"].strip()]


def pages_text(pdf_path: Path) -> list[str]:
    with pdfplumber.open(pdf_path) as pdf:
        return [p.extract_text() or "" for p in pdf.pages]


def check_rendered(pdf_path: Path, pages: int, paper: str = "a4") -> None:
    """Every page renders to a PNG of the paper's proportions with something on it."""
    pngs = render(pdf_path)
    assert len(pngs) == pages
    from PIL import Image

    w, h = PAGE_SIZES[paper]
    for png in pngs:
        with Image.open(png) as img:
            ratio = img.width / img.height
        assert ratio == pytest.approx(w / h, rel=0.02) or ratio == pytest.approx(h / w, rel=0.02)
        assert ink(png) > 0.005, png


# --- wall pairings ----------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("players", [6, 33, 64])
def test_wall_pairings_by_name_one_page_in_large_type(tmp_path: Path, players: int,
                                                      paper: str) -> None:
    event = make_event(tmp_path / "e.sqlite", players)
    out = print_event(load_snapshot(event), "pairings", tmp_path / "wall.pdf", paper=paper,
                      printed_at=AT)
    assert out.items == players and out.round == 1
    names = player_names(players)
    with pdfplumber.open(out.path) as pdf:
        by_name = [p for p in pdf.pages if "pairings by name" in (p.extract_text() or "")]
        assert len(by_name) == 1, "the whole list on one page"
        page = by_name[0]
        text = page.extract_text()
        body = body_chars(page)
        assert body and min(round(c["size"], 2) for c in body) >= MIN_WALL_SIZE
        for name in names:  # every player, each name whole (never cut with …)
            found = page.search(name, regex=False)
            assert len(found) == 1, (name, text)
            assert all(round(c["size"], 2) >= MIN_WALL_SIZE for c in found[0]["chars"])
        assert "…" not in text
        by_table = [p for p in pdf.pages if "pairings by table" in (p.extract_text() or "")]
        assert len(by_table) == 1
        table_text = by_table[0].extract_text()
        assert all(name in table_text for name in names)
        assert len(pdf.pages) == out.pages == 2
    check_rendered(out.path, out.pages, paper)


def test_wall_pairings_of_many_players_continue_at_the_minimum_size(tmp_path: Path) -> None:
    event = make_event(tmp_path / "e.sqlite", 150)
    out = print_event(load_snapshot(event), "pairings", tmp_path / "wall.pdf", paper="a4")
    with pdfplumber.open(out.path) as pdf:
        by_name = [p for p in pdf.pages if "pairings by name" in (p.extract_text() or "")]
        assert 2 <= len(by_name) <= 3
        text = "\n".join(p.extract_text() for p in by_name)
        assert all(name in text for name in player_names(150))
        for page in by_name:
            assert min(round(c["size"], 2) for c in body_chars(page)) >= MIN_WALL_SIZE


def test_wall_pairings_show_the_bye_and_escape_nothing(tmp_path: Path) -> None:
    snap = event_snapshot()
    out = print_event(snap, "pairings", tmp_path / "w.pdf", round_number=3, paper="a4")
    text = pages_text(out.path)[0]
    assert '=HYPERLINK("http://x","y") BYE' in text  # the name as typed, the bye as a word
    assert "Chloé Ćwik 2" in text


# --- slips ------------------------------------------------------------------------------------


def slip_bands(page) -> list[tuple[str, float, float]]:
    """(``Table N``, top, bottom) of each slip on a page, by the position of its title."""
    titles = sorted(page.search(r"Table \d+"), key=lambda m: m["top"])
    bands = []
    for i, m in enumerate(titles):
        bottom = titles[i + 1]["top"] if i + 1 < len(titles) else page.height
        bands.append((m["text"], m["top"] - 2, bottom - 2))
    return bands


def test_every_slip_holds_both_names_and_its_table(tmp_path: Path) -> None:
    event = make_event(tmp_path / "e.sqlite", 21, rounds=2)
    snap = load_snapshot(event)
    out = print_event(snap, "slips", tmp_path / "slips.pdf", paper="letter")
    matches = [m for m in snap.round_matches(2) if m.player2 is not None]
    assert out.items == len(matches) == 10 and out.round == 2
    seen: dict[str, tuple[str, ...]] = {}
    with pdfplumber.open(out.path) as pdf:
        assert len(pdf.pages) == out.pages == 3  # four to a page
        for page in pdf.pages:
            for title, top, bottom in slip_bands(page):
                band = page.crop((0, top, page.width, bottom))
                text = band.extract_text()
                seen[title] = tuple(line for line in text.splitlines())
                assert "Round 2" in text and "Spring Cup & Friends" in text
                assert "Game 1" in text and "Game 3" in text and "Went first" in text
                assert text.count("signature") == 1 and "Turns" in text
                assert band.search(title)[0]["chars"][0]["size"] >= 18
    assert sorted(seen) == sorted(f"Table {m.table}" for m in matches)
    pins = {p.id: p.pin for p in snap.players}
    assert all(pins.values())  # every registered player has a PIN for the web server...
    for m in matches:
        lines = seen[f"Table {m.table}"]
        assert f"P1 {snap.name(m.player1)}" in lines  # ...and the slip shows neither
        assert f"P2 {snap.name(m.player2)}" in lines
    check_rendered(out.path, out.pages, "letter")


@pytest.mark.parametrize("kind", ["slips", "pairings", "standings", "registration"])
def test_no_sheet_shows_a_pin(tmp_path: Path, kind: str) -> None:
    """Slips lie between both players and the rest hang on a wall: a PIN on any of them lets
    someone else report or confirm for its player (docs/serve.md: PINs are given privately)."""
    snap = event_snapshot()
    players = tuple(dataclasses.replace(p, pin=f"{7300 + p.id * 13}") for p in snap.players)
    snap = dataclasses.replace(snap, players=players)
    out = print_event(snap, kind, tmp_path / f"{kind}.pdf", paper="a4", printed_at=AT,
                      round_number=None if kind == "registration" else 3)
    text = "\n".join(pages_text(out.path))
    assert players[0].name in text
    assert "PIN" not in text.upper().replace("PINK", "")
    for p in players:
        assert p.pin is not None and p.pin not in text.replace(" ", ""), (p.pin, kind)


def test_cli_printed_sheets_show_no_pin(tmp_path: Path) -> None:
    event = make_event(tmp_path / "e.sqlite", 8, rounds=2)
    pins = {p.pin for p in load_snapshot(event).players}
    for kind in ("slips", "pairings", "standings", "registration"):
        pdf = tmp_path / f"{kind}.pdf"
        Tt(event)("print", kind, "--out", str(pdf))
        text = "\n".join(pages_text(pdf))
        assert "Spring Cup" in text, kind
        assert "PIN" not in text, kind
        words = set(text.replace("\n", " ").split())
        assert not pins & words, kind


def test_best_of_one_slips_have_one_game(tmp_path: Path) -> None:
    event = make_event(tmp_path / "e.sqlite", 4, best_of=1)
    out = print_event(load_snapshot(event), "slips", tmp_path / "s.pdf", paper="a4")
    text = pages_text(out.path)[0]
    assert "Game 1" in text and "Game 2" not in text


# --- standings, decklists, registration -------------------------------------------------------


def test_standings_mark_the_winner_with_borders_and_separate_numbers(tmp_path: Path) -> None:
    snap = event_snapshot()
    out = print_event(snap, "standings", tmp_path / "st.pdf", paper="a4")
    with pdfplumber.open(out.path) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        # as `tt event standings` says it: after the current round, which is in progress
        assert heading_parts(page)[0] == (  # the whole title, never cut
            "Standings after round 3 (round 3 in progress: 0 of 3 tables reported)")
        assert "1 Alice Aoyama 6 2-0-0" in text  # points and record never run together
        assert len(page.rects) >= 8  # a bordered row per player and the header
        assert min(c["size"] for c in body_chars(page)) >= 9
    check_rendered(out.path, out.pages)


def test_final_standings_mark_the_champion(tmp_path: Path) -> None:
    t = Tt(make_event(tmp_path / "e.sqlite", 16, rounds=4))
    for table in range(1, 9):
        t("report", str(table), "2-0")
    t("top-cut")
    t("report", "1", "2-0")
    t("report", "2", "0-2")
    t("top-cut")
    t("report", "1", "2-1")
    snap = load_snapshot(t.path)
    out = print_event(snap, "standings", tmp_path / "final.pdf", paper="a4")
    text = pages_text(out.path)[0]
    final = next(m for m in snap.matches if m.stage == "top-cut" and m.round == 2)
    champion = snap.name(final.player1)
    with pdfplumber.open(out.path) as pdf:
        title = heading_parts(pdf.pages[0])[0]
    assert title.endswith(f"winner {champion}") and "WINNER" in text
    assert text.count("top cut") >= 3
    # and the top-cut slips and pairings print too
    out = print_event(snap, "slips", tmp_path / "final-slip.pdf", top_cut=True, paper="a4")
    assert "Top cut — Final" in pages_text(out.path)[0]
    out = print_event(snap, "pairings", tmp_path / "semis.pdf", top_cut=True, round_number=1,
                      paper="a4")
    by_name, by_table = pages_text(out.path)
    assert by_name.startswith("Top cut — Semi-finals — pairings by name")
    semis = [m for m in snap.matches if m.stage == "top-cut" and m.round == 1]
    for m in semis:
        assert f"{snap.name(m.player1)} {m.table}" in by_name
        assert f"{m.table} {snap.name(m.player1)}" in by_table


@pytest.fixture
def deck_event(tmp_path: Path, db) -> Path:
    names = player_names(6)
    decks = {names[0]: EVENT_DECKS / "legal_red.txt", names[1]: EVENT_DECKS / "legal_blue.txt",
             names[2]: EVENT_DECKS / "illegal_short.txt"}
    widest = tmp_path / "widest.txt"  # 55 different cards: the longest list a deck can make
    numbers = [c.number for c in db if c.card_type == "Digimon"][:50]
    eggs = [c.number for c in db if c.card_type == "Digi-Egg"][:5]
    widest.write_text("// Main\n" + "".join(f"1 {n}\n" for n in numbers)
                      + "// Egg\n" + "".join(f"1 {n}\n" for n in eggs), encoding="utf-8")
    decks[names[3]] = widest
    return make_event(tmp_path / "e.sqlite", 6, decks=decks)


def test_each_decklist_sits_on_one_page(tmp_path: Path, deck_event: Path) -> None:
    snap = load_snapshot(deck_event)
    out = print_event(snap, "decklists", tmp_path / "decks.pdf", paper="letter")
    with_decks = sorted((p for p in snap.players if p.main or p.pile),
                        key=lambda p: p.name.casefold())
    assert out.items == out.pages == len(with_decks) == 4
    texts = pages_text(out.path)
    for p, text in zip(with_decks, texts, strict=True):
        assert text.startswith(f"Deck check — {p.name}")
        for number in [*p.main, *p.pile]:  # every card of the deck on the player's page
            assert number in text, (p.name, number)
        assert "Deck check verdict" in text and "matches the registered list" in text
        assert ("NOT LEGAL" in text) == (p.deck_legal is False)
        assert f"Main deck ({len(p.main)} different cards)" in text
    check_rendered(out.path, out.pages, "letter")


def test_registration_lists_every_deck_and_its_verdict(tmp_path: Path, deck_event: Path) -> None:
    out = print_event(load_snapshot(deck_event), "registration", tmp_path / "reg.pdf",
                      paper="a4")
    text = pages_text(out.path)[0]
    assert "Registration — 6 players: 2 legal, 2 illegal, 2 no deck" in text
    for name in player_names(6):
        assert name in text
    assert "Chloé O'Sullivan" in text and "main deck size;" in text and "Tamer count" in text
    check_rendered(out.path, out.pages)


def test_times_are_local(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Europe/Berlin")
    out = print_event(event_snapshot(), "registration", tmp_path / "r.pdf", paper="a4",
                      printed_at=AT)
    text = pages_text(out.path)[0]
    assert "printed 2026-12-02 17:30 CET" in text
    assert "2026-12-02 10:01 CET" in text  # registered 09:01 UTC
    assert "UTC" not in text


@pytest.mark.parametrize(("env", "paper"), [
    ({"LANG": "en_US.UTF-8"}, "letter"), ({"LANG": "de_DE.UTF-8"}, "a4"),
    ({"LANG": "en_US.UTF-8", "LC_PAPER": "en_GB.UTF-8"}, "a4"),
    ({"LC_ALL": "es_MX.UTF-8", "LC_PAPER": "de_DE"}, "letter"), ({"LANG": "C.UTF-8"}, "a4"),
    ({}, "a4"), ({"LC_PAPER": "fr_CA.UTF-8"}, "letter"),
])
def test_paper_from_locale(env: dict[str, str], paper: str) -> None:
    assert paper_from_locale(env) == paper


# --- the command ------------------------------------------------------------------------------


def test_cli_print_json_and_default_paper(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    t = Tt(make_event(tmp_path / "cup.sqlite", 10, rounds=2))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LC_PAPER", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    data = json.loads(t("print", "slips", "--json").stdout)
    assert data == {"file": "cup-slips-r2.pdf", "what": "slips", "pages": 2, "paper": "letter",
                    "round": 2, "stage": "swiss", "items": 5}
    with pdfplumber.open(tmp_path / data["file"]) as pdf:
        assert (pdf.pages[0].width, pdf.pages[0].height) == PAGE_SIZES["letter"]
    human = t("print", "pairings", "--round", "1", "--paper", "a4", "-o", "wall.pdf").stdout
    assert human.strip() == "Wrote pairings (2 pages, a4) to wall.pdf"
    with pdfplumber.open(tmp_path / "wall.pdf") as pdf:
        assert "Round 1" in pdf.pages[0].extract_text()


def test_cli_print_refusals(tmp_path: Path) -> None:
    t = Tt(make_event(tmp_path / "e.sqlite", 4))
    t.refused("print", "decklists", "--round", "1", match="--round")
    t.refused("print", "slips", "--round", "5", match="round 5")
    t.refused("print", "pairings", "-o", str(tmp_path / "x.txt"), match=".pdf")
    t.refused("print", "pairings", "-o", str(tmp_path / "missing" / "x.pdf"), match="folder")
    t.refused("print", "decklists", match="no player of this event has registered a deck")
    t.refused("print", "slips", "--top-cut", match="top cut has not started")
    result = CliRunner().invoke(cli, ["event", "print", "posters",
                                      "--event", str(t.path)])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_batch_check_writes_a_pdf(tmp_path: Path) -> None:
    out = tmp_path / "desk.pdf"
    result = CliRunner().invoke(cli, ["deck", "check-batch", str(EVENT_DECKS), "--out",
                                      str(out)])
    assert result.exit_code == 1, result.output  # the folder holds an illegal deck
    text = pages_text(out)[0]
    assert "4 decks: 3 legal, 1 illegal" in text
    for name in ("legal_red", "legal_blue", "legal_yellow", "illegal_short"):
        assert name in text
    check_rendered(out, 1, "a4")


def test_after_the_top_cut_the_sheets_are_the_final_ones(tmp_path: Path) -> None:
    """Issue 26 item 5: once the bracket is played, ``print standings`` and ``export`` list
    the final placings (the final's loser 2nd, whatever their Swiss rank), ``--swiss`` gives
    the Swiss order, and ``print pairings`` with no options prints the bracket round."""
    import openpyxl

    t = Tt(make_event(tmp_path / "e.sqlite", 16, rounds=4))
    for table in range(1, 9):
        t("report", str(table), "2-0")
    t("top-cut")
    semis = t.json("print", "pairings", "-o", str(tmp_path / "p1.pdf"))
    assert (semis["stage"], semis["round"]) == ("top-cut", 1)
    assert pages_text(tmp_path / "p1.pdf")[0].startswith("Top cut — Semi-finals")
    t("report", "1", "0-2")  # the 1st seed loses its semi-final
    t("report", "2", "2-0")
    t("top-cut")
    final = t.json("print", "pairings", "-o", str(tmp_path / "p2.pdf"))
    assert (final["stage"], final["round"]) == ("top-cut", 2)
    assert pages_text(tmp_path / "p2.pdf")[0].startswith("Top cut — Final")
    t("print", "slips", "-o", str(tmp_path / "s.pdf"))
    assert "Top cut — Final" in pages_text(tmp_path / "s.pdf")[0]
    t("report", "1", "1-2")
    snap = load_snapshot(t.path)
    swiss = [s["player"] for s in t.json("standings")]
    placed = [p["player"] for p in t.json("standings", "--final")]
    assert placed[:4] != swiss[:4]  # the bracket reorders the top
    out = print_event(snap, "standings", tmp_path / "final.pdf", paper="a4")
    with pdfplumber.open(out.path) as pdf:
        title = heading_parts(pdf.pages[0])[0]
    assert title == "Final standings (top cut, then Swiss) — winner " + placed[0]
    lines = pages_text(out.path)[0].splitlines()
    header = next(i for i, ln in enumerate(lines) if ln.startswith("Place Player"))
    rows = [ln for ln in lines[header:] if ln.split(" ", 1)[0] in ("1", "2", "3-4", "5", "6")]
    assert [r.split(" ", 1)[0] for r in rows][:6] == ["1", "2", "3-4", "3-4", "5", "6"]
    for row, name in zip(rows, placed, strict=False):
        assert row.split(" ", 1)[1].startswith(name)
    out = print_event(snap, "standings", tmp_path / "swiss.pdf", swiss=True, paper="a4")
    with pdfplumber.open(out.path) as pdf:
        assert heading_parts(pdf.pages[0])[0].startswith("Final standings (Swiss order)")
    lines = pages_text(out.path)[0].splitlines()
    header = next(i for i, ln in enumerate(lines) if ln.startswith("Rank Player"))
    assert lines[header + 1].startswith(f"1 {swiss[0]}")
    check_rendered(out.path, out.pages)
    t("export", str(tmp_path / "final.xlsx"))
    t("export", str(tmp_path / "swiss.xlsx"), "--swiss")
    for name, first, order in (("final", "Place", placed), ("swiss", "Rank", swiss)):
        ws = openpyxl.load_workbook(tmp_path / f"{name}.xlsx")["Standings"]
        values = [[c for c in row] for row in ws.iter_rows(values_only=True)]
        header = next(i for i, row in enumerate(values) if row[0] == first)
        names = [row[2 if first == "Place" else 1] for row in values[header + 1:] if row[0]]
        assert names == order, name
    t.refused("print", "pairings", "--swiss", match="--swiss applies to standings")


def test_registration_sheet_holds_twenty_and_more_players_a_page(tmp_path: Path) -> None:
    """Issue 26 item 11: 40 players with four-colour, one-colour, illegal and no decks; the
    first page lists at least 20 of them and no colour cell wraps (``Red/Blue/Yellow/Green``
    is one line of text)."""
    decks = [EVENT_DECKS / "legal_red.txt", EVENT_DECKS / "legal_blue.txt",
             EVENT_DECKS / "illegal_short.txt", None]
    names = player_names(40)
    path = make_event(tmp_path / "e.sqlite", 40, decks={
        n: d for n, d in zip(names, decks * 10, strict=True) if d is not None})
    snap = load_snapshot(path)
    four = [p for p in snap.players if len(p.deck_colors) == 4]
    assert four, "a four-colour deck is part of the test"
    out = print_event(snap, "registration", tmp_path / "reg.pdf", paper="a4")
    pages = pages_text(out.path)
    on_first = [n for n in names if n in pages[0]]
    assert len(on_first) >= 20, len(on_first)
    assert "/".join(four[0].deck_colors) in pages[0]
    lines = pages[0].splitlines()
    assert not any(ln.strip() in ("Yellow/Green", "Green", "Yellow") for ln in lines)
    assert all(n in "".join(pages) for n in names)
    check_rendered(out.path, out.pages, paper="a4")
