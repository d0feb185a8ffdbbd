# expect: none
# real: OK
# findings: none
"""The same debugging run on one TPU core with the strategy left to Lightning: with `devices=1` it builds
`SingleDeviceXLAStrategy` on the chosen XLA device itself, and the run goes through.
"""
import argparse

import torch
import torch.nn as nn
from lightning.fabric import Fabric


class MLP(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(8, width), nn.GELU(), nn.Linear(width, width), nn.GELU())
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        return self.head(self.layers(x))


def batches(fabric, steps, batch_size):
    for _ in range(steps):
        x = torch.randn(batch_size, 8, device=fabric.device)
        yield x, x.sum(dim=1, keepdim=True)


def train(fabric, args):
    model = MLP(args.width)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    model, optimizer = fabric.setup(model, optimizer)
    for step, (x, y) in enumerate(batches(fabric, args.steps, args.batch_size)):
        loss = nn.functional.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % 10 == 0:
            fabric.print(f"step {step}: loss {loss.item():.4f}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--width", type=int, default=16)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=4)
    args = parser.parse_args()
    # one core while debugging
    fabric = Fabric(accelerator="tpu", devices=1)
    fabric.launch(train, args)


if __name__ == "__main__":
    main()
