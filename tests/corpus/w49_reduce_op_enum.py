# expect: LXF027
# real: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: RedOpType.MAX
# findings: LXF027 error 33
"""Track the worst loss across replicas with torch.distributed's ReduceOp."""
from torch.distributed import ReduceOp

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
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    worst = fabric.all_reduce(loss.detach(), reduce_op=ReduceOp.MAX)
    fabric.print(f"worst replica loss {worst.item():.4f}")


# The same script runs on a single TPU host or a pod slice; nothing below depends on the host count.
# Launching spawns one process per TPU core; each runs the function given to `launch`.
# Checkpoints, if any, are written by every process (sharded) into the working directory.
if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
