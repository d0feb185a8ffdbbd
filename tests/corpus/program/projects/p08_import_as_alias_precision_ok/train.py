# expect: none
# oracle: OK
# twin: p07_import_as_alias_precision
"""Train with settings from configs/run.py, imported under a short name."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import configs.run as rc
from model import Block, Net


def fit(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type=rc.STATE_DICT_TYPE)
    fabric = Fabric(accelerator=rc.ACCELERATOR, devices=rc.DEVICES, precision=rc.PRECISION, strategy=strategy)
    fabric.launch(fit)
