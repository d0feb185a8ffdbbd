# expect: none
# oracle: OK
# twin: s348_namespace_defaults_getattr_clip_options_by_value
"""Options from a defaults dict turned into a Namespace (as in a notebook or a sweep agent), then copied by name."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

DEFAULTS = {
    "lr": 3e-4,
    "steps": 2,
    "clip_val": None,
    "max_norm": 1.0,
    "norm_type": 2.0,
}
CLIP_OPTIONS = ("clip_val", "max_norm", "norm_type")


class MLP(nn.Module):
    def __init__(self, dim=32, hidden=64, classes=4):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Linear(hidden, classes))

    def forward(self, x):
        return self.net(x)


def clip_kwargs(args: argparse.Namespace) -> dict:
    kwargs = {}
    for name in CLIP_OPTIONS:
        value = getattr(args, name)
        if value is not None:
            kwargs[name] = value
    return kwargs


def train(fabric: Fabric, args: argparse.Namespace) -> None:
    model = fabric.setup_module(MLP())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, **clip_kwargs(args))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    args = argparse.Namespace(**DEFAULTS)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"), precision="bf16-true")
    fabric.launch(train, args)
