# expect: LXF020
# oracle: RAISED ValueError: Unknown state_dict_type: consolidated
# flagged-in: conf/tpu.py
"""python train.py: train the block net, checkpoint it, and resume from the checkpoint."""
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from conf.tpu import SHARDING, TRAINING
from model import Block, Net


def run(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=TRAINING.lr))
    for _ in range(TRAINING.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    ckpt_dir = tempfile.mkdtemp(prefix="tpu-")
    state = {"model": model, "optimizer": optimizer}
    fabric.save(ckpt_dir, state)
    fabric.load(ckpt_dir, state)


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(
        auto_wrap_policy={Block},
        state_dict_type=SHARDING.state_dict_type,
        sequential_save=SHARDING.sequential_save,
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(run)
