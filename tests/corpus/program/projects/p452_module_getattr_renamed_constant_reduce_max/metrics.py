"""How the replicas' losses are combined for the log. `REDUCE_OP` was renamed `EVAL_REDUCE_OP`; the old name
still works, with a warning."""
import warnings

EVAL_REDUCE_OP = "max"  # log the worst replica
LOG_EVERY = 1

_RENAMED = {"REDUCE_OP": "EVAL_REDUCE_OP"}


def __getattr__(name):
    if name in _RENAMED:
        new = _RENAMED[name]
        warnings.warn(f"metrics.{name} is deprecated, use metrics.{new}", DeprecationWarning, stacklevel=2)
        return globals()[new]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
