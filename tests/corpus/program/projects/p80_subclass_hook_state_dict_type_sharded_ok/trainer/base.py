"""The loop every experiment shares: subclasses choose the model and may override the strategy."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class BaseTrainer:
    lr = 1e-3
    steps = 2

    def build_model(self):
        raise NotImplementedError

    def configure_strategy(self):
        return XLAFSDPStrategy()

    def run(self):
        fabric = Fabric(accelerator="tpu", strategy=self.configure_strategy())
        fabric.launch(self._worker)

    def _worker(self, fabric):
        model = fabric.setup_module(self.build_model())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.lr))
        for _ in range(self.steps):
            x = torch.randn(8, 32, device=fabric.device)
            loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        ckpt = os.path.join(tempfile.mkdtemp(), "last")
        fabric.save(ckpt, {"model": model, "optimizer": optimizer})
        fabric.load(ckpt, {"model": model, "optimizer": optimizer})
