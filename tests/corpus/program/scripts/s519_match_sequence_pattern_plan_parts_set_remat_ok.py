# expect: none
# oracle: OK
# twin: s518_match_sequence_pattern_plan_parts_list_remat
"""python train.py: `match args.plan.split("+")` picks the strategy with sequence patterns; the default plan `shard+remat` gets the layers to recompute as a set."""
import argparse

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

def strategy_for(plan: str) -> XLAFSDPStrategy:
    match plan.split("+"):
        case ["shard"]:
            return XLAFSDPStrategy(auto_wrap_policy={Block})
        case ["shard", "remat"] | ["remat", "shard"]:
            return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})
        case ["shard", "full_state"]:
            return XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="full")
        case _:
            raise SystemExit(f"unknown plan {plan!r}")


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--plan", default="shard+remat", help="'+'-joined parts: shard, remat, full_state")
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=strategy_for(args.plan))
    fabric.launch(train)
