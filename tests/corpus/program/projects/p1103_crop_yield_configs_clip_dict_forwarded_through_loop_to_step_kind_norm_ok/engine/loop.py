"""The training loop: draws batches, computes the loss, hands the step to engine.steps."""
import torch.nn.functional as F

from engine.steps import optimizer_step


def fit(fabric, model, optimizer, batches, *, clip_kind="norm", clip_limit=1.0):
    for step, (x, y) in enumerate(batches):
        loss = F.smooth_l1_loss(model(x.to(fabric.device)), y.to(fabric.device))
        optimizer_step(fabric, model, optimizer, loss, clip_kind, clip_limit)
        fabric.print(f"step {step}: loss {loss.item():.4f}")
