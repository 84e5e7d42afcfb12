"""Bytes at the edge (issue 41, item 4): an argument or ``TT_*`` variable that is not valid
text (a byte that is not UTF-8, as a Latin-1 terminal types "José") is refused by the one check
at ``tt``'s entry, exit 2, naming the option; ``TT_ORGANIZER`` is recorded escaped. Then the
whole click command tree is walked: every argument and option of every command is fed bytes
that are not UTF-8, control characters, a huge integer and an empty string, and must end with
exit 0, 1 or 2 and no traceback."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from tests.serve_helpers import new_event
from tt_organizer.cli.main import cli

ROOT = Path(__file__).parents[1]
NOT_UTF8 = "Jos\udce9"  # what Python makes of the bytes b"Jos\xe9" in sys.argv
VALUES = {
    "not utf-8": NOT_UTF8,
    "control characters": "a\x01b\x1b[31m\r\n\tc\x7f",
    "huge integer": "9" * 401,
    "empty": "",
}


def _tt(args: list[bytes], env: dict[str, bytes] | None = None, cwd: Path | None = None
        ) -> subprocess.CompletedProcess[bytes]:
    environ = {k.encode(): v.encode() for k, v in os.environ.items()
               if not k.startswith("TT_")}
    environ.update({k.encode(): v for k, v in (env or {}).items()})
    return subprocess.run([sys.executable, "-m", "tt_organizer", *args], env=environ,
                          capture_output=True, timeout=60, cwd=cwd)


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return new_event(tmp_path_factory.mktemp("edge") / "ev.sqlite", ("Ann", "Bo", "Cy", "Di"))


# the commands, typed on a Latin-1 terminal: real bytes in argv (a subprocess)
BYTES_CASES = [
    ([b"event", b"create", b"Copa A\xf1o"], {}, "NAME"),
    ([b"event", b"drop", b"Jos\xe9"], {}, "NAME"),
    ([b"event", b"avoid", b"Ann", b"Jos\xe9"], {}, "B"),
    ([b"event", b"deck", b"Jos\xe9", b"FILE"], {}, "NAME"),
    ([b"event", b"pairings", b"--swap", b"Ann", b"Jos\xe9"], {}, "--swap"),
    ([b"event", b"status", b"--event=c\xe9.sqlite"], {}, "--event"),
    ([b"season", b"standings"], {"TT_SEASON": b"s\xe9.json"}, "TT_SEASON"),
    ([b"event", b"status"], {"TT_EVENT": b"c\xe9.sqlite"}, "TT_EVENT"),
    ([b"deck", b"validate", b"d\xe9ck.txt"], {}, "FILES"),
]


@pytest.mark.parametrize(("args", "env", "named"), BYTES_CASES,
                         ids=[b" ".join(c[0]).decode("latin-1") for c in BYTES_CASES])
def test_bytes_that_are_not_utf8_are_refused_naming_the_option(
        event: Path, args: list[bytes], env: dict[str, bytes], named: str) -> None:
    before = event.read_bytes()
    done = _tt(args, {"TT_EVENT": os.fsencode(event), **env}, cwd=event.parent)
    err = done.stderr.decode("utf-8")
    assert done.returncode == 2, err
    assert "Traceback" not in err
    assert f"{named}: " in err and "is not valid text" in err
    assert "\\xe9" in err or "\\xf1" in err  # the byte shown escaped
    assert event.read_bytes() == before


def test_tt_organizer_not_utf8_is_recorded_escaped(event: Path) -> None:
    done = _tt([b"event", b"drop", b"Ann"], {"TT_EVENT": os.fsencode(event),
                                             "TT_ORGANIZER": b"Jos\xe9"})
    err = done.stderr.decode("utf-8")
    assert done.returncode == 0, err
    assert "TT_ORGANIZER is not valid text" in err and "'Jos\\xe9'" in err
    log = _tt([b"event", b"log"], {"TT_EVENT": os.fsencode(event)}).stdout.decode("utf-8")
    assert "Jos\\xe9 drop player" in log
    assert _tt([b"event", b"undrop", b"Ann"],
               {"TT_EVENT": os.fsencode(event)}).returncode == 0


# --- the whole command tree ------------------------------------------------------------------


def _commands() -> Iterator[tuple[list[str], click.Command]]:
    def walk(cmd: click.Command, path: list[str], ctx: click.Context
             ) -> Iterator[tuple[list[str], click.Command]]:
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                assert sub is not None
                yield from walk(sub, [*path, name], click.Context(sub, parent=ctx,
                                                                   info_name=name))
        else:
            yield path, cmd

    yield from walk(cli, [], click.Context(cli, info_name="tt"))


COMMANDS = list(_commands())
PARAMS = [(path, p) for path, cmd in COMMANDS for p in cmd.params
          if not (isinstance(p, click.Option) and (p.is_flag or p.count))]


def _args(cmd: click.Command, target: click.Parameter, value: str) -> list[str]:
    """The command line that gives ``target`` the ``value``; other required arguments get
    a plain word."""
    out: list[str] = []
    arguments = [p for p in cmd.params if isinstance(p, click.Argument)]
    before = arguments.index(target) if target in arguments else -1
    for i, p in enumerate(arguments):
        if p is target:
            out.append(value)
        elif p.required or i < before:  # the ones before it, so that it is in its place
            out.append("x")
    if isinstance(target, click.Option):
        out += [target.opts[0], *[value] * target.nargs]
    return out


def _label(p: click.Parameter) -> str:
    if isinstance(p, click.Option):
        return p.opts[0]
    return (p.metavar or p.name or "").upper()


@pytest.fixture
def sandbox(tmp_path: Path, event: Path) -> Iterator[dict[str, str]]:
    """Every folder a command writes by default in ``tmp_path``: data, ban-list cache, user
    data; the event a copy of ``event``; no network (the sync URLs are a closed local port)."""
    shutil.copytree(ROOT / "data", tmp_path / "data")
    shutil.copytree(ROOT / "banlist_cache", tmp_path / "banlist_cache")
    shutil.copy(event, tmp_path / "ev.sqlite")
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        yield {"TT_EVENT": str(tmp_path / "ev.sqlite"), "TT_SEASON": str(tmp_path / "s.json"),
               "TT_DATA_DIR": str(tmp_path / "data"), "TT_USER_DATA": str(tmp_path / "user"),
               "TT_BANLIST_CACHE": str(tmp_path / "banlist_cache"),
               "TT_BANLIST_URL": "http://127.0.0.1:9/", "TT_CARDS_URL": "http://127.0.0.1:9/",
               "TT_BANLIST_TIMEOUT": "2", "TT_ORGANIZER": "tester"}
    finally:
        os.chdir(cwd)


def _run(env: dict[str, str], path: list[str], args: list[str]) -> tuple[int, str]:
    if path in (["event", "serve"], ["event", "replicate"]) and "--event" not in args:
        # never a server or a copier left running (both run until stopped)
        args = [*args, "--event", "missing.sqlite"]
    result = CliRunner().invoke(cli, [*path, *args], env=env, input="")
    exc = result.exception
    crashed = exc is not None and not isinstance(exc, SystemExit)
    assert not crashed, (path, args, repr(exc))
    assert result.exit_code in (0, 1, 2), (path, args, result.exit_code, result.output)
    assert "Traceback" not in result.output, (path, args, result.output)
    return result.exit_code, result.stderr


def test_the_tree_is_covered() -> None:
    """What the walk below covers (the note of issue 41 quotes these numbers)."""
    assert len(COMMANDS) >= 48 and len(PARAMS) >= 150
    print(f"{len(COMMANDS)} commands, {len(PARAMS)} arguments and options taking a value")


def test_every_argument_and_option_refuses_bytes_that_are_not_utf8(
        sandbox: dict[str, str]) -> None:
    for path, param in PARAMS:
        cmd = dict((tuple(p), c) for p, c in COMMANDS)[tuple(path)]
        code, err = _run(sandbox, path, _args(cmd, param, NOT_UTF8))
        assert code == 2, (path, param.name)
        assert f"tt {' '.join(path)}: {_label(param)}: 'Jos\\xe9' is not valid text" in err, (
            path, param.name, err)


def test_every_argument_and_option_takes_control_characters_without_a_traceback(
        sandbox: dict[str, str]) -> None:
    """One argument or option at a time (the others as they default)."""
    by_path = {tuple(p): c for p, c in COMMANDS}
    for path, param in PARAMS:
        _run(sandbox, path, _args(by_path[tuple(path)], param, VALUES["control characters"]))


@pytest.mark.parametrize("kind", ["huge integer", "empty"])
def test_every_command_takes_hostile_values_without_a_traceback(sandbox: dict[str, str],
                                                               kind: str) -> None:
    """Grouped to stay fast: each command once, every argument and option given the value."""
    for path, cmd in COMMANDS:
        args: list[str] = []
        for p in cmd.params:
            if isinstance(p, click.Argument):
                args.append(VALUES[kind])
            elif not (p.is_flag or p.count):  # type: ignore[attr-defined]
                args += [p.opts[0], *[VALUES[kind]] * p.nargs]
        _run(sandbox, path, args)
        # and each of its value options alone: the first one refused must not hide the rest
        for p in cmd.params:
            if isinstance(p, click.Option) and not (p.is_flag or p.count) and p.type.name in (
                    "integer", "seconds", "float", "integer range"):
                _run(sandbox, path, _args(cmd, p, VALUES[kind]))
