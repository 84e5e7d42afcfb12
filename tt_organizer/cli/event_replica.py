"""``tt event replicate`` and ``tt event restore``: continuous copies of the event file with
Litestream, and the newest copy back into a new file (:mod:`tt_organizer.events.replica`)."""

from __future__ import annotations

import signal
import time

import click

from tt_organizer.cli.options import event_option, json_option
from tt_organizer.cli.output import line, print_json, warn
from tt_organizer.events.replica import Copier, ReplicaState, describe, litestream_version
from tt_organizer.events.replica import restore as restore_copy
from tt_organizer.i18n import gettext as _

WARN_EVERY = 30.0  # seconds between two repeats of the same warning

replica_option = click.option(
    "--replica", "replica", required=True, metavar="DEST",
    help="Where the copies go: a folder (a USB stick, a network share) or a replica URL "
         "Litestream accepts (sftp://user@host/path, s3://bucket/path).")
ssh_key_option = click.option(
    "--ssh-key", default=None, metavar="FILE",
    help="With an sftp:// DEST: the private key to log in with (or put a password in the URL).")
sync_option = click.option(
    "--sync-interval", type=click.FloatRange(0.05, 3600), default=1.0, show_default=True,
    metavar="SECONDS", help="Seconds between two uploads of the changes to the copy.")


@click.command("replicate")
@replica_option
@sync_option
@ssh_key_option
@json_option
@event_option
def replicate(replica: str, sync_interval: float, ssh_key: str | None, as_json: bool,
              event_path: str) -> None:
    """Copy the event file continuously to DEST with Litestream, in the foreground until
    stopped (Ctrl-C or SIGTERM); every `tt event` command keeps working meanwhile. Exit 1
    when the copy was failing as it stopped."""
    copier = Copier(event_path, replica, sync_interval, ssh_key=ssh_key)
    version = litestream_version(copier.binary)
    copier.start()
    if not as_json:
        line(_("Copying {event} to {dest} every {seconds:g} s with Litestream {version} "
               "(Ctrl-C stops)").format(event=event_path, dest=copier.dest.shown,
                                        seconds=sync_interval, version=version), flush=True)
    signal.signal(signal.SIGTERM, lambda *_args: copier.stopping.set())
    report = Reporter(as_json)
    try:
        copier.watch(report)
    except KeyboardInterrupt:
        pass
    finally:
        final = copier.stop()
    if final is not None:
        report(final)
    if final is not None and final.failed:
        raise SystemExit(1)  # the copy was failing when it stopped


class Reporter:
    """Prints a state when it says something new: its health or the copy's position changed
    (and a failing copy again every WARN_EVERY seconds, on stderr); ``loud_only``: only
    the warnings."""

    def __init__(self, as_json: bool, *, loud_only: bool = False) -> None:
        self.as_json = as_json
        self.loud_only = loud_only  # only the warnings (the server's terminal)
        self.last: tuple[str, int, str | None] | None = None
        self.warned = 0.0

    def __call__(self, state: object) -> None:
        assert isinstance(state, ReplicaState)
        now = time.time()
        key = (state.health(now), state.copied_txid, state.error)
        text, loud = describe(state, now)
        if key == self.last and not (loud and now - self.warned > WARN_EVERY):
            return
        if self.loud_only and not loud:
            self.last = key
            return
        self.last = key
        if self.as_json:
            print_json(state.to_json(now))
        elif loud:
            warn(text)
        else:
            line(f"{time.strftime('%H:%M:%S')} {text}", flush=True)
        if loud:
            self.warned = now


@click.command("restore")
@click.argument("dest", metavar="DEST")
@click.option("-o", "--out", "out", required=True, metavar="FILE",
              type=click.Path(dir_okay=False, path_type=str),
              help="The new event file to write (never an existing one).")
@ssh_key_option
@json_option
def restore(dest: str, out: str, ssh_key: str | None, as_json: bool) -> None:
    """Restore the newest copy at DEST (the folder or URL given to --replica) into the new
    event file FILE, check it, and say how far it goes."""
    done = restore_copy(dest, out, ssh_key=ssh_key)
    if as_json:
        print_json(done.to_json())
        return
    line(_("Restored {file} from {dest}").format(file=done.path, dest=done.source))
    where = (_("registration") if done.stage == "registration"
             else _("Swiss round {round}").format(round=done.round) if done.stage == "swiss"
             else _("top-cut round {round}").format(round=done.round))
    line(_("  {event}: {where}; {reported}/{matches} results, {players} players").format(
        event=done.event, where=where, reported=done.reported, matches=done.matches,
        players=done.players))
    if done.last_change_at:
        line(_("  it goes up to its last change, {at}: {what}").format(
            at=done.last_change_at, what=done.last_change or ""))
