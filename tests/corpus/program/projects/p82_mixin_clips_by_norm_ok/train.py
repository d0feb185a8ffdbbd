# expect: none
# oracle: OK
# twin: p81_mixin_clips_by_value
"""python train.py"""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from mixins import GradClipMixin, LoggingMixin
from model import Block, Net


class Trainer(GradClipMixin, LoggingMixin):
    def __init__(self, fabric):
        self.fabric = fabric

    def fit(self, steps=2):
        model = self.fabric.setup_module(Net())
        optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
        for step in range(steps):
            x = torch.randn(8, 32, device=self.fabric.device)
            loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=self.fabric.device))
            self.fabric.backward(loss)
            self.clip(model, optimizer)
            optimizer.step()
            optimizer.zero_grad()
            self.log(step, loss)


def main(fabric):
    Trainer(fabric).fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
