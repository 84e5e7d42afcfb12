"""A paired round as every front end shows it: the round read model.

:func:`tt_organizer.events.rounds.pair` (and ``repair_round``, ``pair_from_file``,
``change_round``, :func:`shown_round`) return one :class:`PairedRound` saying what happened:
the stage, the round of how many, each table with both names and their points before the
round and whether they met before; the byes; who was set aside at check-in and why; who plays
without a deck; whether printed sheets went stale; and the warnings, each a :class:`Notice`
(a code of :data:`tt_organizer.messages.WORDS` and its parameters, worded at the edge in the
reader's language). The command line's text and ``--json`` and the console render it and
nothing else; :meth:`PairedRound.to_json` is the ``pairings --json`` shape (a manual change's:
``changed``, ``removed``, ``unpaired``, ``before``, ``withdrawn_reports``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tt_organizer.events import setup, store, views
from tt_organizer.events.event_standings import points_before
from tt_organizer.events.models import MatchInfo, SetAside
from tt_organizer.events.notices import Notice
from tt_organizer.events.store import Connection
from tt_organizer.i18n import NMsg

if TYPE_CHECKING:
    from tt_organizer.events.phone_reports import Report

# what happened to the round (PairedRound.what)
PAIRED, ENTERED, SHOWN, CHANGED, REPAIRED = "paired", "entered", "shown", "changed", "repaired"


@dataclass(slots=True, repr=False, eq=False)  # 2,048 a command at 4,096 players: no frozen
class RoundTable:
    """One table of a round: both players (ids and names; ``player2`` None for the bye), their
    match points before the round (None when not asked for, :func:`build`'s ``figures``; and
    for the bye's empty seat), the result as reported and whether they met before."""

    table: int
    player1: int
    name1: str
    points1: int | None
    player2: int | None = None
    name2: str | None = None
    points2: int | None = None
    result: str | None = None
    rematch: bool = False

    @property
    def bye(self) -> bool:
        """Whether this is the bye (no player 2)."""
        return self.player2 is None

    def to_json(self) -> dict[str, Any]:
        """The ``pairings --json`` form: table, player1, player2 (null for the bye), result."""
        return {"table": self.table, "player1": self.name1, "player2": self.name2,
                "result": self.result}


@dataclass(repr=False, eq=False)  # generated methods cost start-up; nothing compares rounds
class PairedRound:
    """What an operation did to a round (``what``: paired, entered from a file, shown,
    changed by hand, repaired) and everything a front end shows of it."""

    what: str
    stage: str
    round: int
    total: int | None  # the Swiss rounds of the event (None in the top cut)
    tables: list[RoundTable]
    matches: list[MatchInfo] = field(default_factory=list)  # the same tables, as stored
    bracket: int = 0  # players in the top-cut bracket (the round's name follows from it)
    set_aside: list[SetAside] = field(default_factory=list)
    no_deck: list[str] = field(default_factory=list)
    unpaired: list[str] = field(default_factory=list)  # active players without a seat
    removed: list[int] = field(default_factory=list)  # tables a change took apart
    before: list[RoundTable] = field(default_factory=list)  # tables a change moved, as were
    withdrawn: list[dict[str, Any]] = field(default_factory=list)  # views.withdrawn_json
    unchanged: int = 0  # tables a repair left as they were
    whole: list[RoundTable] = field(default_factory=list)  # a repair's round, every table
    stale_sheets: bool = False  # printed pairings of this round no longer match it
    seeded: bool = False  # round 1 paired by registration order
    source: str | None = None  # the file a round was entered from
    notices: list[Notice] = field(default_factory=list)

    @property
    def byes(self) -> list[RoundTable]:
        """The tables with a bye."""
        return [t for t in self.tables if t.bye]

    @property
    def rematches(self) -> list[int]:
        """The tables whose players met before in the Swiss."""
        return [t.table for t in self.tables if t.rematch]

    def round_name(self, *, shown: bool = True) -> str:
        """A top-cut round's name (``semi-final``; ``shown``: in the current language)."""
        from tt_organizer.events.final_placings import top_cut_round_name  # the top cut's

        return top_cut_round_name(self.bracket, self.round, shown=shown)

    def to_json(self) -> Any:
        """Today's JSON: the ``pairings --json`` list of tables (a repair's: the whole round);
        a manual change's object (``round``, ``changed``, ``removed``, ``unpaired``,
        ``before``, ``withdrawn_reports``)."""
        if self.what == CHANGED:
            return {"round": self.round, "changed": [t.to_json() for t in self.tables],
                    "removed": self.removed, "unpaired": self.unpaired,
                    "before": [t.to_json() for t in self.before],
                    "withdrawn_reports": self.withdrawn}
        return [t.to_json() for t in (self.whole if self.what == REPAIRED else self.tables)]


# --- the figures -----------------------------------------------------------------------------


def met_before(matches: Iterable[MatchInfo], round_number: int) -> set[frozenset[int]]:
    """The pairs of players who met in a Swiss round before ``round_number``."""
    return {frozenset((m.player1, m.player2)) for m in matches
            if m.stage == setup.SWISS and m.round < round_number and m.player2 is not None}


def withdrawn_notices(rows: Sequence[Mapping[str, Any]]) -> list[Notice]:
    """One warning per withdrawn phone report (rows of
    :func:`~tt_organizer.events.views.withdrawn_json`)."""
    return [Notice("report-withdrawn", {"table": r["table"], "round": r["round"],
                                        "name": r["reporter"], "result": r["result"]})
            for r in rows]


# --- the builder -----------------------------------------------------------------------------


def build(conn: Connection, what: str, stage: str, rnd: int, matches: Sequence[MatchInfo], *,
          points: Mapping[int, int] | None = None, set_aside: Sequence[SetAside] = (),
          before: Sequence[MatchInfo] = (), removed: Sequence[int] = (),
          unpaired: Sequence[str] = (), withdrawn: Sequence[Report] = (),
          unchanged: int = 0, whole: Sequence[MatchInfo] = (), source: str | None = None,
          seeded: bool = False, figures: bool = True) -> PairedRound:
    """The read model of round ``rnd`` of ``stage`` after ``what`` (its tables ``matches``);
    ``points``: each player's points before the round when the caller has them (pairing
    computed them), else summed here. The warnings follow from the facts. ``figures=False``
    leaves out the points and the rematch flags (what ``to_json()`` does not carry: the
    earlier rounds are not read, the standings' scoring not loaded)."""
    settings = store.read_settings(conn)
    every = store.read_matches(conn, setup.SWISS, games=False) if figures else []
    if figures and points is None:
        last = rnd if stage == setup.SWISS else max((m.round for m in every), default=0) + 1
        points = points_before(every, settings.scoring(), last)
    met = met_before(every, rnd) if stage == setup.SWISS else set()
    top = (store.read_matches(conn, setup.TOP_CUT, 1, tables_only=True, games=False)
           if stage == setup.TOP_CUT else [])
    ids = [p for m in (*matches, *before, *whole) for p in (m.player1, m.player2)]
    names = store.player_names(conn, ids)

    def table(m: MatchInfo) -> RoundTable:
        two = m.player2 is not None
        return RoundTable(
            table=m.table, player1=m.player1, name1=names[m.player1],
            points1=points.get(m.player1, 0) if points is not None else None,
            player2=m.player2, name2=names[m.player2] if m.player2 is not None else None,
            points2=points.get(m.player2, 0) if m.player2 is not None and points is not None
            else None,
            result=m.result,
            rematch=two and frozenset((m.player1, m.player2)) in met)

    shown = PairedRound(
        what=what, stage=stage, round=rnd,
        total=settings.rounds if stage == setup.SWISS else None,
        tables=[table(m) for m in matches], matches=list(matches),
        bracket=2 * len(top),
        set_aside=list(set_aside), unpaired=list(unpaired), removed=list(removed),
        before=[table(m) for m in before],
        withdrawn=views.withdrawn_json(conn, withdrawn) if withdrawn else [],
        unchanged=unchanged, whole=[table(m) for m in whole],
        stale_sheets=what in (CHANGED, REPAIRED), source=source, seeded=seeded,
        no_deck=_without_deck(conn) if what in (PAIRED, ENTERED) else [])
    shown.notices = _notices(shown)
    return shown


def _without_deck(conn: Connection) -> list[str]:
    from tt_organizer.events.players import without_deck  # names' fuzzy matching: not for JSON

    return without_deck(conn)


def unpaired_names(conn: Connection, rnd: int) -> list[str]:
    """Active players without a seat in Swiss round ``rnd`` (after changes by hand)."""
    seated = {pid for m in store.read_matches(conn, setup.SWISS, rnd, games=False)
              for pid in (m.player1, m.player2) if pid is not None}
    return [p.name for p in store.read_players(conn) if not p.dropped and p.id not in seated]


def shown_round(conn: Connection, round_number: int | None = None, *, top_cut: bool = False,
                json_only: bool = False) -> PairedRound:
    """A round as it stands (default the current one; ``top_cut``: of the bracket), with the
    active players no table seats when it is the current Swiss round; raises EventError when
    that round is not paired. ``json_only``: only what ``to_json()`` carries -- no points,
    rematch flags or unpaired players (the fast path of ``pairings --json``)."""
    stage = setup.TOP_CUT if top_cut else setup.SWISS
    matches = views.round_matches(conn, round_number, top_cut)
    current = store.current_round(conn, stage)
    rnd = current if round_number is None else round_number
    unpaired = (unpaired_names(conn, rnd) if not (top_cut or json_only) and rnd == current
                else [])
    return build(conn, SHOWN, stage, rnd, matches, unpaired=unpaired, figures=not json_only)


def _notices(r: PairedRound) -> list[Notice]:
    """The warnings a round's facts call for, in the order a front end says them."""
    out = withdrawn_notices(r.withdrawn)
    if r.set_aside:
        n = len(r.set_aside)
        out.append(Notice("round-set-aside", {
            "players": NMsg("{n} player(s)", "{n} player(s)", n, n=n),
            "names": ", ".join(p.name for p in r.set_aside)}))
    if r.no_deck:
        n = len(r.no_deck)
        out.append(Notice("round-no-deck", {
            "players": NMsg("{n} player(s) play", "{n} player(s) play", n, n=n),
            "names": ", ".join(r.no_deck)}))
    if r.rematches and r.what != SHOWN:
        n, tables = len(r.rematches), ", ".join(map(str, r.rematches))
        out.append(Notice("round-rematch-entered", {
            "rematches": NMsg("rematch(es) at table(s) {tables}",
                              "rematch(es) at table(s) {tables}", n, tables=tables),
            "tables": tables}) if r.what == ENTERED else Notice("round-rematch", {
                "at": NMsg("table(s) {tables}", "table(s) {tables}", n, tables=tables),
                "tables": tables}))
    if r.what in (SHOWN, CHANGED) and r.unpaired:
        out.append(Notice("round-unpaired", {"names": ", ".join(r.unpaired)}))
    if r.stale_sheets:
        out.append(Notice("round-sheets-stale", {"round": r.round}))
    return out
