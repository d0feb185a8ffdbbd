# expect: none
# oracle: OK
# twin: s226_mode_dispatch_table_evaluate_reduces_by_max
"""python train.py: `Runner.run(cfg)` dispatches on `cfg["mode"]` through a table of its own methods."""
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


CONFIG = {"mode": "fit", "steps": 2, "metric_reduce": "mean"}


class Runner:
    def __init__(self, fabric):
        self.fabric = fabric
        self.model = fabric.setup_module(Net())
        self.optimizer = fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=1e-3))

    def run(self, cfg):
        modes = {"fit": self.fit, "validate": self.validate}
        return modes[cfg["mode"]](cfg)

    def fit(self, cfg):
        for _ in range(cfg["steps"]):
            x, y = self.batch()
            loss = F.cross_entropy(self.model(x), y)
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
        return self.validate(cfg)

    def validate(self, cfg):
        x, y = self.batch()
        with torch.no_grad():
            loss = F.cross_entropy(self.model(x), y)
        return self.fabric.all_reduce(loss, reduce_op=cfg["metric_reduce"])

    def batch(self):
        return torch.randn(8, 32, device=self.fabric.device), torch.randint(0, 4, (8,), device=self.fabric.device)


def main(fabric, cfg):
    print(Runner(fabric).run(cfg))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main, CONFIG)
