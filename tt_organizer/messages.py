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

    # -- events: round read model (warnings of tt_organizer/events/paired_rounds.py) ----------
    "report-withdrawn": N_("withdrew the phone report of table {table} of round {round} ({name} "
                           "reported {result}): the table changed; its players report again"),
    "round-set-aside": N_("removed before round 1 (not checked in; set aside): {players}: "
                          "{names}"),
    "round-no-deck": N_("no deck: {players} without a registered deck: {names}"),
    "round-rematch": N_("rematch at {at} (these players met before)"),
    "round-rematch-entered": N_("{rematches}, as the file pairs them"),
    "round-unpaired": N_("unpaired: {names}"),
    "round-sheets-stale": N_("printed pairings of round {round} are out of date; print them "
                             "again"),
}


def is_code(text: object) -> bool:
    """Whether ``text`` is a code of this catalog (not a sentence)."""
    return isinstance(text, str) and text in WORDS
