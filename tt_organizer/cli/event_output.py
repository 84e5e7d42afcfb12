"""What the ``tt event`` command modules print alike: a line, a round's tables with the
players' points before it (a :class:`~tt_organizer.events.paired_rounds.PairedRound`), and
the library's warnings (:class:`~tt_organizer.events.notices.Notice`), each with the
command line's advice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tt_organizer.cli import output
from tt_organizer.cli.advice import advice
from tt_organizer.cli.render import print_table
from tt_organizer.events.result_words import shown
from tt_organizer.i18n import N_
from tt_organizer.i18n import gettext as _

if TYPE_CHECKING:
    from tt_organizer.events.notices import Notice
    from tt_organizer.events.paired_rounds import PairedRound

COLUMNS = (N_("Table"), N_("Player 1"), N_("Pts"), N_("Player 2"), N_("Pts"), N_("Result"))


def say(text: str) -> None:
    """Print a line of a ``tt event`` command: :func:`~tt_organizer.cli.output.line`, with
    the style marks of its template as :func:`~tt_organizer.cli.output.styled` pieces."""
    output.line(output.marked(text))


def print_round(shown_round: PairedRound, title: str, *, before: bool = False) -> None:
    """A round's tables (``before``: the tables a change moved, as they were) with each
    player's points before the round, as the read model holds them."""
    tables = shown_round.before if before else shown_round.tables
    columns = [(_(col), "right" if col in ("Table", "Pts") else "left") for col in COLUMNS]
    print_table(title, columns, [
        (str(t.table), t.name1, "" if t.points1 is None else str(t.points1),
         _("BYE") if t.name2 is None else t.name2,
         "" if t.points2 is None else str(t.points2), shown(t.result) if t.result else "")
        for t in tables
    ])


def warn_notices(notices: Iterable[Notice]) -> None:
    """Each library warning on stderr in the reader's language, with the command line's
    advice for its code (:data:`tt_organizer.cli.advice.ADVICE`)."""
    for n in notices:
        output.warn(n.shown() + advice(n.code, dict(n.params)))
