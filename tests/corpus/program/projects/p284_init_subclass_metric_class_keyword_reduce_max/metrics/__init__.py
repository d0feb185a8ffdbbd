"""Evaluation metrics, registered by name when their module is imported."""
from metrics import loss  # noqa: F401  (registers the loss metrics)
from metrics.base import METRICS, Metric

__all__ = ["METRICS", "Metric"]
