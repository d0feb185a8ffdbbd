class GradClipMixin:
    """Clips by norm when `optim.clip_grad` is on."""

    def before_optimizer_step(self):
        super().before_optimizer_step()
        optim = self.cfg.optim
        if optim.clip_grad:
            norm = self.fabric.clip_gradients(self.model, self.optimizer, max_norm=optim.max_norm)
            self.fabric.print(f"grad norm {float(norm):.3f}")
