"""The training engine. Use the factories: `for_tpu` for XLA FSDP runs, `for_cpu` for a quick smoke test."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Tower, TwoTower


class RetrievalEngine:
    def __init__(self, fabric_kwargs, steps=3, lr=5e-3, batch_size=32):
        self.fabric_kwargs = fabric_kwargs
        self.steps = steps
        self.lr = lr
        self.batch_size = batch_size

    @classmethod
    def for_tpu(cls, cores=None, **kwargs):
        strategy = XLAFSDPStrategy(auto_wrap_policy={Tower})
        return cls({"accelerator": "tpu", "devices": cores or 1, "strategy": strategy}, **kwargs)

    @classmethod
    def for_cpu(cls, **kwargs):
        return cls({"accelerator": "cpu", "devices": 1}, **kwargs)

    def run(self):
        Fabric(**self.fabric_kwargs).launch(self.train)

    def train(self, fabric):
        model = fabric.setup_module(TwoTower())
        optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=self.lr))
        for step in range(self.steps):
            users = torch.randn(self.batch_size, 24, device=fabric.device)
            items = torch.randn(self.batch_size, 40, device=fabric.device)
            logits = model(users, items)  # in-batch negatives
            loss = F.cross_entropy(logits, torch.arange(self.batch_size, device=fabric.device))
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"step {step}: in-batch softmax loss {loss.item():.3f}")
