"""Behaviour a trainer mixes in."""


class GradClipMixin:
    """Clip the gradients before each step; the trainer says how by its class attributes."""

    clip_val = None
    max_norm = None

    def clip(self, model, optimizer):
        self.fabric.clip_gradients(model, optimizer, clip_val=self.clip_val, max_norm=self.max_norm)
