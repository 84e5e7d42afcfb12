"""Console output shared by every command: rich for people, JSON for machines."""

from __future__ import annotations

import json
import sys
from typing import Any

from rich.console import Console

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)


def print_json(payload: Any) -> None:
    """Print ``payload`` as JSON on stdout (dates and paths as strings)."""
    sys.stdout.write(json.dumps(payload, indent=2, ensure_ascii=False, default=str) + "\n")


def error(message: str) -> None:
    """Print an error line on stderr (``message`` is plain text, never markup)."""
    err_console.print(f"[bold red]error:[/] {escape(message)}", markup=True, soft_wrap=True)


def warn(message: str) -> None:
    """Print a warning line on stderr (``message`` is plain text, never markup)."""
    err_console.print(f"[yellow]warning:[/] {escape(message)}", markup=True, soft_wrap=True)


def escape(text: str) -> str:
    """Escape rich markup in player-entered text."""
    from rich.markup import escape as _escape

    return _escape(text)
