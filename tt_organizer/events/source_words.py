"""A deck's source in the reader's language: ``formulario.csv row 2`` -> «formulario.csv fila 2».

The event stores where a deck came from as written when it was registered (a file name, or
``<sheet> row <n>`` for a deck pasted into a sign-up sheet: what ``--json`` and the audit log
carry); a person reads it through :func:`source_words`.
"""

from __future__ import annotations

import re

from tt_organizer.i18n import Msg, translate

SHEET_ROW = re.compile(r"(?P<sheet>.+) row (?P<row>\d+)", re.S)  # events.sheets writes it


def source_words(source: str | None) -> str:
    """The deck's source as the reader says it: a sheet's row in words, a file as named."""
    if not source:
        return ""
    if (found := SHEET_ROW.fullmatch(source)) is not None:
        # i18n: a deck pasted into a sign-up sheet: the sheet's file name and its row
        return translate(Msg("{sheet} row {row}", **found.groupdict()))
    return source
