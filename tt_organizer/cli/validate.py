"""The work of ``tt deck validate``, without click: both the click command
(:mod:`tt_organizer.cli.deck`) and the click-free path (:mod:`tt_organizer.cli.fast`) run it,
so they print the same and exit the same."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from tt_organizer.cli.check_options import DeckCheckOptions, load_check_context
from tt_organizer.errors import EXIT_INPUT, EXIT_INVALID, EXIT_OK, InputError

STDIN = "-"
STDIN_SOURCE = "<stdin>"


def validate_files(files: Sequence[str], as_json: bool, check_options: DeckCheckOptions) -> int:
    """Check each decklist file (``-``: standard input) and print its report, or all of them
    as JSON; return the exit code: 0 every deck legal, 1 any illegal, 2 any unreadable."""
    from tt_organizer.cli.output import error, print_json
    from tt_organizer.decklist.parsers import read_stream
    from tt_organizer.formats.check import check_bytes, check_file, unreadable_json

    check = load_check_context(check_options)
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
            from tt_organizer.cli.advice import describe  # errors alone need the advice

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
            from tt_organizer.cli.render import render_report

            render_report(None, report)
    if as_json:
        print_json(results)
    return code
