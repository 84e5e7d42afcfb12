"""``tt cards``: look up the offline card database and rebuild it."""

from __future__ import annotations

from pathlib import Path

import click

from tt_organizer.cards import load_cards
from tt_organizer.cards.importer import build_card_data, build_json
from tt_organizer.cli.main import LazyGroup
from tt_organizer.cli.options import COUNT, POSITIVE, json_option
from tt_organizer.cli.output import line, print_json, styled
from tt_organizer.cli.render import print_table
from tt_organizer.i18n import N_, Term, ngettext, translate
from tt_organizer.i18n import gettext as _
from tt_organizer.paths import card_sync_dir, shipped_data_dir


@click.group(cls=LazyGroup, lazy={"import": "tt_organizer.cli.cards_import:import_cards",
                                  "sync": "tt_organizer.cli.cards_sync:sync"})
def cards() -> None:
    """Look up the card database; rebuild or sync it."""


@cards.command("show")
@click.argument("numbers", nargs=-1, required=True)
@json_option
def show(numbers: tuple[str, ...], as_json: bool) -> None:
    """Show the cards with these NUMBERS (any spelling: bt1-10, BT1-010_P1, ...)."""
    db = load_cards()
    found = [db.get(n) for n in numbers]
    if as_json:
        print_json([c.to_dict() for c in found])
        return
    for card in found:
        level = card.level if card.level is not None else "-"
        lines = [
            styled(card.number, "bold") + f"  {card.name}",
            _("  type: {type}   colours: {colours}   level: {level}").format(
                type=(card.card_type), colours=(colour_words(card.color_text)),
                level=level),
            _("  rarity: {rarity}   set: {set}").format(rarity=(card.rarity or "-"),
                                                       set=(card.set_code)),
        ]
        if card.copy_limit:
            lines.append(_("  copies allowed by its own text: {n}").format(n=card.copy_limit))
        line("\n".join(lines))


@cards.command("search")
@click.argument("text", nargs=-1)
@click.option("--color", "--colour", "color", default=None, help="Only cards of this colour.")
@click.option("--type", "card_type", default=None, help="Digimon, Tamer, Option, Digi-Egg, Dual.")
@click.option("--level", type=COUNT, default=None, help="Only cards of this level.")
@click.option("--set", "set_code", default=None, help="Only cards of this set (BT1, EX9, ...).")
@click.option("--limit", type=POSITIVE, default=50, show_default=True,
              help="Show at most this many.")
@json_option
def search(
    text: tuple[str, ...],
    color: str | None,
    card_type: str | None,
    level: int | None,
    set_code: str | None,
    limit: int,
    as_json: bool,
) -> None:
    """Search cards by TEXT: words of the name, a colour or a type (`tt cards search red
    tamer`)."""
    found = load_cards().search(
        " ".join(text), color=color, card_type=card_type, level=level, set_code=set_code
    )
    if as_json:
        print_json([c.to_dict() for c in found[:limit]])
        return
    shown = _(", first {n}").format(n=limit) if len(found) > limit else ""
    print_table(ngettext("{n} card(s)", "{n} card(s)", len(found)).format(n=len(found)) + shown,
                [(_(col), "left") for col in SEARCH_COLUMNS],
                [(c.number, c.name, c.card_type, colour_words(c.color_text),
                  "" if c.level is None else str(c.level), c.rarity or "")
                 for c in found[:limit]])


# the columns of `tt cards search`'s table
SEARCH_COLUMNS = (N_("Number"), N_("Name"), N_("Type"), N_("Colours"), N_("Lv"), N_("Rarity"))


def colour_words(text: str) -> str:
    """A card's colours (``Red/Blue``) in the reader's words (``Rojo/Azul``), as a deck
    check's table shows them."""
    return translate(Term(text))


@cards.command("build")
@click.argument(
    "source", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder to write cards.json into (default the data folder).")
@json_option
def build(source: Path | None, out: Path | None, as_json: bool) -> None:
    """Rebuild data/cards.json from the facts table (default data/source/cards.csv).

    In a checkout this rewrites the repository's data/; an installed copy writes to the
    user's data folder (which is then preferred over the shipped copy)."""
    csv_path = source or shipped_data_dir() / "source" / "cards.csv"
    target = build_card_data(csv_path, out or card_sync_dir())
    if as_json:
        print_json(build_json(target))
        return
    line(_("wrote {file}").format(file=target))


from tt_organizer.cli.cards_import import import_cards as _import_cards  # noqa: E402

cards.add_command(_import_cards, "import")

from tt_organizer.cli.cards_sync import sync as _sync  # noqa: E402

cards.add_command(_sync)
