"""Behaviour a trainer can mix in; each mixin reads what it needs from `self`."""


class GradClipMixin:
    grad_clip = 1.0

    def clip(self, model, optimizer):
        if self.grad_clip:
            self.fabric.clip_gradients(model, optimizer, clip_val=self.grad_clip)


class LoggingMixin:
    def log(self, step, loss):
        if step % 10 == 0:
            self.fabric.print(f"step {step}: {loss.item():.4f}")
