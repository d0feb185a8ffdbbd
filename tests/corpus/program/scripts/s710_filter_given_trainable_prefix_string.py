# expect: LXF044
# oracle: RAISED TypeError: Expected `fabric.save(filter=...)` for key 'model' to be a callable, given 'head.'
"""python train.py: a config names the trainable prefix, and the save filter is given that prefix instead of a function."""
from dataclasses import dataclass

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


@dataclass
class FinetuneConfig:
    trainable_prefix: str = "head."
    lr: float = 1e-3
    out: str = "out/finetune"


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(16, 16)
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        return self.head(torch.relu(self.body(x)))


def train(fabric, cfg: FinetuneConfig):
    model = fabric.setup_module(Classifier())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
    loss = model(torch.randn(4, 16, device=fabric.device)).logsumexp(-1).mean()
    fabric.backward(loss)
    optimizer.step()
    fabric.save(cfg.out, {"model": model}, filter={"model": cfg.trainable_prefix})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train, FinetuneConfig())
