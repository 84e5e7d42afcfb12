"""``tt deck``: validate decklists."""

from __future__ import annotations

import click

from tt_organizer.cli.options import DeckCheckOptions, deck_check_options, json_option
from tt_organizer.cli.validate import validate_files


@click.group()
def deck() -> None:
    """Check decklists against a format and the ban list."""


@deck.command("validate")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=str))
@deck_check_options
@json_option
@click.pass_context
def validate(
    ctx: click.Context, files: tuple[str, ...], as_json: bool, check_options: DeckCheckOptions
) -> None:
    """Validate one or more decklist FILES (`-` reads one decklist from standard input).

    Exit 0 if every deck is legal, 1 if any is illegal, 2 if any file cannot be read.
    """
    ctx.exit(validate_files(files, as_json, check_options))


from tt_organizer.cli.batch import check_batch  # noqa: E402

deck.add_command(check_batch)
