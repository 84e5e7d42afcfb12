"""What the ``tt event`` command modules share: the ``event`` group and the printing of a line,
a round's tables and a round's JSON (``cli/event.py`` and ``cli/event_pairing.py`` both
import it, so neither imports the other back; the printing lives in the click-free
:mod:`tt_organizer.cli.event_work`)."""

from __future__ import annotations

import click

# shared printing, defined without click (the click-free path of cli/fast.py prints with it)
from tt_organizer.cli.event_work import _matches_json, _out, _points_before, _print_round

__all__ = ["_matches_json", "_out", "_points_before", "_print_round", "event"]


@click.group()
def event() -> None:
    """Run an event: players, Swiss rounds, results, standings, top cut.

    Every command works on one event database (--event FILE, env TT_EVENT, default
    ./event.sqlite) and is one transaction: a refused command changes nothing.
    """
