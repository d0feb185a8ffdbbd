"""Metrics whose states are synced across processes when computed, shaped as torchmetrics' are."""
from metrics.aggregation import MaxMetric, MeanMetric
from metrics.base import Metric

__all__ = ["MaxMetric", "MeanMetric", "Metric"]
