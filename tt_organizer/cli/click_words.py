"""Click's own words in the reader's language: "Usage:", "Try 'tt event --help' for help.",
"Error: No such option", "Missing argument", the help option's line.

Click 8 marks its messages for :mod:`gettext` and looks them up through the ``_`` and
``ngettext`` names of its modules. The messages a person meets are copied below so that tt's
catalog holds them (``scripts/update_catalogs.py`` extracts this module like any other), and
:func:`install` points those names of click's modules at tt's catalog (:mod:`tt_organizer.i18n`:
``tt --language`` and the environment, as for every other message). A message click adds in a
later version stays English until it is copied here.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from tt_organizer.i18n import N_, gettext, ngettext

MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "types", "termui")

MESSAGES = (
    N_("Usage:"), N_("Options"), N_("Commands"), N_("Positional arguments"),
    N_("Aborted!"), N_("Missing command."), N_("Show this message and exit."),
    N_("Show the version and exit."), N_("env var: {var}"), N_("default: {default}"),
    N_("Error: {message}"), N_("Try '{command} {option}' for help."),
    N_("Invalid value: {message}"), N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"), N_("Missing option"), N_("Missing parameter"),
    N_("Missing {param_type}"), N_("Missing parameter: {param_name}"),
    N_("No such option {name!r}."), N_("No such command {name!r}."), N_("unknown error"),
    N_("Could not open file {filename!r}: {message}"),
    N_("Argument {name!r} takes {nargs} values."), N_("Option {name!r} does not take a value."),
    N_("Choose from:\n\t{choices}"), N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("file"), N_("directory"), N_("path"), N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a file."), N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."), N_("{name} {filename!r} is not writable."),
    N_("Do you want to continue?"), N_("Repeat for confirmation"),
    N_("Error: The two entered values do not match."), N_("Error: invalid input"),
)


def _plurals() -> None:  # never called: marks click's counted messages for the catalog
    ngettext("Got unexpected extra argument ({args})",
             "Got unexpected extra arguments ({args})", 1)
    ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1)
    ngettext("Option {name!r} requires an argument.",
             "Option {name!r} requires {nargs} arguments.", 1)
    ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1)
    ngettext("{value!r} does not match the format {format}.",
             "{value!r} does not match the formats {formats}.", 1)


def install() -> None:
    """Make click's modules look their messages up in tt's catalog (idempotent)."""
    for name in MODULES:
        module: ModuleType = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            module._ = gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext  # type: ignore[attr-defined]
