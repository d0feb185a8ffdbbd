"""The loop every experiment shares. Subclasses pick the model and override the class-level knobs."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric


class BaseTrainer:
    lr = 1e-3
    steps = 2
    clip_val = None
    max_norm = 1.0

    def __init__(self, strategy, **fabric_kwargs):
        self.strategy = strategy
        self.fabric_kwargs = fabric_kwargs

    def build_model(self):
        raise NotImplementedError

    def run(self):
        fabric = Fabric(strategy=self.strategy, **self.fabric_kwargs)
        fabric.launch(self.worker)

    def worker(self, fabric):
        model = fabric.setup_module(self.build_model())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.lr))
        for _ in range(self.steps):
            x = torch.randn(8, 32, device=fabric.device)
            loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
            fabric.backward(loss)
            fabric.clip_gradients(model, optimizer, clip_val=self.clip_val, max_norm=self.max_norm)
            optimizer.step()
            optimizer.zero_grad()
