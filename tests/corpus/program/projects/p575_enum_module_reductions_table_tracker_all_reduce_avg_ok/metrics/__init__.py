from metrics.tracker import MetricTracker

__all__ = ["MetricTracker"]
