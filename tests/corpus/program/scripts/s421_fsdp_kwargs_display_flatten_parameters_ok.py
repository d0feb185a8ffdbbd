# expect: none
# oracle: OK
# twin: s420_fsdp_kwargs_display_misspelt_flatten_parameters
"""python s421_fsdp_kwargs_display_flatten_parameters_ok.py: one-file TPU fine-tuning with the FSDP options gathered at the top."""
import argparse

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

FSDP_OPTIONS = {
    "flatten_parameters": True,
    "reshard_after_forward": True,
}


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(16, 16)

    def forward(self, x):
        return torch.relu(self.lin(x))


def train(fabric, args):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(16, 2)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        loss = model(torch.randn(4, 16, device=fabric.device)).sum()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, **FSDP_OPTIONS)
    Fabric(accelerator="tpu", strategy=strategy).launch(train, args)
