# expect: none
# findings: none
"""The CUDA FSDPStrategy (not XLA): callables and a lambda as policies, a joint `fabric.setup`,
clipping by value, a max all-reduce and `fabric.launch()` with no function are all fine there."""
from functools import partial

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy
from torch.distributed.fsdp.wrap import size_based_auto_wrap_policy


class Layer(nn.Module):
    def __init__(self, dim=2048):
        super().__init__()
        self.fc1 = nn.Linear(dim, 4 * dim)
        self.fc2 = nn.Linear(4 * dim, dim)

    def forward(self, x):
        return x + self.fc2(torch.relu(self.fc1(x)))


def checkpoint_big_layers(module: nn.Module) -> bool:
    return isinstance(module, Layer)


strategy = FSDPStrategy(
    auto_wrap_policy=partial(size_based_auto_wrap_policy, min_num_params=int(1e6)),
    activation_checkpointing_policy=lambda module: isinstance(module, Layer),
    state_dict_type="full",
    sharding_strategy="FULL_SHARD",
)
other = FSDPStrategy(activation_checkpointing_policy=checkpoint_big_layers, state_dict_type="sharded")

fabric = Fabric(accelerator="cuda", devices=4, strategy=strategy, precision="bf16-mixed")
fabric.launch()

model = nn.Sequential(*[Layer() for _ in range(24)])
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
model, optimizer = fabric.setup(model, optimizer)

for step in range(1000):
    x = torch.randn(8, 2048, device=fabric.device)
    loss = model(x).pow(2).mean()
    fabric.backward(loss)
    fabric.clip_gradients(model, optimizer, clip_val=0.5)
    optimizer.step()
    optimizer.zero_grad()
    if step % 100 == 0:
        worst = fabric.all_reduce(loss.detach(), reduce_op="max")
        fabric.print(f"{step}: {loss.item():.4f} (worst {worst.item():.4f})")

fabric.save("checkpoints/final.ckpt", {"model": model, "optimizer": optimizer})
remainder = fabric.load("checkpoints/final.ckpt", {"model": model, "optimizer": optimizer})
