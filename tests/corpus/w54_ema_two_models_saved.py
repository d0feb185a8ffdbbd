# expect: LXF024
# real: RAISED ValueError: Found multiple XLAFSDP modules in the given state. Saving checkpoints with FSDP is currently limited to a single model p
# findings: LXF024 error 37
"""An EMA copy of the model is also set up; both go into the same checkpoint."""
import copy

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


def train(fabric):
    net = nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))
    ema_net = copy.deepcopy(net)
    model = fabric.setup_module(net)
    ema = fabric.setup_module(ema_net)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    with torch.no_grad():
        for p_ema, p in zip(ema.parameters(), model.parameters()):
            p_ema.mul_(0.99).add_(p, alpha=0.01)
    state = {"model": model, "ema": ema, "optimizer": optimizer}
    fabric.save("with-ema", state)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
