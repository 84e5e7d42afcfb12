"""The ``tt`` console entry point: the common command lines of the hot commands run without
loading click.

Importing click costs about three and a half bare Python start-ups -- as much as a whole deck
check, more than recording a result. :func:`main` takes a command line of :data:`SHAPES` that
it fully understands -- ``tt deck validate``, ``tt event report / drop / pairings /
standings`` with only the options of its entry, each given as ``--opt value`` --, checks what
click would check (numbers, files and folders, the combinations the command accepts), and
calls the function the click command calls (:mod:`tt_organizer.cli.validate`,
:mod:`tt_organizer.cli.event_work`) with the keywords click would pass, the errors ending in
the same :func:`tt_organizer.cli.guard.failure_code`. Anything else (``--help``, another
command, another option or form of one, ``--opt=value``, ``--``, a number click refuses, a
missing file, a usage error) goes to the click command line unchanged, which prints the usage
error, the help or the refusal.

Each entry is a strict subset of its click command's declaration: ``tests/test_fast_path.py``
checks each option against the click command's (keyword, flag or value, type, default,
environment variable) and that both paths print the same bytes and exit with the same code
over a set of command lines per command.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing stays off the start-up path (tests/test_startup.py)
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from typing import Any

STDIN = "-"
EVENT_FILE = {"--event": "event_path"}  # every event command's event database
EVENT_ENV = {"event_path": "TT_EVENT"}
EVENT_DEFAULT = {"event_path": "event.sqlite", "as_json": False}
JSON = {"--json": "as_json"}


class Shape:
    """The command lines of one command that the click-free path runs (a plain class: a
    dataclass costs its generated methods' compiling at every start-up)."""

    __slots__ = ("accepts", "arguments", "counts", "defaults", "envvars", "flags", "path",
                 "runner", "values", "variadic")

    def __init__(
        self, path: tuple[str, ...], runner: str, *, arguments: tuple[str, ...] = (),
        variadic: bool = False, flags: Mapping[str, str] | None = None,
        values: Mapping[str, str] | None = None, counts: Mapping[str, int] | None = None,
        envvars: Mapping[str, str] | None = None, defaults: Mapping[str, object] | None = None,
        accepts: Callable[[dict[str, Any]], bool] | None = None,
    ) -> None:
        self.path = path  # the words after ``tt``
        self.runner = runner  # "module:function" the click command calls, with these keywords
        self.arguments = arguments  # keywords of the positional arguments, in order
        self.variadic = variadic  # one argument taking every positional word (nargs=-1)
        self.flags = flags or {}  # option -> keyword (True when given)
        self.values = values or {}  # option -> keyword (the next word)
        self.counts = counts or {}  # keyword -> least value of a count (click's CountType)
        self.envvars = envvars or {}  # keyword -> environment variable
        self.defaults = defaults or {}  # keyword -> the click command's default
        # the rest of what click (or the command before its body) would check; False: click's
        self.accepts = accepts or (lambda _: True)


def _readable_file(path: object) -> bool:
    """An event file click's ``Path(dir_okay=False)`` takes and that exists (a missing one is
    left to click: errors need no speed)."""
    return os.path.isfile(str(path)) and os.access(str(path), os.R_OK)


def _validate_accepts(kw: dict[str, Any]) -> bool:
    # click's Path type refuses a file as the cache folder, a missing folder is its error
    # too; a missing decklist is reported by the check (exit 2) but left to click as well
    return (bool(kw["files"]) and (kw["cache"] is None or os.path.isdir(str(kw["cache"])))
            and all(f == STDIN or os.access(f, os.R_OK) for f in kw["files"]))


SHAPES: dict[tuple[str, ...], Shape] = {s.path: s for s in (
    Shape(
        ("deck", "validate"), "tt_organizer.cli.fast:run_validate",
        arguments=("files",), variadic=True,
        flags={**JSON, "--strict-colors": "strict_colors", "--strict-names": "strict_names",
               "--auto-zones": "auto_zones"},
        values={"--format": "format_id", "--banlist": "banlist_pick", "--cache": "cache"},
        envvars={"cache": "TT_BANLIST_CACHE"},
        defaults={"as_json": False, "strict_colors": False, "strict_names": False,
                  "auto_zones": False, "format_id": None, "banlist_pick": None, "cache": None},
        accepts=_validate_accepts,
    ),
    Shape(
        ("event", "report"), "tt_organizer.cli.event_work:report_table",
        arguments=("table", "result"),
        flags={**JSON, "--draw": "draw"},
        values={**EVENT_FILE, "--winner": "winner", "--round": "round_number",
                "--first": "first", "--winners": "winners", "--turns": "turns"},
        counts={"table": 1, "round_number": 1}, envvars=EVENT_ENV,
        defaults={**EVENT_DEFAULT, "table": None, "result": None, "winner": None,
                  "draw": False, "round_number": None, "first": None, "winners": None,
                  "turns": None},
        accepts=lambda kw: (kw["table"] is not None and _readable_file(kw["event_path"])
                            and (kw["result"] is not None or kw["winner"] is not None
                                 or kw["draw"])),
    ),
    Shape(
        ("event", "drop"), "tt_organizer.cli.event_work:drop_player",
        arguments=("name",), flags=JSON, values={**EVENT_FILE, "--id": "ext_id"},
        envvars=EVENT_ENV, defaults={**EVENT_DEFAULT, "name": None, "ext_id": None},
        accepts=lambda kw: ((kw["name"] is None) != (kw["ext_id"] is None)
                            and _readable_file(kw["event_path"])),
    ),
    Shape(
        ("event", "pairings"), "tt_organizer.cli.event_work:show_pairings",
        flags={**JSON, "--top-cut": "top"}, values={**EVENT_FILE, "--round": "round_number"},
        counts={"round_number": 0}, envvars=EVENT_ENV,
        defaults={**EVENT_DEFAULT, "round_number": None, "top": False, "print_path": None},
        accepts=lambda kw: _readable_file(kw["event_path"]),
    ),
    Shape(
        ("event", "standings"), "tt_organizer.cli.event_work:show_standings",
        flags={**JSON, "--final": "final"}, values={**EVENT_FILE, "--round": "round_number"},
        counts={"round_number": 0}, envvars=EVENT_ENV,
        defaults={**EVENT_DEFAULT, "round_number": None, "final": False},
        accepts=lambda kw: (not (kw["final"] and kw["round_number"] is not None)
                            and _readable_file(kw["event_path"])),
    ),
)}


def parse(argv: Sequence[str]) -> tuple[Shape, dict[str, Any]] | None:
    """The command and the keywords its click command would call its function with, for a
    command line this path runs exactly as click would; None to leave it to click."""
    from tt_organizer.numbers import NumberError, parse_count

    shape = SHAPES.get(tuple(argv[:2]))
    if shape is None:
        return None
    words: list[str] = []
    given: dict[str, Any] = {}
    args = iter(argv[2:])
    for arg in args:
        if arg == STDIN or not arg.startswith("-"):
            words.append(arg)
        elif arg in shape.flags:
            given[shape.flags[arg]] = True
        elif arg in shape.values:
            value = next(args, "")
            if not value or value.startswith("-"):  # click's usage errors and corner cases
                return None
            given[shape.values[arg]] = value
        else:
            return None
    if shape.variadic:
        given[shape.arguments[0]] = words
    elif len(words) > len(shape.arguments):
        return None
    else:
        given.update(zip(shape.arguments, words, strict=False))
    for key, least in shape.counts.items():
        if key in given:
            try:
                given[key] = parse_count(given[key], minimum=least)
            except NumberError:
                return None  # click's message, its exit 2
    for key, var in shape.envvars.items():
        if key not in given and (env := os.environ.get(var)):
            given[key] = env
    kwargs = {**shape.defaults, **given}
    return (shape, kwargs) if shape.accepts(kwargs) else None


def run_validate(*, files: Sequence[str], as_json: bool, **options: Any) -> int:
    """``tt deck validate``: :func:`tt_organizer.cli.validate.validate_files` with the
    options gathered as the click command gathers them (its other options at their
    defaults)."""
    from tt_organizer.cli.check_options import DeckCheckOptions
    from tt_organizer.cli.validate import validate_files

    return validate_files(files, as_json, DeckCheckOptions(**options))


def runner(shape: Shape) -> Callable[..., int | None]:
    """The function ``shape``'s click command calls."""
    import importlib

    module, name = shape.runner.split(":")
    function: Callable[..., int | None] = getattr(importlib.import_module(module), name)
    return function


def run(shape: Shape, kwargs: dict[str, Any]) -> int:
    """Run the command as click would; its exit code (failures ended as the click group ends
    them)."""
    from tt_organizer.cli.guard import committed_changes, failure_code

    commits = committed_changes()
    try:
        return runner(shape)(**kwargs) or 0
    except Exception as exc:
        code = failure_code(exc, commits)
        if code is None:
            raise
        return code
    except KeyboardInterrupt:
        sys.stderr.write("\nAborted!\n")  # as click says it
        return 1


def main() -> None:
    """Console-script entry point: the click-free path when it applies, else click."""
    parsed = parse(sys.argv[1:])
    if parsed is None:
        from tt_organizer.cli.main import main as click_main

        click_main()
        return
    code = run(*parsed)
    sys.stdout.flush()
    sys.exit(code)
