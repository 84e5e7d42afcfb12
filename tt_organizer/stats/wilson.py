"""The Wilson score interval for a proportion."""

from __future__ import annotations

import math

from tt_organizer.errors import BadValue

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of ``successes`` out of ``trials`` (None when trials is 0).

    centre = (p + z²/2n) / (1 + z²/n), half-width = z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n).
    """
    if trials <= 0:
        return None
    if not 0 <= successes <= trials:
        raise BadValue("successes-range", trials=trials, successes=successes)
    n = trials
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    # at k = 0 (k = n) the bound is exactly 0 (1); rounding would leave 1e-17 (0.99999...)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high
