"""Tables for people: the one table renderer of the command line.

Every table the CLI prints -- a deck's zones, a round's pairings, standings, a batch's rows,
the card and ban-list listings -- is drawn here, in the box style rich draws by default (a
heavy header, light rows), without importing rich: rich costs more to import than a whole
deck check, and lays a 4,096-row table out in seconds. A table always fits the width it is
given: columns wider than their share are folded onto more lines (nothing is cut off), a
character that takes two columns on screen (CJK, most emoji) is counted as two, and one that
takes none (combining marks, zero-width spaces and joiners) as none. Control characters in the
text are shown as ``\\xNN`` so no cell can move the cursor or colour the screen.
"""

from __future__ import annotations

import contextlib
import os
import sys
import unicodedata
from collections.abc import Callable, Sequence
from itertools import repeat
from typing import TYPE_CHECKING, cast

from tt_organizer.cli.output import STYLES, clean, colour_on
from tt_organizer.i18n import N_, Term, ngettext, translate
from tt_organizer.i18n import gettext as _
from tt_organizer.typed_numbers import is_count

if TYPE_CHECKING:
    from tt_organizer.formats.validator import ValidationReport

    Cell = str | tuple[str, str]  # text, or (text, style name of STYLES)

LEFT, RIGHT = "left", "right"


def _char_width(ch: str) -> int:
    """Columns ``ch`` takes on a terminal: 0 for combining and format characters (zero-width
    space and joiner, soft hyphen, variation selectors), 2 for East Asian wide and full-width
    characters, else 1."""
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def text_width(text: str) -> int:
    """Columns ``text`` (one line, no control characters) takes on a terminal."""
    if text.isascii():
        return len(text)
    return sum(map(_char_width, text))


def fold(text: str, width: int) -> list[str]:
    """``text`` wrapped into lines of at most ``width`` columns: at spaces where it can be,
    a word longer than a line cut across lines (a character wider than ``width`` shown as
    ``?``). At least one line."""
    if text_width(text) <= width:
        return [text]
    lines: list[str] = []
    line, used = "", 0
    for word in text.split(" "):
        size = text_width(word)
        if line and used + 1 + size <= width:
            line, used = f"{line} {word}", used + 1 + size
            continue
        if line or lines:
            lines.append(line)
        if size <= width:
            line, used = word, size
            continue
        pieces = _cut(word, width)
        lines.extend(pieces[:-1])
        line, used = pieces[-1], text_width(pieces[-1])
    lines.append(line)
    return lines


def _cut(word: str, width: int) -> list[str]:
    """``word`` cut into pieces of at most ``width`` columns."""
    pieces: list[str] = []
    current: list[str] = []
    used = 0
    for ch in word:
        w = 1 if ch.isascii() else _char_width(ch)
        if w > width:
            ch, w = "?", 1
        if used + w > width:
            pieces.append("".join(current))
            current, used = [], 0
        current.append(ch)
        used += w
    pieces.append("".join(current))
    return pieces


def _fit(natural: list[int], width: int) -> list[int] | None:
    """Column widths for a table at most ``width`` columns wide: the natural widths, the
    widest narrowed first while it does not fit; None when not even one column each fits."""
    frame = 3 * len(natural) + 1
    if frame + len(natural) > width:
        return None
    widths = list(natural)
    for _step in range(sum(widths) + frame - width):
        widths[widths.index(max(widths))] -= 1
    return widths


