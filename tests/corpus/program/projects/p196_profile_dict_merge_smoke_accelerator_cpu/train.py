# expect: LXF010
# oracle: RAISED NotImplementedError: The XLAFSDPStrategy does not support running on a single device with the PjRT runtime. Try using all devices or the `Sin
# flagged-in: settings.py
"""RUN_PROFILE=pod python train.py: the block net under XLA FSDP, with the profile's Fabric settings."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from settings import fabric_kwargs


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), **fabric_kwargs())
    fabric.launch(train)
