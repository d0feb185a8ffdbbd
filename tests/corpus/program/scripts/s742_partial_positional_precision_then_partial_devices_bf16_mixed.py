# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""python train.py: a Fabric builder specialised by functools.partial twice: the precision given positionally, then the pod's devices."""
from functools import partial

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


def build_fabric(precision, devices="auto", *, state_dict_type="sharded"):
    strategy = XLAFSDPStrategy(state_dict_type=state_dict_type)
    return Fabric(accelerator="tpu", devices=devices, precision=precision, strategy=strategy)


tpu_bf16 = partial(build_fabric, "bf16-mixed")
v3_8 = partial(tpu_bf16, devices=8)


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=2e-4))
    x = torch.randn(32, 64, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 10, (32,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    v3_8().launch(train)
