# expect: none
# oracle: OK
# twin: p602_precision_module_plugins_and_flag
"""python train.py: the precision module gives both its flag and its plugins to the Fabric."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

import precision


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    loss = model(torch.randn(4, 8, device=fabric.device)).float().mean()
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(state_dict_type="sharded"),
        precision=precision.FLAG,
        plugins=precision.plugins(),
    )
    fabric.launch(train)
