# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Mixer'>]. You can try defining and passing `aut
# findings: LXF001 error 48
"""Hyper-parameters in a SimpleNamespace; layer classes are sorted by name so runs log stably."""
import types

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Mixer(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.token_mix = nn.Linear(8, 8)
        self.channel_mix = nn.Linear(dim, dim)

    def forward(self, x):
        x = x + self.token_mix(x.transpose(1, 2)).transpose(1, 2)
        return x + self.channel_mix(x)


REMAT = {Mixer}
hparams = types.SimpleNamespace(
    lr=2e-3,
    steps=2,
    remat=sorted(REMAT, key=lambda cls: cls.__name__),
)


def train(fabric, hp):
    model = fabric.setup_module(nn.Sequential(nn.Linear(3, 32), Mixer(), Mixer(), nn.Linear(32, 3)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=hp.lr))
    for _ in range(hp.steps):
        x = torch.randn(2, 8, 3, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Mixer}, activation_checkpointing_policy=hparams.remat),
    )
    fabric.launch(train, hparams)
