# expect: none
# oracle: OK
# twin: p184_setup_all_star_objects_model_and_optimizer
"""python train.py: two steps of the block net on random data."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from optim import make_optimizer
from utils.fabric_helpers import rank_zero_log, setup_all


def train(fabric):
    (model,) = setup_all(fabric, Net())
    optimizer = fabric.setup_optimizers(make_optimizer(model))
    for step in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        rank_zero_log(fabric, step, loss.item())


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
