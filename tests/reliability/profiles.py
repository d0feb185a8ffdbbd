"""Hypothesis profiles for the reliability tests.

`ci` (the default) keeps the whole fuzz budget of the suite under two minutes on two cores. `long`
multiplies every test's examples by ERRATA_FUZZ_SCALE (default 50) and turns on the `slow` soak
tests (skipped otherwise). The long run, soaks only (about 10 minutes on two cores at the default
scale; ERRATA_FUZZ_SCALE=500 makes it an overnight run):

    HYPOTHESIS_PROFILE=long python -m pytest tests -m slow

or every reliability test at the long budget:

    HYPOTHESIS_PROFILE=long python -m pytest tests/test_fuzz_*.py tests/test_hostile_*.py tests/test_no_exec.py tests/test_limits.py

Each test asks for `budget(n)`: n examples under `ci`, n * ERRATA_FUZZ_SCALE under `long`; loops
that are not hypothesis tests ask for `scaled(n)`.
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
# the bounded run of every `pytest` is the same run each time (a red CI is the change's, never the draw's); the long
# run explores at random
settings.register_profile("ci", database=None, derandomize=True, **_common)
settings.register_profile("long", **_common)
# Not loaded globally (other tests keep whatever profile they use): each test of ours names it.
_PARENT = settings.get_profile("long" if LONG else "ci")


def budget(examples: int):
    """Settings for one fuzz test: `examples` in CI, SCALE times as many in a long run."""
    return settings(_PARENT, max_examples=examples * SCALE)


def scaled(count: int) -> int:
    """A loop count for the non-hypothesis soaks (incremental edits, hostile sessions)."""
    return count * SCALE


def soak(test):
    """A test for the long run only: marked `slow`, skipped unless HYPOTHESIS_PROFILE=long."""
    return pytest.mark.slow(pytest.mark.skipif(not LONG, reason="long run only: HYPOTHESIS_PROFILE=long")(test))
