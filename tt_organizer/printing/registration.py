"""The registration desk's deck checks as PDF, landscape, illegal decks highlighted.

Two sources print alike: an event's registered decks (``tt event print registration``) and a
batch check (``tt deck check-batch --out report.pdf``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tt_organizer.events.models import EventSnapshot, PlayerInfo
from tt_organizer.export.rows import deck_status
from tt_organizer.i18n import N_, Term, ngettext, translate
from tt_organizer.i18n import gettext as _
from tt_organizer.localtime import shown_iso
from tt_organizer.names import sort_key
from tt_organizer.printing.grid import PAD, GridColumn, draw_grid
from tt_organizer.printing.layout import Sheet, text_width

if TYPE_CHECKING:
    from tt_organizer.batch import BatchRow

#: One line a player (20 and more a page) but for a long list of problems or an id longer
#: than a Bandai id: names, files, colours and times are set narrower, then cut, rather than
#: wrapped; an id is never cut (:func:`id_column`).
EVENT_COLUMNS = (
    GridColumn("#", 0.5, "right"),
    GridColumn(N_("Player"), 2.4, wrap=False),
    GridColumn(N_("ID"), 1.0, breaks=True),
    GridColumn(N_("Deck file"), 1.6, wrap=False),
    GridColumn(N_("Verdict"), 1.1),
    GridColumn(N_("Problems"), 4.0),
    GridColumn(N_("Colours"), 2.0, wrap=False),
    GridColumn(N_("Registered"), 2.3, wrap=False),
)
#: The id column is as wide as a Bandai membership id (10 digits) needs, wider for longer ids
#: up to this many of them; an id longer still wraps between its characters.
BANDAI_ID = "0" * 10
ID_WIDEST = 2.0
#: The short words the desk reads for each violation code (a code not listed shows as is).
CODE_WORDS = {
    "MAIN_SIZE": N_("main deck size"),
    "MAIN_COPIES": N_("too many copies"),
    "WRONG_ZONE": N_("card in the wrong zone"),
    "PILE_SIZE": N_("pile size"),
    "PILE_TAMER_COUNT": N_("Tamer count"),
    "PILE_TAMER_DUPLICATE": N_("same Tamer twice"),
    "PILE_EGG_COUNT": N_("Digi-Egg count"),
    "PILE_EGG_COPIES": N_("too many Digi-Egg copies"),
    "CARD_COPIES": N_("too many copies"),
    "BANNED": N_("banned card"),
    "RESTRICTED": N_("restricted card over its limit"),
    "BANNED_PAIR": N_("banned pair"),
    "UNKNOWN_CARD": N_("unknown card"),
    "NAME_MISMATCH": N_("card name does not match its number"),
    "COLOR_REQUIREMENT": N_("Option without its colour"),
    "NOT_CHECKED": N_("not checked (no card data)"),
    "DECK_SIZE": N_("deck size"),
    "DECK_COPIES": N_("too many copies"),
    "LEVEL_III_REQUIRED": N_("no Level III"),
    "ULTIMATE_LIMIT": N_("too many Ultimates"),
}
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


def desk_problems(snapshot: EventSnapshot, p: PlayerInfo) -> list[str]:
    """What the registration desk has to sort out or know for ``p``, in the reader's words:
    an illegal deck's violations (each code's short words, :data:`CODE_WORDS`), no deck where
    the event requires one, before round 1 not checked in (once check-in has begun) or a
    no-show, a late entry's first round, a drop."""
    out: list[str] = []
    if p.deck_legal is False:
        words = [_(CODE_WORDS[c]) if c in CODE_WORDS else c for c in p.deck_codes]
        out += list(dict.fromkeys(words)) or [_("illegal deck")]
    elif p.deck_legal is None and snapshot.settings.require_decks:
        out.append(_("no deck: the event requires one"))
    if not snapshot.current_round:
        if p.checked_in is False:
            out.append(_("no-show"))
        elif p.checked_in is None and any(q.checked_in for q in snapshot.players):
            out.append(_("not checked in"))
    if p.late_entry_round:
        out.append(_("late entry, from round {round}").format(round=p.late_entry_round))
    if p.dropped:
        out.append(_("dropped after round {round}").format(round=p.dropped_round)
                   if p.dropped_round else _("dropped"))
    return out


def event_rows(snapshot: EventSnapshot) -> tuple[list[list[object]], list[str]]:
    """One row per registration (as :data:`EVENT_COLUMNS`) and each row's verdict."""
    rows: list[list[object]] = []
    verdicts: list[str] = []
    for p in sorted(snapshot.players, key=lambda p: (sort_key(p.name), p.id)):
        verdict = deck_status(p)
        verdicts.append(verdict)
        rows.append([p.id, p.name, p.ext_id or "", p.deck_source or "", _(verdict),
                     "; ".join(desk_problems(snapshot, p)),
                     translate(Term("/".join(p.deck_colors))),
                     shown_iso(p.registered_at) or ""])
    return rows, verdicts


def id_column(sheet: Sheet, ids: Sequence[str], size: float) -> GridColumn:
    """The id column, as wide as the longest id needs (never narrower than a 10-digit Bandai
    id, never wider than :data:`ID_WIDEST` of it: a longer id wraps, whole)."""
    font = sheet.fonts.bold  # a highlighted row's id is bold: the wider
    bandai = text_width(BANDAI_ID, font, size)
    widest = max((text_width(sheet.fonts.clean(i), font, size) for i in ids), default=0.0)
    need = min(max(bandai, widest), bandai * ID_WIDEST)
    return GridColumn(N_("ID"), 0.0, breaks=True, width=need + 2 * PAD + 1)


def draw_event_registration(sheet: Sheet, snapshot: EventSnapshot) -> int:
    """The event's registrations; returns the page count."""
    rows, verdicts = event_rows(snapshot)
    title = _("Registration — {summary}").format(summary=_summary(verdicts, True))
    size = 10.5
    columns = tuple(id_column(sheet, [str(r[2]) for r in rows], size)
                    if col.header == "ID" else col for col in EVENT_COLUMNS)
    return draw_grid(sheet, title, columns, rows, size=size,
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
