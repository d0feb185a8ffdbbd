# expect: none
# real: OK
# findings: none
"""The same helpers as a notebook version: batches use fabric.device, but only inside the launched run."""
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


def make_batch(fabric, n=4):
    return torch.randn(n, 4, device=fabric.device)


def evaluate(fabric, model):
    model.eval()
    with torch.no_grad():
        x = make_batch(fabric, 8)
        err = F.mse_loss(model(x), x)
    model.train()
    return fabric.all_reduce(err, reduce_op="mean")


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = make_batch(fabric)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
    fabric.print(f"eval {evaluate(fabric, model).item():.4f}")


def main():
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)


if __name__ == "__main__":
    main()
