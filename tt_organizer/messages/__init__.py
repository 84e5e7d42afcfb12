"""The words of every refusal the library raises, by code: one catalog, worded at the edge.

A library module raises ``EventError("already-registered", name=name)``: a code and its
parameters, never a sentence. :class:`tt_organizer.errors.TTError` finds the code's English
template here; ``str(exc)`` (what JSON carries) fills it in English and ``exc.shown()`` in the
reader's language (the template goes through the gettext catalog, so each one is marked
``N_`` for extraction). A front-end that words a refusal its own way reads ``exc.code`` and
``exc.params``.

Templates use ``str.format`` fields named as the raise's keyword arguments. The codes are
kept in one module per part of the library -- :mod:`.shared` (files, sheets, numbers),
:mod:`.deck_checks` (decklists, cards, formats, ban lists), :mod:`.event_setup` (an event's
setup, players, results entered, and the read models' warnings), :mod:`.event_play` (rounds,
top cut, phone reports, penalties, sheets, the store) and :mod:`.outputs` (pairing,
standings, exports, printing, publishing, seasons, statistics) -- merged here into
:data:`WORDS`; a code is defined once.
"""

from __future__ import annotations

from tt_organizer.messages import deck_checks, event_play, event_setup, outputs, shared

WORDS: dict[str, str] = {}
for _part in (shared, deck_checks, event_setup, event_play, outputs):
    _twice = WORDS.keys() & _part.WORDS.keys()
    assert not _twice, f"codes defined twice: {sorted(_twice)}"
    WORDS.update(_part.WORDS)


def is_code(text: object) -> bool:
    """Whether ``text`` is a code of this catalog (not a sentence)."""
    return isinstance(text, str) and text in WORDS