def draw_table(title: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[Cell]],
               *, width: int = 80, colour: bool = False) -> str:
    """The table as text, every line at most ``width`` columns: ``title`` (italic) above,
    ``columns`` (name, ``"left"``/``"right"``) in a bold header, one box row per item of
    ``rows`` (plain text, or (text, style) for a styled cell). With no room for even one
    column each, each row is one line of its cells instead, folded to ``width``."""
    head = [clean(name) for name, _ in columns]
    # the cells a column at a time (thousands of rows: each check runs once per column)
    cols: list[list[str]] = [list(col) for col in zip(*rows, strict=True)] or [[] for _ in columns]
    styled = not all(all(map(isinstance, col, repeat(str))) for col in cols)
    if styled:  # each cell's text
        cols = [[c if isinstance(c, str) else c[0] for c in col] for col in cols]
    ascii_cols = []
    cleaned = False
    for i, col in enumerate(cols):
        joined = "".join(col)
        if not joined.isprintable():
            cols[i] = col = [clean(c) for c in col]
            joined = "".join(col)
            cleaned = True
        ascii_cols.append(joined.isascii())
    # the rows as printed: the rows given, when every cell is plain text shown as it is
    texts = (cast("Sequence[Sequence[str]]", rows) if not (styled or cleaned)
             else [list(r) for r in zip(*cols, strict=True)])
    styles: list[list[str] | None] = (
        [["" if isinstance(c, str) else c[1] for c in row] for row in rows] if styled
        else [None] * len(rows))

    def paint(text: str, style: str) -> str:
        return f"\x1b[{STYLES[style]}m{text}\x1b[0m" if colour and style and text else text

    natural = [max(1, text_width(h), *map(len if plain else text_width, col))
               for h, col, plain in zip(head, cols, ascii_cols, strict=True)]
    widths = _fit(natural, max(width, 1))
    title = clean(title)
    if widths is None:  # too narrow for a box: a line per row
        out = fold(title, max(width, 1))
        for cells in [head, *texts]:
            out.extend(fold("  ".join(cells), max(width, 1)))
        return "\n".join(out) + "\n"
    total = sum(widths) + 3 * len(widths) + 1
    out = []
    if text_width(title) <= total:
        out.append(paint(title + " " * (total - text_width(title)), "italic"))
    else:
        out.extend(paint(part, "italic") for part in fold(title, width))
    justify = [j for _, j in columns]
    out.append("┏" + "┳".join("━" * (w + 2) for w in widths) + "┓")
    out.extend(_box_lines(head, ["bold"] * len(head), widths, justify, "┃", paint, True))
    out.append("┡" + "╇".join("━" * (w + 2) for w in widths) + "┩")
    # a row of plain one-column characters in columns as wide as their widest cell: one format
    spec = "│ " + " │ ".join(f"{{:{'>' if j == RIGHT else '<'}{w}}}"
                             for w, j in zip(widths, justify, strict=True)) + " │"
    if widths == natural and not styled and all(ascii_cols):
        out.extend(spec.format(*cells) for cells in texts)
        out.append("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
        return "\n".join(out) + "\n"
    for cells, cell_styles in zip(texts, styles, strict=True):
        if widths == natural and cell_styles is None and "".join(cells).isascii():
            out.append(spec.format(*cells))
        else:
            out.extend(_box_lines(cells, cell_styles or [""] * len(cells), widths, justify,
                                  "│", paint, False))
    out.append("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
    return "\n".join(out) + "\n"


def _box_lines(cells: Sequence[str], styles: list[str], widths: list[int], justify: list[str],
               bar: str, paint: Callable[[str, str], str], header: bool) -> list[str]:
    """The screen lines of one box row: each cell folded to its column, padded, styled."""
    if all(cell.isascii() and len(cell) <= w for cell, w in zip(cells, widths, strict=True)):
        parts = [cell.rjust(w) if j == RIGHT else cell.ljust(w)
                 for cell, w, j in zip(cells, widths, justify, strict=True)]
        if header:  # the header's padding is bold too, as rich draws it
            return [bar + bar.join(paint(f" {p} ", "bold") for p in parts) + bar]
        if not any(styles):
            return [f"{bar} " + f" {bar} ".join(parts) + f" {bar}"]
        folded = [[p] for p in parts]
    else:
        folded = [fold(cell, w) for cell, w in zip(cells, widths, strict=True)]
    height = max(len(f) for f in folded)
    lines = []
    for k in range(height):
        shown = []
        for pieces, w, j, style in zip(folded, widths, justify, styles, strict=True):
            piece = pieces[k] if k < len(pieces) else ""
            pad = " " * (w - text_width(piece))
            if header:
                shown.append(paint(f" {pad + piece if j == RIGHT else piece + pad} ", "bold"))
            else:
                text = paint(piece, style)
                shown.append(f" {pad + text if j == RIGHT else text + pad} ")
        lines.append(bar + bar.join(shown) + bar)
    return lines


def screen() -> tuple[int, bool]:
    """The width to lay stdout out in and whether to colour it: a terminal's own width, else
    ``COLUMNS`` or 80; colour on a terminal unless ``NO_COLOR`` or ``TERM=dumb``."""
    columns = os.environ.get("COLUMNS", "")
    width = int(columns) if is_count(columns) and 0 < int(columns) <= 10_000 else 80
    if sys.stdout.isatty():
        with contextlib.suppress(OSError):
            width = os.get_terminal_size(sys.stdout.fileno()).columns or width
    return width, colour_on(sys.stdout)


def print_table(title: str, columns: Sequence[tuple[str, str]],
                rows: Sequence[Sequence[Cell]]) -> None:
    """Print :func:`draw_table` on stdout, laid out for its screen."""
    width, colour = screen()
    sys.stdout.write(draw_table(title, columns, rows, width=width, colour=colour))


# --- a deck's report -------------------------------------------------------------------------

DECK_COLUMNS = (("#", RIGHT), (N_("Number"), LEFT), (N_("Name"), LEFT), (N_("Type"), LEFT),
                (N_("Colours"), LEFT), (N_("Lv"), RIGHT))


def zone_tables(report: ValidationReport) -> list[tuple[str, list[list[Cell]]]]:
    """Per zone: its title and rows (the Name cell styled when it is a placeholder: ``red``
    for an unknown card, ``dim`` for no card data). A zone with no cards has no rows."""
    from tt_organizer.formats.registry import find_format

    deck = report.deck
    fmt = find_format(report.format_id)
    tables = []
    for zone, cards in deck.zones.items():
        rule = fmt.zone(zone) if fmt else None
        label = translate(Term(rule.label)) if rule else zone
        rows: list[list[Cell]] = []
        for number, count in cards.items():
            card = deck.cards.get(number)
            if card is None:
                unknown = number in deck.unknown
                rows.append([str(count), number,
                             (_("unknown card"), "red") if unknown
                             else (_("no card data"), "dim"),
                             "", "", ""])
                continue
            rows.append([str(count), number, card.name, card.card_type,
                         translate(Term(card.color_text)),
                         "" if card.level is None else str(card.level)])
        total = sum(cards.values())
        tables.append((ngettext("{zone} ({n} card)", "{zone} ({n} cards)", total).format(
            zone=label, n=total), rows))
    return tables


def draw_report(report: ValidationReport, *, width: int = 80, colour: bool = False) -> str:
    """One deck's report: a heading with the verdict, a table per zone (each fits ``width``),
    then its errors, warnings and notes (one line each, never folded: they are copied into
    logs and messages)."""

    def paint(text: str, style: str) -> str:
        return f"\x1b[{STYLES[style]}m{text}\x1b[0m" if colour and style and text else text

    deck = report.deck
    if report.banlist_date:
        middle = _(" — {format}, ban list {date}: ").format(format=clean(report.format_id),
                                                          date=report.banlist_date)
    else:
        middle = _(" — {format}: ").format(format=clean(report.format_id))
    verdict = _("LEGAL") if report.legal else _("NOT LEGAL")
    out = ["", paint(clean(deck.source), "bold") + middle
           + paint(verdict, "bold green" if report.legal else "bold red")]
    columns = [(_(name), justify) for name, justify in DECK_COLUMNS]
    for title, rows in zone_tables(report):
        out.append(draw_table(title, columns, rows,
                              width=width, colour=colour).rstrip("\n"))
    for v in report.errors:
        out.append("  " + paint(f"✗ {v.code}", "red") + f" {clean(v.shown())}")
    for v in report.warnings:
        out.append("  " + paint(f"! {v.code}", "yellow") + f" {clean(v.shown())}")
    for note in deck.notes:
        out.append("  " + paint(_("note: {note}").format(note=clean(note)), "dim"))
    return "\n".join(out) + "\n"


def print_report(report: ValidationReport) -> None:
    """Print :func:`draw_report` on stdout, laid out for its screen."""
    width, colour = screen()
    sys.stdout.write(draw_report(report, width=width, colour=colour))
