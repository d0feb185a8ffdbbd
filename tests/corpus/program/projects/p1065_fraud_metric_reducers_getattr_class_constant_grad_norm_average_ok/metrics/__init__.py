"""Cross-replica logging of training metrics."""
from .aggregators import METRIC_REDUCTIONS, reduce_metric  # noqa: F401
