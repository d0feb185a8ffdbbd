"""Hypothesis profiles for the reliability tests.

`ci` (the default) keeps the whole fuzz budget of the suite under two minutes on two cores; `long`
multiplies every test's examples for a soak run:

    HYPOTHESIS_PROFILE=long python -m pytest tests -m slow -p no:cacheprovider
    HYPOTHESIS_PROFILE=long python -m pytest tests/test_fuzz_*.py tests/test_hostile_*.py

Each test asks for `budget(n)`: n examples under `ci`, n * ERRATA_FUZZ_SCALE (default 50) under `long`.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
LONG = PROFILE == "long"
SCALE = int(os.environ.get("ERRATA_FUZZ_SCALE", "50")) if LONG else 1

_common = dict(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    print_blob=True,
)
settings.register_profile("ci", database=None, derandomize=False, **_common)
settings.register_profile("long", **_common)
settings.load_profile(PROFILE if PROFILE in ("ci", "long") else "ci")


def budget(examples: int):
    """Settings for one fuzz test: `examples` in CI, SCALE times as many in a long run."""
    return settings(max_examples=examples * SCALE)


def scaled(count: int) -> int:
    """A loop count for the non-hypothesis soaks (incremental edits, hostile sessions)."""
    return count * SCALE


# Tests that only make sense in a long run: skipped unless HYPOTHESIS_PROFILE=long.
slow = pytest.mark.slow
long_only = [pytest.mark.slow, pytest.mark.skipif(not LONG, reason="long run only: HYPOTHESIS_PROFILE=long")]
