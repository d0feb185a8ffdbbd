# expect: none
# oracle: OK
# twin: s704_strategy_factory_precision_and_plugins_list
"""python train.py: the strategy factory sets its precision plugin; the Fabric's plugins carry only the checkpoint IO."""
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
    return [XLACheckpointIO()]


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 2)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.05))
    loss = model(torch.randn(4, 16, device=fabric.device)).float().sum()
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(PRECISION), plugins=make_plugins(PRECISION))
    fabric.launch(train)
