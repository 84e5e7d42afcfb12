"""Replay a real published event (tests/fixtures/real/events/*.json) under the tiebreak
policies and compare with the published figures.

    python scripts/tiebreak_policies.py [EVENT.json] [SWISS_ROUNDS]

Prints, per player, the published OMW% / GW% / OGW% and the ones of the ``melee`` and
``rulebook`` presets, then how many published figures each preset reproduces to 4 decimals.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tt_organizer.events.results import parse_result
from tt_organizer.standings import MatchRecord, ScoringSettings, compute_standings
from tt_organizer.standings.policy import MELEE, RULEBOOK, TiebreakPolicy

DEFAULT = (Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "real" / "events"
           / "weekly-legacy-mont-53029-2024-01-11.json")


def replay(doc: dict, policy: TiebreakPolicy, rounds: int | None) -> dict[str, tuple[float, ...]]:
    """Player name -> (OMW, GW, OGW) under ``policy``."""
    ids: dict[str, int] = {}
    records = []
    for number, rnd in enumerate(doc["Rounds"][:rounds], 1):
        for m in rnd["Matches"]:
            p1 = ids.setdefault(m["Player1"], len(ids) + 1)
            if m["Player2"] == "-":
                records.append(MatchRecord.bye(number, p1))
                continue
            p2 = ids.setdefault(m["Player2"], len(ids) + 1)
            r = parse_result(m["Result"], 3)
            records.append(MatchRecord(number, p1, p2, r.p1_games, r.p2_games, r.draws,
                                       r.outcome))
    rows = compute_standings(list(ids.values()), records, settings=ScoringSettings(
        tiebreakers=("omw", "gw", "ogw"), policy=policy))
    names = {v: k for k, v in ids.items()}
    return {names[s.player]: (s.omw, s.gw, s.ogw) for s in rows}


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else None
    doc = json.loads(path.read_text(encoding="utf-8"))
    figures = {p.name: replay(doc, p, rounds) for p in (MELEE, RULEBOOK)}
    hits = dict.fromkeys(figures, 0)
    total = 0
    print(f"{doc['Tournament']['Name']} ({doc['Tournament']['Uri']})")
    print(f"{'player':<28} {'published OMW/GW/OGW':>22} {'melee':>22} {'rulebook':>22}")
    for pub in doc["Standings"]:
        name = pub["Player"]
        if name not in figures["melee"]:
            continue
        published = (pub["OMWP"], pub["GWP"], pub["OGWP"])
        cells = [" ".join(f"{v:.4f}" for v in published)]
        for policy, table in figures.items():
            ours = table[name]
            hits[policy] += sum(round(a, 4) == round(b, 4) for a, b in zip(ours, published))
            cells.append(" ".join(f"{v:.4f}" for v in ours))
        total += 3
        print(f"{name[:28]:<28} " + " ".join(f"{c:>22}" for c in cells))
    for policy, n in hits.items():
        print(f"{policy}: {n} of {total} published figures reproduced to 4 decimals")


if __name__ == "__main__":
    main()
