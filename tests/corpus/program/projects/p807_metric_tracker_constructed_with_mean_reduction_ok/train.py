# expect: none
# oracle: OK
# twin: p806_metric_tracker_constructed_with_max_reduction
"""1-D signal denoiser that logs metrics through per-metric trackers; every tracker is built with sum or mean, and the max-reducing debug method is never called."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from metrics import Tracker
from model import DenoiseBlock, Denoiser, noisy_sine

STEPS = 3


def train(fabric):
    model = fabric.setup_module(Denoiser())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=2e-3))
    loss_tracker = Tracker(fabric, "loss")
    samples_tracker = Tracker(fabric, "samples", reduce="sum")
    grad_tracker = Tracker(fabric, "grad_norm", reduce="mean")
    for step in range(STEPS):
        noisy, clean = noisy_sine(8, 64, fabric.device)
        loss = F.mse_loss(model(noisy), clean)
        fabric.backward(loss)
        grad_norm = fabric.clip_gradients(model, optimizer, max_norm=5.0)
        optimizer.step()
        optimizer.zero_grad()
        loss_tracker.update(loss)
        samples_tracker.update(noisy.size(0))
        grad_tracker.update(grad_norm)
        fabric.print(f"step {step}: {loss_tracker} {samples_tracker} {grad_tracker}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={DenoiseBlock}))
    fabric.launch(train)
