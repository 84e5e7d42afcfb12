"""Fuzz the human output (issue 22, item 2): generated decklists -- every zone empty or full,
long and wide names, CJK, zero-width and combining characters -- through ``tt deck validate``
(table, ``--json``, standard input) and ``tt deck check-batch``, generated deck reports through
the deck renderer, and generated events (players with such names) through the pairings,
standings, players and status output. Nothing may raise, and every table line fits the
terminal width given (``COLUMNS``)."""

from __future__ import annotations

import json
import os
import re
import tempfile
import unicodedata
from pathlib import Path

from click.testing import CliRunner
from fuzz_settings import FUZZ
from hypothesis import assume, given
from hypothesis import strategies as st

from tt_organizer.cards.card import Card
from tt_organizer.cli.main import cli
from tt_organizer.cli.render import draw_report
from tt_organizer.decklist.parsed import MAIN, PILE, Deck
from tt_organizer.errors import TTError
from tt_organizer.formats.validator import ValidationReport, Violation

ANSI = re.compile(r"\x1b\[[0-9;]*m")
BOX_START = "┏┃┡│└"  # the first character of every line of a drawn table but its title
CJK = st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF)
KANA = st.characters(min_codepoint=0x30A0, max_codepoint=0x30FF)
ZERO_WIDTH = st.sampled_from(["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u0301",
                              "\u20dd", "\ufe0f", "\u00ad"])
WIDE = st.sampled_from(["Ｗ", "🐉", "👨\u200d👩\u200d👧", "한", "㊙", "Ａｇｕｍｏｎ"])
ANY = st.characters(codec="utf-8", exclude_categories=["Cs"])
NAME = st.one_of(
    st.lists(st.one_of(CJK, KANA, ZERO_WIDTH, WIDE, ANY, st.just(" ")), min_size=1,
             max_size=40).map("".join),
    st.text("abcdefgh -'", min_size=60, max_size=300),  # long
    st.lists(CJK, min_size=30, max_size=120).map("".join),  # long and wide
)
WIDTH = st.integers(min_value=8, max_value=220)
# real card numbers (Digimon, Tamers, Options, Digi-Eggs) and numbers no card has
NUMBERS = ["ST1-03", "BT14-007", "ST1-07", "BT14-012", "BT1-085", "BT6-087", "BT1-001",
           "BT14-001", "ST1-16", "BT5-109", "EX9-009", "BT1-010", "XX99-999", "BT98-123"]
ZONE = st.one_of(st.just([]), st.lists(st.tuples(st.integers(1, 60), st.sampled_from(NUMBERS),
                                                 st.one_of(st.none(), NAME)),
                                       min_size=1, max_size=20))


def decklist(main: list[tuple[int, str, str | None]],
             pile: list[tuple[int, str, str | None]]) -> str:
    """A digimoncard.io-shaped list: each zone under its header (an empty zone: a bare one)."""
    def lines(zone: list[tuple[int, str, str | None]]) -> list[str]:
        return [f"{count} {name.replace(chr(10), ' ') if name else ''} {number}".replace("  ",
                                                                                       " ")
                for count, number, name in zone]

    return "\n".join(["// Digimon Deck List", *lines(main), "// Egg Deck", *lines(pile)]) + "\n"


def screen_width(text: str) -> int:
    """Columns on screen, counted independently of the renderer (the wcwidth rules)."""
    return sum(0 if unicodedata.category(ch) in ("Mn", "Me", "Cf") or unicodedata.combining(ch)
               else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in ANSI.sub("", text))


def assert_tables_fit(text: str, width: int) -> int:
    """Every line of a drawn table fits ``width``; the number of table lines."""
    table = [line for line in text.splitlines() if line[:1] in BOX_START]
    too_wide = [line for line in table if screen_width(line) > width]
    assert not too_wide, (width, too_wide[:3])
    return len(table)


def run(argv: list[str], width: int, stdin: str | None = None) -> tuple[int, str, str]:
    """``tt ARGV`` in this process at ``width`` columns: exit code, stdout, stderr. An
    exception other than an exit fails the test with its traceback."""
    result = CliRunner().invoke(cli, argv, input=stdin,
                                env={"COLUMNS": str(width), "NO_COLOR": "1",
                                     "TT_BANLIST_CACHE": None, "TT_EVENT": None})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in result.stderr
    return result.exit_code, result.stdout, result.stderr


def file_name(name: str) -> str:
    """``name`` as a file name this file system takes (no slash or NUL, at most 200 bytes)."""
    safe = name.replace("/", "_").replace("\x00", "_").strip() or "deck"
    while len(safe.encode("utf-8", "surrogatepass")) > 200:
        safe = safe[:-1]
    return safe if safe not in (".", "..") else "deck"


@FUZZ
@given(main=ZONE, pile=ZONE, name=NAME, width=WIDTH)
def test_deck_validate_table_json_and_stdin(main: list[tuple[int, str, str | None]],
                                            pile: list[tuple[int, str, str | None]],
                                            name: str, width: int) -> None:
    text = decklist(main, pile)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, file_name(name) + ".txt")
        try:
            Path(path).write_text(text, encoding="utf-8")
        except (OSError, UnicodeEncodeError):  # a name this file system refuses
            assume(False)
        code, out, _ = run(["deck", "validate", path], width)
        assert code in (0, 1, 2)
        drawn = assert_tables_fit(out, width)
        if code != 2 and width >= 25:  # room for a box of six columns
            assert drawn >= 8  # both zones drawn, even an empty one
        code_json, out, _ = run(["deck", "validate", "--json", path], width)
        assert code_json == code
        assert json.loads(out)[0]["file"] == path
    code_stdin, out, _ = run(["deck", "validate", "-"], width, stdin=text)
    assert code_stdin == code
    assert_tables_fit(out, width)


