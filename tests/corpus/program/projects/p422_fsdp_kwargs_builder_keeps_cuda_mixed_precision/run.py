# expect: LXF038
# oracle: RAISED TypeError: XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument 'mixed_precision'
# flagged-in: launcher.py
"""python run.py: a short TPU run; the strategy's keywords come from launcher.fsdp_kwargs."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from launcher import fsdp_kwargs
from model import GPT, Block

SETTINGS = {"wrap": {Block}, "steps": 2, "lr": 1e-3}


def train(fabric):
    model = fabric.setup_module(GPT())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=SETTINGS["lr"]))
    for _ in range(SETTINGS["steps"]):
        loss = model(torch.randn(4, 32, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(**fsdp_kwargs(SETTINGS))
    Fabric(accelerator="tpu", strategy=strategy).launch(train)
