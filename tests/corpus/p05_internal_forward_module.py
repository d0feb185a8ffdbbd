# expect: none
# findings: none
"""Uses the strategy's internal backward-sync control directly, on the wrapped XLA FSDP module
(`model._forward_module`), as some older scripts do. It works: that object is an
XlaFullyShardedDataParallel. (errata may suggest the public spelling; it must not call it an error.)"""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Head(nn.Module):
    def __init__(self, dim=1024, classes=1000):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, classes)

    def forward(self, x):
        return self.fc(self.norm(x))


class Backbone(nn.Module):
    def __init__(self, dim=1024, depth=16):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(dim, dim) for _ in range(depth))
        self.head = Head(dim)

    def forward(self, x):
        for layer in self.layers:
            x = torch.nn.functional.gelu(layer(x))
        return self.head(x)


def train(fabric, accumulate=2):
    strategy = fabric.strategy
    model = fabric.setup_module(Backbone())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-4))
    for i in range(1000):
        x = torch.randn(32, 1024, device=fabric.device)
        y = torch.randint(0, 1000, (32,), device=fabric.device)
        skip_sync = (i + 1) % accumulate != 0
        with strategy._backward_sync_control.no_backward_sync(model._forward_module, skip_sync):
            loss = nn.functional.cross_entropy(model(x), y)
            fabric.backward(loss)
        if not skip_sync:
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Head}))
    fabric.launch(train)
