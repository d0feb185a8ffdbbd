# expect: none
# oracle: OK
# twin: s708_adapter_filter_table_keyed_by_state_dict
"""python train.py: adapter-only checkpoints; the filter table is keyed by the state's model entry."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


def adapter_only(name: str, tensor) -> bool:
    return name.startswith("2.")


CHECKPOINT_FILTER = {"model": adapter_only}


def build_model():
    model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 8))
    model[0].requires_grad_(False)
    return model


def train(fabric):
    model = fabric.setup_module(build_model())
    optimizer = fabric.setup_optimizers(torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.1))
    loss = model(torch.randn(2, 8, device=fabric.device)).sum()
    fabric.backward(loss)
    optimizer.step()
    fabric.save("checkpoints/step-1", {"model": model, "optimizer": optimizer, "step": 1}, filter=CHECKPOINT_FILTER)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
