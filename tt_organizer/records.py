"""Plain dataclasses for the data the package ships and caches (format definitions, ban lists).

Start-up must not pay for pydantic: a record is a stdlib dataclass, built straight from JSON
when the file is trusted (:meth:`Record.from_trusted`: shipped or written by this package and
matching the checksum recorded then, see :func:`trusted_json`) and checked by pydantic only
when it comes from outside (:meth:`Record.model_validate`, imported on that path alone). The
``model_*`` methods keep the names pydantic models have, so callers did not change.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import json
import sys
import types
import typing
from pathlib import Path
from typing import Any, TypeVar

R = TypeVar("R", bound="Record")
CHECKSUMS_FILE = "checksums.json"
_HINTS: dict[type, dict[str, Any]] = {}


class Record:
    """Mix-in of a dataclass: validate, build from trusted JSON, dump and copy."""

    @classmethod
    def model_validate(cls: type[R], data: Any) -> R:
        """Check ``data`` (parsed JSON from outside) with pydantic; raises its ValidationError."""
        from pydantic import TypeAdapter

        return TypeAdapter(cls).validate_python(data)

    @classmethod
    def load(cls: type[R], data: Any, trusted: bool) -> R:
        """:meth:`from_trusted` for trusted data, else (or if that data is not in the shape
        after all) :meth:`model_validate` -- a bad file gets pydantic's error, never a
        traceback."""
        if trusted:
            try:
                return cls.from_trusted(data)
            except (TypeError, ValueError, KeyError, AttributeError):
                pass
        return cls.model_validate(data)

    @classmethod
    def from_trusted(cls: type[R], data: dict[str, Any]) -> R:
        """Build from JSON this package wrote and checked before (no validation)."""
        hints = _hints(cls)
        return cls(**{
            f.name: _convert(hints[f.name], data[f.name])
            for f in dataclasses.fields(cls)  # type: ignore[arg-type]
            if f.name in data
        })

    def model_dump(self, *, mode: str = "python", exclude: set[str] | None = None
                   ) -> dict[str, Any]:
        """The fields as a dict (nested records too); ``mode="json"`` writes dates as text."""
        out = _dump(self, mode == "json")
        for name in exclude or ():
            out.pop(name, None)
        return out

    def model_copy(self: R, *, deep: bool = False, update: dict[str, Any] | None = None) -> R:
        """A copy (a deep one with ``deep=True``), with the fields of ``update`` replaced."""
        import copy

        base = copy.deepcopy(self) if deep else self
        return dataclasses.replace(base, **(update or {}))  # type: ignore[type-var]


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _convert(tp: Any, value: Any) -> Any:
    """``value`` (from JSON) as type ``tp``: records, dates, lists and dicts of them."""
    if value is None:
        return None
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        kinds = [a for a in typing.get_args(tp) if a is not type(None)]
        return _convert(kinds[0], value) if len(kinds) == 1 else value
    if origin is list:
        (item,) = typing.get_args(tp)
        return [_convert(item, v) for v in value]
    if origin is dict:
        item = typing.get_args(tp)[1]
        return {k: _convert(item, v) for k, v in value.items()}
    if tp is dt.date:
        return dt.date.fromisoformat(value)
    if isinstance(tp, type) and issubclass(tp, Record):
        return tp.from_trusted(value)
    return value


def _dump(value: Any, as_json: bool) -> Any:
    if isinstance(value, Record):
        return {f.name: _dump(getattr(value, f.name), as_json)
                for f in dataclasses.fields(value)}  # type: ignore[arg-type]
    if isinstance(value, list | tuple):
        return [_dump(v, as_json) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v, as_json) for k, v in value.items()}
    if as_json and isinstance(value, dt.date):
        return value.isoformat()
    return value


# --- checksums of trusted files ------------------------------------------------------------


def file_digest(data: bytes) -> str:
    """The SHA-256 of a file's bytes, as hex."""
    return str(_sha256()(data).hexdigest())


@functools.cache
def _sha256() -> Any:
    """The interpreter's built-in SHA-256 when it has one (``hashlib`` loads OpenSSL first, a
    few ms of every start-up), else ``hashlib``'s: the same digest either way."""
    try:
        if sys.version_info >= (3, 12):
            from _sha2 import sha256
        else:
            from _sha256 import sha256
    except ImportError:  # pragma: no cover - a build without it
        from hashlib import sha256
    return sha256


def read_checksums(folder: Path) -> dict[str, str]:
    """``checksums.json`` of ``folder``: file name -> SHA-256 recorded when it was written."""
    try:
        payload = json.loads((folder / CHECKSUMS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    sums = payload.get("files") if isinstance(payload, dict) else None
    return {str(k): str(v) for k, v in sums.items()} if isinstance(sums, dict) else {}


def trusted_json(path: Path, limit: int | None = None, what: str = "file") -> tuple[Any, bool]:
    """The parsed JSON of ``path`` and whether it is trusted: its bytes match the checksum
    recorded beside it (a file shipped or written, and checked, by this package). With
    ``limit``, only a regular file of at most that many bytes is read (``what`` names it)."""
    if limit is None:
        data = path.read_bytes()
    else:
        from tt_organizer.safe_files import read_limited

        data = read_limited(path, limit, what=what)
    recorded = read_checksums(path.parent).get(path.name)
    return json.loads(data), recorded is not None and recorded == file_digest(data)


def record_checksum(path: Path) -> None:
    """Record the current bytes of ``path`` as trusted, in its folder's ``checksums.json``
    (call it only after the file was checked)."""
    from tt_organizer.atomic import atomic_write

    sums = read_checksums(path.parent)
    sums[path.name] = file_digest(path.read_bytes())
    with atomic_write(path.parent / CHECKSUMS_FILE) as tmp:
        tmp.write_text(json.dumps({"files": dict(sorted(sums.items()))}, indent=2) + "\n",
                       encoding="utf-8")
