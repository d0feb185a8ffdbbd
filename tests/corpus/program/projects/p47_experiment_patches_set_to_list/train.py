# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'model.Block'>, <class 'torch.nn.modules.linear.Linear'>]
# flagged-in: experiments/long_context.py
"""python train.py: the long-context experiment."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import defaults
import experiments.long_context  # noqa: F401  (sets the experiment's defaults)
from model import Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=defaults.LR))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy=defaults.WRAP, activation_checkpointing_policy=defaults.REMAT)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
