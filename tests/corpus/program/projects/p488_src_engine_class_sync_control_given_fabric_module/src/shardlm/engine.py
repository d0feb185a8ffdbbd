"""The engine: owns the loop over batches for a Fabric and the model it has set up."""
import torch.nn.functional as F


class Engine:
    def __init__(self, fabric, model, optimizer, accumulate=1):
        self.fabric = fabric
        self.model = model
        self.optimizer = optimizer
        self.accumulate = accumulate

    def _sync_skipped(self, step):
        """No gradient all-reduce on the micro-batches before the one that steps."""
        skip = (step + 1) % self.accumulate != 0
        control = self.fabric.strategy._backward_sync_control
        return control.no_backward_sync(self.model, skip)

    def fit(self, batches):
        for step, (x, y) in enumerate(batches):
            x, y = self.fabric.to_device((x, y))
            with self._sync_skipped(step):
                loss = F.cross_entropy(self.model(x), y) / self.accumulate
                self.fabric.backward(loss)
            if (step + 1) % self.accumulate == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()
