"""Rich rendering of deck reports, shared by ``tt deck`` and ``tt event``."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

    from tt_organizer.formats.validator import ValidationReport

# Above this many rows a table prints as aligned plain text: rich measures every cell of
# every row to lay a table out, which grows with the field (seconds at 4,096 players).
PLAIN_ABOVE = 200


def print_table(title: str, columns: Sequence[tuple[str, str]],
                rows: Sequence[Sequence[str]]) -> None:
    """Print ``rows`` (plain text, never markup) under ``columns`` (name, "left"/"right"):
    a rich table up to :data:`PLAIN_ABOVE` rows, aligned plain text above (without rich)."""
    if len(rows) <= PLAIN_ABOVE:
        from rich.markup import escape
        from rich.table import Table

        from tt_organizer.cli.output import console

        table = Table(title=escape(title), title_justify="left")
        for name, justify in columns:
            table.add_column(name, justify=justify)  # type: ignore[arg-type]
        for row in rows:
            table.add_row(*(escape(cell) for cell in row))
        console.print(table)
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


def render_report(console: Console, report: ValidationReport) -> None:
    """Print one deck: a table per zone, then errors, warnings and notes."""
    from rich.markup import escape
    from rich.table import Table

    from tt_organizer.formats.registry import all_formats

    deck = report.deck
    verdict = "[bold green]LEGAL[/]" if report.legal else "[bold red]NOT LEGAL[/]"
    banlist = f", ban list {report.banlist_date}" if report.banlist_date else ""
    console.print(
        f"\n[bold]{escape(deck.source)}[/] — {escape(report.format_id)}{banlist}: {verdict}"
    )
    fmt = all_formats().get(report.format_id)
    for zone, cards in deck.zones.items():
        total = sum(cards.values())
        rule = fmt.zone(zone) if fmt else None
        label = rule.label if rule else zone
        table = Table(title=f"{escape(label)} ({total} cards)", title_justify="left", expand=False)
        for col in ("#", "Number", "Name", "Type", "Colours", "Lv"):
            table.add_column(col, justify="right" if col in ("#", "Lv") else "left")
        for number, count in cards.items():
            card = deck.cards.get(number)
            if card is None:
                what = "[red]unknown card[/]" if number in deck.unknown else "[dim]no card data[/]"
                table.add_row(str(count), escape(number), what, "", "", "")
                continue
            table.add_row(  # an imported game's names and types are the organizer's text
                str(count),
                escape(number),
                escape(card.name),
                escape(card.card_type),
                escape(card.color_text),
                "" if card.level is None else str(card.level),
            )
        console.print(table)
    for v in report.errors:
        console.print(f"  [red]✗ {v.code}[/] {escape(v.message)}", soft_wrap=True)
    for v in report.warnings:
        console.print(f"  [yellow]! {v.code}[/] {escape(v.message)}", soft_wrap=True)
    for note in deck.notes:
        console.print(f"  [dim]note: {escape(note)}[/]", soft_wrap=True)
