# expect: none
# real: OK
# findings: none
"""A custom wrapper does the checkpointing; the shared defaults still carry an empty policy set."""
import torch
import torch.nn.functional as F
from torch import nn
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def remat_wrapper(module, *args, **kwargs):
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


SHARED_DEFAULTS = {"activation_checkpointing_policy": set(), "state_dict_type": "sharded"}


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    options = dict(SHARED_DEFAULTS, auto_wrap_policy={Block}, auto_wrapper_callable=remat_wrapper)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**options))
    fabric.launch(train)
