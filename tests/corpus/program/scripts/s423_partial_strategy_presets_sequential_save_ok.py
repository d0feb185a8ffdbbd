# expect: none
# oracle: OK
# twin: s422_partial_strategy_presets_cpu_offload
"""python s423_partial_strategy_presets_sequential_save_ok.py: a strategy factory pre-set with functools.partial, as the sweep script does."""
from functools import partial

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

# large-model runs keep the optimizer state off-device (from the GPU sweep)
make_strategy = partial(XLAFSDPStrategy, state_dict_type="sharded", sequential_save=True)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(16, 16)

    def forward(self, x):
        return torch.relu(self.lin(x))


def train(fabric):
    model = fabric.setup_module(nn.Sequential(Block(), nn.Linear(16, 2)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.01))
    loss = model(torch.randn(4, 16, device=fabric.device)).sum()
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(auto_wrap_policy={Block}))
    fabric.launch(train)
