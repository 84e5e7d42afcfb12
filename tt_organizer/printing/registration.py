"""The registration desk's deck checks as PDF, landscape, illegal decks highlighted.

Two sources print alike: an event's registered decks (``tt event print registration``) and a
batch check (``tt deck check-batch --out report.pdf``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tt_organizer.events.models import EventSnapshot
from tt_organizer.export.tables import deck_status
from tt_organizer.i18n import N_, Term, ngettext, translate
from tt_organizer.i18n import gettext as _
from tt_organizer.localtime import shown_iso
from tt_organizer.printing.grid import GridColumn, draw_grid
from tt_organizer.printing.layout import Sheet

if TYPE_CHECKING:
    from tt_organizer.batch import BatchRow

#: One line a player (20 and more a page) but for a long list of problems: names, files,
#: colours and times are set narrower, then cut, rather than wrapped.
EVENT_COLUMNS = (
    GridColumn("#", 0.5, "right"),
    GridColumn(N_("Player"), 2.6, wrap=False),
    GridColumn(N_("ID"), 1.0, wrap=False),
    GridColumn(N_("Deck file"), 1.8, wrap=False),
    GridColumn(N_("Verdict"), 1.1),
    GridColumn(N_("Problems"), 3.6),
    GridColumn(N_("Colours"), 2.2, wrap=False),
    GridColumn(N_("Registered"), 2.2, wrap=False),
)
BATCH_COLUMNS = (
    GridColumn(N_("Player"), 2.4),
    GridColumn(N_("Source"), 2.8),
    GridColumn(N_("Verdict"), 1.1),
    GridColumn(N_("Codes"), 1.8),
    GridColumn(N_("First message"), 5.0),
)
VERDICTS = (N_("legal"), N_("illegal"), N_("no deck"), N_("unreadable"))


def _verdict_count(verdict: str, n: int) -> str:
    """``5 legal``: how many players or decks had ``verdict``, with the language's plural."""
    shown = (ngettext("{n} legal", "{n} legal", n), ngettext("{n} illegal", "{n} illegal", n),
             ngettext("{n} no deck", "{n} no deck", n),
             ngettext("{n} unreadable", "{n} unreadable", n))  # in the order of VERDICTS
    return shown[VERDICTS.index(verdict)].format(n=n)


def _summary(verdicts: Sequence[str], players: bool) -> str:
    parts = [_verdict_count(v, verdicts.count(v)) for v in VERDICTS if v in verdicts]
    what = (ngettext("{n} player", "{n} players", len(verdicts)) if players
            else ngettext("{n} deck", "{n} decks", len(verdicts))).format(n=len(verdicts))
    return _("{what}: {verdicts}").format(what=what,
                                          verdicts=", ".join(parts) if parts else _("none"))


def event_rows(snapshot: EventSnapshot) -> tuple[list[list[object]], list[str]]:
    """One row per registration (as :data:`EVENT_COLUMNS`) and each row's verdict."""
    rows: list[list[object]] = []
    verdicts: list[str] = []
    for p in sorted(snapshot.players, key=lambda p: (p.name.casefold(), p.id)):
        verdict = deck_status(p)
        verdicts.append(verdict)
        rows.append([p.id, p.name, p.ext_id or "", p.deck_source or "", _(verdict),
                     ", ".join(p.deck_codes), translate(Term("/".join(p.deck_colors))),
                     shown_iso(p.registered_at) or ""])
    return rows, verdicts


def draw_event_registration(sheet: Sheet, snapshot: EventSnapshot) -> int:
    """The event's registrations; returns the page count."""
    rows, verdicts = event_rows(snapshot)
    title = _("Registration — {summary}").format(summary=_summary(verdicts, True))
    return draw_grid(sheet, title, EVENT_COLUMNS, rows, size=10.5,
                     highlight=lambda i: verdicts[i] == "illegal")


def common_folder(sources: Sequence[str]) -> str:
    """The folder all ``sources`` lie in ("" when they share none)."""
    folders = [os.path.dirname(s.split("!", 1)[0].split(":row", 1)[0]) for s in sources]
    try:
        return os.path.commonpath(folders) if folders and all(folders) else ""
    except ValueError:  # absolute and relative paths mixed
        return ""


def batch_rows(rows: Sequence[BatchRow]) -> tuple[list[list[object]], list[str]]:
    """One row per deck of a batch check (as :data:`BATCH_COLUMNS`, sources relative to
    their :func:`common_folder`) and each verdict."""
    out: list[list[object]] = []
    verdicts: list[str] = []
    folder = common_folder([r.source for r in rows])
    for r in rows:
        verdict = "unreadable" if r.legal is None else ("legal" if r.legal else "illegal")
        verdicts.append(verdict)
        source = r.source[len(folder):].lstrip("/\\") if folder else r.source
        out.append([r.player, source, _(verdict), " ".join(r.codes), r.message])
    return out, verdicts


def draw_batch(sheet: Sheet, rows: Sequence[BatchRow], format_id: str) -> int:
    """A batch deck check; returns the page count."""
    table, verdicts = batch_rows(rows)
    title = _("Deck check ({format}) — {summary}").format(format=format_id,
                                                          summary=_summary(verdicts, False))
    return draw_grid(sheet, title, BATCH_COLUMNS, table, size=10.0,
                     highlight=lambda i: verdicts[i] in ("illegal", "unreadable"))
