from .registry import register_callback


@register_callback("grad_clip")
class GradientClipping:
    """Clips the gradients right before each optimizer step."""

    def __init__(self, max_norm=None, clip_val=None, norm_type=2.0):
        self.max_norm = max_norm
        self.clip_val = clip_val
        self.norm_type = norm_type

    def on_before_optimizer_step(self, fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, max_norm=self.max_norm, clip_val=self.clip_val, norm_type=self.norm_type)
