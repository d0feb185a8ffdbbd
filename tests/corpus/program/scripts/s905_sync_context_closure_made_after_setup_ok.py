# expect: none
# oracle: OK
# twin: s904_sync_context_closure_made_before_setup
"""Gradient accumulation: a closure built after setup_module picks the no_backward_sync context per micro-batch."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class ResidualMLP(nn.Module):
    def __init__(self, dim=32, depth=3, classes=10):
        super().__init__()
        self.inp = nn.Linear(dim, 64)
        self.layers = nn.ModuleList(nn.Sequential(nn.LayerNorm(64), nn.Linear(64, 64), nn.GELU()) for _ in range(depth))
        self.out = nn.Linear(64, classes)

    def forward(self, x):
        h = self.inp(x)
        for layer in self.layers:
            h = h + layer(h)
        return self.out(h)


def make_sync_context(fabric, module, accumulate_every):
    """Returns step -> context manager: gradients sync only on the last micro-batch of each window."""

    def context_for(step):
        at_boundary = (step + 1) % accumulate_every == 0
        return fabric.no_backward_sync(module, enabled=not at_boundary)

    return context_for


def micro_batches(fabric, count, batch_size):
    for _ in range(count):
        x = torch.randn(batch_size, 32, device=fabric.device)
        y = torch.randint(0, 10, (batch_size,), device=fabric.device)
        yield x, y


def train(fabric, micro_steps=4, accumulate_every=2, lr=1e-3):
    net = ResidualMLP()
    model = fabric.setup_module(net)
    sync_context = make_sync_context(fabric, model, accumulate_every)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))

    for step, (x, y) in enumerate(micro_batches(fabric, micro_steps, batch_size=8)):
        with sync_context(step):
            loss = F.cross_entropy(model(x), y)
            fabric.backward(loss / accumulate_every)
        if (step + 1) % accumulate_every == 0:
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"update after micro-step {step}: {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Sequential}))
    fabric.launch(train)
