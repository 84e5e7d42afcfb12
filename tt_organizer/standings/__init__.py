"""Swiss standings and tiebreakers (pure library: no database, no CLI)."""

from tt_organizer.standings.policy import MELEE, RULEBOOK, TiebreakPolicy
from tt_organizer.standings.tiebreakers import (
    MatchRecord,
    ScoringSettings,
    Standing,
    compute_standings,
)

__all__ = [
    "MELEE",
    "RULEBOOK",
    "MatchRecord",
    "ScoringSettings",
    "Standing",
    "TiebreakPolicy",
    "compute_standings",
]
