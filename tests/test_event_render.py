"""Issue 18: an event's tables (standings, a round's pairings) are drawn without rich when they
fit the screen, character for character as rich draws them: rich itself is the oracle."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from event_helpers import EVENT_DECKS, Tt
from rich.console import Console

from tt_organizer.cli.render import _rich_table, plain_table

NAMES = ("Ann", "Benedict Cumberbatch-Smythe", "Cat", "Dan", "Eve", "Fay", "Gus", "O'Hara [x]",
         "Zoë", "Ann-Marie")


def rich_text(title: str, columns: list[tuple[str, str]], rows: list[list[str]], width: int,
              colour: bool) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, highlight=False, force_terminal=colour,
                      color_system="standard" if colour else None)
    _rich_table(console, title, columns, rows)
    return out.getvalue()


def tables(tmp: Path) -> list[tuple[str, list[tuple[str, str]], list[list[str]]]]:
    """The tables `tt event` prints for a real event of ten players: a round's pairings and
    the standings, as their lines of text (read from the command's own plain-text output)."""
    tt = Tt(tmp / "event.sqlite")
    tt("create", "Cup", "--seed", "11")
    for name in NAMES:
        tt("register", name, "--deck", str(EVENT_DECKS / "legal_red.txt"))
    tt("pair")
    for table, result in ((1, "2-0"), (2, "2-1"), (3, "draw"), (4, "0-2"), (5, "1-2")):
        tt("report", str(table), result)
    pairing = [("Table", "right"), ("Player 1", "left"), ("Pts", "right"), ("Player 2", "left"),
               ("Pts", "right"), ("Result", "left")]
    standing = [("Rank", "right"), ("Player", "left"), ("Pts", "right"), ("W-L-D", "right"),
                ("OMW%", "right"), ("OOMW%", "right"), ("GW%", "right"), ("", "left")]
    found = []
    for args, columns in ((("pairings",), pairing), (("standings",), standing),
                          (("pair",), pairing)):
        text = tt(*args).output
        assert "┏" in text and "\x1b" not in text, text  # drawn as a table, no colour
        lines = text.splitlines()
        assert [c.strip() for c in lines[2].strip("┃").split("┃")] == [n for n, _ in columns]
        rows = [[c.strip() for c in line.strip("│").split("│")] for line in lines[4:-1]]
        found.append((lines[0].rstrip(), columns, rows))
    return found


@pytest.mark.parametrize("width", [60, 80, 120])
@pytest.mark.parametrize("colour", [False, True])
def test_event_tables_are_drawn_as_rich_draws_them(tmp_path: Path, width: int,
                                                   colour: bool) -> None:
    for title, columns, rows in tables(tmp_path):
        drawn = plain_table(title, columns, rows, width, colour)
        expected = rich_text(title, columns, rows, width, colour)
        if drawn is None:  # left to rich: too wide for the screen
            assert max(map(len, rich_text(title, columns, rows, 10_000, False)
                           .splitlines())) > width
            continue
        assert drawn == expected


def test_what_only_rich_can_lay_out_is_left_to_it() -> None:
    columns = [("Rank", "right"), ("Player", "left")]
    assert plain_table("T", columns, [["1", "山田太郎"]], 80, False) is None  # two columns each
    assert plain_table("T", columns, [["1", "x" * 100]], 80, False) is None  # wider than 80
    assert plain_table("T", columns, [], 80, False) is None
    assert plain_table("T", columns, [["1", "Zoë"]], 80, False) == rich_text(
        "T", columns, [["1", "Zoë"]], 80, False)
