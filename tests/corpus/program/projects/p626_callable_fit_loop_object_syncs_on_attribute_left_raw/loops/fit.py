"""The fit loop as an object: configured in the launcher, called once in each worker with its Fabric."""
import torch
import torch.nn.functional as F


class FitLoop:
    def __init__(self, model, steps=4, accumulate=2, lr=3e-4):
        self.model = model
        self.steps = steps
        self.accumulate = accumulate
        self.lr = lr

    def __call__(self, fabric):
        model = fabric.setup_module(self.model)
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.lr))
        for step in range(self.steps):
            accumulating = (step + 1) % self.accumulate != 0
            with fabric.no_backward_sync(self.model, enabled=accumulating):
                x = torch.randn(8, 32, device=fabric.device)
                loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
                fabric.backward(loss / self.accumulate)
            if not accumulating:
                optimizer.step()
                optimizer.zero_grad()
