# expect: none
# oracle: OK
# twin: p127_ckpt_package_io_subclasses_torch_checkpoint_io
"""python train.py: trains two steps; the checkpoint plugin comes from the ckpt package."""
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from ckpt import build_plugins
from model import GPT, Block

RUN_NAME = os.environ.get("RUN_NAME", "gpt-tiny")


def train(fabric):
    model = fabric.setup_module(GPT())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
    fabric = Fabric(accelerator="tpu", strategy=strategy, plugins=build_plugins(RUN_NAME))
    fabric.launch(train)
