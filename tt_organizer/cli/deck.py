"""``tt deck``: validate decklists."""

from __future__ import annotations

import datetime as dt

import click

from tt_organizer.cli.options import (
    as_of_option,
    auto_zones_option,
    banlist_option,
    cache_option,
    format_option,
    input_format_option,
    json_option,
    strict_colors_option,
)
from tt_organizer.errors import EXIT_INPUT, EXIT_INVALID, EXIT_OK, InputError


@click.group()
def deck() -> None:
    """Check decklists against a format and the ban list."""


@deck.command("validate")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=str))
@format_option
@json_option
@banlist_option
@as_of_option
@cache_option
@strict_colors_option
@auto_zones_option
@input_format_option
@click.pass_context
def validate(
    ctx: click.Context,
    files: tuple[str, ...],
    format_id: str | None,
    as_json: bool,
    banlist_pick: str | None,
    as_of: dt.datetime | None,
    cache: str | None,
    strict_colors: bool,
    auto_zones: bool,
    input_format: str | None,
) -> None:
    """Validate one or more decklist FILES.

    Exit 0 if every deck is legal, 1 if any is illegal, 2 if any file cannot be read.
    """
    from tt_organizer.cli.output import console, error, print_json
    from tt_organizer.cli.render import render_report
    from tt_organizer.formats.check import check_file, load_context

    check = load_context(
        format_id,
        cache=cache,
        banlist_pick=banlist_pick,
        as_of=as_of.date() if as_of else None,
        strict_colors=strict_colors,
        auto_zones=auto_zones,
        input_format=input_format,
    )
    results: list[dict[str, object]] = []
    code = EXIT_OK
    for path in files:
        try:
            report = check_file(path, check)
        except InputError as exc:
            code = EXIT_INPUT
            if as_json:
                results.append({"file": path, "format": check.fmt.id, "legal": None,
                                "error": str(exc)})
            else:
                error(str(exc))
            continue
        if not report.legal and code == EXIT_OK:
            code = EXIT_INVALID
        if as_json:
            results.append(report.to_dict())
        else:
            render_report(console, report)
    if as_json:
        print_json(results)
    ctx.exit(code)
