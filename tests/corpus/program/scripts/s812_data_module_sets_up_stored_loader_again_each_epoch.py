# expect: LXF039
# oracle: RAISED ValueError: A dataloader should be passed only once to the `setup_dataloaders` method.
"""python train.py [--epochs 2]: a small data module hands out its train loader once per epoch and sets it
up with Fabric on the way, storing the result back on itself."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class RandomDataModule:
    def __init__(self, fabric, samples=16, dim=16, batch_size=8):
        self.fabric = fabric
        data = TensorDataset(torch.randn(samples, dim), torch.randint(0, 4, (samples,)))
        self.train_loader = DataLoader(data, batch_size=batch_size, shuffle=True)

    def train_dataloader(self):
        self.train_loader = self.fabric.setup_dataloaders(self.train_loader)
        return self.train_loader


def train(fabric, args):
    data = RandomDataModule(fabric)
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for epoch in range(args.epochs):
        for x, y in data.train_dataloader():
            loss = F.cross_entropy(model(x), y)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        fabric.print(f"epoch {epoch} loss {loss.item():.3f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=2)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args)
