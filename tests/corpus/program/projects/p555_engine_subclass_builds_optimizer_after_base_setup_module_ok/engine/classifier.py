"""A classifier: cross entropy, AdamW."""
import torch
import torch.nn.functional as F

from .base import BaseTrainer


class ClassifierTrainer(BaseTrainer):
    def setup(self, fabric):
        super().setup(fabric)
        self.optimizer = fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=self.lr))

    def training_step(self, fabric, step):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(self.model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        self.optimizer.step()
        self.optimizer.zero_grad()
