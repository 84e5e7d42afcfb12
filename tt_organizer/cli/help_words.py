"""tt's own help texts in the reader's language: every command's description (its docstring
or ``help=``), its short help in a group's list, and every option's and argument's ``help=``.

One mechanism: the texts stay English in the code, as click declares them, and are looked up
in tt's catalog when a help page is formatted. :func:`install` wraps the three click methods
that read them (``Command.format_help_text``, ``Command.get_short_help_str``,
``Parameter.get_help_record`` of options and arguments) so that each formats a copy of the
command or parameter whose texts are the translated ones; the objects themselves never change
(a later run in another language formats them afresh). ``scripts/update_catalogs.py`` walks
the click tree of ``tt`` (:func:`help_texts`) and puts each text in the catalog under the same
key (:func:`help_key`). Metavars (``FILE``, ``ROUND``) and choices stay as written: they are
placeholders and codes the docs and the usage line share.
"""

from __future__ import annotations

import copy
import functools
import inspect
from collections.abc import Callable, Iterator
from typing import Any

import click

from tt_organizer.i18n import gettext

_WRAPPED = "__tt_help_words__"


def help_key(text: str) -> str:
    """The catalog key of a help text: as click shows it (a docstring's indentation removed,
    cut at a form feed)."""
    return inspect.cleandoc(text).partition("\f")[0]


def translated(text: str | None) -> str | None:
    """``text`` (a help text) in the reader's language; None and "" unchanged."""
    return gettext(help_key(text)) if text else text


def _with_words(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def run(self: click.Parameter | click.Command, *args: Any, **kwargs: Any) -> object:
        twin = copy.copy(self)
        for name in ("help", "short_help"):
            if getattr(twin, name, None):
                setattr(twin, name, translated(getattr(twin, name)))
        return method(twin, *args, **kwargs)

    setattr(run, _WRAPPED, True)
    return run


def install() -> None:
    """Make click format tt's help texts through the catalog (idempotent)."""
    targets: list[tuple[type, str]] = [
        (click.Command, "format_help_text"), (click.Command, "get_short_help_str"),
        (click.Option, "get_help_record"), (click.Argument, "get_help_record"),
    ]
    for cls, name in targets:
        method = cls.__dict__[name]
        if not getattr(method, _WRAPPED, False):
            setattr(cls, name, _with_words(method))


def walk(command: click.Command, path: tuple[str, ...] = ("tt",)
         ) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every command of the tree under ``command`` (itself first), with its path."""
    yield path, command
    if isinstance(command, click.Group):
        ctx = click.Context(command, info_name=path[-1])
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                yield from walk(sub, (*path, name))


def help_texts(root: click.Command) -> Iterator[tuple[str, str]]:
    """Each help text of the tree under ``root`` (its catalog key) and where it is."""
    lazy: dict[str, tuple[str, str]] = getattr(root, "lazy", {})  # TTGroup: `tt --help` rows
    for name, (_target, text) in lazy.items():
        yield text, f"tt {name} (in tt --help)"
    for path, command in walk(root):
        where = " ".join(path)
        for described in (command.help, command.short_help):
            if described and help_key(described):
                yield help_key(described), where
        for param in command.params:
            helped: str | None = getattr(param, "help", None)
            if helped and not getattr(param, "hidden", False):
                yield help_key(helped), f"{where} {param.opts[0]}"
