# expect: none
# oracle: OK
# twin: s136_partial_step_bound_before_setup_accumulation_no_sync
"""python train.py [--grad-accum 2]: the step is a compiled `functools.partial`, accumulation skips the gradient sync."""
import argparse
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


def maybe_compile(fn):
    """Stands in for torch.compile, which the TPU build here leaves to XLA's own tracing."""

    @functools.wraps(fn)
    def compiled(*args, **kwargs):
        return fn(*args, **kwargs)

    return compiled


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


@maybe_compile
def training_step(fabric, model, batch, is_accumulating, grad_accum):
    x, y = batch
    with fabric.no_backward_sync(model, enabled=is_accumulating):
        loss = F.cross_entropy(model(x), y) / grad_accum
        fabric.backward(loss)
    return loss


def main(fabric, grad_accum, max_iters, lr):
    model = fabric.setup_module(Net())
    train_step = functools.partial(training_step, fabric, model, grad_accum=grad_accum)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
    for iteration in range(max_iters * grad_accum):
        is_accumulating = (iteration + 1) % grad_accum != 0
        batch = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = train_step(batch, is_accumulating)
        if not is_accumulating:
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"iter {iteration}: loss {loss.item():.4f}")


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--grad-accum", type=int, default=2)
    parser.add_argument("--max-iters", type=int, default=1)
    parser.add_argument("--lr", type=float, default=1e-3)
    return parser.parse_args()


if __name__ == "__main__":
    args = parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main, **vars(args))
