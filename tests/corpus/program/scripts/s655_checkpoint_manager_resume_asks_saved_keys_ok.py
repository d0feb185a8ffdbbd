# expect: none
# oracle: OK
# twin: s654_checkpoint_manager_resume_asks_best_loss_never_saved
"""python train.py: a checkpoint manager saves and resumes through one path attribute, and the resume asks only for what the save wrote, the best loss included."""
import argparse
import os

import torch
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


class CheckpointManager:
    def __init__(self, fabric, out_dir):
        self.fabric = fabric
        self.path = os.path.join(out_dir, "last")

    def save(self, model, optimizer, step, best_loss):
        self.fabric.save(self.path, {"model": model, "optimizer": optimizer, "step": step, "best_loss": best_loss})

    def resume(self, model, optimizer):
        state = {"model": model, "optimizer": optimizer, "step": 0, "best_loss": float("inf")}
        self.fabric.load(self.path, state)
        return state["step"]


def train(fabric, args):
    model = fabric.setup_module(Net(args.dim))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    manager = CheckpointManager(fabric, args.out_dir)
    for step in range(args.steps):
        x = torch.randn(8, args.dim, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    manager.save(model, optimizer, args.steps, loss.item())
    start = manager.resume(model, optimizer)
    fabric.print(f"resumed at step {start}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--dim", type=int, default=32)
    parser.add_argument("--out-dir", default="checkpoints")
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args)
