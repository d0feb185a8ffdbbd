# expect: none
# oracle: OK
# twin: s102_exit_stack_step_contexts_no_sync_of_raw_module
"""python script.py [--accumulate N]: each micro-step enters the contexts a helper lists, through an ExitStack."""
import argparse
import contextlib

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


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


def step_contexts(fabric, module, accumulating, profile=False):
    contexts = [fabric.no_backward_sync(module, enabled=accumulating)]
    if profile:
        contexts.append(torch.autograd.profiler.record_function("micro_step"))
    return contexts


def train(fabric, accumulate):
    net = Net()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for i in range(2 * accumulate):
        accumulating = (i + 1) % accumulate != 0
        x = torch.randn(8, 32, device=fabric.device)
        y = torch.randint(0, 4, (8,), device=fabric.device)
        with contextlib.ExitStack() as stack:
            for context in step_contexts(fabric, model, accumulating):
                stack.enter_context(context)
            fabric.backward(F.cross_entropy(model(x), y) / accumulate)
        if not accumulating:
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--accumulate", type=int, default=2)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args.accumulate)
