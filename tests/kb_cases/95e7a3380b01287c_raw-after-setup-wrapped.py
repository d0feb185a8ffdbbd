# record: 95e7a3380b01287c
# role: raw-after-setup-wrapped
"""The optimizer built from a kept reference to the raw model after setup, with `auto_wrap_policy`: it runs,
and the optimizer holds only the wrapped blocks' shards; the root's own layer (`head`) is never trained."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.lin(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(), Block())
        self.head = nn.Linear(8, 1)

    def forward(self, x):
        return self.head(self.blocks(x))


def train(fabric):
    raw_model = Net()
    model = fabric.setup_module(raw_model)
    optimizer = torch.optim.Adam(raw_model.parameters(), lr=1e-3)
    optimizer = fabric.setup_optimizers(optimizer)
    held = {id(p) for group in optimizer.param_groups for p in group["params"]}
    total = list(model.parameters())
    before = [p.detach().clone() for p in total]
    loss = model(torch.randn(4, 8, device=fabric.device)).sum()
    fabric.backward(loss)
    optimizer.step()
    changed = sum(not torch.equal(b.cpu(), p.detach().cpu()) for b, p in zip(before, total))
    missing = sum(id(p) not in held for p in total)
    if missing:
        raise AssertionError(
            f"the optimizer holds {len(total) - missing} of the set-up model's {len(total)} parameter tensors;"
            f" {len(total) - changed} were not updated by the step"
        )


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
