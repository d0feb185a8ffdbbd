"""The training loop every trainer shares; subclasses change the strategy through `strategy_kwargs`."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net


class Trainer:
    accelerator = "tpu"
    precision = "bf16-true"

    def strategy_kwargs(self) -> dict:
        return {"auto_wrap_policy": {Block}}

    def build_fabric(self) -> Fabric:
        strategy = XLAFSDPStrategy(**self.strategy_kwargs())
        return Fabric(accelerator=self.accelerator, precision=self.precision, strategy=strategy)

    def fit(self):
        fabric = self.build_fabric()
        fabric.launch(self._run)

    def _run(self, fabric):
        model = fabric.setup_module(Net())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
