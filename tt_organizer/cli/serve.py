"""``tt event serve``: the event on every phone in the room."""

from __future__ import annotations

import ipaddress
import os
import signal
import sys
import threading

import click

from tt_organizer.cli.event_replica import Reporter
from tt_organizer.cli.options import PORT, json_option
from tt_organizer.cli.output import line, print_json
from tt_organizer.errors import InputError
from tt_organizer.events.replica import Copier
from tt_organizer.events.store import connect
from tt_organizer.i18n import N_
from tt_organizer.i18n import gettext as _
from tt_organizer.safe_files import read_limited


@click.command("serve")
@click.option("--port", type=PORT, default=8000, show_default=True,
              help="TCP port to listen on.")
@click.option("--lan", is_flag=True,
              help="Listen on the LAN (all interfaces), not only this computer; prints the "
                   "address and a QR code for the players.")
@click.option("--token", envvar="TT_SERVE_TOKEN", default=None, metavar="TOKEN",
              help="Organizer token, at least 128 random bits; better from the environment "
                   "(TT_SERVE_TOKEN) or --token-file than typed here, where `ps` shows it "
                   "(default a fresh random one).")
@click.option("--token-file", default=None, metavar="FILE",
              help="Read the organizer token from the first line of FILE.")
@click.option("--proxy", default=None, metavar="ADDR",
              help="The address of a reverse proxy in front of the server: only its "
                   "X-Forwarded-For header is believed (by default no one's is).")
@click.option("--replica", default=None, metavar="DEST",
              help="Copy the event file continuously to DEST with Litestream while serving "
                   "(a folder, or a replica URL: sftp://…, s3://…); stops with the server.")
@click.option("--sync-interval", type=click.FloatRange(0.05, 3600), default=1.0,
              show_default=True, metavar="SECONDS",
              help="With --replica: seconds between two uploads of the changes.")
@click.option("--ssh-key", default=None, metavar="FILE",
              help="With an sftp:// --replica: the private key to log in with.")
@json_option
@click.option("--event", "event_paths", multiple=True, type=click.Path(dir_okay=False),
              help="Event database file (env TT_EVENT; default event.sqlite); repeat it to "
                   "serve several events from one port, each under /e/<id>.")
@click.option("--events", "events_dir", default=None, metavar="DIR",
              type=click.Path(file_okay=False),
              help="Serve every event file (*.sqlite) of the folder DIR, each under /e/<id>.")
def serve(port: int, lan: bool, token: str | None, token_file: str | None, proxy: str | None,
          replica: str | None, sync_interval: float, ssh_key: str | None, as_json: bool,
          event_paths: tuple[str, ...], events_dir: str | None) -> None:
    """Serve the event to phones: pairings, standings, my page, result reports confirmed by
    the opponent, decklist submission, an organizer console (/org) and a projector page.

    Listens on 127.0.0.1 unless --lan. Stop it with Ctrl-C; the CLI keeps working on the same
    event file meanwhile.
    """
    try:  # the web server's packages are an extra (pip install '.[serve]'): maybe missing
        from tt_organizer.web import launch, security
    except ImportError as exc:
        missing = (exc.name or "a package").split(".")[0]
        raise InputError(f"tt event serve needs the serve extra ({missing} is missing): from "
                         "the clone of tt-organizer, pip install -e '.[serve]'") from None

    paths = _event_paths(event_paths, events_dir)
    for path in paths:
        with connect(path):  # a clear error now for a missing or foreign file
            pass
    if replica and len(paths) > 1:
        raise InputError("--replica copies one event: serve the events one by one to copy "
                         "them", code="replica-one-event")
    event_path = paths[0]
    if token_file is not None:
        token = _read_token(token_file)
    token = security.check_token(token) if token else security.new_token()
    if proxy is not None:
        proxy = _address(proxy)
    launch.check_port(security.bind_host(lan), port)
    url = launch.player_url(lan, port)
    host = security.bind_host(lan)
    copier = _start_copier(event_path, replica, sync_interval, ssh_key) if replica else None
    if as_json:
        print_json(launch.server_info(event_path, host, port, url, token,
                                      copier.dest.shown if copier else None,
                                      events=paths if len(paths) > 1 else None))
    else:
        line(_("Serving {events} on {host}:{port}").format(
            events=", ".join(paths), host=host, port=port))
        label = _labels()
        if len(paths) > 1:
            for eid, path in zip(launch.hall_ids(paths), paths, strict=True):
                line(label["event"] + _("{url}  ({path}; projector {projector})").format(
                    url=f"{url}e/{eid}/", path=path, projector=f"{url}e/{eid}/projector"))
        line(f"{label['players']}{url}")
        if len(paths) == 1:
            line(f"{label['projector']}{url}projector")
        line(f"{label['organizer']}{url}org/login?token={token}")
        line(f"{label['token']}{token}")
        if lan:
            click.echo(launch.qr_text(url))
        else:
            line(_("  (only this computer can connect; --lan opens it to the room)"))
        if copier is not None:
            line(label["copy"] + _("{dest} (every {seconds} s, Litestream)").format(
                dest=copier.dest.shown, seconds=f"{sync_interval:g}"))
    sys.stdout.flush()
    try:
        launch.run(paths, token, port, lan, proxy)
    finally:
        if copier is not None:
            copier.stop()


