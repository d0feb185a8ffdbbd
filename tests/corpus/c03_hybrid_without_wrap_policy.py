# expect: FSDP003
# real: RAISED RuntimeError: The hybrid sharding strategy requires you to pass at least one of the parameters: `auto_wrap_policy`, `process_group` tu
# findings: FSDP003 error 47
"""Hybrid sharding across 4 nodes: shard inside a node, replicate across nodes. Hybrid sharding
needs to know the units to shard (a wrap policy) or the groups (a process group or a device mesh);
none is given here."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy


class Expert(nn.Module):
    def __init__(self, dim=2048):
        super().__init__()
        self.up = nn.Linear(dim, 4 * dim)
        self.down = nn.Linear(4 * dim, dim)

    def forward(self, x):
        return self.down(nn.functional.silu(self.up(x)))


class Model(nn.Module):
    def __init__(self, experts=8, dim=2048):
        super().__init__()
        self.experts = nn.ModuleList(Expert(dim) for _ in range(experts))
        self.gate = nn.Linear(dim, experts)

    def forward(self, x):
        weights = self.gate(x).softmax(-1)
        return sum(weights[..., i : i + 1] * e(x) for i, e in enumerate(self.experts))


def train(fabric: Fabric) -> None:
    model = fabric.setup_module(Model())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9))
    for step in range(200):
        x = torch.randn(16, 2048, device=fabric.device)
        loss = model(x).square().mean()
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = FSDPStrategy(sharding_strategy="HYBRID_SHARD", state_dict_type="full")
    fabric = Fabric(accelerator="cuda", devices=8, num_nodes=4, strategy=strategy)
    fabric.launch(train)
