"""Rich rendering of deck reports, shared by ``tt deck`` and ``tt event``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape
from rich.table import Table

if TYPE_CHECKING:
    from tt_organizer.formats.validator import ValidationReport


def render_report(console: Console, report: ValidationReport) -> None:
    """Print one deck: a table per zone, then errors, warnings and notes."""
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
