"""How the replicas' losses are combined for the log. `REDUCE_OP` and `WORST_OP` were renamed with an
`EVAL_` prefix; the old names still work, with a warning."""
import warnings

EVAL_REDUCE_OP = "mean"  # log the average replica
EVAL_WORST_OP = "max"  # for the single-host debug log, which gathers first
LOG_EVERY = 1

_RENAMED = {"WORST_OP": "EVAL_WORST_OP", "REDUCE_OP": "EVAL_REDUCE_OP"}


def __getattr__(name):
    if name in _RENAMED:
        new = _RENAMED[name]
        warnings.warn(f"metrics.{name} is deprecated, use metrics.{new}", DeprecationWarning, stacklevel=2)
        return globals()[new]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
