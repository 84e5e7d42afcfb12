"""Failures of a command turned into a message and an exit code, in one place, without click:
the click group (:class:`tt_organizer.cli.main.TTGroup`) and the click-free path
(:mod:`tt_organizer.cli.fast`) both end a failed command here."""

from __future__ import annotations

import sys

from tt_organizer.errors import EXIT_INPUT, EXIT_OK, TTError


def committed_changes() -> int:
    """Event changes committed so far (0 when no event command has been loaded)."""
    store = sys.modules.get("tt_organizer.events.store")
    return store.committed_changes() if store is not None else 0


def first_line(text: str, limit: int = 200) -> str:
    """The first line of ``text``, cut to ``limit`` characters."""
    line = text.splitlines()[0] if text else text
    return line if len(line) <= limit else line[: limit - 3] + "..."


def fail(message: str, code: int, commits: int = 0) -> int:
    """Print ``message`` as the command's error and return ``code`` -- or, when an event change
    was committed since ``commits``, warn that it was saved and return 0."""
    from tt_organizer.cli.output import error, warn

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
        from tt_organizer.cli.advice import failure

        return fail(*failure(exc), commits)
    # the event store is imported only by the commands that use it: a database error can
    # only come when it is loaded (importing it here would slow every start-up)
    store = sys.modules.get("tt_organizer.events.store")
    if store is None or not isinstance(exc, store.DatabaseError):
        return None
    return fail(f"database error: {first_line(str(exc))}", EXIT_INPUT, commits)
