"""What every command prints, by one path: plain text for people, JSON for machines.

A line is plain text (:func:`line`): nothing in it is markup, so a file path or a player's
name holding ``[bold]`` prints as it is. Styling goes only through :func:`styled`, which shows
control characters of its text as ``\\xNN`` and colours it only on a terminal that takes
colour; tables through :func:`tt_organizer.cli.render.print_table`; errors and warnings
through :func:`error` / :func:`warn`. None of them loads rich.

A translated template may keep style marks around its words (``[bold]{name}[/]``: the
catalog's translations keep them in place); :func:`marked` turns them into :func:`styled`
pieces, the values put in through :func:`escape`. ``console`` and ``err_console`` (rich,
created on first use) remain for ``check-batch``'s progress bar alone."""

from __future__ import annotations

import os
import re
import sys
from functools import lru_cache
from typing import IO, TYPE_CHECKING

from tt_organizer.i18n import gettext as _

if TYPE_CHECKING:
    from rich.console import Console

    console: Console
    err_console: Console

# ANSI codes of the styles :func:`styled` and the tables use
STYLES = {"bold": "1", "italic": "3", "dim": "2", "red": "31", "green": "32", "yellow": "33",
          "bold red": "1;31", "bold green": "1;32", "bold yellow": "1;33"}


@lru_cache(maxsize=4)
def _console(stderr: bool, columns: str | None) -> Console:
    """One console per stream and ``COLUMNS`` (rich reads the width once, when made)."""
    # rich.console: 19 ms of start-up (python -X importtime), paid only when used
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


def __getattr__(name: str) -> Console:
    if name == "console":
        return _console(False, os.environ.get("COLUMNS"))
    if name == "err_console":
        return _console(True, os.environ.get("COLUMNS"))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


LONG_LIST = 100  # a longer list prints one item per line (indenting it all is slow)


def print_json(payload: object, *, long_fields: bool = False) -> None:
    """Print ``payload`` as JSON on stdout (dates and paths as strings); indented, except that
    a list of more than :data:`LONG_LIST` items prints one compact item per line - with
    ``long_fields`` also such a list that is a field of the ``payload`` object (a batch's
    ``rows``): Python indents JSON without its C encoder, ten times slower."""
    import json  # 1.4 ms of `tt --help` (python -X importtime), which prints no JSON

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


def line(text: str = "", *, err: bool = False, flush: bool = False) -> None:
    """Print one line of plain text (never markup) on stdout (``err``: stderr); ``flush``: at
    once (a long-running command's progress, read through a pipe)."""
    stream = sys.stderr if err else sys.stdout
    stream.write(text + "\n")
    if flush:
        stream.flush()


def clean(text: str) -> str:
    """``text`` safe to print: control, format and unassigned characters (line breaks,
    escapes, zero-width and direction marks, lone surrogates) shown as ``\\xNN`` /
    ``\\uNNNN``, other spaces as a space."""
    if text.isprintable():
        return text
    import unicodedata  # 0.2 ms of `tt --help`: only for text that is not printable

    out = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
        elif unicodedata.category(ch) == "Zs":
            out.append(" ")
        else:
            out.append(f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")
    return "".join(out)


def styled(text: str, style: str, *, err: bool = False) -> str:
    """``text`` (control characters shown by :func:`clean`: it cannot style itself) in the
    style ``style`` of :data:`STYLES` when stdout (``err``: stderr) is a terminal that takes
    colour (:func:`colour_on`), else as it is: a piece of a :func:`line`."""
    return paint(clean(text), STYLES[style], colour_on(sys.stderr if err else sys.stdout))


def colour_on(stream: IO[str]) -> bool:
    """Whether rich would colour ``stream``: a terminal, without ``NO_COLOR`` or ``TERM=dumb``."""
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
    _styled_stderr(_("error:"), "1;31", message)


def warn(message: str) -> None:
    """Print a warning line on stderr (``message`` is plain text, never markup)."""
    _styled_stderr(_("warning:"), "33", message)


_TAG = re.compile(r"(\\*)\[([a-z/][a-z /]*)\]")


def escape(text: str) -> str:
    """``text`` (a value put into a :func:`marked` template: a player's name, a file) with
    every ``[word]`` that could read as a style mark made literal, as rich's markup escape
    does (a backslash before it)."""
    return _TAG.sub(lambda m: m.group(1) * 2 + "\\[" + m.group(2) + "]", text)


def marked(text: str, *, err: bool = False) -> str:
    """A catalog template's style marks (``[bold]{name}[/]``, ``[red]…[/]``: the marks the
    translations keep in place) as :func:`styled` pieces; a ``\\[`` (:func:`escape`) is a
    literal ``[``. Values are put in through :func:`escape` before, so none styles itself."""
    out, style, start, pos = [], None, 0, 0
    piece: list[str] = []
    while True:
        m = _TAG.search(text, pos)
        if m is None:
            piece.append(text[start:])
            break
        slashes, word = m.group(1), m.group(2)
        if len(slashes) % 2:  # escaped: a literal [word]
            piece.append(text[start:m.start()] + slashes[: len(slashes) // 2] + f"[{word}]")
            start = pos = m.end()
            continue
        if word.startswith("/") or word in STYLES:
            piece.append(text[start:m.start()] + slashes[: len(slashes) // 2])
            chunk = "".join(piece)
            out.append(styled(chunk, style, err=err) if style and chunk else chunk)
            piece, style = [], (None if word.startswith("/") else word)
            start = pos = m.end()
            continue
        pos = m.end()  # not a style: printed as written
    chunk = "".join(piece)
    out.append(styled(chunk, style, err=err) if style and chunk else chunk)
    return "".join(out)
