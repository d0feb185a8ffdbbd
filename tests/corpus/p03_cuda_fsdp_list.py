# expect: none
# findings: none
"""CUDA FSDP with a list of classes for activation checkpointing (the older `activation_checkpointing`
argument, deprecated but working), a joint `fabric.setup` and gradient accumulation."""
import torch
import torch.nn as nn
import lightning as L
from lightning.fabric.strategies import FSDPStrategy


class Attention(nn.Module):
    def __init__(self, dim=1024, heads=16):
        super().__init__()
        self.mha = nn.MultiheadAttention(dim, heads, batch_first=True)

    def forward(self, x):
        return x + self.mha(x, x, x, need_weights=False)[0]


class FeedForward(nn.Module):
    def __init__(self, dim=1024):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.net(x)


def train(fabric: L.Fabric, accumulate: int = 4):
    model = nn.Sequential(*[m for _ in range(12) for m in (Attention(), FeedForward())])
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    model, optimizer = fabric.setup(model, optimizer)
    for i in range(4000):
        x = torch.randn(4, 512, 1024, device=fabric.device)
        accumulating = (i + 1) % accumulate != 0
        with fabric.no_backward_sync(model, enabled=accumulating):
            fabric.backward(model(x).pow(2).mean() / accumulate)
        if not accumulating:
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    strategy = FSDPStrategy(activation_checkpointing=[Attention, FeedForward], cpu_offload=False)
    fabric = L.Fabric(accelerator="gpu", devices=8, num_nodes=2, strategy=strategy, precision="16-mixed")
    fabric.launch(train)
