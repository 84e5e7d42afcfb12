"""``tt event``: run an event from one SQLite file — players, Swiss rounds, results, top cut.

A thin layer over the library's event modules; every command is one transaction. Here the
group alone: each command lives by what it works on and is imported only when it runs
(:data:`COMMANDS`): :mod:`~tt_organizer.cli.event_players` (registration, drops),
:mod:`~tt_organizer.cli.event_pairing` (pairing, repair, avoid),
:mod:`~tt_organizer.cli.event_round` (a round's tables, changed by hand),
:mod:`~tt_organizer.cli.event_results` (results, top cut),
:mod:`~tt_organizer.cli.event_ranking` (standings) and
:mod:`~tt_organizer.cli.event_file` (the event's creation, its status and log, and what it
writes out: export, print).
"""

from __future__ import annotations

import click

from tt_organizer.cli.main import LazyGroup

# the commands of the other modules (name -> module:command), each imported when it runs
COMMANDS = {
    "create": "tt_organizer.cli.event_file:create",
    "status": "tt_organizer.cli.event_file:status",
    "log": "tt_organizer.cli.event_file:log",
    "export": "tt_organizer.cli.event_file:export",
    "print": "tt_organizer.cli.event_file:print_cmd",
    "register": "tt_organizer.cli.event_players:register",
    "late-entry": "tt_organizer.cli.event_players:late_entry",
    "players": "tt_organizer.cli.event_players:players",
    "drop": "tt_organizer.cli.event_players:drop_cmd",
    "undrop": "tt_organizer.cli.event_players:undrop_cmd",
    "rename": "tt_organizer.cli.event_players:rename_cmd",
    "pair": "tt_organizer.cli.event_pairing:pair",
    "repair": "tt_organizer.cli.event_pairing:repair",
    "pairings": "tt_organizer.cli.event_round:pairings",
    "avoid": "tt_organizer.cli.event_pairing:avoid_cmd",
    "check-in": "tt_organizer.cli.event_desk:check_in_cmd",
    "deck": "tt_organizer.cli.event_desk:deck_cmd",
    "report": "tt_organizer.cli.event_results:report",
    "unreport": "tt_organizer.cli.event_results:unreport",
    "correct": "tt_organizer.cli.event_results:correct",
    "standings": "tt_organizer.cli.event_ranking:standings_cmd",
    "top-cut": "tt_organizer.cli.event_results:top_cut",
    "penalty": "tt_organizer.cli.event_penalties:penalty",
    "penalties": "tt_organizer.cli.event_penalties:penalties",
    "infractions": "tt_organizer.cli.event_penalties:infractions_cmd",
    "settings": "tt_organizer.cli.event_settings:settings_command",
    "serve": "tt_organizer.cli.serve:serve",
    "publish": "tt_organizer.cli.publish:publish",
    "replicate": "tt_organizer.cli.event_replica:replicate",
    "restore": "tt_organizer.cli.event_replica:restore",
}


@click.group(cls=LazyGroup, lazy=COMMANDS)
def event() -> None:
    """Run an event: players, Swiss rounds, results, standings, top cut.

    Every command works on one event database (--event FILE, env TT_EVENT, default
    ./event.sqlite) and is one transaction: a refused command changes nothing.
    """
