"""A small Trainer: the model is given raw and set up in the launched process."""
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, accumulate: int = 2, lr: float = 3e-4):
        self.model = model
        self.accumulate = accumulate
        self.lr = lr

    def setup(self, fabric):
        self.wrapped = fabric.setup_module(self.model)
        self.optimizer = fabric.setup_optimizers(torch.optim.AdamW(self.wrapped.parameters(), lr=self.lr))

    def fit(self, fabric, steps: int = 4):
        self.setup(fabric)
        for step in range(steps):
            x = torch.randn(8, 32, device=fabric.device)
            y = torch.randint(0, 4, (8,), device=fabric.device)
            accumulating = (step + 1) % self.accumulate != 0
            with fabric.no_backward_sync(self.model, enabled=accumulating):
                loss = F.cross_entropy(self.wrapped(x), y)
                fabric.backward(loss)
            if not accumulating:
                self.optimizer.step()
                self.optimizer.zero_grad()
