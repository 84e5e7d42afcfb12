"""Bytes at the edge: the one check of what enters ``tt`` from outside the program, the
command line and the ``TT_*`` environment variables, before any command sees it.

Python hands a byte that is not UTF-8 (a Latin-1 terminal typing "José") to the program as a
lone surrogate (``'Jos\\udce9'``); a command would fail on it much later, writing a file or the
audit log. Here such an argument or variable is refused (exit 2) naming the option or argument
it was given to, with its bytes shown escaped; ``TT_ORGANIZER`` (only the name the audit log
records) is kept, escaped (``Jos\\xe9``), with a warning.
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping, Sequence

import click

ESCAPED_VARIABLES = ("TT_ORGANIZER",)  # recorded escaped; any other TT_* is refused


def is_text(value: str) -> bool:
    """Whether ``value`` is valid text (no lone surrogate: every byte it came from was UTF-8)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def shown(value: str) -> str:
    """``value`` with the bytes that are not UTF-8 escaped (``Jos\\xe9``), as ASCII-safe text."""
    return value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def check_environment(environ: MutableMapping[str, str]) -> tuple[str | None, list[str]]:
    """(the refusal of a ``TT_*`` variable that is not text, or None; warnings). A variable of
    :data:`ESCAPED_VARIABLES` is replaced by its escaped form instead."""
    warnings: list[str] = []
    for name in sorted(environ):
        if not name.startswith("TT_") or is_text(environ[name]):
            continue
        if name in ESCAPED_VARIABLES:
            environ[name] = shown(environ[name])
            warnings.append(f"{name} is not valid text (a byte that is not UTF-8); recorded "
                            f"as '{environ[name]}'")
            continue
        return (f"{name}: '{shown(environ[name])}' is not valid text (a byte that is not "
                "UTF-8: is the terminal set to UTF-8?)"), warnings
    return None, warnings


def _option_map(command: click.Command) -> dict[str, click.Option]:
    out: dict[str, click.Option] = {}
    for param in command.params:
        if isinstance(param, click.Option):
            for opt in (*param.opts, *param.secondary_opts):
                out[opt] = param
    return out


def _leaf(root: click.Group, args: Sequence[str]) -> tuple[click.Command, list[str], str]:
    """The command ``args`` run (following groups by their subcommand names), the arguments
    left for it and its path (``tt event drop``)."""
    command: click.Command = root
    path = "tt"
    rest = list(args)
    while isinstance(command, click.Group):
        options = _option_map(command)
        i = 0
        while i < len(rest) and rest[i].startswith("-"):  # the group's own options
            opt = options.get(rest[i].split("=", 1)[0])
            i += 1 if opt is None or opt.is_flag or "=" in rest[i] else 1 + opt.nargs
        if i >= len(rest):
            break
        try:
            sub = command.get_command(click.Context(command, info_name=path), rest[i])
        except (click.ClickException, click.exceptions.Exit):
            sub = None
        if sub is None:
            break
        path += f" {rest[i]}"
        command, rest = sub, rest[i + 1:]
    return command, rest, path


def _names(command: click.Command, rest: Sequence[str]) -> list[str]:
    """For each of ``rest``, the option or argument it is given to (best effort: what it
    cannot tell is named by its position)."""
    options = _option_map(command)
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    out: list[str] = []
    expect: list[str] = []
    position = 0
    only_arguments = False
    for token in rest:
        if expect:
            out.append(expect.pop())
            continue
        if token == "--" and not only_arguments:
            only_arguments = True
            out.append("--")
            continue
        if token.startswith("-") and len(token) > 1 and not only_arguments:
            name = token.split("=", 1)[0]
            opt = options.get(name)
            out.append(name)
            if opt is not None and not opt.is_flag and "=" not in token and not opt.count:
                expect = [name] * opt.nargs
            continue
        if position < len(arguments):
            arg = arguments[position]
            out.append((arg.metavar or arg.name or "ARGUMENT").upper())
            if arg.nargs != -1:
                position += 1
        else:
            out.append(f"argument {position + 1}")
            position += 1
    return out


def check_arguments(root: click.Group, args: Sequence[str]) -> str | None:
    """The refusal of the first argument that is not text, naming the option or argument it
    is given to; None when every argument is text."""
    bad = next((i for i, a in enumerate(args) if not is_text(a)), None)
    if bad is None:
        return None
    try:
        command, rest, path = _leaf(root, args)
        offset = len(args) - len(rest)
        name = (_names(command, rest)[bad - offset] if bad >= offset
                else f"argument {bad + 1}")
    except Exception:  # naming is best effort; the refusal itself is not
        path, name = "tt", f"argument {bad + 1}"
    value = args[bad].split("=", 1)[1] if args[bad].startswith("--") and "=" in args[bad] \
        else args[bad]
    return (f"{path}: {name}: '{shown(value)}' is not valid text (a byte that is not "
            "UTF-8: is the terminal set to UTF-8?)")


def check_edge(root: click.Group, args: Sequence[str],
               environ: MutableMapping[str, str] | None = None) -> tuple[str | None, list[str]]:
    """Everything that enters: the ``TT_*`` variables, then the arguments. Returns (the
    refusal or None, warnings)."""
    refusal, warnings = check_environment(os.environ if environ is None else environ)
    return refusal or check_arguments(root, args), warnings
