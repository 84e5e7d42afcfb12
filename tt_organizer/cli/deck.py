"""``tt deck``: validate decklists (``check-batch`` lives in :mod:`tt_organizer.cli.deck_batch`)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from tt_organizer.cli.advice import describe
from tt_organizer.cli.main import LazyGroup
from tt_organizer.cli.options import deck_check_options, json_option
from tt_organizer.cli.output import error, print_json, warn
from tt_organizer.cli.render import print_report
from tt_organizer.decklist.parsers import read_stream
from tt_organizer.errors import EXIT_INPUT, EXIT_INVALID, EXIT_OK, InputError
from tt_organizer.formats.check import (
    CheckOptions,
    check_bytes,
    check_file,
    open_check,
    unreadable_json,
)

STDIN = "-"
STDIN_SOURCE = "<stdin>"


@click.group(cls=LazyGroup, lazy={"check-batch": "tt_organizer.cli.deck_batch:check_batch"})
def deck() -> None:
    """Check decklists against a format and the ban list."""


@deck.command("validate")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=str))
@deck_check_options
@json_option
@click.pass_context
def validate(
    ctx: click.Context, files: tuple[str, ...], as_json: bool, check_options: CheckOptions
) -> None:
    """Validate one or more decklist FILES (`-` reads one decklist from standard input).

    Exit 0 if every deck is legal, 1 if any is illegal, 2 if any file cannot be read.
    """
    ctx.exit(validate_files(files, as_json, check_options))


def validate_files(files: Sequence[str], as_json: bool, check_options: CheckOptions) -> int:
    """Check each decklist file (``-``: standard input) and print its report, or all of them
    as JSON; return the exit code: 0 every deck legal, 1 any illegal, 2 any unreadable."""
    check = open_check(check_options, words=describe)
    for warning in check.warnings:
        warn(warning)
    results: list[dict[str, object]] = []
    code = EXIT_OK
    stdin_read = False
    for path in files:
        source = STDIN_SOURCE if path == STDIN else path
        try:
            if path == STDIN:
                if stdin_read:
                    raise InputError("standard input can be read only once", file=source)
                stdin_read = True
                report = check_bytes(read_stream(sys.stdin.buffer, source), check, source=source)
            else:
                report = check_file(path, check)
        except InputError as exc:
            code = EXIT_INPUT
            if as_json:
                results.append(unreadable_json(source, check, describe(exc, shown=False)))
            else:
                error(describe(exc))
            continue
        if not report.legal and code == EXIT_OK:
            code = EXIT_INVALID
        if as_json:
            results.append(report.to_dict())
        else:
            print_report(report)
    if as_json:
        print_json(results)
    return code

