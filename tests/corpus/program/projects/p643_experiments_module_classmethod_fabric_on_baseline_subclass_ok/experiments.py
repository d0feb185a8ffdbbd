"""Experiments as classes: a subclass overrides the settings the base's classmethods read."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net


class Experiment:
    PRECISION = "bf16-true"
    LR = 3e-4
    STEPS = 2

    @classmethod
    def build_fabric(cls):
        return Fabric(accelerator="tpu", precision=cls.PRECISION, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))

    @classmethod
    def run(cls, fabric):
        model = fabric.setup_module(Net())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cls.LR))
        for _ in range(cls.STEPS):
            x = torch.randn(8, 32, device=fabric.device)
            loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()


class BaselineExperiment(Experiment):
    pass


class AmpExperiment(Experiment):
    PRECISION = "bf16-mixed"  # from the A100 sweep
    LR = 1e-3
