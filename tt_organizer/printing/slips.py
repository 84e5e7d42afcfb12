"""Match slips: one per table (a bye has none), four to a page with dashed cut lines.

Each slip names the event, round and table, both players with their seat (never a PIN: the
slip lies between both players, and a player's PIN is theirs alone), has a box for the games
each won, a column per game for who went first, who won and on which turn it ended (what
``tt event report --first --winners --turns`` records), and a signature line for each player.
"""

from __future__ import annotations

from collections.abc import Sequence

from tt_organizer.events.models import EventSnapshot, MatchInfo
from tt_organizer.export.rows import paired_matches
from tt_organizer.i18n import gettext as _
from tt_organizer.printing.layout import MARGIN, Sheet

SLIPS_PER_PAGE = 4
SCISSORS = "✂"


def slip_matches(snapshot: EventSnapshot, round_number: int, stage: str = "swiss"
                 ) -> list[MatchInfo]:
    """The matches of a round that get a slip: every table with two players."""
    return [m for m in paired_matches(snapshot, round_number, stage) if m.player2 is not None]


def _box(sheet: Sheet, x: float, y: float, w: float, h: float) -> None:
    sheet.canvas.setLineWidth(0.8)
    sheet.canvas.rect(x, y, w, h, stroke=1, fill=0)


def draw_slip(sheet: Sheet, snapshot: EventSnapshot, m: MatchInfo, label: str,
              top: float, height: float) -> None:
    """Draw one slip in the band from ``top`` down ``height`` points."""
    c = sheet.canvas
    left, width = MARGIN, sheet.width
    y = top - 8 - 18
    sheet.text(left, y, _("Table {table}").format(table=m.table), 20, bold=True)
    sheet.text(left + width, y + 6, label, 11, bold=True, align="right")
    sheet.text(left + width, y - 6, snapshot.settings.name, 9, align="right", gray=0.3,
               width=width * 0.6)
    # the players: seat, name, games won, signature
    seat_w, won_w = 30.0, 52.0
    sign_w = width * 0.36
    name_w = width - seat_w - won_w - sign_w - 16
    row_h = 24.0
    y -= 14
    sheet.text(left + seat_w + name_w + 8 + won_w / 2, y, _("games won"), 7.5, align="center",
               gray=0.35)
    sheet.text(left + width - sign_w, y, _("signature"), 7.5, gray=0.35)
    for seat, pid in ((_("P1"), m.player1), (_("P2"), m.player2)):
        assert pid is not None
        player = snapshot.player(pid)
        base = y - row_h + 6
        c.setFillGray(0.85)
        c.rect(left, base - 4, seat_w - 4, row_h - 4, stroke=0, fill=1)
        c.setFillGray(0)
        sheet.text(left + (seat_w - 4) / 2, base + 3, seat, 12, bold=True, align="center")
        # a long name is set narrower before anything is cut: the slip names the player in full
        sheet.text(left + seat_w, base + 2, player.name, 15, bold=True, width=name_w,
                   condense=0.7)
        _box(sheet, left + seat_w + name_w + 8, base - 4, won_w, row_h - 4)
        c.setLineWidth(0.6)
        c.line(left + width - sign_w, base - 2, left + width, base - 2)
        y -= row_h
    # the games: who went first, who won, the turn it ended on
    games = snapshot.settings.best_of
    label_w = 150.0
    col_w = min(70.0, (width - label_w) / games)
    y -= 14
    for g in range(games):
        sheet.text(left + label_w + g * col_w + col_w / 2, y,
                   _("Game {game}").format(game=g + 1), 9, bold=True, align="center")
    cell_h = 20.0
    for row_label, hint in ((_("Went first"), _("P1 / P2")),
                            (_("Winner"), _("P1 / P2 / D = draw")),
                            (_("Turns"), _("turn it ended on"))):
        y -= cell_h
        sheet.text(left, y + 5, row_label, 10, bold=True)
        sheet.text(left + 62, y + 5, hint, 7.5, gray=0.35)
        for g in range(games):
            _box(sheet, left + label_w + g * col_w + 4, y, col_w - 8, cell_h - 3)
    notes_x = left + label_w + games * col_w + 12
    if notes_x < left + width - 60:
        sheet.text(notes_x, y + 3 * cell_h - 8, _("notes / judge"), 7.5, gray=0.35)
        _box(sheet, notes_x, y, left + width - notes_x, 3 * cell_h - 3 - 10)


def draw_slips(sheet: Sheet, snapshot: EventSnapshot, matches: Sequence[MatchInfo],
               label: str) -> int:
    """Draw every slip, :data:`SLIPS_PER_PAGE` to a page; returns the page count."""
    band = (sheet.top - sheet.bottom) / SLIPS_PER_PAGE
    c = sheet.canvas
    scissors = SCISSORS if ord(SCISSORS) in (sheet.fonts.glyphs or ()) else ""
    pages = 0
    for start in range(0, max(1, len(matches)), SLIPS_PER_PAGE):
        chunk = matches[start:start + SLIPS_PER_PAGE]
        for index, m in enumerate(chunk):
            top = sheet.top - index * band
            draw_slip(sheet, snapshot, m, label, top, band)
            if index:  # a cut line above every slip but the first of the page
                c.setDash(4, 3)
                c.setLineWidth(0.5)
                c.setStrokeGray(0.5)
                c.line(0, top + 2, sheet.size[0], top + 2)
                c.setDash()
                c.setStrokeGray(0)
                if scissors:
                    sheet.text(8, top - 2, scissors, 10, gray=0.5)
        sheet.new_page()
        pages += 1
    return pages
