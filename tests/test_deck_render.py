"""``tt deck validate``'s tables are drawn without rich (its import is most of a one-deck
check), character for character as rich draws them: rich itself is the oracle here."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from tt_organizer.cli.render import _one_cell_each, _plain_report, _rich_report
from tt_organizer.formats.check import check_file, check_text, load_context
from tt_organizer.formats.validator import ValidationReport

ROOT = Path(__file__).resolve().parents[1]
DECKS = sorted(
    p for folder in (ROOT / "samples", ROOT / "tests" / "fixtures" / "real" / "decklists",
                     ROOT / "tests" / "fixtures" / "decklists")
    for p in folder.iterdir() if p.suffix in (".txt", ".json", ".csv")
)


def rich_text(report: ValidationReport, width: int, colour: bool) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, highlight=False, force_terminal=colour,
                      color_system="standard" if colour else None)
    _rich_report(console, report)
    return out.getvalue()


def reports(path: Path) -> list[ValidationReport]:
    found = []
    for fmt in ("tamer-tactics-0.9.1", "standard"):
        try:
            found.append(check_file(path, load_context(fmt)))
        except Exception:  # a file another format / test is about (an unreadable one)
            continue
    return found


@pytest.mark.parametrize("path", DECKS, ids=[p.name for p in DECKS])
@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("colour", [False, True])
def test_drawn_as_rich_draws_it(path: Path, width: int, colour: bool) -> None:
    for report in reports(path):
        plain = _plain_report(report, width, colour)
        if plain is None:  # left to rich: a line too wide, or text whose width needs rich
            texts = [report.deck.source, *(c.name for c in report.deck.cards.values()),
                     *(v.message for v in [*report.errors, *report.warnings]),
                     *report.deck.notes]
            too_wide = any(len(line) > width for line in rich_text(report, 10_000, False)
                           .splitlines())
            assert too_wide or not all(_one_cell_each(t) for t in texts)
            continue
        assert plain == rich_text(report, width, colour)


def test_most_real_decks_are_drawn_without_rich() -> None:
    drawn = [_plain_report(r, 80, False) is not None for p in DECKS for r in reports(p)]
    assert len(drawn) > 40 and sum(drawn) > 0.75 * len(drawn)  # the rest: too wide for 80


def test_unknown_cards_notes_and_markup_like_text() -> None:
    """Placeholders are styled as rich styles them; ``[bold]`` in a file name is text."""
    ctx = load_context()
    text = "// Digimon Deck List\n4 BT1-010\n4 XX99-999\n3 [red]\n// Egg Deck\n1 BT1-001\n"
    try:
        report = check_text(text, ctx, source="[bold]odd.txt")
    except Exception:
        report = check_text(text.replace("3 [red]\n", ""), ctx, source="[bold]odd.txt")
    assert report.deck.unknown
    for colour in (False, True):
        plain = _plain_report(report, 100, colour)
        assert plain is not None and "[bold]odd.txt" in plain and "unknown card" in plain
        assert plain == rich_text(report, 100, colour)


def test_wide_characters_are_left_to_rich() -> None:
    assert _one_cell_each("Agumon – ×4 é") and not _one_cell_each("アグモン")
    assert not _one_cell_each("e\u0301") and not _one_cell_each("🐉")


def test_a_narrow_screen_is_left_to_rich() -> None:
    report = check_file(ROOT / "samples" / "legal-red-tamer-tactics.txt", load_context())
    assert _plain_report(report, 40, False) is None
    assert _plain_report(report, 80, False) is not None
