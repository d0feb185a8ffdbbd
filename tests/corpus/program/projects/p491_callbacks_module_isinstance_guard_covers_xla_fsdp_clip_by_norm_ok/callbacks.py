"""Callbacks for the loop: Fabric calls each hook on every callback that has it."""
from lightning.fabric.strategies import FSDPStrategy, XLAFSDPStrategy

# sharded strategies clip by norm only
SHARDED = (FSDPStrategy, XLAFSDPStrategy)


class GradientClipping:
    """Clip before each optimizer step: by value where the strategy allows it, by norm on sharded strategies."""

    def __init__(self, threshold=1.0):
        self.threshold = threshold

    def on_before_optimizer_step(self, fabric, model, optimizer):
        if isinstance(fabric.strategy, SHARDED):
            fabric.clip_gradients(model, optimizer, max_norm=self.threshold)
        else:
            fabric.clip_gradients(model, optimizer, clip_val=self.threshold)


class StepPrinter:
    def on_train_batch_end(self, fabric, step, loss):
        fabric.print(f"step {step}: loss {loss.item():.3f}")
