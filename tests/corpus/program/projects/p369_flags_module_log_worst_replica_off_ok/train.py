# expect: none
# oracle: OK
# twin: p368_flags_module_log_worst_replica_on_reduce_max
"""python train.py: a few steps of a small classifier under XLA FSDP, logging the reduced loss."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from conf import flags
from trainlib.logging_utils import reduced_loss


class Net(nn.Module):
    def __init__(self, dim: int = 32, classes: int = 4):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim)
        self.fc2 = nn.Linear(dim, classes)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    for step in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % flags.LOG_EVERY == 0:
            fabric.print(f"step {step}: loss {reduced_loss(fabric, loss.detach()).item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"), precision="32-true")
    fabric.launch(train)
