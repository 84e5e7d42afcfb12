"""``tt cards import FILE.csv --game G``: load an organizer's card list for another game."""

from __future__ import annotations

from pathlib import Path

import click

from tt_organizer.cli.options import json_option
from tt_organizer.cli.output import line, print_json, styled, warn
from tt_organizer.formats.game_import import game_formats, import_game_cards
from tt_organizer.i18n import ngettext


@click.command("import")
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--game",
    required=True,
    metavar="GAME",
    help="Game (or format) id the list belongs to: dmcg-1999, dmcg-alpha, appmon, fftcg, ...",
)
@json_option
def import_cards(source: Path, game: str, as_json: bool) -> None:
    """Import SOURCE, a CSV card list (columns number,name,type[,level,color,rarity,set]),
    as the card table of GAME, replacing any earlier import.

    Deck checks of that game's formats use it for name-, type- and level-based rules.
    """
    result = import_game_cards(source, game)
    if as_json:
        print_json(result.to_dict())
        return
    types = ", ".join(f"{n} {(t)}" for t, n in sorted(result.types.items()))
    line(
        ngettext("imported {n} card(s) for {game} ({types}) into {path}",
                 "imported {n} card(s) for {game} ({types}) into {path}", result.count)
        .format(n=result.count, game=styled(result.game, "bold"), types=types,
                path=str(result.path))
    )
    formats = game_formats(result.game)
    line(ngettext("used by format(s): {formats}", "used by format(s): {formats}",
                           len(formats)).format(formats=(", ".join(formats))))
    for message in result.warnings:
        warn(message)
