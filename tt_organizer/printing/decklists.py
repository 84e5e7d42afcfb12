"""Deck-check sheets: one registered deck to a page, alphabetically by player.

Each page names the player, their id, deck file and registration time, the verdict of the deck
check at registration (and its problem codes), lists every card by zone (count, number, name,
type, colours, a box to tick) and ends with the judge's verdict boxes. The type shrinks so
that even a deck of all different cards stays on its one page.
"""

from __future__ import annotations

from tt_organizer.errors import EventError
from tt_organizer.events.models import EventSnapshot, PlayerInfo
from tt_organizer.export.rows import card_rows, deck_status
from tt_organizer.i18n import N_, Term, ngettext, translate
from tt_organizer.i18n import gettext as _
from tt_organizer.localtime import shown_iso
from tt_organizer.names import sort_key
from tt_organizer.printing.grid import GridColumn
from tt_organizer.printing.layout import MARGIN, Sheet

ZONES = ((N_("Main deck"), "main"), (N_("Tamer + Digi-Egg pile"), "pile"))
COLUMNS = (
    GridColumn(N_("Count"), 0.8, "right"),
    GridColumn(N_("Number"), 1.4),
    GridColumn(N_("Card name"), 3.6),
    GridColumn(N_("Type"), 1.2),
    GridColumn(N_("Colours"), 1.4),
    GridColumn(N_("Seen"), 0.6, "center"),
)
VERDICT_HEIGHT = 92.0
MAX_SIZE, MIN_SIZE = 11.0, 5.5


def deck_players(snapshot: EventSnapshot) -> list[PlayerInfo]:
    """Players who registered a deck, by name."""
    return sorted((p for p in snapshot.players if p.main or p.pile),
                  key=lambda p: (sort_key(p.name), p.id))


def _info(sheet: Sheet, p: PlayerInfo, y: float) -> float:
    status = deck_status(p)
    verdict = {"legal": _("LEGAL"), "illegal": _("NOT LEGAL")}.get(status, status)
    if p.deck_codes:
        verdict += " — " + ", ".join(p.deck_codes)
    ident = _("   (id {id})").format(id=p.ext_id) if p.ext_id else ""
    lines = (
        (_("Player"), p.name + ident, True),
        (_("Deck file"), p.deck_source or "—", False),
        (_("Registered"), shown_iso(p.registered_at) or "—", False),
        (_("Colours"), translate(Term("/".join(p.deck_colors))) or "—", False),
        (_("At registration"), verdict, True),
    )
    for label, value, bold in lines:
        y -= 14
        sheet.text(MARGIN, y, label, 10, gray=0.35)
        red = label == _("At registration") and status == "illegal"
        sheet.text(MARGIN + 95, y, value, 11, bold=bold, width=sheet.width - 95,
                   rgb=(0.75, 0, 0) if red else None)
    return y - 8


def _verdict_box(sheet: Sheet) -> None:
    c = sheet.canvas
    top = sheet.bottom + VERDICT_HEIGHT - 6
    c.setLineWidth(1)
    c.rect(MARGIN, sheet.bottom, sheet.width, VERDICT_HEIGHT - 6, stroke=1, fill=0)
    sheet.text(MARGIN + 8, top - 16, _("Deck check verdict"), 11, bold=True)
    x = MARGIN + 8
    for label in (_("matches the registered list"), _("does not match"), _("not checked")):
        c.rect(x, top - 38, 11, 11, stroke=1, fill=0)
        sheet.text(x + 16, top - 36, label, 10)
        x += 175
    for i, label in enumerate((_("Checked by"), _("Time"), _("Penalty / notes"))):
        xx = MARGIN + 8 + i * (sheet.width / 3)
        sheet.text(xx, top - 64, label, 9, gray=0.35)
        c.setLineWidth(0.6)
        c.line(xx, top - 78, xx + sheet.width / 3 - 20, top - 78)


def draw_decklist(sheet: Sheet, p: PlayerInfo) -> None:
    """One player's deck-check page."""
    from tt_organizer.printing.grid import PAD

    y = sheet.heading(_("Deck check — {name}").format(name=p.name))
    y = _info(sheet, p, y)
    zones = [(label, list(card_rows(getattr(p, attr))), sum(getattr(p, attr).values()))
             for label, attr in ZONES]
    lines = 1 + sum(1 + len(rows) for _label, rows, _n in zones)
    room = y - (sheet.bottom + VERDICT_HEIGHT + 4)
    size = max(MIN_SIZE, min(MAX_SIZE, room / (lines * 1.5)))
    row_h = size * 1.5
    total = sum(col.share for col in COLUMNS)
    widths = [sheet.width * col.share / total for col in COLUMNS]
    c = sheet.canvas

    def row(values: list[object], *, bold: bool = False, fill: float | None = None) -> None:
        nonlocal y
        if fill is not None:
            c.setFillGray(fill)
            c.rect(MARGIN, y - row_h, sheet.width, row_h, stroke=0, fill=1)
            c.setFillGray(0)
        x = MARGIN
        base = y - row_h + (row_h - size) / 2 + size * 0.22
        for value, col, w in zip(values, COLUMNS, widths, strict=True):
            if col.align == "right":
                sheet.text(x + w - PAD, base, value, size, bold=bold, align="right")
            elif col.header == "Seen":
                if not bold:  # a box to tick, centred in its cell
                    side = row_h * 0.6
                    c.rect(x + w / 2 - side / 2, y - row_h / 2 - side / 2, side, side)
            else:
                sheet.text(x + PAD, base, value, size, bold=bold, width=w - 2 * PAD)
            x += w
        c.setLineWidth(0.4)
        c.setStrokeGray(0.5)
        c.line(MARGIN, y - row_h, MARGIN + sheet.width, y - row_h)
        c.setStrokeGray(0)
        y -= row_h

    row([_(col.header) for col in COLUMNS], bold=True, fill=0.82)
    for label, rows, n in zones:
        zone_y = y
        row([n, "", "", "", "", ""], bold=True, fill=0.93)
        sheet.text(MARGIN + widths[0] + PAD, zone_y - row_h + (row_h - size) / 2 + size * 0.22,
                   ngettext("{zone} ({n} different card)", "{zone} ({n} different cards)",
                            len(rows)).format(zone=_(label), n=len(rows)), size, bold=True)
        for count, number, name, card_type, colours in rows:
            row([count, number, name, card_type, translate(Term(colours)), ""])
    _verdict_box(sheet)
    sheet.new_page()


def draw_decklists(sheet: Sheet, snapshot: EventSnapshot) -> int:
    """Every registered deck, one to a page; returns the page count."""
    players = deck_players(snapshot)
    if not players:
        raise EventError("no-registered-deck")
    for p in players:
        draw_decklist(sheet, p)
    return len(players)
