# expect: none
# oracle: OK
# twin: s770_classmethod_fabric_run_on_mixed_precision_experiment
"""python train.py: experiments as classes; each subclass overrides the settings the base's classmethod reads."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class BaseExperiment:
    PRECISION = "bf16-true"
    LR = 3e-4
    STEPS = 2

    @classmethod
    def build_fabric(cls):
        return Fabric(accelerator="tpu", precision=cls.PRECISION, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))

    @classmethod
    def train(cls, fabric):
        model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cls.LR))
        for step in range(cls.STEPS):
            x = torch.randn(8, 32, device=fabric.device)
            loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()


class AmpExperiment(BaseExperiment):
    PRECISION = "bf16-true"  # XLA runs bf16 weights, no autocast
    LR = 1e-3


def train(fabric):
    AmpExperiment.train(fabric)


if __name__ == "__main__":
    fabric = AmpExperiment.build_fabric()
    fabric.launch(train)
