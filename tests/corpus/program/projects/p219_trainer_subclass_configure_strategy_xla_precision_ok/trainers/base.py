"""The trainer every task shares: it keeps the run's pieces and builds its Fabric from `configure_strategy`."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model_cls = cfg["model_cls"]
        self.wrap_policy = cfg["wrap_policy"]
        self.precision = cfg.get("precision", "32-true")
        self.max_steps = cfg.get("max_steps", 2)
        self.fabric = Fabric(accelerator="tpu", devices="auto", strategy=self.configure_strategy())

    def configure_strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap_policy, precision=XLAPrecision(self.precision))

    def fit(self):
        self.fabric.launch(run, self.model_cls, self.max_steps)


def run(fabric, model_cls, max_steps):
    model = fabric.setup_module(model_cls())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(max_steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
