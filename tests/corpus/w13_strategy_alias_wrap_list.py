# expect: LXF028
# real: RAISED TypeError: 'list' object is not callable
# findings: LXF028 error 48
"""Short alias for the strategy class; the wrap policy came from a YAML list and was never made a set."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy as S


class Encoder(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class Decoder(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x - torch.relu(self.fc(x))


LAYER_TYPES = {"encoder": Encoder, "decoder": Decoder}
CONFIG = {"wrap": ["encoder", "decoder"], "steps": 2}


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(3, 16), Encoder(), Decoder(), nn.Linear(16, 3)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(CONFIG["steps"]):
        x = torch.randn(4, 3, device=fabric.device)
        loss = F.l1_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    wrap = [LAYER_TYPES[name] for name in CONFIG["wrap"]]
    fabric = Fabric(accelerator="tpu", strategy=S(auto_wrap_policy=wrap))
    fabric.launch(train)
