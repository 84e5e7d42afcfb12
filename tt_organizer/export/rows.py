"""The tables of an event export (standings, pairings, results, players, decklists, audit).

Each table is built once from an :class:`EventSnapshot` and written both to an ``.xlsx``
sheet (``workbook.py``) and to a CSV file, so the two always carry the same columns.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tt_organizer.events.audit_words import action_words, subject_words
from tt_organizer.events.event_standings import points_before
from tt_organizer.events.models import EventSnapshot, MatchInfo, PlayerInfo, paired_round
from tt_organizer.events.penalties import PENALTY
from tt_organizer.i18n import N_, NP_, Msg, Term
from tt_organizer.names import sort_key

# words of the cells a person reads (a CSV keeps the English codes: ``str()`` of a Term)
STAGE = "a stage of an event"
OUTCOME = "a match outcome"
WORDS = (NP_("a stage of an event", "swiss"), NP_("a stage of an event", "top-cut"),
         NP_("a stage of an event", "Swiss"), NP_("a stage of an event", "top cut"),
         NP_("a match outcome", "p1"), NP_("a match outcome", "p2"),
         NP_("a match outcome", "draw"), NP_("a match outcome", "double-loss"),
         NP_("a match outcome", "bye"), NP_("a match outcome", "loss-missed"),
         N_("Main deck"), N_("Tamer + Egg pile"))

TEXT = "text"
INT = "int"
PERCENT = "percent"
ENTRY = "entry"  # text the organizer types (Text number format: Excel keeps "2-1" as text)
TIME = "time"  # a stored UTC ISO time: local time in workbooks, as stored in CSV files

# Column headers of a pairings sheet; the results import reads the same names.
ROUND = N_("Round")
TABLE = N_("Table")
PLAYER1 = N_("Player 1")
PLAYER2 = N_("Player 2")
RESULT = N_("Result")
FIRST = N_("First (P1/P2 per game)")
WINNERS = N_("Winners")
TURNS = N_("Turns")


@dataclass(frozen=True)
class Column:
    """One column: its header (English, as CSV files carry it; a workbook shows it in the
    event's language) and how its values are formatted."""

    header: str
    kind: str = TEXT


@dataclass
class Table:
    """A sheet's worth of rows under one header row."""

    key: Msg  # sheet name (shown in the event's language)
    file_stem: str  # CSV file name without .csv
    title: Msg  # what the sheet shows, for its title row
    columns: tuple[Column, ...]
    rows: list[list[object]] = field(default_factory=list)
    landscape: bool = False
    block_titles: dict[int, Msg] = field(default_factory=dict)  # row index -> title before it

    @property
    def headers(self) -> list[str]:
        """The header row."""
        return [c.header for c in self.columns]


def check_round(snapshot: EventSnapshot, round_number: int | None) -> int:
    """The last Swiss round an export covers (``round_number`` or the current round)."""
    return paired_round(round_number, snapshot.current_round)


def seat_of(m: MatchInfo, player_id: int | None) -> str:
    """``P1``/``P2`` for a player of ``m`` (empty when unknown)."""
    if player_id is None:
        return ""
    if player_id == m.player1:
        return "P1"
    return "P2" if player_id == m.player2 else ""


def game_lists(m: MatchInfo) -> tuple[str, str, str]:
    """The First / Winners / Turns cells of a match. Who went first is kept game by game as
    far as it is known, a blank entry for a game it is not (``P1,,P2``: what ``report
    --first`` and the results import read, and what the Results sheet shows a row a game);
    winners and turns are given only when every game's is known ("" otherwise)."""
    games = sorted(m.games, key=lambda g: g.number)
    if not games:
        return "", "", ""
    firsts = [seat_of(m, g.first) for g in games]
    first = ",".join(firsts) if any(firsts) else ""
    drawn = "draw" if m.winnerless_games_are_draws() else ""
    seats = [seat_of(m, g.winner) or drawn for g in games]
    winners = ",".join(seats) if all(seats) else ""
    turns = ",".join(str(g.turns) for g in games) if all(g.turns for g in games) else ""
    return first, winners, turns


def paired_matches(snapshot: EventSnapshot, round_number: int, stage: str = "swiss") -> list[
    MatchInfo
]:
    """The matches of a round that sit at a table (a late entry's missed round has none)."""
    return [m for m in snapshot.round_matches(round_number, stage) if m.table > 0]


def pairings_sheet_name(round_number: int) -> Msg:
    """Sheet name of a round's pairings (the results import recognises it, in every
    language)."""
    return Msg("Pairings R{round}", round=round_number)


PAIRING_COLUMNS = (
    Column(ROUND, INT),
    Column(TABLE, INT),
    Column(PLAYER1),
    Column(N_("P1 points"), INT),
    Column(PLAYER2),
    Column(N_("P2 points"), INT),
    Column(RESULT, ENTRY),
    Column(FIRST, ENTRY),
    Column(WINNERS, ENTRY),
    Column(TURNS, ENTRY),
)


def pairings_table(snapshot: EventSnapshot, round_number: int) -> Table:
    """One round's pairings by table, with a Result column to fill in."""
    points = points_before(snapshot.matches, snapshot.settings.scoring(), round_number)
    rows: list[list[object]] = []
    for m in paired_matches(snapshot, round_number):
        first, winners, turns = game_lists(m)
        rows.append([
            m.round,
            m.table,
            snapshot.name(m.player1),
            points.get(m.player1, 0),
            snapshot.name(m.player2),
            points.get(m.player2, 0) if m.player2 is not None else None,
            m.result or ("bye" if m.player2 is None else None),
            first,
            winners,
            turns,
        ])
    return Table(
        key=pairings_sheet_name(round_number),
        file_stem=f"pairings-r{round_number}",
        title=Msg("Pairings, round {round}", round=round_number),
        columns=PAIRING_COLUMNS,
        rows=rows,
        landscape=True,
    )


def top_cut_table(snapshot: EventSnapshot) -> Table | None:
    """Every top-cut pairing, or None when the event has no top cut yet."""
    matches = sorted(
        (m for m in snapshot.matches if m.stage == "top-cut"), key=lambda m: (m.round, m.table)
    )
    if not matches:
        return None
    from tt_organizer.events.final_placings import round_names

    names = round_names(matches, shown=True)
    rows: list[list[object]] = [
        [m.round, m.table, snapshot.name(m.player1), snapshot.name(m.player2), m.result,
         names[m.round]]
        for m in matches
    ]
    columns = (Column(ROUND, INT), Column(TABLE, INT), Column(PLAYER1), Column(PLAYER2),
               Column(RESULT), Column(N_("Bracket round")))
    return Table(Msg("Top cut"), "top-cut", Msg("Top cut"), columns, rows, landscape=True)


def _pct(value: float | None) -> float | None:
    if value is None:
        return None
    value = float(value)
    if value > 1.0:  # given in percent
        value /= 100.0
    return round(value, 6)


def standings_table(snapshot: EventSnapshot, last_round: int, *, final: bool = False) -> Table:
    """Standings after ``last_round`` Swiss rounds, with every tiebreaker in use in the order
    it ranks. ``final`` (the whole event) puts the final placings first once the top cut has
    been played (a Place column: 1, 2, 3-4, 5-8, … then the Swiss order)."""
    from tt_organizer.events.event_standings import snapshot_standings
    from tt_organizer.events.final_placings import Placing, snapshot_final_placings
    from tt_organizer.standings.tiebreakers import TIEBREAK_LABELS

    tbs = snapshot.settings.tiebreakers
    placed = snapshot_final_placings(snapshot) if final else None
    lines = placed or [Placing("", s) for s in snapshot_standings(snapshot, last_round)]
    rows: list[list[object]] = []
    for line in lines:
        s = line.standing
        player = s.player
        name = player if isinstance(player, str) else snapshot.name(player)
        rows.append([
            *([line.place] if placed else []),
            s.rank,
            name,
            s.points,
            f"{s.wins}-{s.losses}-{s.draws}",
            *(_pct(getattr(s, t)) for t in tbs),
            "yes" if s.dropped else "",
        ])
    columns = (
        *((Column(N_("Place")),) if placed else ()),
        Column(N_("Rank") if not placed else N_("Swiss rank"), INT), Column(N_("Player")),
        Column(N_("Points"), INT), Column(N_("W-L-D")),
        *(Column(TIEBREAK_LABELS[t], PERCENT) for t in tbs),
        Column(N_("Dropped")),
    )
    title = (Msg("Standings after round {round}", round=last_round) if last_round
             else Msg("Standings"))
    if placed:
        title = Msg("Final standings (top cut, then Swiss)")
    return Table(Msg("Standings"), "standings", title, columns, rows)


def results_table(snapshot: EventSnapshot, last_round: int, *, top_cut: bool) -> Table:
    """Every match and every game, with who went first."""
    rows: list[list[object]] = []
    stages = ("swiss", "top-cut") if top_cut else ("swiss",)
    matches = sorted(
        (
            m
            for m in snapshot.matches
            if m.stage in stages and (m.stage != "swiss" or m.round <= last_round)
        ),
        key=lambda m: (stages.index(m.stage), m.round, m.table),
    )
    for m in matches:
        base: list[object] = [
            Term(m.stage, STAGE), m.round, m.table or None, snapshot.name(m.player1),
            "" if m.player2 is None and m.outcome == "loss-missed" else snapshot.name(m.player2),
            m.result, Term(m.outcome, OUTCOME) if m.outcome else m.outcome,
        ]
        games = sorted(m.games, key=lambda g: g.number)
        if not games:
            rows.append([*base, None, "", "", None, m.reported_at])
        drawn = Term("draw", OUTCOME) if m.winnerless_games_are_draws() else ""
        for g in games:
            first = snapshot.name(g.first) if g.first is not None else ""
            winner = snapshot.name(g.winner) if g.winner is not None else drawn
            rows.append([*base, g.number, first, winner, g.turns, m.reported_at])
    columns = (
        Column(N_("Stage")), Column(ROUND, INT), Column(TABLE, INT), Column(PLAYER1),
        Column(PLAYER2), Column(RESULT), Column(N_("Outcome")), Column(N_("Game"), INT),
        Column(N_("Went first")), Column(N_("Game winner")), Column(TURNS, INT),
        Column(N_("Reported at"), TIME),
    )
    return Table(Msg("Results"), "results", Msg("Results (one row per game)"), columns, rows,
                 landscape=True)


def deck_status(p: PlayerInfo) -> str:
    """``legal`` / ``illegal`` / ``no deck`` (as data; marked for the catalog)."""
    if p.deck_legal is None:
        return N_("no deck")
    return N_("legal") if p.deck_legal else N_("illegal")


def players_table(snapshot: EventSnapshot) -> Table:
    """Every registration with its deck check."""
    rows: list[list[object]] = []
    for p in sorted(snapshot.players, key=lambda p: p.id):
        rows.append([
            p.id, p.name, p.ext_id, p.registered_at, Term(deck_status(p)),
            ", ".join(p.deck_codes), Term("/".join(p.deck_colors)), p.deck_source,
            Term("yes") if p.dropped else "",
            p.dropped_round, p.late_entry_round,
        ])
    columns = (
        Column(N_("ID"), INT), Column(N_("Name")), Column(N_("Player ID")),
        Column(N_("Registered"), TIME), Column(N_("Deck")), Column(N_("Deck problems")),
        Column(N_("Colours")), Column(N_("Deck file")), Column(N_("Dropped")),
        Column(N_("Dropped after round"), INT), Column(N_("Late entry round"), INT),
    )
    return Table(Msg("Players"), "players", Msg("Players"), columns, rows, landscape=True)


_TYPE_ORDER = {"Digi-Egg": 0, "Digimon": 1, "Dual": 2, "Tamer": 3, "Option": 4}


def card_rows(cards: dict[str, int]) -> Iterable[tuple[int, str, str, str, str]]:
    """Count, number, name, type and colours of each card, Digi-Eggs first, then by level."""
    from tt_organizer.cards import load_cards

    db = load_cards()
    out = []
    for number, count in cards.items():
        card = db.find(number)
        if card is None:
            out.append(((9, 0, number), count, number, "(unknown card)", "", ""))
        else:
            key = (_TYPE_ORDER.get(card.card_type, 8), card.level or 0, card.number)
            out.append((key, count, card.number, card.name, card.card_type, card.color_text))
    for _key, *rest in sorted(out, key=lambda r: r[0]):
        yield tuple(rest)  # type: ignore[misc]


def decklists_table(snapshot: EventSnapshot) -> Table:
    """One block per player: main deck, then the Tamer + Digi-Egg pile, with card names."""
    rows: list[list[object]] = []
    titles: dict[int, Msg] = {}
    for p in sorted(snapshot.players, key=lambda p: (sort_key(p.name), p.id)):
        if p.deck_legal is None and not p.main and not p.pile:
            continue
        main_n, pile_n = sum(p.main.values()), sum(p.pile.values())
        colours = Term("/".join(p.deck_colors)) if p.deck_colors else Msg("no colour")
        titles[len(rows)] = Msg("{name} — {status} — {colours} — main {main}, pile {pile}",
                                name=p.name, status=Term(deck_status(p)), colours=colours,
                                main=main_n, pile=pile_n)
        for section, cards in ((Term("Main deck"), p.main), (Term("Tamer + Egg pile"), p.pile)):
            for count, number, name, card_type, card_colours in card_rows(cards):
                rows.append([p.name, section, count, number, name, card_type,
                             Term(card_colours)])
    columns = (
        Column(N_("Player")), Column(N_("Section")), Column(N_("Count"), INT),
        Column(N_("Card number")), Column(N_("Card name")), Column(N_("Type")),
        Column(N_("Colours")),
    )
    return Table(Msg("Decklists"), "decklists", Msg("Decklists"), columns, rows,
                 block_titles=titles)


def audit_table(snapshot: EventSnapshot) -> Table:
    """The append-only change log."""
    rows: list[list[object]] = [
        [a.id, a.at, a.actor, action_words(a.action), subject_words(a.subject), a.old, a.new]
        for a in sorted(snapshot.audit, key=lambda a: a.id)
    ]
    columns = (
        Column(N_("ID"), INT), Column(N_("Time"), TIME), Column(N_("Actor")),
        Column(N_("Action")), Column(N_("Subject")), Column(N_("Old")), Column(N_("New")),
    )
    return Table(Msg("Audit"), "audit", Msg("Audit log"), columns, rows, landscape=True)


def penalties_table(snapshot: EventSnapshot) -> Table:
    """The judge's log: one row per penalty, oldest first."""
    rows: list[list[object]] = [
        [p.at, p.round, Term("top cut" if p.stage == "top-cut" else "Swiss", STAGE),
         snapshot.name(p.player), Term(p.infraction), Term(p.penalty, PENALTY), p.note,
         p.judge]
        for p in snapshot.penalties
    ]
    columns = (
        Column(N_("Time"), TIME), Column(ROUND, INT), Column(N_("Stage")), Column(N_("Player")),
        Column(N_("Infraction")), Column(N_("Penalty")), Column(N_("Note")), Column(N_("Judge")),
    )
    return Table(Msg("Penalties"), "penalties", Msg("Penalties (the judge's log)"), columns,
                 rows, landscape=True)


def event_tables(snapshot: EventSnapshot, round_number: int | None = None, *,
                 swiss: bool = False) -> list[Table]:
    """Every table of the export, in sheet order. The Standings table holds the final
    placings once the top cut has started (whole event), the Swiss order with ``swiss``."""
    last = check_round(snapshot, round_number)
    tables = [standings_table(snapshot, last, final=round_number is None and not swiss)]
    tables += [pairings_table(snapshot, r) for r in range(1, last + 1)]
    if round_number is None:
        top = top_cut_table(snapshot)
        if top is not None:
            tables.append(top)
    tables += [
        results_table(snapshot, last, top_cut=round_number is None),
        players_table(snapshot),
        decklists_table(snapshot),
    ]
    if snapshot.penalties:
        tables.append(penalties_table(snapshot))
    tables.append(audit_table(snapshot))
    return tables