# the start-up lines' labels, aligned in the reader's words
LABELS = {"event": N_("event:"), "players": N_("players:"), "projector": N_("projector:"),
          "organizer": N_("organizer:"), "token": N_("token:"), "copy": N_("copy to:")}


def _labels() -> dict[str, str]:
    """Each label translated and padded to one column (``  players:    ``), by the width the
    terminal gives it (a Chinese character takes two columns)."""
    from rich.cells import cell_len

    shown = {key: _(word) for key, word in LABELS.items()}
    width = max(cell_len(word) for word in shown.values()) + 2
    return {key: "  " + word + " " * (width - cell_len(word)) for key, word in shown.items()}


def _start_copier(event_path: str, replica: str, sync_interval: float,
                  ssh_key: str | None) -> Copier:
    """Litestream copying the served event, watched in a thread until the server stops (and
    stopping by itself if the server is killed: see tt_organizer.events.replica)."""
    copier = Copier(event_path, replica, sync_interval, ssh_key=ssh_key)
    copier.start()
    # uvicorn raises a SIGTERM again once it has shut down gracefully: it then ends the process
    # by SystemExit, so that the copy is stopped (its last sync) and marked stopped first
    signal.signal(signal.SIGTERM, lambda signum, _frame: sys.exit(128 + signum))
    report = Reporter(as_json=False, loud_only=True)  # failures on the server's stderr
    threading.Thread(target=copier.watch, args=(report,), daemon=True).start()
    return copier


def _event_paths(given: tuple[str, ...], folder: str | None) -> list[str]:
    """The event files to serve: each ``--event``, then those of ``--events DIR``; with
    neither, TT_EVENT or event.sqlite (one event, as always)."""
    paths = list(given)
    if folder is not None:
        from tt_organizer.web.hall import folder_events  # the serve extra, as above

        paths += folder_events(folder)
    if not paths:
        paths = [os.environ.get("TT_EVENT") or "event.sqlite"]
    seen = set()
    unique = []
    for path in paths:  # the same file twice is served once
        key = os.path.realpath(path)
        if key not in seen:
            seen.add(key)
            unique.append(path)
    return unique


def _read_token(path: str) -> str:
    text = read_limited(path, 4096, what="token file").decode("utf-8", "replace")
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise InputError(f"{path}: the token file is empty", code="token-file")
    return lines[0].strip()


def _address(text: str) -> str:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        raise InputError(f"--proxy {text!r}: an IP address, such as 127.0.0.1",
                         code="bad-proxy") from None
