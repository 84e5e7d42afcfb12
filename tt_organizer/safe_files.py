"""Reading a file the user named, safely: only a regular file, and never more than a limit.

A named pipe nobody writes to would block ``open()`` forever, ``/dev/zero`` would be read until
memory runs out, and a folder or socket gives an obscure error. :func:`read_limited` refuses
all of them (an :class:`~tt_organizer.errors.InputError` naming the file, exit 2) before
reading, and reads at most ``limit + 1`` bytes so a file that grows meanwhile is still refused.
Named pipes are read only where a caller allows them (a decklist from ``<(curl ...)``): opened
non-blocking, so a pipe without a writer reads as empty instead of hanging.
"""

from __future__ import annotations

import errno
import os
import stat
from typing import TYPE_CHECKING

from tt_organizer.errors import InputError
from tt_organizer.i18n import N_, Term

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

MiB = 1024 * 1024
LINK_REFUSED = "link-refused"  # a code of tt_organizer.messages
# what the callers of read_limited say a file should be (``what=``), marked for the catalog
KINDS = (N_("file"), N_("decklist file"), N_("spreadsheet"), N_("card facts table"),
         N_("card list"), N_("list of names"), N_("pairings file"), N_("token file"),
         N_("infraction list"), N_("game dataset"), N_("season file"), N_("points scheme"),
         N_("format definition"), N_("ban-list file"))


def _size_text(limit: int) -> str:
    if limit % MiB == 0:
        return f"{limit // MiB} MiB"
    return f"{limit:,} bytes"


def _noun(what: str) -> str:
    """``file`` for a "... file", else ``what`` ("card list too large", "file too large")."""
    return "file" if what == "file" or what.endswith(" file") else what


def read_limited(
    path: str | Path,
    limit: int,
    *,
    what: str = "file",
    source: str | None = None,
    pipes: bool = False,
    dir_fd: int | None = None,
    follow: bool = True,
) -> bytes:
    """The bytes of ``path`` if it is a regular file (or, with ``pipes``, a named pipe) of at
    most ``limit`` bytes; :class:`InputError` (naming ``source`` or the path) otherwise.
    ``what`` names the expected content in the messages (``"decklist file"``).

    ``dir_fd``: ``path`` is a name in the folder open as that descriptor (``openat``);
    ``follow=False``: a symbolic link is refused, not followed, also one swapped in between the
    check and the open (``O_NOFOLLOW``), so a folder's file replaced by a link to outside the
    folder while a batch runs is never read."""
    p = path
    where = source if source is not None else _shown(path)
    nofollow = 0 if follow else os.O_NOFOLLOW
    try:
        info = os.stat(p, dir_fd=dir_fd, follow_symlinks=follow)
        if stat.S_ISLNK(info.st_mode):
            raise InputError(LINK_REFUSED, file=where)
        if stat.S_ISDIR(info.st_mode):
            raise InputError("directory-not-a", file=where, what=Term(what))
        if stat.S_ISFIFO(info.st_mode) and pipes:
            data = _read_pipe(p, limit, dir_fd, nofollow)
        elif not stat.S_ISREG(info.st_mode):
            kind = N_("a named pipe") if stat.S_ISFIFO(info.st_mode) else N_("a device or socket")
            raise InputError("not-regular-kind", file=where, kind=Term(kind), what=Term(what))
        elif info.st_size > limit:
            raise InputError("too-large-size", file=where, what=Term(_noun(what)),
                             size=info.st_size, limit=_size_text(limit))
        else:
            # O_NONBLOCK: should the path be swapped for a pipe after the check, open() still
            # returns at once (it has no effect on reading a regular file)
            fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | nofollow, dir_fd=dir_fd)
            with open(fd, "rb") as handle:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    raise InputError("not-regular", file=where, what=Term(what))
                os.set_blocking(fd, True)
                data = handle.read(limit + 1)
    except FileNotFoundError:
        raise InputError("file-missing", file=where) from None
    except PermissionError:
        raise InputError("permission-denied", file=where) from None
    except IsADirectoryError:
        raise InputError("directory-not-a", file=where, what=Term(what)) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP and not follow:  # O_NOFOLLOW met a link swapped in
            raise InputError(LINK_REFUSED, file=where) from None
        raise InputError("cannot-read-file", file=where, error=exc.strerror or str(exc)) from None
    if len(data) > limit:
        raise InputError("too-large", file=where, what=Term(_noun(what)),
                         limit=_size_text(limit))
    return data


def _shown(path: str | Path) -> str:
    """``path`` as messages name it: as pathlib writes it (``./a//b`` is ``a/b``)."""
    text = os.fspath(path)
    parts = [p for p in text.split("/") if p not in ("", ".")]
    shown = "/".join(parts)
    if text.startswith("//") and not text.startswith("///"):
        return "//" + shown
    return ("/" + shown) if text.startswith("/") else (shown or ".")


def _read_pipe(path: str | Path, limit: int, dir_fd: int | None = None, flags: int = 0
               ) -> bytes:
    """At most ``limit + 1`` bytes of a named pipe: opened non-blocking, so a pipe that no
    program writes to reads as empty instead of hanging, then read to the writer's end."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | flags, dir_fd=dir_fd)
    with open(fd, "rb") as handle:
        os.set_blocking(fd, True)
        return handle.read(limit + 1)


def is_regular_file(path: str | Path) -> bool:
    """True if ``path`` exists and is a regular file (symlinks followed)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def read_json(path: str | Path, limit: int, *, what: str = "file", code: str | None = None
              ) -> Any:
    """The JSON value in ``path``, read under :func:`read_limited`'s rules (a regular file of
    at most ``limit`` bytes); UTF-8 text, with or without a byte-order mark. InputError (with
    ``code``) for text that is not UTF-8, not JSON, or nested too deeply to read."""
    import json

    where = _shown(path)
    raw = read_limited(path, limit, what=what)
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise InputError("not-utf8", file=where, code=code, reason=exc.reason,
                         at=exc.start) from None
    except ValueError as exc:
        raise InputError("not-json", file=where, code=code, error=str(exc)) from None
    except RecursionError:
        raise InputError("json-too-deep", file=where, code=code, what=Term(what)) from None
