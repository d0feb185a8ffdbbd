"""Callbacks given to `Fabric(callbacks=...)`; the loop runs them with `fabric.call(hook, ...)`."""
import torch


class GradNormMonitor:
    """Prints the gradient norm averaged over the ranks."""

    def __init__(self, every=1, reduce_op="mean"):
        self.every = every
        self.reduce_op = reduce_op

    def on_before_optimizer_step(self, fabric, model, step):
        if step % self.every:
            return
        grads = [p.grad.detach().norm() for p in model.parameters() if p.grad is not None]
        norm = torch.stack(grads).norm() if grads else torch.zeros((), device=fabric.device)
        norm = fabric.all_reduce(norm, reduce_op=self.reduce_op)
        fabric.print(f"step {step}: grad norm {norm.item():.4f}")


class StepTimer:
    def on_train_batch_end(self, fabric, step):
        fabric.print(f"step {step} done")
