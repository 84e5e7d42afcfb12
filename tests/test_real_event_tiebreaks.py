"""Replay a real published event through the standings library and the ``melee`` policy.

The fixture is a melee.gg event as cached by MTGODecklistCache (see
tests/fixtures/real/events/README.md): every round's results and the published standings with
OMW%, GW% and OGW%. The results go through the same parser as ``tt event report``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tt_organizer.events.results import parse_result
from tt_organizer.standings import MatchRecord, ScoringSettings, compute_standings
from tt_organizer.standings.policy import MELEE, RULEBOOK, TiebreakPolicy

EVENTS = Path(__file__).parent / "fixtures" / "real" / "events"
REAL = sorted(EVENTS.glob("*.json"))


def replay(doc: dict[str, Any], policy: TiebreakPolicy) -> tuple[dict[str, int], list[Any]]:
    """Player ids by name and the standings of ``doc``'s rounds under ``policy``."""
    ids: dict[str, int] = {}
    records: list[MatchRecord] = []
    for number, rnd in enumerate(doc["Rounds"], 1):
        for m in rnd["Matches"]:
            p1 = ids.setdefault(m["Player1"], len(ids) + 1)
            if m["Player2"] == "-":
                records.append(MatchRecord.bye(number, p1))
                continue
            p2 = ids.setdefault(m["Player2"], len(ids) + 1)
            r = parse_result(m["Result"], 3)
            records.append(MatchRecord(number, p1, p2, r.p1_games, r.p2_games, r.draws,
                                       r.outcome))
    settings = ScoringSettings(tiebreakers=("omw", "gw", "ogw"), policy=policy)
    return ids, compute_standings(list(ids.values()), records, settings=settings)


@pytest.mark.parametrize("path", REAL, ids=[p.stem for p in REAL])
def test_melee_policy_reproduces_every_published_tiebreaker(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    ids, rows = replay(doc, MELEE)
    by_id = {s.player: s for s in rows}
    published = doc["Standings"]
    assert len(published) == len(ids) == len(rows)
    for pub in published:
        s = by_id[ids[pub["Player"]]]
        assert (s.points, s.wins, s.losses, s.draws) == (
            pub["Points"], pub["Wins"], pub["Losses"], pub["Draws"]), pub["Player"]
        for ours, theirs in ((s.omw, pub["OMWP"]), (s.gw, pub["GWP"]), (s.ogw, pub["OGWP"])):
            assert round(ours, 4) == round(theirs, 4), (pub["Player"], ours, theirs)
    # and the published order is ours: points, then OMW%, GW%, OGW%
    names = {v: k for k, v in ids.items()}
    assert [names[s.player] for s in rows] == [p["Player"] for p in published]


@pytest.mark.parametrize("path", REAL, ids=[p.stem for p in REAL])
def test_rulebook_policy_differs_where_the_rules_differ(path: Path) -> None:
    """The rule book's floor (0.33) and bye rule give other figures for the same results."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    ids, rows = replay(doc, RULEBOOK)
    by_id = {s.player: s for s in rows}
    differing = [p["Player"] for p in doc["Standings"]
                 if round(by_id[ids[p["Player"]]].omw, 4) != round(p["OMWP"], 4)
                 or round(by_id[ids[p["Player"]]].ogw, 4) != round(p["OGWP"], 4)]
    assert differing


def test_event_stored_with_the_melee_preset_exports_the_published_figures() -> None:
    """The same event as an event snapshot whose settings carry the ``melee`` preset: the
    export's Standings table has OMW%, GW%, OGW% (in that order) with the published values."""
    from tt_organizer.events.models import EventSettings, EventSnapshot, MatchInfo, PlayerInfo
    from tt_organizer.events.service import PRESET_TIEBREAKERS, tiebreak_policy
    from tt_organizer.export.tables import standings_table

    doc = json.loads(REAL[0].read_text(encoding="utf-8"))
    ids: dict[str, int] = {}
    matches = []
    for number, rnd in enumerate(doc["Rounds"], 1):
        for table, m in enumerate(rnd["Matches"], 1):
            p1 = ids.setdefault(m["Player1"], len(ids) + 1)
            if m["Player2"] == "-":
                matches.append(MatchInfo(number, table, p1, None, "bye", 2, 0, 0, "bye"))
                continue
            p2 = ids.setdefault(m["Player2"], len(ids) + 1)
            r = parse_result(m["Result"], 3)
            matches.append(MatchInfo(number, table, p1, p2, r.text, r.p1_games, r.p2_games,
                                     r.draws, r.outcome))
    settings = EventSettings(name=doc["Tournament"]["Name"], tiebreak_policy=tiebreak_policy(
        "melee"), tiebreakers=PRESET_TIEBREAKERS["melee"])
    snap = EventSnapshot(path="", settings=settings,
                         players=tuple(PlayerInfo(i, n) for n, i in ids.items()),
                         matches=tuple(matches), current_round=len(doc["Rounds"]))
    table = standings_table(snap, snap.current_round)
    assert table.headers == ["Rank", "Player", "Points", "W-L-D", "OMW%", "GW%", "OGW%",
                             "Dropped"]
    got = [(r[1], *(round(float(v), 4) for v in r[4:7])) for r in table.rows]  # type: ignore[arg-type]
    assert got == [(p["Player"], round(p["OMWP"], 4), round(p["GWP"], 4), round(p["OGWP"], 4))
                   for p in doc["Standings"]]
