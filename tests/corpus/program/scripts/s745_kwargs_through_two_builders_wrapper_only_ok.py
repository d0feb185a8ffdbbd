# expect: none
# oracle: OK
# twin: s744_kwargs_through_two_builders_wrapper_and_remat
"""python train.py: strategy options passed as **kwargs through two builders; the caller's own checkpoint wrapper does the remat."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.ff(x)


def checkpointed_wrapper(module, *args, **kwargs):
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


def make_strategy(**kwargs):
    kwargs.setdefault("auto_wrap_policy", {Block})
    kwargs.setdefault("state_dict_type", "sharded")
    return XLAFSDPStrategy(**kwargs)


def make_fabric(*args, **kwargs):
    return Fabric(*args, accelerator="tpu", strategy=make_strategy(**kwargs))


def train(fabric):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 2)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 2, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = make_fabric(auto_wrapper_callable=checkpointed_wrapper)
    fabric.launch(train)
