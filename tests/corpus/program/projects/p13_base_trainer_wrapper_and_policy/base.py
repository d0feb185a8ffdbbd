"""A trainer every experiment subclasses: it owns the Fabric and the loop."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


class BaseTrainer:
    max_steps = 2
    lr = 1e-3

    def strategy_kwargs(self):
        return dict(
            auto_wrap_policy={Block},
            activation_checkpointing_policy={Block},
            auto_wrapper_callable=None,
        )

    def build_model(self):
        raise NotImplementedError

    def __init__(self):
        self.fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**self.strategy_kwargs()))

    def fit(self):
        self.fabric.launch(self._run)

    def _run(self, fabric):
        model = fabric.setup_module(self.build_model())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.lr))
        for _ in range(self.max_steps):
            x = torch.randn(8, 32, device=fabric.device)
            loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
