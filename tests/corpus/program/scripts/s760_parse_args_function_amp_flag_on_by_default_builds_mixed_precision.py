# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
import argparse
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def build_model():
    return nn.Sequential(Block(), Block(), nn.Linear(16, 4))


def train(fabric):
    model = fabric.setup_module(build_model())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 16, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bits", default="bf16", choices=["bf16", "16", "32"])
    parser.add_argument("--amp", action=argparse.BooleanOptionalAction, default=True)
    return parser.parse_args()


if __name__ == "__main__":
    args = parse_args()
    precision = f"{args.bits}-{'mixed' if args.amp else 'true'}"
    fabric = Fabric(accelerator="tpu", precision=precision, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
