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
    setting_option,
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
@setting_option
@click.option("--sync", "sync_first", is_flag=True,
              help="Refresh the ban list from Bandai first; if that fails, warn and use the cache.")
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
    settings: dict[str, int],
    sync_first: bool,
) -> None:
    """Validate one or more decklist FILES.

    Exit 0 if every deck is legal, 1 if any is illegal, 2 if any file cannot be read.
    """
    from tt_organizer.cli.output import console, error, print_json
    from tt_organizer.cli.render import render_report
    from tt_organizer.formats.check import check_file, load_context

    if sync_first:
        from tt_organizer.cli.banlist import sync_before_validate

        sync_before_validate(cache)
    check = load_context(
        format_id,
        cache=cache,
        banlist_pick=banlist_pick,
        as_of=as_of.date() if as_of else None,
        strict_colors=strict_colors,
        auto_zones=auto_zones,
        input_format=input_format,
        settings=settings,
    )
    if check.banlist is not None and check.banlist.note:
        from tt_organizer.cli.banlist import note_derived

        note_derived(check.banlist)
    known = {r.max_setting for r in check.fmt.requirements if r.max_setting}
    unknown = sorted(set(settings) - known)
    if unknown:
        raise InputError(f"format {check.fmt.id} has no setting {', '.join(unknown)} "
                         f"(its settings: {', '.join(sorted(known)) or 'none'})")
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


from tt_organizer.cli.batch import check_batch  # noqa: E402

deck.add_command(check_batch)
