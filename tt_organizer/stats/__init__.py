"""Format-calibration statistics: first-player win rate, game length, colour and pile-split
win rates, most-registered cards (see :mod:`tt_organizer.stats.calibration`)."""

from tt_organizer.stats.calibration import (
    MIN_BUCKET,
    MIN_GAMES,
    Bucket,
    CalibrationStats,
    FirstPlayer,
    GameLength,
    Popular,
    Rate,
    compute_stats,
)
from tt_organizer.stats.wilson import wilson_interval

__all__ = [
    "MIN_BUCKET",
    "MIN_GAMES",
    "Bucket",
    "CalibrationStats",
    "FirstPlayer",
    "GameLength",
    "Popular",
    "Rate",
    "compute_stats",
    "wilson_interval",
]
