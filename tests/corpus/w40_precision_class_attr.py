# expect: LXF007
# real: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# findings: LXF007 error 52
"""Hardware profiles as classes; the TPU profile inherits the mixed precision of the GPU base profile."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class GPUProfile:
    accelerator = "cuda"
    precision = "bf16-mixed"
    devices = 8

    def strategy(self):
        return "ddp"


class TPUProfile(GPUProfile):
    accelerator = "tpu"
    devices = "auto"

    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy={Block})


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()


def fabric_for(profile):
    return Fabric(
        accelerator=profile.accelerator,
        devices=profile.devices,
        precision=profile.precision,
        strategy=profile.strategy(),
    )


if __name__ == "__main__":
    fabric = fabric_for(TPUProfile())
    fabric.launch(train)
