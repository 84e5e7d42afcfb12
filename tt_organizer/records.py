"""Records: the one way the package loads structured data (format definitions, ban lists,
season files) -- a plain dataclass with this mix-in, loaded by :meth:`Record.load`.

Why dataclasses and not pydantic models (measured by ``benchmarks/records.py``): a deck check
reads a format definition and a ban list at every run, and importing pydantic and building
its validators costs more than the rest of the check (the script prints the ratio). So a
record is a dataclass; :meth:`Record.load` builds it straight from JSON this package wrote and
checked (:meth:`Record.from_trusted`: the file matches the checksum recorded beside it, see
:func:`trusted_json`), and checks anything else field by field with pydantic
(:meth:`Record.validate`: pydantic's ``TypeAdapter`` over the same dataclass, imported on that
path alone; ``__pydantic_config__`` on a record sets strictness). There is no second record
type: pydantic validates, the dataclass is what every caller holds.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any, TypeVar

    R = TypeVar("R", bound="Record")

CHECKSUMS_FILE = "checksums.json"
FAST_KEY = "blake2b"  # checksums.json: {"files": {name: SHA-256}, "blake2b": {name: BLAKE2b}}
_CONVERTERS: dict[type, dict[str, Callable[[Any], Any]]] = {}


class Record:
    """Mix-in of a record (a dataclass): validate, build from trusted
    JSON, dump."""

    @classmethod
    def validate(cls: type[R], data: Any) -> R:
        """Check ``data`` (parsed JSON from outside) with pydantic; raises its ValidationError."""
        from pydantic import TypeAdapter

        return TypeAdapter(cls).validate_python(data)

    @classmethod
    def load(cls: type[R], data: Any, trusted: bool) -> R:
        """:meth:`from_trusted` for trusted data, else (or if that data is not in the shape
        after all) :meth:`validate` -- a bad file gets pydantic's error, never a
        traceback."""
        if trusted:
            try:
                return cls.from_trusted(data)
            except (TypeError, ValueError, KeyError, AttributeError):
                pass
        return cls.validate(data)

    @classmethod
    def from_trusted(cls: type[R], data: dict[str, Any]) -> R:
        """Build from JSON this package wrote and checked before (no validation)."""
        converters = _converters(cls)
        return cls(**{name: convert(data[name]) for name, convert in converters.items()
                      if name in data})

    def to_dict(self, *, as_json: bool = False, exclude: set[str] | None = None
                ) -> dict[str, Any]:
        """The fields as a dict (nested records too); ``as_json`` writes dates as text."""
        out = _dump(self, as_json)
        for name in exclude or ():
            out.pop(name, None)
        return out



def _converters(cls: type) -> dict[str, Callable[[Any], Any]]:
    """Field name -> the function turning its JSON value into the field's type, read off the
    field's annotation (text, as ``from __future__ import annotations`` leaves it)."""
    if cls not in _CONVERTERS:
        namespace = vars(sys.modules[cls.__module__])
        _CONVERTERS[cls] = {
            f.name: _converter(str(f.type), namespace)
            for f in dataclasses.fields(cls)
        }
    return _CONVERTERS[cls]


def _same(value: Any) -> Any:
    return value


def _split_top(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch == "["
        depth -= ch == "]"
        if depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i].strip())
            start = i + len(sep)
    return [*parts, text[start:].strip()]


def _converter(annotation: str, namespace: dict[str, Any]) -> Callable[[Any], Any]:
    """The JSON -> value function of one annotation: records, dates, lists and dicts of them,
    ``X | None``; anything else (``str``, ``int``, ``Literal[...]``) is taken as it is."""
    kinds = [k for k in _split_top(annotation, "|") if k != "None"]
    if len(kinds) != 1:
        return _same
    kind = kinds[0]
    if kind.endswith("]") and "[" in kind:
        origin, args = kind[:-1].split("[", 1)
        items = _split_top(args, ",")
        if origin == "list" and len(items) == 1:
            item = _converter(items[0], namespace)
            return _same if item is _same else lambda v: None if v is None else [
                item(x) for x in v]
        if origin == "dict" and len(items) == 2:
            value = _converter(items[1], namespace)
            return _same if value is _same else lambda v: None if v is None else {
                k: value(x) for k, x in v.items()}
        return _same
    target: Any = namespace.get(kind.split(".")[0])
    for part in kind.split(".")[1:]:
        target = getattr(target, part, None)
    if isinstance(target, type) and issubclass(target, Record):
        return lambda v: None if v is None else target.from_trusted(v)
    if isinstance(target, type) and target.__module__ == "datetime" and hasattr(
            target, "fromisoformat"):
        return lambda v: None if v is None else target.fromisoformat(v)
    return _same


