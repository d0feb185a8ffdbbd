import torch
import torch.nn.functional as F

from model import Net

from .accumulation import GradAccumulationMixin


class Trainer(GradAccumulationMixin):
    def __init__(self, fabric, steps, accumulate, lr):
        self.fabric = fabric
        self.steps = steps
        self.accumulate = accumulate
        self.lr = lr

    @property
    def strategy(self):
        return self.fabric.strategy

    def fit(self):
        model = self.fabric.setup_module(Net())
        optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.lr))
        for step in range(self.steps):
            with self.sync_context(model, step):
                x = torch.randn(8, 32, device=self.fabric.device)
                loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=self.fabric.device))
                self.fabric.backward(loss / self.accumulate)
            if (step + 1) % self.accumulate == 0:
                optimizer.step()
                optimizer.zero_grad()
