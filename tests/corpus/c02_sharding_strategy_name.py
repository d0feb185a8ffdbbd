# expect: FSDP002
# real: RAISED KeyError: 'ZERO3'
# findings: FSDP002 error 31
"""Pretrain on 2 nodes x 8 GPUs. The sharding mode is written the DeepSpeed way (`"zero3"`),
a name FSDP's `ShardingStrategy` enum does not have."""
import os

import torch
import torch.nn as nn
import lightning as L
from lightning.fabric.strategies import FSDPStrategy
from torch.utils.data import DataLoader, TensorDataset


class MLPBlock(nn.Module):
    def __init__(self, dim=1024):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, 4 * dim)
        self.fc2 = nn.Linear(4 * dim, dim)

    def forward(self, x):
        return x + self.fc2(torch.relu(self.fc1(self.norm(x))))


SHARDING = "zero3"


def build_fabric() -> L.Fabric:
    strategy = FSDPStrategy(
        sharding_strategy=SHARDING,
        auto_wrap_policy={MLPBlock},
        cpu_offload=False,
    )
    return L.Fabric(accelerator="gpu", devices=8, num_nodes=2, strategy=strategy)


def main():
    fabric = build_fabric()
    fabric.launch()
    fabric.seed_everything(int(os.environ.get("SEED", "0")))
    data = TensorDataset(torch.randn(4096, 1024), torch.randn(4096, 1024))
    loader = fabric.setup_dataloaders(DataLoader(data, batch_size=32, shuffle=True))
    model = fabric.setup_module(nn.Sequential(*[MLPBlock() for _ in range(16)]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-4))
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
