"""Gradient accumulation: skip the gradient sync on every micro-batch but the last of a window."""


class GradientAccumulator:
    def __init__(self, fabric, module, every=4):
        if every < 1:
            raise ValueError("every must be >= 1")
        self.fabric = fabric
        self.module = module
        self.every = every

    def is_boundary(self, micro_step):
        return (micro_step + 1) % self.every == 0

    def context(self, micro_step, module=None):
        target = self.module if module is None else module
        return self.fabric.no_backward_sync(target, enabled=not self.is_boundary(micro_step))

    def scale(self, loss):
        return loss / self.every

    def updates_in(self, micro_steps):
        """How many optimizer steps `micro_steps` micro-batches make."""
        return micro_steps // self.every

    def __repr__(self):
        return f"GradientAccumulator(every={self.every})"
