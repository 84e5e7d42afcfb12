"""Swiss standings and tiebreakers (pure library: no database, no CLI)."""

from tt_organizer.standings.tiebreakers import (
    MatchRecord,
    ScoringSettings,
    Standing,
    compute_standings,
)

__all__ = ["MatchRecord", "ScoringSettings", "Standing", "compute_standings"]
