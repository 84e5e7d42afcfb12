"""Atomic file writes: a temporary file beside the target, fsynced, renamed into place.

Every file the toolkit writes (workbooks, CSV, JSON reports, the card data, the ban-list cache)
goes through :func:`atomic_write`, so a failed or killed write never leaves a broken file where
a good one was. The temporary file names the writing process; the next write of the same file
removes those of processes that no longer run (a ``kill -9`` during an export).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from tt_organizer.errors import InputError

STALE_UNNAMED_SECONDS = 24 * 3600


def _final_mode(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":  # pragma: no cover - directories cannot be opened on Windows
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process (EPERM): alive
        return True
    return True


def clean_stale_temps(path: Path) -> list[Path]:
    """Remove the temporary files a killed writer of ``path`` left beside it; returns them.

    Ours are named ``.<name>.<pid>.<random>.tmp``: one whose process no longer runs is stale.
    One without a process id (written by an older version) is stale after a day.
    """
    removed: list[Path] = []
    prefix = f".{path.name}."
    try:
        candidates = [p for p in path.parent.iterdir()
                      if p.name.startswith(prefix) and p.name.endswith(".tmp")]
    except OSError:
        return removed
    for candidate in candidates:
        middle = candidate.name[len(prefix):-len(".tmp")]
        pid_text, dot, _ = middle.partition(".")
        try:
            if dot and pid_text.isascii() and pid_text.isdigit() and len(pid_text) <= 10:
                stale = not _alive(int(pid_text))
            else:
                stale = time.time() - candidate.lstat().st_mtime > STALE_UNNAMED_SECONDS
            if stale and candidate.is_file() and not candidate.is_symlink():
                candidate.unlink()
                removed.append(candidate)
        except OSError:
            continue
    return removed


class _AtomicFile:
    """A temporary file beside ``path`` that replaces ``path`` only when fully written."""

    def __init__(self, path: Path) -> None:
        self.path = path
        clean_stale_temps(path)
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp",
                                    dir=path.parent)
        os.close(fd)
        self.tmp = Path(name)

    def commit(self) -> None:
        os.chmod(self.tmp, _final_mode(self.path))
        with open(self.tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(self.tmp, self.path)
        _fsync_dir(self.path.parent)

    def discard(self) -> None:
        with contextlib.suppress(OSError):
            self.tmp.unlink()


def _write_error(path: Path, exc: OSError) -> InputError:
    return InputError("cannot-write-file", file=str(path), error=exc.strerror or str(exc))


@contextlib.contextmanager
def atomic_write(out: Path) -> Iterator[Path]:
    """Yield a temporary path beside ``out``; rename it over ``out`` when the block ends.

    If the block (or the rename) fails the temporary file is removed, a file already at
    ``out`` is left as it was, and an OSError becomes a one-line :class:`InputError`.
    """
    try:
        atomic = _AtomicFile(out)
    except OSError as exc:
        raise _write_error(out, exc) from None
    try:
        yield atomic.tmp
        atomic.commit()
    except OSError as exc:
        atomic.discard()
        raise _write_error(out, exc) from None
    except BaseException:
        atomic.discard()
        raise


def write_files_atomic(files: Sequence[tuple[Path, bytes]]) -> None:
    """Write several files as one step: all of them, or (an OSError on the way, a full disk,
    a target that cannot be replaced) none -- each file already there is left as it was.

    Every new content goes to a fsynced temporary file beside its target first; only then are
    they renamed into place, in order. A rename that fails puts the files already renamed back
    (their earlier bytes, read before) and removes what was not there before. Raises the
    :class:`InputError` of the file that could not be written."""
    temps: list[tuple[Path, Path]] = []
    current: Path | None = None
    try:
        for path, data in files:
            current = path
            path.parent.mkdir(parents=True, exist_ok=True)
            clean_stale_temps(path)
            fd, name = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp",
                                        dir=path.parent)
            temps.append((path, Path(name)))
            with open(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(name, _final_mode(path))
    except OSError as exc:
        _discard(temps)
        raise _write_error(current or files[0][0], exc) from None
    done: list[tuple[Path, bytes | None]] = []
    try:
        for path, tmp in temps:
            current = path
            before = path.read_bytes() if os.path.lexists(path) else None
            os.replace(tmp, path)
            done.append((path, before))
    except OSError as exc:
        _discard(temps)
        for path, before in reversed(done):
            with contextlib.suppress(OSError):
                if before is None:
                    path.unlink()
                else:
                    with atomic_write(path) as back:
                        back.write_bytes(before)
        raise _write_error(current or files[0][0], exc) from None
    for folder in {path.parent for path, _ in files}:
        _fsync_dir(folder)


def _discard(temps: list[tuple[Path, Path]]) -> None:
    for _, tmp in temps:
        with contextlib.suppress(OSError):
            tmp.unlink()


def json_bytes(payload: object) -> bytes:
    """``payload`` as :func:`write_json_atomic` writes it (indented)."""
    return (json.dumps(payload, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def write_json_atomic(target: Path, payload: object, *, compact: bool = False) -> None:
    """Write JSON atomically (:func:`atomic_write`); ``compact`` puts each
    row of a list of rows on one line (the card data), else the JSON is indented."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(target) as tmp:
        if compact:
            tmp.write_text(_compact_json(payload), encoding="utf-8")
        else:
            tmp.write_bytes(json_bytes(payload))


def _compact_json(payload: object) -> str:
    parts = ["{\n"]
    items = list(payload.items()) if isinstance(payload, dict) else []
    for n, (key, value) in enumerate(items):
        sep = "," if n < len(items) - 1 else ""
        if isinstance(value, list) and value and isinstance(value[0], list):
            rows = (json.dumps(v, ensure_ascii=False) for v in value)
            parts.append(f" {json.dumps(key)}: [\n" + ",\n".join("  " + r for r in rows)
                         + f"\n ]{sep}\n")
        else:
            parts.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{sep}\n")
    parts.append("}\n")
    return "".join(parts)


def make_folder(folder: str | Path) -> Path:
    """``folder``, made (with its parents) if it does not exist yet: where a command writes
    several files. InputError if it is a file or cannot be made."""
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise InputError("file-not-folder", file=str(out))
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError("cannot-make-folder", file=str(out),
                         error=exc.strerror or str(exc)) from None
    return out
