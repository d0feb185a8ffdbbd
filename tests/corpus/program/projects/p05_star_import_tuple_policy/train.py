# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class 'model.Block'>,). You can try defining and passing `auto_
# flagged-in: hparams.py
"""python train.py: every knob comes from hparams.py through a star import."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from hparams import *  # noqa: F403
from model import Net


def run(fabric):
    fabric.seed_everything(1234)
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=LEARNING_RATE))  # noqa: F405
    for _ in range(MAX_STEPS):  # noqa: F405
        x = torch.randn(4, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.zeros(4, dtype=torch.long, device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**FSDP_KWARGS))  # noqa: F405
    fabric.launch(run)
