"""The words of every refusal the library raises, by code: one catalog, worded at the edge.

A library module raises ``EventError("already-registered", name=name)``: a code and its
parameters, never a sentence. :class:`tt_organizer.errors.TTError` finds the code's English
template here; ``str(exc)`` (what JSON carries) fills it in English and ``exc.shown()`` in the
reader's language (the template goes through the gettext catalog, so each one is marked
``N_`` for extraction). A front-end that words a refusal its own way reads ``exc.code`` and
``exc.params``.

Templates use ``str.format`` fields named as the raise's keyword arguments. The codes are
grouped by the part of the library that raises them (one section each, in the package order).
"""

from __future__ import annotations

from tt_organizer.i18n import N_

WORDS: dict[str, str] = {
    # -- shared: files, sheets, numbers (tt_organizer/*.py) ---------------------------------
    "file-missing": N_("file not found"),

    # -- decklists, cards, formats, ban lists, sources ---------------------------------------

    # -- events: store, setup, players, check-in, entering, naming -----------------------------

    # -- events: rounds, results, top cut, phone reports, penalties, sheets, views -------------

    # -- pairing, standings, export, printing, publish, season, stats --------------------------

    # -- events: results read models (result changes, drops) ---------------------------------
    "report-withdrawn": N_("withdrew the phone report of table {table} of round {round} ({name} "
                           "reported {result}): the table changed; its players report again"),
    "paired-on-old-result": N_("{rounds} was paired on the old result {old}; those pairings "
                               "stay as they are"),
    "paired-on-old-result-many": N_("{rounds} were paired on the old result {old}; those "
                                    "pairings stay as they are"),
    "dropped-before-round-1": N_("Dropped {name} before round 1"),
    "dropped-after-round": N_("Dropped {name} after round {round}"),
    "dropped-during-round": N_("Dropped {name} during round {round}"),
    "dropped-during-top-cut": N_("Dropped {name} during top-cut round {round}"),
    "drop-still-paired": N_("{name} is still paired at table {table} of round {round}; report "
                            "it"),
    "drop-in-bracket": N_("{name} is still in the bracket at table {table}; report that table "
                          "as a loss for them (the opponent advances)"),
    "undropped": N_("{name} is back: paired again from the next round"),

}


def is_code(text: object) -> bool:
    """Whether ``text`` is a code of this catalog (not a sentence)."""
    return isinstance(text, str) and text in WORDS
