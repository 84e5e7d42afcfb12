"""The audit log's words in the reader's language: its actions (``report`` -> «reporte») and
its subjects (``round 2 table 3`` -> «ronda 2, mesa 3»).

The log stores both as English codes and text (what ``--json`` and a CSV carry); a person
reads them through :func:`action_words` and :func:`subject_words`, which give a
:class:`~tt_organizer.i18n.Term` or :class:`~tt_organizer.i18n.Msg` (``str()``: the stored
English). A subject the patterns below do not know is shown as stored.
"""

from __future__ import annotations

import re

from tt_organizer.i18n import N_, NP_, Msg, Term

ACTION = "an audit log's action"
SUBJECT = "an audit log's subject"
ACTIONS = (
    NP_("an audit log's action", "allow-illegal"), NP_("an audit log's action", "avoid"),
    NP_("an audit log's action", "bye"), NP_("an audit log's action", "bye-rounds"),
    NP_("an audit log's action", "check-in"), NP_("an audit log's action", "correct"),
    NP_("an audit log's action", "create"), NP_("an audit log's action", "deck"),
    NP_("an audit log's action", "deck-approve"), NP_("an audit log's action", "deck-reject"),
    NP_("an audit log's action", "deck-submit"), NP_("an audit log's action", "drop"),
    NP_("an audit log's action", "language"), NP_("an audit log's action", "late-entry"),
    NP_("an audit log's action", "migrate"), NP_("an audit log's action", "no-show"),
    NP_("an audit log's action", "pair"), NP_("an audit log's action", "penalty"),
    NP_("an audit log's action", "player-id"), NP_("an audit log's action", "register"),
    NP_("an audit log's action", "repair"), NP_("an audit log's action", "report"),
    NP_("an audit log's action", "rounds"), NP_("an audit log's action", "set-aside"),
    NP_("an audit log's action", "set-table"), NP_("an audit log's action", "swap"),
    NP_("an audit log's action", "timer-extend"), NP_("an audit log's action", "timer-pause"),
    NP_("an audit log's action", "timer-resume"), NP_("an audit log's action", "timer-start"),
    NP_("an audit log's action", "top-cut"), NP_("an audit log's action", "undrop"),
    NP_("an audit log's action", "unpair"), NP_("an audit log's action", "unreport"),
    NP_("an audit log's action", "web-confirm"), NP_("an audit log's action", "web-dispute"),
    NP_("an audit log's action", "web-report"),
)
FIXED_SUBJECTS = (NP_("an audit log's subject", "event"),
                  NP_("an audit log's subject", "settings"),
                  NP_("an audit log's subject", "round timer"),
                  NP_("an audit log's subject", "seeds"),
                  NP_("an audit log's subject", "schema"))
# the subjects the event code writes (events.entering.match_subject, f"player {id} {name}"…),
# the longest first
SUBJECTS = (
    (re.compile(r"top-cut round (?P<round>\d+) table (?P<table>\d+)"),
     N_("top-cut round {round} table {table}")),
    (re.compile(r"round (?P<round>\d+) table (?P<table>\d+)"), N_("round {round} table {table}")),
    (re.compile(r"top-cut round (?P<round>\d+)"), N_("top-cut round {round}")),
    (re.compile(r"round (?P<round>\d+)"), N_("round {round}")),
    (re.compile(r"player (?P<id>\d+) (?P<name>.+)", re.S), N_("player {id} {name}")),
    (re.compile(r"players (?P<a>.+) / (?P<b>.+)", re.S), N_("players {a} / {b}")),
    (re.compile(r"submission (?P<id>\d+) (?P<name>.+)", re.S), N_("submission {id} {name}")),
)


def action_words(action: str) -> Term:
    """An action as the reader says it (``str()``: the stored code)."""
    return Term(action, ACTION)


def subject_words(subject: str) -> Msg | Term | str:
    """A subject as the reader says it (``str()``: as stored); names stay as written, and a
    subject none of the patterns knows is shown as stored."""
    if subject in FIXED_SUBJECTS:
        return Term(subject, SUBJECT)
    for pattern, template in SUBJECTS:
        if (found := pattern.fullmatch(subject)) is not None:
            return Msg(template, **found.groupdict())
    return subject
