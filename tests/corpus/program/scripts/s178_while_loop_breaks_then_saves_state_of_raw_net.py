# expect: LXF023
# oracle: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so:
"""python script.py: train until the loss is low enough or the budget ends, then save one checkpoint."""
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


def save_final(fabric, state, out_dir):
    path = os.path.join(out_dir, f"step-{state['step']:06d}")
    fabric.save(path, state)
    return path


def train(fabric, max_steps=3, target_loss=0.05, out_dir="checkpoints"):
    net = Net()
    state = {"model": net, "step": 0}
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    state["optimizer"] = optimizer
    while True:
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        state["step"] += 1
        if loss.item() < target_loss or state["step"] >= max_steps:
            break
    fabric.print("saved", save_final(fabric, state, out_dir))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded"))
    fabric.launch(train)
