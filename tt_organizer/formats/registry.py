"""Find format definitions: the ones shipped in the package and any an organizer adds."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from tt_organizer.errors import InputError
from tt_organizer.formats.model import FormatDefinition
from tt_organizer.paths import user_data_dir

DEFAULT_FORMAT = "tamer-tactics-0.9.1"
ALIASES = {"tamer-tactics": DEFAULT_FORMAT, "tt": DEFAULT_FORMAT}
_SHIPPED = Path(__file__).resolve().parent / "definitions"


def definition_dirs() -> list[Path]:
    """Folders searched for ``*.json`` definitions: shipped first, then the user's."""
    return [_SHIPPED, user_data_dir() / "formats"]


def read_definition(path: Path) -> FormatDefinition:
    """Read and check one definition file."""
    try:
        return FormatDefinition.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (ValueError, ValidationError) as exc:
        raise InputError(f"bad format definition: {exc}", file=str(path)) from None


@lru_cache(maxsize=1)
def all_formats() -> dict[str, FormatDefinition]:
    """Every known format by id."""
    found: dict[str, FormatDefinition] = {}
    for folder in definition_dirs():
        if folder.is_dir():
            for path in sorted(folder.glob("*.json")):
                fmt = read_definition(path)
                found[fmt.id] = fmt
    return found


def get_format(format_id: str | None = None) -> FormatDefinition:
    """The definition for ``format_id`` (default Tamer Tactics 0.9.1)."""
    key = ALIASES.get(format_id or DEFAULT_FORMAT, format_id or DEFAULT_FORMAT)
    formats = all_formats()
    if key not in formats:
        raise InputError(f"unknown format {format_id!r}; known: {', '.join(sorted(formats))}")
    return formats[key]
