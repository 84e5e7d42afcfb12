"""Rich rendering of deck reports, shared by ``tt deck`` and ``tt event``."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

TYPE_CHECKING = False  # no typing module at run time (tt_organizer.plain says why)
if TYPE_CHECKING:
    from rich.console import Console

    from tt_organizer.formats.validator import ValidationReport

# Above this many rows a table prints as aligned plain text: rich measures every cell of
# every row to lay a table out, which grows with the field (seconds at 4,096 players).
PLAIN_ABOVE = 200


def print_table(title: str, columns: Sequence[tuple[str, str]],
                rows: Sequence[Sequence[str]]) -> None:
    """Print ``rows`` (plain text, never markup) under ``columns`` (name, "left"/"right"):
    a table as rich draws it up to :data:`PLAIN_ABOVE` rows (drawn without rich when it fits
    the screen, see :func:`plain_table`), aligned plain text above (without rich)."""
    if len(rows) <= PLAIN_ABOVE:
        width, colour = _screen()
        drawn = plain_table(title, columns, rows, width, colour)
        if drawn is not None:
            sys.stdout.write(drawn)
            return
        from tt_organizer.cli.output import console

        _rich_table(console, title, columns, rows)
        return
    head = [name for name, _ in columns]
    if all("".join(row).isascii() for row in (head, *rows)):
        # one character, one column: widths by len() and every line by one format string
        widths = [max(map(len, column)) for column in zip(head, *rows, strict=True)]
        spec = "  ".join(f"{{:{'>' if justify == 'right' else '<'}{w}}}"
                         for w, (_, justify) in zip(widths, columns, strict=True))
        out = [title, spec.format(*head).rstrip(), "  ".join("-" * w for w in widths)]
        out.extend(spec.format(*row).rstrip() for row in rows)
        sys.stdout.write("\n".join(out) + "\n")
        return

    def size(text: str) -> int:  # columns on screen (a CJK character takes two)
        if text.isascii():
            return len(text)
        from rich.cells import cell_len

        return cell_len(text)

    widths = [max(size(name), *(size(r[i]) for r in rows))
              for i, (name, _) in enumerate(columns)]

    def line(cells: Sequence[str]) -> str:
        parts = []
        for cell, width, (_, justify) in zip(cells, widths, columns, strict=True):
            pad = " " * (width - size(cell))
            parts.append(pad + cell if justify == "right" else cell + pad)
        return "  ".join(parts).rstrip()

    out = [title, line([name for name, _ in columns]), "  ".join("-" * w for w in widths)]
    out.extend(line(row) for row in rows)
    sys.stdout.write("\n".join(out) + "\n")


def render_report(console: Console | None, report: ValidationReport) -> None:
    """Print one deck: a table per zone, then errors, warnings and notes. Drawn without rich
    (exactly as rich draws it, see :func:`_plain_report`) when every line fits the screen and
    every character is one column wide; else by rich on ``console`` (None: the shared one)."""
    width, colour = _screen()
    text = _plain_report(report, width, colour)
    if text is not None:
        sys.stdout.write(text)
        return
    if console is None:
        from tt_organizer.cli.output import console as shared

        console = shared
    _rich_report(console, report)


def _heading(report: ValidationReport) -> tuple[str, str, str]:
    deck = report.deck
    banlist = f", ban list {report.banlist_date}" if report.banlist_date else ""
    verdict = "LEGAL" if report.legal else "NOT LEGAL"
    return deck.source, f" — {report.format_id}{banlist}: ", verdict


_COLUMNS = (("#", "right"), ("Number", "left"), ("Name", "left"), ("Type", "left"),
            ("Colours", "left"), ("Lv", "right"))


def _zone_tables(report: ValidationReport) -> list[tuple[str, list[tuple[list[str], str]]]]:
    """Per zone: its title and rows (cells, and the style of the Name cell when it is a
    placeholder: ``red`` for an unknown card, ``dim`` for no card data)."""
    from tt_organizer.formats.registry import find_format

    deck = report.deck
    fmt = find_format(report.format_id)
    tables = []
    for zone, cards in deck.zones.items():
        rule = fmt.zone(zone) if fmt else None
        label = rule.label if rule else zone
        rows: list[tuple[list[str], str]] = []
        for number, count in cards.items():
            card = deck.cards.get(number)
            if card is None:
                unknown = number in deck.unknown
                rows.append(([str(count), number, "unknown card" if unknown else "no card data",
                              "", "", ""], "red" if unknown else "dim"))
                continue
            rows.append(([str(count), number, card.name, card.card_type, card.color_text,
                          "" if card.level is None else str(card.level)], ""))
        tables.append((f"{label} ({sum(cards.values())} cards)", rows))
    return tables


def _rich_report(console: Console, report: ValidationReport) -> None:
    from rich.markup import escape
    from rich.table import Table

    source, middle, verdict = _heading(report)
    colour = "green" if report.legal else "red"
    console.print(f"\n[bold]{escape(source)}[/]{escape(middle)}[bold {colour}]{verdict}[/]",
                  soft_wrap=True)
    for title, rows in _zone_tables(report):
        table = Table(title=escape(title), title_justify="left", expand=False)
        for col, justify in _COLUMNS:
            table.add_column(col, justify=justify)  # type: ignore[arg-type]
        for cells, style in rows:
            # an imported game's names and types are the organizer's text: escaped
            shown = [escape(c) for c in cells]
            if style:
                shown[2] = f"[{style}]{shown[2]}[/]"
            table.add_row(*shown)
        console.print(table)
    for v in report.errors:
        console.print(f"  [red]✗ {v.code}[/] {escape(v.message)}", soft_wrap=True)
    for v in report.warnings:
        console.print(f"  [yellow]! {v.code}[/] {escape(v.message)}", soft_wrap=True)
    for note in report.deck.notes:
        console.print(f"  [dim]note: {escape(note)}[/]", soft_wrap=True)


# ANSI codes of the styles the report uses (rich writes the same for these names)
_SGR = {"bold": "1", "italic": "3", "dim": "2", "red": "31", "green": "32", "yellow": "33",
        "bold red": "1;31", "bold green": "1;32"}


def _screen() -> tuple[int, bool]:
    """The width rich would lay stdout out in and whether it would colour it (rich's rules:
    a terminal's own width, else ``COLUMNS`` or 80; colour on a terminal unless ``NO_COLOR``
    or ``TERM=dumb``)."""
    import os

    from tt_organizer.cli.output import colour_on
    from tt_organizer.numbers import is_count

    tty = sys.stdout.isatty()
    columns = os.environ.get("COLUMNS", "")
    width = int(columns) if is_count(columns) and 0 < int(columns) <= 10_000 else 80
    if tty:  # contextlib only then: a redirected check does not import it
        import contextlib

        with contextlib.suppress(OSError):
            width = os.get_terminal_size(sys.stdout.fileno()).columns or width
    return width, colour_on(sys.stdout)


def _plain_report(report: ValidationReport, width: int, colour: bool) -> str | None:
    """The report as rich prints it (same boxes, padding, styles), built without rich: the
    ~60 ms rich costs to import is most of a one-deck check. None when rich must lay it out
    (a line wider than ``width``, or a character that is not one column wide)."""

    def paint(text: str, style: str) -> str:
        return f"\x1b[{_SGR[style]}m{text}\x1b[0m" if colour and style and text else text

    source, middle, verdict = _heading(report)
    out = ["", paint(source, "bold") + middle
           + paint(verdict, "bold green" if report.legal else "bold red")]
    plain = [source, report.format_id]  # the text that is not ours
    for title, rows in _zone_tables(report):
        widths = [max(len(name), *(len(cells[i]) for cells, _ in rows))
                  for i, (name, _) in enumerate(_COLUMNS)]
        total = sum(widths) + 3 * len(widths) + 1
        if len(title) > total or total > width:
            return None

        out.append(paint(title.ljust(total), "italic"))
        out.append("┏" + "┳".join("━" * (w + 2) for w in widths) + "┓")
        header = _cells([name for name, _ in _COLUMNS], widths, paint, header=True)
        out.append("┃" + "┃".join(header) + "┃")
        out.append("┡" + "╇".join("━" * (w + 2) for w in widths) + "┩")
        for values, style in rows:
            plain.append("".join(values))
            out.append("│" + "│".join(_cells(values, widths, paint, name_style=style)) + "│")
        out.append("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
        plain.append(title)
    for v in report.errors:
        out.append("  " + paint(f"✗ {v.code}", "red") + f" {v.message}")
        plain.append(v.code + v.message)
    for v in report.warnings:
        out.append("  " + paint(f"! {v.code}", "yellow") + f" {v.message}")
        plain.append(v.code + v.message)
    for note in report.deck.notes:
        out.append("  " + paint(f"note: {note}", "dim"))
        plain.append(note)
    if not all(text.isascii() or _one_cell_each(text) for text in plain):
        return None
    return "\n".join(out) + "\n"


def _rich_table(console: Console, title: str, columns: Sequence[tuple[str, str]],
                rows: Sequence[Sequence[str]]) -> None:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=escape(title), title_justify="left")
    for name, justify in columns:
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for row in rows:
        table.add_row(*(escape(cell) for cell in row))
    console.print(table)


def plain_table(title: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[str]],
                width: int, colour: bool) -> str | None:
    """:func:`print_table`'s rich table (``Table(title=..., title_justify="left")``) drawn
    without rich, box for box as rich draws it; None when rich must lay it out (no rows, a
    line wider than ``width``, a character that is not one column wide)."""

    def paint(text: str, style: str) -> str:
        return f"\x1b[{_SGR[style]}m{text}\x1b[0m" if colour and style and text else text

    texts = [title, *(name for name, _ in columns), *(cell for row in rows for cell in row)]
    if not rows or not all(t.isascii() or _one_cell_each(t) for t in texts):
        return None
    widths = [max(map(len, column)) for column in
              zip([name for name, _ in columns], *rows, strict=True)]
    total = sum(widths) + 3 * len(widths) + 1
    if len(title) > total or total > width:
        return None
    out = [paint(title.ljust(total), "italic"),
           "┏" + "┳".join("━" * (w + 2) for w in widths) + "┓",
           "┃" + "┃".join(_cells([name for name, _ in columns], widths, paint, header=True,
                                 columns=columns)) + "┃",
           "┡" + "╇".join("━" * (w + 2) for w in widths) + "┩"]
    out.extend("│" + "│".join(_cells(list(row), widths, paint, columns=columns)) + "│"
               for row in rows)
    out.append("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
    return "\n".join(out) + "\n"


def _cells(values: list[str], widths: list[int], paint: Callable[[str, str], str],
           header: bool = False, name_style: str = "",
           columns: Sequence[tuple[str, str]] = _COLUMNS) -> list[str]:
    """One row's cells, padded as rich pads them (the header bold, the Name cell styled)."""
    shown = []
    for i, (value, w, (_, justify)) in enumerate(zip(values, widths, columns, strict=True)):
        pad = " " * (w - len(value))
        if header:  # rich styles the padding and the text apart
            text = pad + value if justify == "right" else value + pad
            shown.append(paint(" ", "bold") + paint(text, "bold") + paint(" ", "bold")
                         if text else paint("  ", "bold"))  # an empty column: one run
            continue
        text = paint(value, name_style if i == 2 else "")
        shown.append(" " + (pad + text if justify == "right" else text + pad) + " ")
    return shown


def _one_cell_each(text: str) -> bool:
    """Every character takes one column on screen (no wide East Asian character or emoji, no
    combining or control character), as ``len`` counts them."""
    import unicodedata

    return all(unicodedata.east_asian_width(ch) not in "WF"
               and unicodedata.category(ch) not in ("Mn", "Me", "Cf", "Cc") for ch in text)
