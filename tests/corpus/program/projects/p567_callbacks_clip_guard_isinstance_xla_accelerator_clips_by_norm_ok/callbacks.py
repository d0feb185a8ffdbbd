"""Callbacks the training loop fires through `fabric.call`."""
from lightning.fabric.accelerators import XLAAccelerator


class GradientClipping:
    def __init__(self, max_norm: float = 1.0, max_value: float = 0.5):
        self.max_norm = max_norm
        self.max_value = max_value

    def on_before_optimizer_step(self, fabric, model, optimizer):
        if isinstance(fabric.accelerator, XLAAccelerator):
            fabric.clip_gradients(model, optimizer, max_norm=self.max_norm)
        else:
            fabric.clip_gradients(model, optimizer, clip_val=self.max_value)
