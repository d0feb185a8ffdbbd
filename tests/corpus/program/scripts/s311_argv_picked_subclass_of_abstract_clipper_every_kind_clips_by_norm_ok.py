# expect: none
# oracle: OK
# twin: s310_argv_picked_subclass_of_abstract_clipper_every_kind_clips_by_value
"""python clip_fsdp.py [CLIPPER]: train a small net on a pod with the clipper named on the command line."""
import sys

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class Clipper:
    """Bound the gradients before each step; a subclass names itself and sets its threshold."""

    name = None
    clip_val = None
    max_norm = None

    def threshold(self):
        raise NotImplementedError

    def apply(self, fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, clip_val=self.clip_val, max_norm=self.max_norm)


class NormClip(Clipper):
    name = "norm"
    max_norm = 1.0

    def threshold(self):
        return self.max_norm


class WarmupNormClip(NormClip):
    name = "warmup-norm"
    max_norm = 0.1


def clipper_named(name):
    kinds = [Clipper]
    while kinds:
        kind = kinds.pop()
        if kind.name == name:
            return kind
        kinds.extend(kind.__subclasses__())
    raise SystemExit(f"no clipper named {name!r}")


def train(fabric, clipper):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.print(f"clipping at {clipper.threshold()}")
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        clipper.apply(fabric, model, optimizer)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    clipper = clipper_named(sys.argv[1] if len(sys.argv) > 1 else "warmup-norm")()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, clipper)
