# expect: LXF019
# oracle: RAISED RuntimeError: Accessing the XLA device before processes have spawned is not allowed.
# flagged-in: train.py
"""python train.py: records the run's host and device, then trains."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from utils.run_info import RunInfo

PRECISION = "bf16-true"


def train(fabric, info):
    fabric.print(info)
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision=PRECISION, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    info = RunInfo.from_fabric(fabric, PRECISION)
    fabric.launch(train, info)
