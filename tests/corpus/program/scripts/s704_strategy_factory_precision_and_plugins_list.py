# expect: LXF043
# oracle: RAISED ValueError: precision set through both strategy class and plugins, choose one
"""python train.py: the strategy factory sets its precision plugin, and the Fabric is given the same plugin too."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.plugins import XLACheckpointIO, XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

PRECISION = "bf16-true"


def make_strategy(precision: str) -> XLAFSDPStrategy:
    return XLAFSDPStrategy(
        auto_wrap_policy={nn.Linear},
        precision=XLAPrecision(precision),
        state_dict_type="sharded",
    )


def make_plugins(precision: str):
    return [XLAPrecision(precision), XLACheckpointIO()]


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 2)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.05))
    loss = model(torch.randn(4, 16, device=fabric.device)).float().sum()
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(PRECISION), plugins=make_plugins(PRECISION))
    fabric.launch(train)
