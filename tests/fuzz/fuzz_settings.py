"""Settings of the fuzz targets (hypothesis): a few examples in CI, many by hand.

    TT_FUZZ_EXAMPLES=20000 .venv/bin/python -m pytest tests/fuzz -q    # a long run

Without ``TT_FUZZ_EXAMPLES`` the examples are derandomized (the same every run: CI stays
deterministic); with it they are random, so each long run explores new inputs.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

EXAMPLES = os.environ.get("TT_FUZZ_EXAMPLES")

FUZZ = settings(
    max_examples=int(EXAMPLES) if EXAMPLES else 40,
    deadline=None,
    database=None,
    derandomize=EXAMPLES is None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much],
)
"""The settings of every fuzz target: ``@FUZZ`` above ``@given``."""
