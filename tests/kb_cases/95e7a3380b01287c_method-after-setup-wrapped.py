# record: 95e7a3380b01287c
# role: method-after-setup-wrapped
"""The set-up module's own `configure_optimizers()` called after `setup_module`, with `auto_wrap_policy`: it runs,
and `self.parameters()` of the original module gives only the wrapped blocks' shards; the root's own layer
(`head`) is never trained."""
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

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(model.configure_optimizers())
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
