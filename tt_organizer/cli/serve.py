"""``tt event serve``: the event on every phone in the room."""

from __future__ import annotations

import click

from tt_organizer.cli.options import event_option, json_option
from tt_organizer.cli.params import PORT
from tt_organizer.errors import InputError


@click.command("serve")
@click.option("--port", type=PORT, default=8000, show_default=True,
              help="TCP port to listen on.")
@click.option("--lan", is_flag=True,
              help="Listen on the LAN (all interfaces), not only this computer; prints the "
                   "address and a QR code for the players.")
@click.option("--token", envvar="TT_SERVE_TOKEN", default=None, metavar="TOKEN",
              help="Organizer token (env TT_SERVE_TOKEN; default a fresh random one).")
@json_option
@event_option
def serve(port: int, lan: bool, token: str | None, as_json: bool, event_path: str) -> None:
    """Serve the event to phones: pairings, standings, my page, result reports confirmed by
    the opponent, decklist submission, an organizer console (/org) and a projector page.

    Listens on 127.0.0.1 unless --lan. Stop it with Ctrl-C; the CLI keeps working on the same
    event file meanwhile.
    """
    try:
        from tt_organizer.web import launch, security
    except ImportError as exc:
        raise InputError(f"tt event serve needs the serve extra ({exc.name} is missing): "
                         "pip install 'tt-organizer[serve]'") from None
    from tt_organizer.cli.output import console, print_json
    from tt_organizer.events import store

    with store.connect(event_path):  # a clear error now for a missing or foreign file
        pass
    launch.check_port(security.bind_host(lan), port)
    token = token or security.new_token()
    url = launch.player_url(lan, port)
    host = security.bind_host(lan)
    if as_json:
        print_json(launch.server_info(event_path, host, port, url, token))
    else:
        console.print(f"Serving {event_path} on {host}:{port}", soft_wrap=True)
        console.print(f"  players:    {url}", soft_wrap=True)
        console.print(f"  projector:  {url}projector", soft_wrap=True)
        console.print(f"  organizer:  {url}org/login?token={token}", soft_wrap=True)
        console.print(f"  token:      {token}", soft_wrap=True)
        if lan:
            click.echo(launch.qr_text(url))
        else:
            console.print("  (only this computer can connect; --lan opens it to the room)")
    import sys

    sys.stdout.flush()
    launch.run(event_path, token, port, lan)
