"""Print-ready PDF sheets of an event (``tt event print WHAT``) and of a batch deck check.

One module per sheet: :mod:`.pairings` (wall pairings by name and by table), :mod:`.slips`
(match slips), :mod:`.standings`, :mod:`.decklists` (deck-check sheets) and
:mod:`.registration`; :mod:`.layout` and :mod:`.grid` hold what they share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tt_organizer.errors import EventError, InputError, field_hint
from tt_organizer.events.models import EventSnapshot
from tt_organizer.i18n import N_, using
from tt_organizer.i18n import gettext as _

if TYPE_CHECKING:
    from tt_organizer.batch import BatchRow

KINDS = ("pairings", "slips", "standings", "decklists", "registration")
_ROUNDED = ("pairings", "slips", "standings")
SHEET_NAMES = {
    "pairings": N_("pairings"),
    "slips": N_("match slips"),
    "standings": N_("standings"),
    "decklists": N_("deck-check sheets"),
    "registration": N_("registration"),
}


@dataclass(frozen=True)
class Printed:
    """What was written: file, sheet kind, pages, paper, round (if any) and item count."""

    path: Path
    kind: str
    pages: int
    paper: str
    round: int | None = None
    stage: str | None = None
    items: int = 0

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"file": str(self.path), "what": self.kind, "pages": self.pages,
                "paper": self.paper, "round": self.round, "stage": self.stage,
                "items": self.items}


def default_path(snapshot: EventSnapshot, kind: str, round_number: int | None,
                 top_cut: bool = False) -> Path:
    """``<event file stem>-<kind>[-r<N>|-top<N>].pdf`` in the current folder."""
    stem = Path(snapshot.path).stem or "event"
    suffix = "" if round_number is None else (f"-top{round_number}" if top_cut
                                              else f"-r{round_number}")
    return Path(f"{stem}-{kind}{suffix}.pdf")


def _round(snapshot: EventSnapshot, kind: str, round_number: int | None, top_cut: bool
           ) -> tuple[int | None, bool]:
    """The round a sheet is of, and whether it is a top-cut round: pairings and slips
    without ``--round`` are of the current round -- the bracket's once the top cut has
    started."""
    from tt_organizer.export.rows import check_round

    if kind not in _ROUNDED:
        if round_number is not None or top_cut:
            raise InputError("print-round-not-for-kind", kinds=", ".join(_ROUNDED), kind=kind,
                             code="bad-value",
                             hint=field_hint((N_("a round"), "round"),
                                             (N_("the top cut"), "top_cut")))
        return None, False
    bracket = sorted({m.round for m in snapshot.matches if m.stage == "top-cut"})
    if top_cut and kind == "standings":
        raise InputError("print-top-cut-not-for-standings", code="bad-value",
                         hint=field_hint((N_("the top cut"), "top_cut")))
    if top_cut or (kind != "standings" and round_number is None and bracket):
        if not bracket:
            raise EventError("top-cut-not-started")
        rnd = bracket[-1] if round_number is None else round_number
        if rnd not in bracket:
            raise EventError("top-cut-round-not-current", round=rnd, current=bracket[-1])
        return rnd, True
    if kind == "standings":
        return (None if round_number is None else check_round(snapshot, round_number)), False
    rnd = check_round(snapshot, round_number)
    if not rnd:
        raise EventError("no-round-paired")
    return rnd, False


def _round_label(snapshot: EventSnapshot, rnd: int, top_cut: bool) -> str:
    if not top_cut:
        total = snapshot.settings.rounds
        if total:
            return _("Round {round} of {total}").format(round=rnd, total=total)
        return _("Round {round}").format(round=rnd)
    tables = sum(1 for m in snapshot.matches if m.stage == "top-cut" and m.round == rnd)
    names = {1: _("Final"), 2: _("Semi-finals"), 4: _("Quarter-finals")}
    name = names.get(tables) or _("Top {n}").format(n=tables * 2)
    return _("Top cut — {name}").format(name=name)


def print_event(
    snapshot: EventSnapshot,
    kind: str,
    out: str | Path | None = None,
    *,
    round_number: int | None = None,
    top_cut: bool = False,
    swiss: bool = False,
    paper: str | None = None,
    printed_at: datetime | None = None,
) -> Printed:
    """Write the ``kind`` sheet of the event as a PDF (atomically) and say what was written.

    Once the top cut has started, pairings and slips default to its current round and the
    standings are the final placings (``swiss``: the Swiss order). ``paper`` defaults to the
    locale's (:func:`layout.paper_from_locale`); times are local; the words are in the
    event's language.
    """
    with using(snapshot.settings.language):
        return _print_event(snapshot, kind, out, round_number=round_number, top_cut=top_cut,
                            swiss=swiss, paper=paper, printed_at=printed_at)


def _print_event(
    snapshot: EventSnapshot,
    kind: str,
    out: str | Path | None,
    *,
    round_number: int | None,
    top_cut: bool,
    swiss: bool,
    paper: str | None,
    printed_at: datetime | None,
) -> Printed:
    from tt_organizer.localtime import shown
    from tt_organizer.printing.layout import MARGIN, Sheet, page_size, paper_from_locale

    if kind not in KINDS:
        raise InputError("print-unknown-kind", kind=repr(kind),
                         kinds=", ".join(KINDS))
    paper = paper or paper_from_locale()
    page_size(paper)  # refuse an unknown paper before any work
    if swiss and kind != "standings":
        raise InputError("print-swiss-not-for-kind", kind=kind, code="bad-value",
                         hint=field_hint((N_("the Swiss order"), "swiss")))
    rnd, top_cut = _round(snapshot, kind, round_number, top_cut)
    path = Path(out) if out is not None else default_path(snapshot, kind, rnd, top_cut)
    stage = "top-cut" if top_cut else ("swiss" if rnd is not None else None)
    what = _(SHEET_NAMES[kind])
    if rnd is not None:
        what = _("{what}, {round}").format(what=what, round=_round_label(snapshot, rnd, top_cut))
    sheet = Sheet(paper, snapshot.settings.name, what, shown(printed_at),
                  landscape=kind == "registration")
    items = 0
    if kind == "pairings":
        from tt_organizer.printing import pairings as wall

        assert rnd is not None
        entries, by_table = wall.wall_entries(snapshot, rnd, stage or "swiss")
        label = _round_label(snapshot, rnd, top_cut)
        by_name = _("{round} — pairings by name").format(round=label)

        def heading_extra(landscape: bool) -> float:  # the title's height (with a page number)
            width = page_size(paper, landscape=landscape)[0] - 2 * MARGIN
            return sheet.heading_layout(f"{by_name} (99/99)", wall.HEADING, width
                                        ).extra(wall.HEADING)

        layout = wall.choose_layout(entries, paper, sheet.fonts.bold, sheet.fonts.regular,
                                    heading_extra)
        sheet.orient(layout.landscape)
        wall.draw_by_name(sheet, entries, by_name, layout)
        sheet.orient(False)
        wall.draw_by_table(sheet, by_table,
                           _("{round} — pairings by table").format(round=label))
        items = len(entries)
    elif kind == "slips":
        from tt_organizer.printing.slips import draw_slips, slip_matches

        assert rnd is not None
        matches = slip_matches(snapshot, rnd, stage or "swiss")
        if not matches:
            raise EventError("round-no-two-player-table", round=rnd)
        draw_slips(sheet, snapshot, matches, _round_label(snapshot, rnd, top_cut))
        items = len(matches)
    elif kind == "standings":
        from tt_organizer.printing.standings_sheet import draw_standings

        draw_standings(sheet, snapshot, rnd, swiss=swiss)
        items = len(snapshot.players)
    elif kind == "decklists":
        from tt_organizer.printing.decklists import draw_decklists

        items = draw_decklists(sheet, snapshot)
    else:
        from tt_organizer.printing.registration import draw_event_registration

        draw_event_registration(sheet, snapshot)
        items = len(snapshot.players)
    written, pages = sheet.finish(path)
    return Printed(written, kind, pages, paper, rnd, stage, items)


def print_batch(rows: Sequence[BatchRow], format_id: str, out: str | Path, *,
                paper: str | None = None, printed_at: datetime | None = None) -> Printed:
    """Write a batch deck check (``tt deck check-batch --out report.pdf``) as a PDF."""
    from tt_organizer.localtime import shown
    from tt_organizer.printing.layout import Sheet, paper_from_locale
    from tt_organizer.printing.registration import common_folder, draw_batch

    paper = paper or paper_from_locale()
    folder = common_folder([r.source for r in rows])
    event = (_("Registration desk — {folder}").format(folder=folder) if folder
             else _("Registration desk"))
    sheet = Sheet(paper, event, _("batch deck check"), shown(printed_at), landscape=True)
    draw_batch(sheet, rows, format_id)
    written, pages = sheet.finish(out)
    return Printed(written, "registration", pages, paper, items=len(rows))
