"""The click-free path (tt_organizer/cli/fast.py) of ``tt deck validate`` and of ``tt event
report / drop / pairings / standings`` is the click command, minus click: its options are the
click command's, and over a set of command lines per command both print the same bytes on
stdout and stderr and exit with the same code."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from tt_organizer.cli import deck as deck_cli
from tt_organizer.cli.check_options import DeckCheckOptions
from tt_organizer.cli.fast import SHAPES, parse
from tt_organizer.cli.main import cli

VALIDATE = SHAPES["deck", "validate"]
FLAGS, VALUES, ENVVARS = VALIDATE.flags, VALIDATE.values, VALIDATE.envvars


def parse_validate(argv: list[str]) -> tuple[list[str], dict[str, object]] | None:
    """The files and the options given (defaults left out) of a fast ``deck validate``."""
    parsed = parse(argv)
    if parsed is None:
        return None
    shape, kwargs = parsed
    assert shape is VALIDATE
    given = {k: v for k, v in kwargs.items() if v != VALIDATE.defaults.get(k, ...)}
    return given.pop("files"), given

ROOT = Path(__file__).resolve().parents[1]
LEGAL = "samples/legal-red-tamer-tactics.txt"
ILLEGAL = "samples/illegal-deck.txt"
FAST = [sys.executable, "-m", "tt_organizer"]  # __main__ runs the console script's main
CLICK = [sys.executable, "-c", "from tt_organizer.cli.main import main; main()"]


def click_option(flag: str) -> click.Option:
    command = deck_cli.validate
    (option,) = [p for p in command.params if isinstance(p, click.Option) and flag in p.opts]
    return option


@pytest.mark.parametrize("flag", [*FLAGS, *VALUES])
def test_each_option_is_the_click_commands(flag: str) -> None:
    """Same keyword, flag or value, environment variable, no callback or value check that the
    fast path would skip (the cache folder's check it does itself)."""
    option = click_option(flag)
    keyword = FLAGS.get(flag) or VALUES[flag]
    assert option.name == keyword
    assert option.is_flag is (flag in FLAGS)
    assert option.envvar == ENVVARS.get(keyword)
    assert option.callback is None and not option.multiple  # defaults: the last test
    if flag in VALUES:
        kind = option.type
        assert isinstance(kind, click.types.StringParamType) or (
            isinstance(kind, click.Path) and not kind.exists and kind.dir_okay
            and not kind.file_okay), kind
    assert keyword == "as_json" or keyword in DeckCheckOptions.__dataclass_fields__


# (argv after `tt`, whether the fast path runs it, stdin)
CASES: list[tuple[list[str], bool, str]] = [
    (["deck", "validate", LEGAL], True, ""),
    (["deck", "validate", "--json", LEGAL], True, ""),
    (["deck", "validate", ILLEGAL], True, ""),
    (["deck", "validate", ILLEGAL, "--json"], True, ""),
    (["deck", "validate", LEGAL, ILLEGAL, "samples/standard-deck.txt"], True, ""),
    (["deck", "validate", "--json", LEGAL, ILLEGAL], True, ""),
    (["deck", "validate", LEGAL, "samples"], True, ""),  # a folder: unreadable, exit 2
    (["deck", "validate", "--json", "samples", LEGAL], True, ""),
    (["deck", "validate", "--strict-colors", "--strict-names", "--auto-zones", ILLEGAL],
     True, ""),
    (["deck", "validate", "--format", "standard", "samples/standard-deck.txt", "--json"],
     True, ""),
    (["deck", "validate", "--format", "tamer-tactics", "--format", "nope", LEGAL], True, ""),
    (["deck", "validate", "--banlist", "2026-03-16", "--json", ILLEGAL], True, ""),
    (["deck", "validate", "--banlist", "1999-01-01", LEGAL], True, ""),
    (["deck", "validate", "--cache", "banlist_cache", LEGAL], True, ""),
    (["deck", "validate", "--cache", "samples", LEGAL], True, ""),  # no ban list there
    (["deck", "validate", "-"], True, Path(ROOT / LEGAL).read_text(encoding="utf-8")),
    (["deck", "validate", "--json", "-", "-"], True, "1 BT1-010\n"),
    # left to click
    (["deck", "validate", "missing.txt"], False, ""),
    (["deck", "validate", "--json", LEGAL, "missing.txt"], False, ""),
    (["deck", "validate", "--cache", LEGAL, LEGAL], False, ""),  # a file: click refuses it
    (["deck", "validate"], False, ""),
    (["deck", "validate", "--help"], False, ""),
    (["deck", "validate", "-h", LEGAL], False, ""),
    (["deck", "validate", "--format=standard", LEGAL], False, ""),
    (["deck", "validate", "--format"], False, ""),
    (["deck", "validate", "--format", "--json", LEGAL], False, ""),
    (["deck", "validate", "--as-of", "2026-04-01", LEGAL], False, ""),
    (["deck", "validate", "--nope", LEGAL], False, ""),
    (["deck", "validate", "--", LEGAL], False, ""),
    (["deck", "check-batch", "samples"], False, ""),
    (["--help"], False, ""),
]


def run(cmd: list[str], argv: list[str], stdin: str, env: dict[str, str]
        ) -> tuple[int, bytes, bytes]:
    done = subprocess.run([*cmd, *argv], input=stdin.encode(), capture_output=True,
                          cwd=ROOT, env=env, check=False)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize(("argv", "fast", "stdin"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_both_paths_print_and_exit_the_same(argv: list[str], fast: bool, stdin: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ENVVARS.values()}
    env.update(NO_COLOR="1", COLUMNS="100")
    assert (parse_validate(argv) is not None) is fast
    code, out, err = run(FAST, argv, stdin, env)
    assert (code, out, err) == run(CLICK, argv, stdin, env)
    assert b"Traceback" not in err and (out or err)


def test_the_environment_cache_folder(tmp_path: Path) -> None:
    """TT_BANLIST_CACHE counts as --cache on both paths; a file there is click's error."""
    cache = tmp_path / "cache"
    shutil.copytree(ROOT / "banlist_cache", cache)
    (cache / "2026-03-16.json").unlink()
    (cache / "current.json").unlink()  # a folder with no ban list: exit 2 on both paths
    env = {**os.environ, "NO_COLOR": "1", ENVVARS["cache"]: str(cache)}
    argv = ["deck", "validate", LEGAL]
    os.environ[ENVVARS["cache"]] = str(cache)
    try:
        assert parse_validate(argv) == ([LEGAL], {"cache": str(cache)})
        assert parse_validate([*argv, "--cache", "x"]) is None  # no such folder: click's
    finally:
        del os.environ[ENVVARS["cache"]]
    fast = run(FAST, argv, "", env)
    assert fast == run(CLICK, argv, "", env) and fast[0] == 2 and b"ban" in fast[2]
    env[ENVVARS["cache"]] = str(ROOT / LEGAL)
    fast = run(FAST, argv, "", env)
    assert fast == run(CLICK, argv, "", env) and fast[0] == 2 and b"is a file" in fast[2]


@pytest.mark.parametrize("argv", [c[0] for c in CASES if c[1] and "-" not in c[0]])
def test_click_would_call_the_same_function_with_the_same_arguments(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The click command, given the same command line, calls validate_files with exactly the
    arguments the fast path builds (its defaults included)."""
    seen: list[tuple[object, ...]] = []
    monkeypatch.setattr(deck_cli, "validate_files",
                        lambda files, as_json, opts: seen.append((list(files), as_json, opts)))
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv(ENVVARS["cache"], raising=False)
    result = CliRunner().invoke(cli, argv)
    assert result.exit_code == 0, result.output
    parsed = parse_validate(argv)
    assert parsed is not None
    files, given = parsed
    as_json = bool(given.pop("as_json", False))
    assert seen == [(files, as_json, DeckCheckOptions(**given))]  # type: ignore[arg-type]


def click_command(path: tuple[str, ...]) -> click.Command:
    """The click command of ``tt PATH``."""
    command: click.Command = cli
    ctx = click.Context(cli)
    for word in path:
        assert isinstance(command, click.Group)
        found = command.get_command(ctx, word)
        assert found is not None, path
        command = found
    return command


DECLARED = [(s, o) for s in SHAPES.values() for o in (*s.flags, *s.values)]


@pytest.mark.parametrize(("shape", "flag"), DECLARED,
                         ids=[f"{' '.join(s.path)} {o}" for s, o in DECLARED])
def test_every_entry_is_its_click_commands_option(shape: object, flag: str) -> None:
    """Every option of every entry: the click option of that name, receiving the same keyword,
    a flag exactly when the entry says so, the same default and environment variable, no
    callback, one value, and a type whose check the fast path makes too (a count from the
    same least value, free text, or a path it checks itself)."""
    from tt_organizer.cli.fast import Shape
    from tt_organizer.cli.params import CountType
    from tt_organizer.numbers import MAX_VALUE

    assert isinstance(shape, Shape)
    command = click_command(shape.path)
    (option,) = [p for p in command.params if isinstance(p, click.Option) and flag in p.opts]
    keyword = shape.flags.get(flag) or shape.values[flag]
    assert option.name == keyword
    assert option.is_flag is (flag in shape.flags)
    assert option.envvar == shape.envvars.get(keyword)
    assert option.callback is None and not option.multiple and option.nargs == 1
    assert option.get_default(click.Context(command)) == shape.defaults[keyword]
    kind = option.type
    if keyword in shape.counts:
        assert isinstance(kind, CountType)
        assert (kind.minimum, kind.maximum) == (shape.counts[keyword], MAX_VALUE)
    elif flag in shape.values:
        assert isinstance(kind, click.types.StringParamType) or (
            isinstance(kind, click.Path) and not kind.exists), kind


@pytest.mark.parametrize("shape", SHAPES.values(), ids=[" ".join(p) for p in SHAPES])
def test_every_entry_has_its_click_commands_arguments(shape: object) -> None:
    """The positional arguments in the same order, one taking them all exactly when the entry
    says so, counts checked from the same least value; every default the entry fills in is
    the click command's (options it does not take keep their defaults)."""
    from tt_organizer.cli.fast import Shape
    from tt_organizer.cli.params import CountType

    assert isinstance(shape, Shape)
    command = click_command(shape.path)
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    assert tuple(a.name for a in arguments) == shape.arguments
    for argument in arguments:
        assert (argument.nargs == -1) is shape.variadic
        assert argument.callback is None and argument.envvar is None
        if argument.name in shape.counts:
            assert isinstance(argument.type, CountType)
            assert argument.type.minimum == shape.counts[argument.name]
        else:
            assert isinstance(argument.type, (click.types.StringParamType, click.Path))
    params = {p.name: p for p in command.params}
    for keyword, default in shape.defaults.items():  # an argument's: the call test's
        if isinstance(params.get(keyword), click.Option):
            assert params[keyword].get_default(click.Context(command)) == default, keyword
    taken = {*shape.flags.values(), *shape.values.values(), *shape.arguments}
    assert taken <= set(params)
