# expect: none
# real: OK
# findings: none
"""The strategy object is kept in a local for a barrier; accumulation goes through Fabric."""
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


def train(fabric, accumulate=2):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    strategy = fabric.strategy
    for i in range(accumulate):
        x = torch.randn(2, 4, device=fabric.device)
        with fabric.no_backward_sync(model, enabled=(i + 1) % accumulate != 0):
            loss = F.mse_loss(model(x), x)
            fabric.backward(loss)
    optimizer.step()
    strategy.barrier("after-step")


# The same script runs on a single TPU host or a pod slice; nothing below depends on the host count.
# Launching spawns one process per TPU core; each runs the function given to `launch`.
# Checkpoints, if any, are written by every process (sharded) into the working directory.
# Logging goes through `fabric.print`, which prints on rank 0 only.
# Tune the batch size to the TPU generation; the toy sizes here keep the run short.
if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
