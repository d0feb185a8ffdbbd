"""The loop every trainer shares; a subclass says what the strategy takes and builds the model."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class BaseTrainer:
    accelerator = "tpu"
    precision = "bf16-true"
    steps = 2
    lr = 3e-4

    def strategy_kwargs(self) -> dict:
        return {}

    def build_model(self):
        raise NotImplementedError

    def fit(self):
        strategy = XLAFSDPStrategy(**self.strategy_kwargs())
        fabric = Fabric(accelerator=self.accelerator, precision=self.precision, strategy=strategy)
        fabric.launch(self.run)

    def run(self, fabric):
        model = fabric.setup_module(self.build_model())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.lr))
        for _ in range(self.steps):
            x = torch.randn(8, 32, device=fabric.device)
            loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()

