# expect: LXF018
# oracle: RAISED TypeError: `Fabric.launch(function=<bound method TimingMixin.main of <__main__.TPUTrainer object at 0x7f66ea6c7950>>)` needs to tak
"""Card-fraud scorer on synthetic transactions. The trainer builds its Fabric in `run()` and launches its own
`main`; a timing mixin wraps `main` to report how long the worker took."""
import time

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

N_FEATURES = 20


class ResidualMLP(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.fc1 = nn.Linear(width, 2 * width)
        self.fc2 = nn.Linear(2 * width, width)

    def forward(self, x):
        return x + self.fc2(F.relu(self.fc1(x)))


class FraudScorer(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.inp = nn.Linear(N_FEATURES, width)
        self.body = nn.Sequential(ResidualMLP(width), ResidualMLP(width))
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        return self.out(self.body(self.inp(x))).squeeze(-1)


class BaseTrainer:
    accelerator = "auto"

    def __init__(self, steps=3, lr=3e-3, pos_weight=5.0):
        self.steps, self.lr, self.pos_weight = steps, lr, pos_weight

    def configure_strategy(self):
        return "auto"

    def build_fabric(self):
        return Fabric(accelerator=self.accelerator, strategy=self.configure_strategy())

    def run(self):
        fabric = self.build_fabric()
        return fabric.launch(self.main)

    def main(self, fabric):
        model = fabric.setup_module(FraudScorer())
        optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=self.lr))
        g = torch.Generator().manual_seed(17)
        pos_weight = torch.tensor(self.pos_weight, device=fabric.device)
        for step in range(self.steps):
            x = torch.randn(32, N_FEATURES, generator=g)
            y = (x[:, 0] + x[:, 1] > 2.0).float()
            x, y = fabric.to_device((x, y))
            loss = F.binary_cross_entropy_with_logits(model(x), y, pos_weight=pos_weight)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"step {step}: weighted bce {loss.item():.4f}")


class TimingMixin:
    def main(self):
        start = time.perf_counter()
        result = super().main(self._fabric)
        print(f"worker finished in {time.perf_counter() - start:.1f}s")
        return result

    def build_fabric(self):
        self._fabric = super().build_fabric()
        return self._fabric


class TPUTrainer(TimingMixin, BaseTrainer):
    accelerator = "tpu"

    def configure_strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy={ResidualMLP})


if __name__ == "__main__":
    TPUTrainer(steps=3).run()
