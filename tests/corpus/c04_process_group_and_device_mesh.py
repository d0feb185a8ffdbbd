# expect: FSDP004
# real: needs torchrun and NCCL, not run; from the source, the constructor alone raises on CPU: RAISED ValueError: The arguments `FSDPStrategy(process_group=..., device_mesh=...)` are mutually exclusive.Pass only one of them.
# findings: FSDP004 error 50
"""Hybrid sharding with explicit groups. The script gives a device mesh and also keeps the
`process_group` it used before it had one: FSDPStrategy takes one or the other, not both."""
from datetime import timedelta

import torch
import torch.distributed as dist
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=1024):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, 16, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        x = x + self.attn(x, x, x, need_weights=False)[0]
        return x + self.mlp(x)


def node_groups(gpus_per_node: int):
    """The intra-node and inter-node groups FSDP's hybrid mode used to need."""
    intra, _ = dist.new_subgroups(group_size=gpus_per_node)
    inter = dist.new_group(list(range(0, dist.get_world_size(), gpus_per_node)))
    return intra, inter


def run(fabric: Fabric) -> None:
    model = fabric.setup_module(nn.Sequential(*[Block() for _ in range(24)]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=2e-4))
    for _ in range(10):
        loss = model(torch.randn(2, 256, 1024, device=fabric.device)).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    # started with `torchrun --nnodes 2 --nproc-per-node 8 train.py`: the groups need the default group
    dist.init_process_group("nccl", timeout=timedelta(minutes=30))
    intra, inter = node_groups(8)
    strategy = FSDPStrategy(
        sharding_strategy="HYBRID_SHARD",
        auto_wrap_policy={Block},
        device_mesh=(2, 8),
        process_group=(intra, inter),
    )
    fabric = Fabric(accelerator="cuda", devices=8, num_nodes=2, strategy=strategy)
    fabric.launch(run)


if __name__ == "__main__":
    main()
