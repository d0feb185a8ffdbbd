# expect: LXF006
# findings: LXF006 error 53
"""Size-based auto wrapping with a lambda. Fine on one process, but `fabric.launch` pickles the
strategy for the TPU workers: `_pickle.PicklingError: Can't pickle <function <lambda> ...>`.
"""
import math

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies.xla_fsdp import XLAFSDPStrategy


class MoELayer(nn.Module):
    def __init__(self, dim=768, experts=8):
        super().__init__()
        self.gate = nn.Linear(dim, experts)
        self.experts = nn.ModuleList(nn.Linear(dim, dim) for _ in range(experts))

    def forward(self, x):
        weights = self.gate(x).softmax(-1)
        return sum(w.unsqueeze(-1) * e(x) for w, e in zip(weights.unbind(-1), self.experts))


class Net(nn.Module):
    def __init__(self, depth=24):
        super().__init__()
        self.layers = nn.Sequential(*[MoELayer() for _ in range(depth)])
        self.head = nn.Linear(768, 2)

    def forward(self, x):
        return self.head(self.layers(x).mean(1))


def fit(fabric):
    model = fabric.setup_module(Net())
    opt = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-4))
    warmup = 100
    for step in range(2000):
        lr = 1e-4 * min(1.0, (step + 1) / warmup) * 0.5 * (1 + math.cos(math.pi * step / 2000))
        for group in opt.param_groups:
            group["lr"] = lr
        x = torch.randn(16, 128, 768, device=fabric.device)
        y = torch.randint(0, 2, (16,), device=fabric.device)
        loss = nn.functional.cross_entropy(model(x), y)
        fabric.backward(loss)
        opt.step()
        opt.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=lambda module, recurse, nonwrapped_numel: nonwrapped_numel >= 1_000_000,
        state_dict_type="sharded",
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(fit)