def _dump(value: Any, as_json: bool) -> Any:
    if isinstance(value, Record):
        return {f.name: _dump(getattr(value, f.name), as_json)
                for f in dataclasses.fields(value)}  # type: ignore[arg-type]
    if isinstance(value, list | tuple):
        return [_dump(v, as_json) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v, as_json) for k, v in value.items()}
    if as_json and hasattr(value, "isoformat") and type(value).__module__ == "datetime":
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


def fast_digest(data: bytes) -> str:
    """The BLAKE2b-256 of a file's bytes, as hex: recorded beside the SHA-256 because the
    interpreter's built-in BLAKE2b reads a file three times faster (the 330 kB card list: 0.4
    bare Python start-ups of SHA-256 at every deck check, 0.13 of BLAKE2b)."""
    try:
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - a build without it
        from hashlib import blake2b
    return str(blake2b(data, digest_size=32).hexdigest())


def _read_record(folder: str | Path) -> dict[str, Any]:
    try:
        with open(os.path.join(folder, CHECKSUMS_FILE), encoding="utf-8") as file:
            payload = json.load(file)
    except (OSError, ValueError):
        return {}
    return payload if isinstance(payload, dict) else {}


def _digests(payload: dict[str, Any], key: str) -> dict[str, str]:
    sums = payload.get(key)
    return {str(k): str(v) for k, v in sums.items()} if isinstance(sums, dict) else {}


def read_checksums(folder: str | Path) -> dict[str, str]:
    """``checksums.json`` of ``folder``: file name -> SHA-256 recorded when it was written."""
    return _digests(_read_record(folder), "files")


def matches_record(path: str | Path, data: bytes) -> bool:
    """True if ``data``, the bytes of ``path``, are what was recorded in ``checksums.json``
    beside it when it was written and checked: by the BLAKE2b recorded for it (a file recorded
    by this version), else by its SHA-256 (one recorded by an older version, which knew only
    SHA-256 and rewrote the file without the BLAKE2b part)."""
    folder, name = os.path.split(path)
    payload = _read_record(folder or ".")
    fast = _digests(payload, FAST_KEY).get(name)
    if fast is not None:
        return fast == fast_digest(data)
    recorded = _digests(payload, "files").get(name)
    return recorded is not None and recorded == file_digest(data)


def trusted_json(path: str | Path, limit: int | None = None, what: str = "file"
                 ) -> tuple[Any, bool]:
    """The parsed JSON of ``path`` and whether it is trusted: its bytes match the checksum
    recorded beside it (a file shipped or written, and checked, by this package). With
    ``limit``, only a regular file of at most that many bytes is read (``what`` names it)."""
    if limit is None:
        with open(path, "rb") as file:
            data = file.read()
    else:
        from tt_organizer.safe_files import read_limited

        data = read_limited(path, limit, what=what)
    return json.loads(data), matches_record(path, data)


def record_checksum(path: Path) -> None:
    """Record the current bytes of ``path`` as trusted, in its folder's ``checksums.json``
    (call it only after the file was checked)."""
    from tt_organizer.atomic import atomic_write

    record = checksums_with(path.parent, {path.name: path.read_bytes()})
    with atomic_write(path.parent / CHECKSUMS_FILE) as tmp:
        tmp.write_bytes(record)


def checksums_with(folder: str | Path, files: dict[str, bytes]) -> bytes:
    """The bytes of ``folder``'s ``checksums.json`` once ``files`` (name -> the bytes about to
    be written under that name, checked) are recorded too; nothing is written here (a caller
    that writes several files as one step writes this with them)."""
    payload = _read_record(folder)
    sums, fast = _digests(payload, "files"), _digests(payload, FAST_KEY)
    for name, data in files.items():
        sums[name], fast[name] = file_digest(data), fast_digest(data)
    record = {"files": dict(sorted(sums.items())), FAST_KEY: dict(sorted(fast.items()))}
    return (json.dumps(record, indent=2) + "\n").encode("utf-8")
