"""The trainer base: the loop, and a mixin that gives it an XLA FSDP strategy a subclass may replace."""
import lightning as L
import torch
import torch.nn.functional as F
from lightning.fabric.strategies import XLAFSDPStrategy

from ..models import Block


class FSDPMixin:
    def configure_strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy={Block})


class BaseTrainer:
    max_steps = 2
    lr = 3e-4

    def build_model(self):
        raise NotImplementedError

    def fit(self):
        fabric = L.Fabric(accelerator="tpu", strategy=self.configure_strategy())
        fabric.launch(self.run)

    def run(self, fabric):
        model = fabric.setup_module(self.build_model())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.lr))
        for _ in range(self.max_steps):
            x = torch.randn(8, 32, device=fabric.device)
            loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
