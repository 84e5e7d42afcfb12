"""The published results of one event as one JSON document (``event.json``).

The static site's pages are rendered from this same document, so the JSON and the HTML never
disagree. Its shape is described by ``schema/event.schema.json`` (JSON Schema) and in
docs/publish.md. Players appear by name only: no PIN, no membership id, no e-mail.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tt_organizer.errors import InputError

if TYPE_CHECKING:
    from tt_organizer.events.models import EventSnapshot, MatchInfo, PlayerInfo

SCHEMA_ID = "tt-organizer/published-event"
VERSION = 1
DECKLISTS = ("top-cut", "all", "none")
TOP_CUT = "top-cut"


def _fraction(value: float | None) -> float | None:
    return None if value is None else round(float(value), 6)


def _match(m: MatchInfo, name: Any) -> dict[str, Any]:
    winner = {"p1": m.player1, "p2": m.player2, "bye": m.player1}.get(m.outcome or "")
    return {"table": m.table, "player1": name(m.player1),
            "player2": None if m.player2 is None else name(m.player2),
            "result": m.result, "outcome": m.outcome,
            "winner": None if winner is None else name(winner)}


def _cards(zone: Mapping[str, int], cards: Mapping[str, tuple[str, str]]) -> list[dict[str, Any]]:
    return [{"number": n, "name": cards.get(n, (n, ""))[0], "type": cards.get(n, ("", ""))[1],
             "count": c} for n, c in sorted(zone.items())]


def _decklist(p: PlayerInfo, place: str, cards: Mapping[str, tuple[str, str]]
              ) -> dict[str, Any]:
    return {"player": p.name, "place": place, "colors": list(p.deck_colors),
            "legal": p.deck_legal, "main": _cards(p.main, cards), "pile": _cards(p.pile, cards)}


def event_document(snapshot: EventSnapshot, *, decklists: str = "top-cut",
                   cards: Mapping[str, tuple[str, str]] | None = None) -> dict[str, Any]:
    """The published document of ``snapshot``: final standings (the bracket first once a top
    cut is played), every round with its results, the bracket, the decklists ``decklists``
    says (``top-cut``: the top cut's, or the top 8 of the Swiss when there is none; ``all``;
    ``none``) and the field's colours and Tamers. ``cards`` maps card number -> (name, type),
    by default the shipped card database."""
    from tt_organizer.events.event_standings import snapshot_standings
    from tt_organizer.events.final_placings import round_names, snapshot_final_placings
    from tt_organizer.stats.calibration import card_table, compute_stats

    if decklists not in DECKLISTS:
        raise InputError("publish-decklists-choice", choices=", ".join(DECKLISTS))
    if cards is None:
        cards = card_table()
    settings = snapshot.settings
    name = snapshot.name
    placings = snapshot_final_placings(snapshot)
    lines = ([(p.place, p.standing) for p in placings] if placings is not None
             else [(str(s.rank), s) for s in snapshot_standings(snapshot)])
    swiss = [m for m in snapshot.matches if m.stage != TOP_CUT]
    bracket = [m for m in snapshot.matches if m.stage == TOP_CUT and m.table > 0]
    in_cut = {p for m in bracket for p in (m.player1, m.player2) if p is not None}
    finished = bool(snapshot.matches) and all(m.outcome is not None for m in snapshot.matches)
    champion = next((s.player for place, s in lines if place == "1"), None) \
        if bracket and finished else None
    if decklists == "all":
        shown = {int(s.player) for _, s in lines}
    elif decklists == "top-cut":
        shown = in_cut or {int(s.player) for _, s in lines[:8]}
    else:
        shown = set()
    has_deck = {p.id for p in snapshot.players if p.deck_text}
    standings = [
        {"place": place, "rank": s.rank, "player": name(s.player), "points": s.points,
         "wins": s.wins, "losses": s.losses, "draws": s.draws, "omw": _fraction(s.omw),
         "gw": _fraction(s.gw), "ogw": _fraction(s.ogw), "dropped": s.dropped,
         "top_cut": s.player in in_cut,
         "colors": list(snapshot.player(s.player).deck_colors),
         "decklist": s.player in shown and s.player in has_deck}
        for place, s in lines
    ]
    rounds = [
        {"round": r, "name": f"Round {r}",
         "matches": [_match(m, name) for m in snapshot.round_matches(r)]}
        for r in sorted({m.round for m in swiss})
    ]
    names = round_names(snapshot.matches)
    bracket_rounds = [
        {"round": r, "name": names.get(r, f"top-cut round {r}"),
         "matches": [_match(m, name) for m in sorted(bracket, key=lambda m: m.table)
                     if m.round == r]}
        for r in sorted({m.round for m in bracket})
    ]
    field = compute_stats([snapshot], cards=cards, top=len(cards) or 1)
    decks = field.decks
    return {
        "schema": SCHEMA_ID,
        "version": VERSION,
        "event": {"name": settings.name, "date": settings.created_at[:10],
                  "format": settings.format_id, "banlist_date": settings.banlist_date,
                  "best_of": settings.best_of, "swiss_rounds": len(rounds),
                  "top_cut": len(in_cut), "players": len(snapshot.players),
                  "finished": finished,
                  "champion": None if champion is None else name(champion)},
        "standings": standings,
        "rounds": rounds,
        "bracket": bracket_rounds,
        "decklists": [_decklist(snapshot.player(s.player), place, cards)
                      for place, s in lines if s.player in shown and s.player in has_deck],
        "field": {
            "decks": decks,
            "colors": [{"color": b.label, "decks": b.decks,
                        "share": _fraction(b.decks / decks if decks else 0.0)}
                       for b in field.colours if b.decks],
            "tamers": [{"number": t.number, "name": t.name, "decks": t.decks,
                        "share": _fraction(t.share)} for t in field.tamers],
        },
    }
