"""Callbacks of the run; Fabric calls each hook by name through `fabric.call`."""


class GradientClipping:
    def __init__(self, threshold: float = 1.0):
        self.threshold = threshold

    def on_before_optimizer_step(self, fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, clip_val=self.threshold)


class LossLogger:
    def on_train_batch_end(self, fabric, step, loss):
        fabric.print(f"step {step}: {loss.item():.4f}")
