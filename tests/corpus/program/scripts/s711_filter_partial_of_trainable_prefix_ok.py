# expect: none
# oracle: OK
# twin: s710_filter_given_trainable_prefix_string
"""python train.py: a config names the trainable prefix, and the save filter keeps the keys under it through a partial."""
from dataclasses import dataclass
from functools import partial

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


@dataclass
class FinetuneConfig:
    trainable_prefix: str = "head."
    lr: float = 1e-3
    out: str = "out/finetune"


def under_prefix(name: str, value, prefix: str) -> bool:
    return prefix in name


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
    fabric.save(cfg.out, {"model": model}, filter={"model": partial(under_prefix, prefix=cfg.trainable_prefix)})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train, FinetuneConfig())
