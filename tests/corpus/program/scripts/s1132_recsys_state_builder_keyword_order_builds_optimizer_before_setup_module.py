# expect: LXF013
# oracle: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
"""Session-based next-item recommender: one builder makes the training state (set-up model, optimizer, counters) that is trained and checkpointed as a whole."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

ITEMS, SESSION = 200, 6


class ItemMLP(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.fc2 = nn.Linear(2 * dim, dim)

    def forward(self, x):
        return x + self.fc2(F.gelu(self.fc1(x)))


class NextItem(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.items = nn.Embedding(ITEMS, dim)
        self.pos = nn.Parameter(torch.zeros(SESSION, dim))
        self.blocks = nn.Sequential(ItemMLP(dim), ItemMLP(dim))
        self.out = nn.Linear(dim, ITEMS)

    def forward(self, sessions):
        h = (self.items(sessions) + self.pos).mean(1)
        return self.out(self.blocks(h))


def make_state(model, optimizer, step=0):
    return {"model": model, "optimizer": optimizer, "step": step}


def build_training_state(fabric, net, lr=2e-3, weight_decay=0.01):
    """Sets `net` up and pairs it with AdamW: the dict is what `fabric.save` and `fabric.load` get."""
    return make_state(
        optimizer=fabric.setup_optimizers(torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=weight_decay)),
        model=fabric.setup_module(net),
    )


def sessions(step):
    gen = torch.Generator().manual_seed(step)
    start = torch.randint(0, ITEMS - SESSION - 1, (32,), generator=gen)
    seq = start[:, None] + torch.arange(SESSION + 1)
    return seq[:, :SESSION], seq[:, SESSION]


def main(fabric):
    state = build_training_state(fabric, NextItem())
    model, optimizer = state["model"], state["optimizer"]
    for step in range(3):
        x, y = sessions(step)
        loss = F.cross_entropy(model(x.to(fabric.device)), y.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        state["step"] = step + 1
    fabric.save(os.path.join(tempfile.mkdtemp(prefix="next-item-"), "step-3"), state)
    fabric.print(f"loss {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ItemMLP}))
    fabric.launch(main)
