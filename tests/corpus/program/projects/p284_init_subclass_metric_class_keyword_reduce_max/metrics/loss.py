"""Loss metrics for the validation pass."""
from metrics.base import Metric


class ValLoss(Metric, name="val_loss"):
    """The mean validation loss over replicas."""


class PeakLoss(Metric, reduce="max", name="peak_loss"):
    """The worst batch's loss: the largest over batches and replicas."""

    def update(self, value):
        self.total = max(self.total, float(value))
        self.count = 1
