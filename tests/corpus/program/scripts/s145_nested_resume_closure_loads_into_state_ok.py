# expect: none
# oracle: OK
# twin: s144_nested_resume_closure_loads_like_torch_load
"""python train.py [--resume]: fabric example shape; `main` defines its save and resume steps as closures over the run."""
import argparse
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


def main(fabric, out_dir, epochs, lr, resume):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9))
    state = {"model": model, "optimizer": optimizer, "epoch": 0}
    ckpt_path = os.path.join(out_dir, "last")

    def save_checkpoint():
        try:
            fabric.save(ckpt_path, state)
        finally:
            fabric.barrier()

    def load_checkpoint():
        fabric.load(ckpt_path, state)  # restores the objects in place, the epoch too

    for epoch in range(state["epoch"], epochs):
        x = torch.randn(16, 32, device=fabric.device)
        y = torch.randint(0, 4, (16,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        state["epoch"] = epoch + 1
        save_checkpoint()
    if resume:
        load_checkpoint()
        fabric.print(f"resumed after epoch {state['epoch']}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--out-dir", default="checkpoints")
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--resume", action="store_true", default=True)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded"))
    fabric.launch(main, **vars(args))