@FUZZ
@given(decks=st.lists(st.tuples(NAME, ZONE, ZONE), min_size=1, max_size=4), width=WIDTH)
def test_check_batch_table_and_json(decks: list[tuple[str, list, list]], width: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        written = set()
        for i, (name, main, pile) in enumerate(decks):
            path = os.path.join(folder, f"{i} {file_name(name)}"[:150] + ".txt")
            try:
                Path(path).write_text(decklist(main, pile), encoding="utf-8")
            except (OSError, UnicodeEncodeError):
                continue
            written.add(path)
        assume(written)
        code, out, _ = run(["deck", "check-batch", "--jobs", "1", folder], width)
        assert code in (0, 1)
        drawn = assert_tables_fit(out, width)
        assert drawn >= 4 + len(written) or width < 21  # with room for a box of 5 columns
        code_json, out, _ = run(["deck", "check-batch", "--jobs", "1", "--json", folder],
                                width)
        assert code_json == code
        assert len(json.loads(out)["rows"]) == len(written)


CARD = st.builds(
    Card, number=st.sampled_from(NUMBERS) | NAME, name=NAME,
    card_type=st.sampled_from(["Digimon", "Tamer", "Option", "Digi-Egg"]) | NAME,
    colors=st.lists(st.sampled_from(["Red", "Blue", "Black"]) | NAME, max_size=3).map(tuple),
    level=st.none() | st.integers(0, 10**12))
VIOLATION = st.builds(Violation, code=st.sampled_from(["MAIN_SIZE", "BANNED", "X"]),
                      message=NAME)


@FUZZ
@given(main=st.lists(st.tuples(CARD, st.integers(1, 10**6)), max_size=12),
       pile=st.lists(st.tuples(CARD, st.integers(1, 99)), max_size=6),
       unknown=st.lists(NAME, max_size=3), source=NAME, errors=st.lists(VIOLATION, max_size=3),
       notes=st.lists(NAME, max_size=2), width=WIDTH, colour=st.booleans())
def test_deck_report_with_generated_cards(main: list[tuple[Card, int]],
                                          pile: list[tuple[Card, int]], unknown: list[str],
                                          source: str, errors: list[Violation],
                                          notes: list[str], width: int, colour: bool) -> None:
    """Card names, types and colours come from the card database, which an organizer may
    import for another game: any text, any length, drawn to fit."""
    zones: dict[str, dict[str, int]] = {MAIN: {}, PILE: {}}
    for card, count in main:
        zones[MAIN][card.number] = count
    for card, count in pile:
        zones[PILE][card.number] = count
    for number in unknown:
        zones[MAIN][number] = 4
    deck = Deck(source=source, input_format="plain", zones=zones,
                cards={c.number: c for c, _ in [*main, *pile] if c.number not in unknown},
                unknown={n: [] for n in unknown}, notes=notes)
    report = ValidationReport(deck=deck, format_id="tamer-tactics-0.9.1", errors=errors)
    text = draw_report(report, width=width, colour=colour)
    drawn = assert_tables_fit(text, width)
    assert drawn >= 8 or width < 25  # with room for a box, one per zone
    assert ("NOT LEGAL" in text) is bool(errors)


def make_event(folder: Path, names: list[str], reported: int) -> Path | None:
    """An event of ``names`` (those registration takes) with round 1 paired and its first
    ``reported`` tables reported; None when fewer than two names were taken."""
    from tt_organizer.events import store
    from tt_organizer.events.entering import report_result
    from tt_organizer.events.players import register_player
    from tt_organizer.events.rounds import pair_next_round
    from tt_organizer.events.setup import create_event

    path = folder / "event.sqlite"
    create_event(path, names[0], seed=3)
    taken = 0
    with store.connect(path) as conn:
        for name in names:
            try:
                register_player(conn, name)
                taken += 1
            except TTError:
                continue
        if taken < 2:
            return None
        matches = pair_next_round(conn)
        for m in matches[:reported]:
            if m.player2 is not None:
                report_result(conn, m.table, "2-1")
    return path


@FUZZ
@given(names=st.lists(NAME, min_size=2, max_size=10, unique=True),
       reported=st.integers(0, 5), width=WIDTH)
def test_event_tables(names: list[str], reported: int, width: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        try:
            path = make_event(Path(folder), names, reported)
        except TTError:  # an event name create refuses
            assume(False)
        assume(path is not None)
        event = ["--event", str(path)]
        for command in (["pairings"], ["standings"], ["players"], ["standings", "--round", "0"]):
            code, out, _ = run(["event", *command, *event], width)
            assert code == 0
            drawn = assert_tables_fit(out, width)
            assert drawn >= 4 or width < 33  # with room for a box of up to 8 columns
            code, out, _ = run(["event", *command, "--json", *event], width)
            assert code == 0 and isinstance(json.loads(out), list)
        code, out, _ = run(["event", "status", *event], width)
        assert code == 0 and "round 1" in out
