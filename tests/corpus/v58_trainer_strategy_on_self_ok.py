# expect: none
# real: OK
# findings: none
"""Trainer that owns its strategy and Fabric; accumulation goes through Fabric's API."""
import torch
import torch.nn.functional as F
from torch import nn

import lightning as L
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 16)

    def forward(self, x):
        return x + F.gelu(self.fc(x))


class Trainer:
    def __init__(self, grad_accum=2):
        self.strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
        self.fabric = L.Fabric(accelerator="tpu", strategy=self.strategy)
        self.grad_accum = grad_accum

    def run(self):
        self.fabric.launch(self._worker)

    def _worker(self, fabric):
        model = nn.Sequential(nn.Linear(6, 16), Block(), Block(), nn.Linear(16, 1))
        self.model = fabric.setup_module(model)
        self.optimizer = fabric.setup_optimizers(torch.optim.Adam(self.model.parameters(), lr=3e-4))
        for step in range(2):
            self._micro_step(step)

    def _micro_step(self, step):
        x = torch.randn(8, 6, device=self.fabric.device)
        sync = (step + 1) % self.grad_accum == 0
        with self.fabric.no_backward_sync(self.model, enabled=not sync):
            loss = F.mse_loss(self.model(x), x.mean(dim=1, keepdim=True))
            self.fabric.backward(loss)
        if sync:
            self.optimizer.step()
            self.optimizer.zero_grad()


if __name__ == "__main__":
    Trainer(grad_accum=2).run()
