# expect: none
# oracle: OK
# twin: s804_train_state_post_init_builds_optimizer_from_raw_model
"""python train.py: the run's mutable state is a dataclass whose `__post_init__` creates the optimizer from
the model it was given; the model is set up before the state is built."""
import argparse
import dataclasses

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


@dataclasses.dataclass
class TrainState:
    model: nn.Module
    lr: float = 3e-4
    weight_decay: float = 0.1
    step: int = 0
    optimizer: torch.optim.Optimizer = dataclasses.field(init=False)

    def __post_init__(self):
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=self.lr, weight_decay=self.weight_decay)


def train(fabric, args):
    state = TrainState(fabric.setup_module(Net()), lr=args.lr)
    state.optimizer = fabric.setup_optimizers(state.optimizer)
    for _ in range(args.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(state.model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        state.optimizer.step()
        state.optimizer.zero_grad()
        state.step += 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args)
