"""Order statistics for the benchmarks (no numpy needed)."""
from __future__ import annotations

import math


def percentile(values, q: float) -> float | None:
    """Linear-interpolated percentile (q in 0..100), as numpy's default; None for no data."""
    xs = sorted(v for v in values if v is not None)
    if not xs:
        return None
    if len(xs) == 1:
        return xs[0]
    k = (len(xs) - 1) * q / 100.0
    lo, hi = math.floor(k), math.ceil(k)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def summary(values) -> dict:
    xs = [v for v in values if v is not None]
    if not xs:
        return {"n": 0, "p50": None, "p95": None, "p99": None, "min": None, "max": None, "mean": None}
    return {"n": len(xs), "p50": percentile(xs, 50), "p95": percentile(xs, 95), "p99": percentile(xs, 99),
            "min": min(xs), "max": max(xs), "mean": sum(xs) / len(xs)}
