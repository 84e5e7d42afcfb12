"""The ``tt`` console entry point: the common ``tt deck validate`` command lines run without
loading click.

Importing click costs about three and a half bare Python start-ups, as much as the whole deck
check. :func:`main` takes a ``tt deck validate`` command line it fully understands -- decklist
files that can be read (or ``-``) and only the options of :data:`FLAGS` and :data:`VALUES` --
and runs the function the click command runs
(:func:`tt_organizer.cli.validate.validate_files`), with the errors mapped by the same
:func:`tt_organizer.cli.advice.failure`. Anything else (``--help``, another command, another
option or form of one, a file that cannot be read, no file) goes to the click command line
unchanged, which prints the usage error or help.

The options here are a strict subset of the click command's (declared once, in
:mod:`tt_organizer.cli.options`): ``tests/test_fast_path.py`` checks each entry against the
click command's option (name, keyword, flag or value, environment variable) and that both
paths print the same bytes and exit with the same code over a set of command lines.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

COMMAND = ("deck", "validate")
# flag -> the keyword the click command receives it as (as_json, or a DeckCheckOptions field)
FLAGS = {
    "--json": "as_json",
    "--strict-colors": "strict_colors",
    "--strict-names": "strict_names",
    "--auto-zones": "auto_zones",
}
# option taking a value -> its keyword (a DeckCheckOptions field)
VALUES = {"--format": "format_id", "--banlist": "banlist_pick", "--cache": "cache"}
# keyword -> the environment variable the click option reads when the option is not given
ENVVARS = {"cache": "TT_BANLIST_CACHE"}
STDIN = "-"


def parse_validate(argv: Sequence[str]) -> tuple[list[str], dict[str, object]] | None:
    """The files and keyword values of a ``deck validate`` command line this path runs
    exactly as click would, or None to leave it to click."""
    if tuple(argv[:2]) != COMMAND:
        return None
    files: list[str] = []
    given: dict[str, object] = {}
    args = iter(argv[2:])
    for arg in args:
        if arg == STDIN or not arg.startswith("-"):
            files.append(arg)
        elif arg in FLAGS:
            given[FLAGS[arg]] = True
        elif arg in VALUES:
            value = next(args, "")
            if not value or value.startswith("-"):  # click's usage errors and corner cases
                return None
            given[VALUES[arg]] = value
        else:
            return None
    for key, var in ENVVARS.items():
        if key not in given and (env := os.environ.get(var)):
            given[key] = env
    if "cache" in given and not os.path.isdir(str(given["cache"])):
        return None  # click's Path type refuses a file there; a missing folder is its error too
    # click's Path type refuses a file that exists but cannot be read; a missing one is
    # reported by the check (exit 2) but left to click too: errors need no speed
    if not files or not all(f == STDIN or os.access(f, os.R_OK) for f in files):
        return None
    return files, given


def run_validate(files: Sequence[str], given: dict[str, object]) -> int:
    """Run ``tt deck validate`` as the click command does; its exit code."""
    from tt_organizer.cli.check_options import DeckCheckOptions
    from tt_organizer.cli.validate import validate_files
    from tt_organizer.errors import TTError

    options = dict(given)
    as_json = bool(options.pop("as_json", False))
    try:
        return validate_files(files, as_json, DeckCheckOptions(**options))  # type: ignore[arg-type]
    except (TTError, OSError) as exc:
        from tt_organizer.cli.advice import failure
        from tt_organizer.cli.output import error

        message, code = failure(exc)
        error(message)
        return code
    except KeyboardInterrupt:
        sys.stderr.write("\nAborted!\n")  # as click says it
        return 1


def main() -> None:
    """Console-script entry point: the click-free path when it applies, else click."""
    parsed = parse_validate(sys.argv[1:])
    if parsed is None:
        from tt_organizer.cli.main import main as click_main

        click_main()
        return
    sys.exit(run_validate(*parsed))
