# expect: none
# oracle: OK
# twin: p140_frozen_config_post_init_fills_remat_tuple
"""python train.py: a frozen sharding config fills its checkpoint policy in __post_init__; the run switches remat on with replace()."""
import dataclasses

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import DEFAULT
from model import Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


def main():
    cfg = dataclasses.replace(DEFAULT, remat=True)
    strategy = XLAFSDPStrategy(auto_wrap_policy=cfg.wrap_layers, activation_checkpointing_policy=cfg.checkpoint_policy)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)


if __name__ == "__main__":
    main()
