# expect: none
# oracle: OK
# twin: s172_sync_context_flag_picks_no_backward_sync_of_raw_net
"""python script.py [--accumulate 2]: the step's context is `fabric.no_backward_sync` when accumulating, else a nullcontext."""
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


def no_sync_disabled(module, enabled=True):
    return contextlib.nullcontext()


def train(fabric, accumulate, lr):
    net = Net()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
    sync_context = fabric.no_backward_sync if accumulate > 1 else no_sync_disabled
    for micro_step in range(accumulate):
        is_accumulating = micro_step + 1 < accumulate
        x = torch.randn(8, 32, device=fabric.device)
        with sync_context(model, enabled=is_accumulating):
            loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)) / accumulate
            fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--accumulate", type=int, default=2)
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args.accumulate, args.lr)
