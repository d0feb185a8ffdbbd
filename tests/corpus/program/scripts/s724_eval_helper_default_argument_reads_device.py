# expect: LXF019
# oracle: RAISED RuntimeError: Accessing the XLA device before processes have spawned is not allowed.
"""python train.py: an evaluation helper defaults its device to the Fabric's, a default Python evaluates when the def runs, before the launch."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))


@torch.no_grad()
def evaluate(model, batches=2, device=fabric.device):
    losses = []
    for _ in range(batches):
        x = torch.randn(8, 16, device=device)
        losses.append(F.mse_loss(model(x), torch.zeros(8, 1, device=device)))
    return torch.stack(losses).mean()


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    loss = F.mse_loss(model(torch.randn(8, 16, device=fabric.device)), torch.zeros(8, 1, device=fabric.device))
    fabric.backward(loss)
    optimizer.step()
    fabric.print(f"val loss {evaluate(model, device=fabric.device).item():.3f}")


if __name__ == "__main__":
    fabric.launch(train)
