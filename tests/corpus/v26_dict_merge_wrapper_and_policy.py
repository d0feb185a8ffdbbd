# expect: LXF002
# real: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
# findings: LXF002 error 34
"""Base FSDP settings shared by all jobs, merged with per-job overrides."""
import torch
import torch.nn.functional as F
from torch import nn
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def checkpointed_wrapper(module, *args, **kwargs):
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


BASE_FSDP = {
    "auto_wrap_policy": {Block},
    "activation_checkpointing_policy": {Block},
    "state_dict_type": "sharded",
}

JOB_OVERRIDES = {
    "auto_wrapper_callable": checkpointed_wrapper,
    "flatten_parameters": True,
}


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(10, 32), Block(), Block(), nn.Linear(32, 10)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(4, 10, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.arange(4, device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fsdp_kwargs = {**BASE_FSDP, **JOB_OVERRIDES}
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**fsdp_kwargs))
    fabric.launch(train)
