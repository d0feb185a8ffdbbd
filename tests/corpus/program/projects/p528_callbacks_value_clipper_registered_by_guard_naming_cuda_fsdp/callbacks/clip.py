"""Gradient clipping by value, for the strategies that support it (DDP on the GPU node)."""


class ValueClipper:
    def __init__(self, clip_val: float = 0.5):
        self.clip_val = clip_val

    def on_before_optimizer_step(self, fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, clip_val=self.clip_val)
