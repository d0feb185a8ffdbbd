# expect: LXF013
# oracle: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
"""python ensemble.py [--members K]: a deep ensemble (K independently initialised MLPs trained side by side on the same batches) moved to a TPU pod with XLA FSDP; each member and its optimizer are set up one at a time."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.utils.data import DataLoader, TensorDataset


class MLP(nn.Module):
    def __init__(self, dim: int = 16, hidden: int = 32, classes: int = 4) -> None:
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, classes)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


def train(fabric, args):
    fabric.seed_everything(args.seed)
    dataset = TensorDataset(torch.randn(64, 16), torch.randint(0, 4, (64,)))
    loader = fabric.setup_dataloaders(DataLoader(dataset, batch_size=args.batch_size, shuffle=True))

    members = [MLP() for _ in range(args.members)]
    optimizers = []
    for member in members:
        optimizers.append(torch.optim.SGD(member.parameters(), lr=args.lr, momentum=0.9))

    for k in range(args.members):
        members[k] = fabric.setup_module(members[k])
        optimizers[k] = fabric.setup_optimizers(optimizers[k])

    for epoch in range(args.epochs):
        for step, (x, y) in enumerate(loader):
            for member, optimizer in zip(members, optimizers):
                optimizer.zero_grad()
                loss = F.cross_entropy(member(x), y)
                fabric.backward(loss)
                optimizer.step()
            if step == 0:
                fabric.print(f"epoch {epoch} loss {loss.item():.4f}")
            if args.dry_run:
                break


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Deep ensemble on TPU (XLA FSDP)")
    parser.add_argument("--members", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--dry-run", action="store_true", default=True)
    args = parser.parse_args()

    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
    fabric.launch(train, args)
