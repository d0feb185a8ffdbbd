# expect: none
# oracle: OK
# twin: s402_leftover_list_policy_strategy_passed_on
"""A script mid-refactor: the old strategy (a list policy) is still built but no longer handed to Fabric."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, x):
        return x + self.ff(x)


def train(fabric):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    old_strategy = XLAFSDPStrategy(auto_wrap_policy=[Block])  # TODO: drop once the new one is validated
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
    fabric = Fabric(accelerator="tpu", strategy=strategy, precision="bf16-true")
    fabric.launch(train)


if __name__ == "__main__":
    main()
