"""Console output shared by every command: rich for people, JSON for machines.

``console`` and ``err_console`` are created on first use, so a command that prints only JSON
never imports rich."""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

    from rich.console import Console

    console: Console
    err_console: Console


@lru_cache(maxsize=4)
def _console(stderr: bool, columns: str | None) -> Console:
    """One console per stream and ``COLUMNS`` (rich reads the width once, when made)."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


def __getattr__(name: str) -> Any:
    import os

    if name == "console":
        return _console(False, os.environ.get("COLUMNS"))
    if name == "err_console":
        return _console(True, os.environ.get("COLUMNS"))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


LONG_LIST = 100  # a longer list prints one item per line (indenting it all is slow)


def print_json(payload: Any, *, long_fields: bool = False) -> None:
    """Print ``payload`` as JSON on stdout (dates and paths as strings); indented, except that
    a list of more than :data:`LONG_LIST` items prints one compact item per line - with
    ``long_fields`` also such a list that is a field of the ``payload`` object (a batch's
    ``rows``): Python indents JSON without its C encoder, ten times slower."""
    encode = json.JSONEncoder(ensure_ascii=False, default=str).encode  # one encoder
    if isinstance(payload, list) and len(payload) > LONG_LIST:
        sys.stdout.write("[\n  " + ",\n  ".join(map(encode, payload)) + "\n]\n")
        return
    if long_fields and isinstance(payload, dict) and payload:
        fields = []
        for key, value in payload.items():
            if isinstance(value, list) and len(value) > LONG_LIST:
                text = "[\n    " + ",\n    ".join(map(encode, value)) + "\n  ]"
            else:  # JSON text holds no raw line break: re-indenting its lines is safe
                text = json.dumps(value, indent=2, ensure_ascii=False, default=str)
                text = text.replace("\n", "\n  ")
            fields.append(f"  {encode(str(key))}: {text}")
        sys.stdout.write("{\n" + ",\n".join(fields) + "\n}\n")
        return
    sys.stdout.write(json.dumps(payload, indent=2, ensure_ascii=False, default=str) + "\n")


def line(text: str) -> None:
    """Print one line of plain text (never markup) on stdout, without loading rich."""
    sys.stdout.write(text + "\n")


def colour_on(stream: Any) -> bool:
    """Whether rich would colour ``stream``: a terminal, without ``NO_COLOR`` or ``TERM=dumb``."""
    import os

    return bool(stream.isatty() and not os.environ.get("NO_COLOR")
                and os.environ.get("TERM") != "dumb")


def paint(text: str, ansi: str, colour: bool) -> str:
    """``text`` in the ANSI style ``ansi`` (``1`` bold, ``32`` green, ``31`` red) when
    ``colour`` (:func:`colour_on` of the stream), else as it is: a line for :func:`line`,
    styled without rich (which renders each printed line's markup: a second per 4,000)."""
    return f"\x1b[{ansi}m{text}\x1b[0m" if colour else text


def _styled_stderr(label: str, ansi: str, message: str) -> None:
    """``label message`` on stderr, the label coloured on a terminal (rich's own rules: not
    with ``NO_COLOR`` or ``TERM=dumb``), without loading rich."""
    colour = colour_on(sys.stderr)
    head = f"\x1b[{ansi}m{label}\x1b[0m" if colour else label
    sys.stderr.write(f"{head} {message}\n")
    sys.stderr.flush()


def error(message: str) -> None:
    """Print an error line on stderr (``message`` is plain text, never markup)."""
    from tt_organizer.i18n import gettext as _

    _styled_stderr(_("error:"), "1;31", message)


def warn(message: str) -> None:
    """Print a warning line on stderr (``message`` is plain text, never markup)."""
    from tt_organizer.i18n import gettext as _

    _styled_stderr(_("warning:"), "33", message)


def escape(text: str) -> str:
    """Escape rich markup in player-entered text."""
    from rich.markup import escape as _escape

    return _escape(text)
