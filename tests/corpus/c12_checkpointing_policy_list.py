# expect: FSDP012
# real: needs CUDA GPUs, not run; from the source, the raise confirmed by a CPU call of the same lightning 2.6.6 code: RAISED ValueError: Expected [<the list>] to be callable or be a pre-defined wrap policy
# findings: FSDP012 error 37
"""Activation checkpointing on GPUs with FSDP. The policy is a list of classes: FSDPStrategy turns a
set into a wrap policy and passes anything else to torch as a policy, which rejects a list."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy
from torch.utils.data import DataLoader, TensorDataset


class Attention(nn.Module):
    def __init__(self, dim=1024, heads=16):
        super().__init__()
        self.mha = nn.MultiheadAttention(dim, heads, batch_first=True)

    def forward(self, x):
        return x + self.mha(x, x, x, need_weights=False)[0]


class FeedForward(nn.Module):
    def __init__(self, dim=1024):
        super().__init__()
        self.net = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.net(x)


CHECKPOINTED = [Attention, FeedForward]


def main():
    strategy = FSDPStrategy(
        auto_wrap_policy={Attention, FeedForward},
        activation_checkpointing_policy=CHECKPOINTED,
    )
    fabric = Fabric(accelerator="cuda", devices=8, strategy=strategy, precision="bf16-mixed")
    fabric.launch()
    layers = []
    for _ in range(12):
        layers += [Attention(), FeedForward()]
    model = fabric.setup_module(nn.Sequential(*layers))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-4))
    loader = fabric.setup_dataloaders(DataLoader(TensorDataset(torch.randn(512, 256, 1024)), batch_size=4))
    for (x,) in loader:
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
