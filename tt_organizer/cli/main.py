"""The ``tt`` command group. Subcommand modules are imported only when their command runs,
so that ``tt --help`` and ``tt deck validate`` start fast."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any, ClassVar, NoReturn

import click

from tt_organizer import __version__
from tt_organizer.cli import advice, click_words, help_words
from tt_organizer.cli.edge import check_edge
from tt_organizer.cli.output import error, warn
from tt_organizer.errors import (
    EXIT_INPUT,
    EXIT_OK,
    TTError,
    committed_changes,
    is_database_error,
)
from tt_organizer.i18n import available, gettext, normalize, set_language

# command name -> "module:attribute" (a click command or group)
SUBCOMMANDS = {
    "deck": ("tt_organizer.cli.deck:deck", "Check decklists against a format and the ban list."),
    "cards": ("tt_organizer.cli.cards:cards", "Look up the card database; rebuild or sync it."),
    "banlist": ("tt_organizer.cli.banlist:banlist", "Sync, show and diff Bandai's ban list."),
    "event": ("tt_organizer.cli.event:event", "Run an event: players, Swiss rounds, results."),
    "formats": ("tt_organizer.cli.formats:formats", "List every deck format and its rules."),
    "stats": ("tt_organizer.cli.stats_commands:stats",
              "Format-calibration report over event files."),
    "season": ("tt_organizer.cli.season_commands:season", "Add up points across events: a season."),
}


def load_command(ctx: click.Context, group: click.Group, name: str, target: str) -> None:
    """Import the command ``target`` ("module:attribute") and add it to ``group`` as ``name``:
    a module that cannot load is a broken install, reported as such (exit 2), never as "No
    such command"."""
    module, attr = target.split(":")
    try:
        command = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        _fail(f"the `{ctx.command_path} {name}` command cannot load: {module}: {exc}",
              EXIT_INPUT)
    group.add_command(command, name)


class LazyGroup(click.Group):
    """A group whose subcommands listed in ``lazy`` (name -> "module:attribute") are imported
    only when one of them runs, or when the group's help lists them: a command pays only for
    its own module."""

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_targets = dict(lazy or {})

    def targets(self) -> dict[str, str]:
        """Each lazy subcommand's name -> "module:attribute"."""
        return self.lazy_targets

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.targets()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        targets = self.targets()
        if cmd_name in targets and cmd_name not in self.commands:
            load_command(ctx, self, cmd_name, targets[cmd_name])
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        """click's, with the lazy commands among the close names a typo suggests."""
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as exc:
            raise click.exceptions.NoSuchCommand(
                exc.command_name, possibilities=self.list_commands(ctx), ctx=ctx) from None


class TTGroup(LazyGroup):
    """The ``tt`` group: loads its subcommands lazily (its help lists them from ``lazy``,
    without importing any) and turns library errors into exit codes."""

    lazy: ClassVar[dict[str, tuple[str, str]]] = {}  # name -> ("module:attribute", help)

    def targets(self) -> dict[str, str]:
        return {name: target for name, (target, _) in self.lazy.items()}

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, gettext(self.lazy[name][1])) for name in sorted(self.lazy)]
        rows += [
            (n, c.get_short_help_str()) for n, c in self.commands.items() if n not in self.lazy
        ]
        if rows:
            with formatter.section(gettext("Commands")):
                formatter.write_dl(sorted(rows))

    def main(self, args: Sequence[str] | None = None, *pos: Any,  # type: ignore[override]
             **kwargs: Any) -> object:  # click types it by overloads of standalone_mode
        """The one check of what enters from outside (:mod:`tt_organizer.cli.edge`): an
        argument or ``TT_*`` variable that is not valid text ends here, exit 2."""
        given = list(sys.argv[1:] if args is None else args)
        refusal, warnings = check_edge(self, given)
        if warnings or refusal:
            for message in warnings:
                warn(message)
            if refusal:
                error(refusal)
                if kwargs.get("standalone_mode", True):
                    sys.exit(EXIT_INPUT)
                return EXIT_INPUT
        return super().main(given, *pos, **kwargs)

    def invoke(self, ctx: click.Context) -> object:
        commits = committed_changes()
        try:
            return super().invoke(ctx)
        except Exception as exc:
            code = failure_code(exc, commits)
            if code is None:
                raise
            raise click.exceptions.Exit(code) from None


def _fail(message: str, code: int) -> NoReturn:
    """End a command that could not even load (nothing of it ran, nothing was saved)."""
    raise click.exceptions.Exit(fail(message, code, committed_changes()))


def first_line(text: str, limit: int = 200) -> str:
    """The first line of ``text``, cut to ``limit`` characters."""
    line = text.splitlines()[0] if text else text
    return line if len(line) <= limit else line[: limit - 3] + "..."


def fail(message: str, code: int, commits: int = 0) -> int:
    """Print ``message`` as the command's error and return ``code`` -- or, when an event change
    was committed since ``commits``, warn that it was saved and return 0."""
    if committed_changes() > commits:
        # the command's change is committed: it did what was asked, whatever failed after
        warn(f"the change was saved, but showing it failed: {message}")
        return EXIT_OK
    error(message)
    return code


def failure_code(exc: Exception, commits: int) -> int | None:
    """Print what a command that raised ``exc`` says and return its exit code; None for an
    exception that is not a refusal (a bug: the caller raises it again)."""
    if isinstance(exc, (TTError, OSError)):
        return fail(*advice.failure(exc), commits)
    if not is_database_error(exc):
        return None
    return fail(f"database error: {first_line(str(exc))}", EXIT_INPUT, commits)


TTGroup.lazy = SUBCOMMANDS


def _set_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value and normalize(value) is None:
        raise click.BadParameter(f"{value!r}: one of {', '.join(available())}")
    set_language(value)


@click.group("tt", cls=TTGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="tt")
@click.option("--language", metavar="LANG", default=None, expose_value=False, is_eager=True,
              callback=_set_language,
              help="Language of what tt prints for people (en, or one tt has a catalog for, "
                   "such as es or zh; a wrong code lists them); default from LANGUAGE, "
                   "LC_ALL, LC_MESSAGES, LANG. JSON and exit codes never change.")
def cli() -> None:
    """tt-organizer: deck checks, ban list and Swiss events for Tamer Tactics.

    Exit codes: 0 ok, 1 the thing checked is not legal / not valid, 2 usage or input error.
    """


def main() -> None:
    """Console-script entry point."""
    click_words.install()  # click's own words ("Usage:", "Error: …") through tt's catalog
    help_words.install()  # tt's own help texts, looked up when a help page is formatted
    cli(prog_name="tt")
