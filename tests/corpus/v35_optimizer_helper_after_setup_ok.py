# expect: none
# real: OK
# findings: LXF030 warning 24
"""Parameter-grouping optimizer helper, called on the module returned by `setup_module`."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.fc(self.norm(x))


def configure_optimizer(model: nn.Module, lr: float, weight_decay: float = 0.1):
    decay = [p for p in model.parameters() if p.dim() >= 2]
    no_decay = [p for p in model.parameters() if p.dim() < 2]
    groups = [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
    return torch.optim.AdamW(groups, lr=lr)


class LitRunner:
    def __init__(self, fabric):
        self.fabric = fabric

    def prepare(self):
        model = nn.Sequential(nn.Linear(7, 32), Block(), Block(), nn.Linear(32, 2))
        self.model = self.fabric.setup_module(model)
        optimizer = configure_optimizer(self.model, lr=1e-3)
        self.optimizer = self.fabric.setup_optimizers(optimizer)

    def step(self):
        x = torch.randn(5, 7, device=self.fabric.device)
        loss = F.cross_entropy(self.model(x), torch.ones(5, dtype=torch.long, device=self.fabric.device))
        self.fabric.backward(loss)
        self.optimizer.step()
        self.optimizer.zero_grad()
        return loss


def main(fabric):
    runner = LitRunner(fabric)
    runner.prepare()
    for _ in range(2):
        runner.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
