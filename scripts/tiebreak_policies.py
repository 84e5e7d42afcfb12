"""Replay a real published event (tests/fixtures/real/events/*.json) under the tiebreak
policies and compare with the published figures.

    python scripts/tiebreak_policies.py [EVENT.json] [SWISS_ROUNDS]

Prints, per player, the published OMW% / GW% / OGW% and the ones of the ``melee``,
``melee-2025``, ``melee-2024`` and ``rulebook`` presets, then how many published figures each
preset reproduces to 4 decimals. A late entry's missed rounds are put back (a player who first
plays in round N missed rounds 1 to N-1); rounds after SWISS_ROUNDS (a top cut) are left out.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tt_organizer.events.published_results import cache_rounds, published_records
from tt_organizer.standings.match_record import MatchRecord
from tt_organizer.standings.policy import MELEE, MELEE_2024, MELEE_2025, RULEBOOK, TiebreakPolicy
from tt_organizer.standings.tiebreakers import ScoringSettings, compute_standings

DEFAULT = (Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "real" / "events"
           / "weekly-legacy-mont-53029-2024-01-11.json")


def replay(doc: dict, policy: TiebreakPolicy, rounds: int | None) -> dict[str, tuple[float, ...]]:
    """Player name -> (OMW, GW, OGW) under ``policy``."""
    every = cache_rounds(doc)[:rounds]
    once = [list({frozenset((a, b or "-")): (a, b, r) for a, b, r in reversed(rnd)}.values())
            for rnd in every]  # a match listed from both sides counts once
    ids, records = published_records(once)
    first = {}
    for number, rnd in enumerate(once, 1):
        for a, b, _ in rnd:
            for name in (a, b):
                if name not in ("-", "", None):
                    first.setdefault(name, number)
    records += [MatchRecord.missed(r, ids[n]) for n, f in first.items() for r in range(1, f)]
    rows = compute_standings(list(ids.values()), records, settings=ScoringSettings(
        tiebreakers=("omw", "gw", "ogw"), policy=policy))
    names = {v: k for k, v in ids.items()}
    return {names[s.player]: (s.omw, s.gw, s.ogw) for s in rows}


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else None
    doc = json.loads(path.read_text(encoding="utf-8"))
    figures = {p.name: replay(doc, p, rounds) for p in (MELEE, MELEE_2025, MELEE_2024, RULEBOOK)}
    hits = dict.fromkeys(figures, 0)
    total = 0
    print(f"{doc['Tournament']['Name']} ({doc['Tournament']['Uri']})")
    print(f"{'player':<28} " + " ".join(f"{h:>22}" for h in ("published OMW/GW/OGW", *figures)))
    for pub in doc["Standings"]:
        name = pub["Player"]
        if name not in figures["melee"]:
            continue
        published = (pub["OMWP"], pub["GWP"], pub["OGWP"])
        cells = [" ".join(f"{v:.4f}" for v in published)]
        for policy, table in figures.items():
            ours = table[name]
            pairs = zip(ours, published, strict=True)
            hits[policy] += sum(abs(a - b) < 5e-5 for a, b in pairs)
            cells.append(" ".join(f"{v:.4f}" for v in ours))
        total += 3
        print(f"{name[:28]:<28} " + " ".join(f"{c:>22}" for c in cells))
    for policy, n in hits.items():
        print(f"{policy}: {n} of {total} published figures reproduced to 4 decimals")


if __name__ == "__main__":
    main()
