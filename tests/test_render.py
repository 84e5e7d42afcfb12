"""The CLI's one table renderer (tt_organizer/cli/render.py): properties that hold for any
table -- every line fits the width given, every cell's text is all there (folded, never cut),
columns line up, text is shown as text -- and the real decklists drawn through it."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tt_organizer.cli.render import clean, draw_report, draw_table, fold, text_width
from tt_organizer.formats.check import check_file, load_context
from tt_organizer.formats.validator import ValidationReport

ROOT = Path(__file__).resolve().parents[1]
DECKS = sorted(
    p for folder in (ROOT / "samples", ROOT / "tests" / "fixtures" / "real" / "decklists",
                     ROOT / "tests" / "fixtures" / "decklists")
    for p in folder.iterdir() if p.suffix in (".txt", ".json", ".csv")
)
ANSI = re.compile(r"\x1b\[[0-9;]*m")
BOX = "┏┳┓┃┡╇┩│└┴┘━─"  # the borders (a cell holding one would blur where cells end)
TEXT = st.text(st.characters(codec="utf-8", exclude_characters=BOX), max_size=40) | st.sampled_from(
    ["", "Agumon", "アグモン", "山田太郎", "e\u0301", "Ann\u200bMarie", "🐉x", "[bold]x[/]",
     "a\tb\nc", "x" * 90, "Ｗｉｄｅ"])
JUSTIFY = st.sampled_from(["left", "right"])


def width_of(ch: str) -> int:
    """An independent count of a character's columns (the wcwidth rules, spelled out)."""
    if unicodedata.category(ch) in ("Mn", "Me", "Cf") or unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def cells_of(line: str, bar: str) -> list[str]:
    return line[1:-1].split(bar)


@settings(max_examples=150, deadline=None, database=None, derandomize=True)
@given(title=TEXT, columns=st.lists(st.tuples(TEXT, JUSTIFY), min_size=1, max_size=8),
       data=st.data(), width=st.integers(1, 160), colour=st.booleans())
def test_every_table_fits_and_keeps_its_text(title: str, columns: list[tuple[str, str]],
                                             data: st.DataObject, width: int,
                                             colour: bool) -> None:
    rows = data.draw(st.lists(st.lists(TEXT, min_size=len(columns), max_size=len(columns)),
                              max_size=6))
    drawn = draw_table(title, columns, rows, width=width, colour=colour)
    plain = draw_table(title, columns, rows, width=width, colour=False)
    assert ANSI.sub("", drawn) == plain  # colour adds styles, nothing else
    lines = plain.splitlines()
    assert all(sum(map(width_of, line)) <= width for line in lines), lines
    assert all(ch.isprintable() or (width_of(ch) == 0 and unicodedata.category(ch) == "Mn")
               for line in lines for ch in line)  # no control character reaches the screen
    if not any(line.startswith("┏") for line in lines):
        return  # too narrow for a box: one line per row
    top = next(i for i, line in enumerate(lines) if line.startswith("┏"))
    head_end = next(i for i, line in enumerate(lines) if line.startswith("┡"))
    assert lines[-1].startswith("└")
    # every border sits at the same screen column on every line of the box
    borders = set()
    for line in lines[top:]:
        at, found = 0, []
        for ch in line:
            if ch in "┏┳┓┃┡╇┩│└┴┘":
                found.append(at)
            at += width_of(ch)
        borders.add(tuple(found))
    assert len(borders) == 1
    narrow = [len(seg) == 3 for seg in lines[top][1:-1].split("┳")]  # one column wide

    def shown(text: str, i: int) -> str:  # a wide character in a 1-column cell is "?"
        text = clean(text)
        if narrow[i]:
            text = "".join("?" if width_of(ch) > 1 else ch for ch in text)
        return text.replace(" ", "")

    got = ["".join(parts) for parts in zip(*(cells_of(line, "┃")
                                             for line in lines[top + 1:head_end]), strict=True)]
    assert [g.replace(" ", "") for g in got] == [shown(n, i) for i, (n, _) in enumerate(columns)]
    body = lines[head_end + 1:-1]
    joined = ["".join(col) for col in zip(*(cells_of(line, "│") for line in body),
                                          strict=True)] if body else ["" for _ in columns]
    for i in range(len(columns)):  # each column holds its cells' text, in order, all of it
        assert joined[i].replace(" ", "") == "".join(shown(row[i], i) for row in rows)


def test_widths_of_wide_zero_width_and_combining_text() -> None:
    assert text_width("Agumon") == 6
    assert text_width("アグモン") == 8 and text_width("山田") == 4
    assert text_width("e\u0301") == 1  # combining acute
    assert text_width("Ｗ") == 2  # full-width
    assert clean("Ann\u200bMarie") == "Ann\\u200bMarie"  # zero-width: shown, not hidden
    assert clean("a\x1b[31mb\nc") == "a\\x1b[31mb\\x0ac"
    assert clean("a\u00a0b") == "a b"
    assert fold("アグモン", 3) == ["ア", "グ", "モ", "ン"]
    assert fold("abcdef", 4) == ["abcd", "ef"]
    assert fold("山", 1) == ["?"]


def test_right_aligned_columns_end_at_their_border() -> None:
    text = draw_table("T", [("#", "right"), ("Name", "left")],
                      [["1", "Ann"], ["120", "山田太郎"]], width=80)
    lines = text.splitlines()
    assert lines[0].rstrip() == "T"
    assert lines[4] == "│   1 │ Ann      │" and lines[5] == "│ 120 │ 山田太郎 │"


def test_an_empty_table_has_its_header() -> None:
    text = draw_table("Nothing", [("#", "right"), ("Name", "left")], [], width=80)
    assert text.splitlines()[1:] == ["┏━━━┳━━━━━━┓", "┃ # ┃ Name ┃", "┡━━━╇━━━━━━┩",
                                     "└───┴──────┘"]


def test_markup_like_text_is_text() -> None:
    text = draw_table("[bold]T[/]", [("A", "left")], [["[red]x[/]"]], width=80, colour=True)
    assert "[bold]T[/]" in text and "[red]x[/]" in text


def reports(path: Path) -> list[ValidationReport]:
    found = []
    for fmt in ("tamer-tactics-0.9.1", "standard"):
        try:
            found.append(check_file(path, load_context(fmt)))
        except Exception:  # a file another format / test is about (an unreadable one)
            continue
    return found


@pytest.mark.parametrize("path", DECKS, ids=[p.name for p in DECKS])
def test_real_decks_fit_any_screen_and_keep_every_card(path: Path) -> None:
    for report in reports(path):
        wide = draw_report(report, width=200)
        for card in report.deck.cards.values():
            assert clean(card.name) in wide
        for width in (40, 80, 200):
            lines = draw_report(report, width=width).splitlines()
            tables = [ln for ln in lines if ln[:1] in "┏┃┡│└"]
            assert len(tables) >= 4 * len(report.deck.zones)
            assert all(text_width(ln) <= width for ln in tables), width
        coloured = draw_report(report, width=80, colour=True)
        assert ANSI.sub("", coloured) == draw_report(report, width=80)


def test_a_deck_with_an_empty_zone() -> None:
    """The traceback of issue 22: a list whose Tamer + Digi-Egg pile is empty."""
    from tt_organizer.formats.check import check_text

    report = check_text("4 ST1-03\n", load_context(), source="<stdin>")
    text = draw_report(report, width=80)
    assert "Tamer + Digi-Egg pile (0 cards)" in text and "NOT LEGAL" in text
    assert "│ 4 │ ST1-03 │ Agumon │" in text
