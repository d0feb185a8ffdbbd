# expect: LXF028
# real: RAISED TypeError: 'str' object is not callable
# findings: LXF028 error 23
"""The wrap policy names the layer class by string, as in the YAML config it was copied from."""
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


FSDP_CONFIG = {
    "auto_wrap_policy": "Block",
    "state_dict_type": "sharded",
}


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()


# The same script runs on a single TPU host or a pod slice; nothing below depends on the host count.
# Launching spawns one process per TPU core; each runs the function given to `launch`.
# Checkpoints, if any, are written by every process (sharded) into the working directory.
if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**FSDP_CONFIG))
    fabric.launch(train)
