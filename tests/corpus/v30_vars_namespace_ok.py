# expect: none
# real: OK
# findings: none
"""argparse namespace for the FSDP group, splatted with vars(); layer sets are filled in after parsing."""
import argparse

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.sigmoid(self.fc(x))


LAYERS = {"block": Block, "linear": nn.Linear}


def train(fabric, steps):
    model = fabric.setup_module(nn.Sequential(nn.Linear(3, 32), Block(), Block(), nn.Linear(32, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(10, 3, device=fabric.device)
        loss = F.smooth_l1_loss(model(x), x[:, :1])
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def fsdp_namespace(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--wrap", nargs="*", default=["block"])
    parser.add_argument("--remat", nargs="*", default=["block"])
    parser.add_argument("--state-dict-type", dest="state_dict_type", default="sharded")
    ns, _ = parser.parse_known_args(argv)
    ns.auto_wrap_policy = {LAYERS[name] for name in ns.wrap}
    ns.activation_checkpointing_policy = {LAYERS[name] for name in ns.remat}
    del ns.wrap, ns.remat
    return ns


if __name__ == "__main__":
    fsdp = fsdp_namespace()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**vars(fsdp)))
    fabric.launch(train, 2)
