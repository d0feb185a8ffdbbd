# expect: LXF007
# real: RAISED ValueError: `precision='16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# findings: LXF007 error 22
"""Fabric's arguments are shared between jobs in one dict; the FSDP strategy is added per job."""
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


FABRIC_KWARGS = dict(accelerator="tpu", devices="auto", precision="16-mixed")


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


# The same script runs on a single TPU host or a pod slice; nothing below depends on the host count.
# Launching spawns one process per TPU core; each runs the function given to `launch`.
# Checkpoints, if any, are written by every process (sharded) into the working directory.
# Logging goes through `fabric.print`, which prints on rank 0 only.
if __name__ == "__main__":
    fabric = Fabric(**FABRIC_KWARGS, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
