"""The ``tt`` command group. Subcommand modules are imported only when their command runs,
so that ``tt --help`` and ``tt deck validate`` start fast."""

from __future__ import annotations

import importlib
from typing import Any, ClassVar, NoReturn

import click

from tt_organizer import __version__
from tt_organizer.cli.guard import committed_changes, fail, failure_code
from tt_organizer.errors import EXIT_INPUT

# command name -> "module:attribute" (a click command or group)
SUBCOMMANDS = {
    "deck": ("tt_organizer.cli.deck:deck", "Check decklists against a format and the ban list."),
    "cards": ("tt_organizer.cli.cards:cards", "Look up the card database; rebuild or sync it."),
    "banlist": ("tt_organizer.cli.banlist:banlist", "Sync, show and diff Bandai's ban list."),
    "event": ("tt_organizer.cli.event:event", "Run an event: players, Swiss rounds, results."),
    "formats": ("tt_organizer.cli.formats:formats", "List every deck format and its rules."),
    "stats": ("tt_organizer.cli.stats:stats", "Format-calibration report over event files."),
    "season": ("tt_organizer.cli.season:season", "Add up points across events: a season."),
}


class TTGroup(click.Group):
    """A group that loads subcommands lazily and turns library errors into exit codes."""

    lazy: ClassVar[dict[str, tuple[str, str]]] = {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            target, _ = self.lazy[cmd_name]
            module, attr = target.split(":")
            try:
                command = getattr(importlib.import_module(module), attr)
            except (ImportError, AttributeError) as exc:
                # a command module that cannot load is a broken install, never "No such command"
                _fail(f"the `tt {cmd_name}` command cannot load: {module}: {exc}", EXIT_INPUT)
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, self.lazy[name][1]) for name in sorted(self.lazy)]
        rows += [
            (n, c.get_short_help_str()) for n, c in self.commands.items() if n not in self.lazy
        ]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(sorted(rows))

    def invoke(self, ctx: click.Context) -> Any:
        commits = committed_changes()
        try:
            return super().invoke(ctx)
        except Exception as exc:
            code = failure_code(exc, commits)
            if code is None:
                raise
            raise click.exceptions.Exit(code) from None


def _fail(message: str, code: int) -> NoReturn:
    raise click.exceptions.Exit(fail(message, code))


TTGroup.lazy = SUBCOMMANDS


def _set_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    from tt_organizer.i18n import available, normalize, set_language

    if value and normalize(value) is None:
        raise click.BadParameter(f"{value!r}: one of {', '.join(available())}")
    set_language(value)


@click.group(cls=TTGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="tt")
@click.option("--language", metavar="LANG", default=None, expose_value=False, is_eager=True,
              callback=_set_language,
              help="Language of what tt prints for people (en, es); default from LANGUAGE, "
                   "LC_ALL, LC_MESSAGES, LANG. JSON and exit codes never change.")
def cli() -> None:
    """tt-organizer: deck checks, ban list and Swiss events for Tamer Tactics.

    Exit codes: 0 ok, 1 the thing checked is not legal / not valid, 2 usage or input error.
    """


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="tt")
