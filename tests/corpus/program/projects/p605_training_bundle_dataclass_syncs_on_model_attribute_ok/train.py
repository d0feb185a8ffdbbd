# expect: none
# oracle: OK
# twin: p604_training_bundle_dataclass_syncs_on_raw_attribute
"""python train.py: gradient accumulation on XLA FSDP, the micro-step in a module of its own."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from training.step import Bundle, micro_step


def train(fabric):
    raw = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1))
    model = fabric.setup_module(raw)
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    bundle = Bundle(raw=raw, model=model, optimizer=optimizer)
    for i in range(2):
        micro_step(fabric, bundle, torch.randn(4, 8, device=fabric.device), last=i == 1)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
