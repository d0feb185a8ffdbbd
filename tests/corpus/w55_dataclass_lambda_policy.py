# expect: LXF006
# real: RAISED _pickle.PicklingError: Can't pickle <function ShardingConfig.<lambda> at 0x7f6404e12e80>: attribute lookup ShardingConfig.<lambda> on __main__ 
# findings: LXF006 error 21
"""The wrap policy is a dataclass field whose default is a lambda (size-based wrapping)."""
from dataclasses import dataclass, field
from typing import Callable

import torch
import torch.nn.functional as F
from torch import nn

from torch_xla.distributed.fsdp.wrap import size_based_auto_wrap_policy

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


@dataclass
class ShardingConfig:
    min_params: int = 100
    policy: Callable = field(default=lambda m, recurse, **kw: size_based_auto_wrap_policy(m, recurse, min_num_params=100, **kw))


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 32), nn.ReLU(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


# The same script runs on a single TPU host or a pod slice; nothing below depends on the host count.
# Launching spawns one process per TPU core; each runs the function given to `launch`.
# Checkpoints, if any, are written by every process (sharded) into the working directory.
# Logging goes through `fabric.print`, which prints on rank 0 only.
if __name__ == "__main__":
    cfg = ShardingConfig()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=cfg.policy))
    fabric.launch(train)
