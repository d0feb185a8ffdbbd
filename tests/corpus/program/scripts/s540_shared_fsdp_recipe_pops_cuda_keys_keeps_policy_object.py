# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found <torch.distributed.fsdp.wrap.ModuleWrapPolicy object at 0x7f02e3a
"""python train.py: one FSDP recipe for GPU and TPU; the TPU path pops the CUDA-only keys, but the CUDA `ModuleWrapPolicy` remat policy stays in the kwargs."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.distributed.fsdp.wrap import ModuleWrapPolicy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


CUDA_ONLY = ("sharding_strategy", "cpu_offload", "limit_all_gathers")


def fsdp_recipe():
    return {
        "sharding_strategy": "FULL_SHARD",
        "cpu_offload": False,
        "limit_all_gathers": True,
        "auto_wrap_policy": {Block},
        "activation_checkpointing_policy": ModuleWrapPolicy({Block}),
    }


def xla_strategy():
    kwargs = fsdp_recipe()
    for key in CUDA_ONLY:
        kwargs.pop(key, None)
    return XLAFSDPStrategy(**kwargs)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=xla_strategy())
    fabric.launch(train)
