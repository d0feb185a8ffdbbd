# expect: LXF037
# oracle: RAISED TypeError: size_based_auto_wrap_policy() got an unexpected keyword argument 'unwrapped_params'
"""Click-through-rate model (hashed categorical features + dense counters) on TPU; the wrap policy is named in a spec and resolved with getattr."""
import functools

import torch
import torch.distributed.fsdp.wrap as torch_fsdp_wrap
import torch.nn.functional as F
import torch_xla.distributed.fsdp.wrap as xla_fsdp_wrap
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

HASH_BUCKETS = 200
CATEGORICAL = 6
DENSE = 4

POLICY_LIBRARIES = {"torch": torch_fsdp_wrap, "xla": xla_fsdp_wrap}

WRAP_SPEC = {
    "library": "torch",
    "function": "size_based_auto_wrap_policy",
    "kwargs": {"min_num_params": 4_000},
}


def resolve_policy(spec):
    policy_fn = getattr(POLICY_LIBRARIES[spec["library"]], spec["function"])
    return functools.partial(policy_fn, **spec["kwargs"])


class CrossLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.w = nn.Linear(dim, dim)

    def forward(self, x0, x):
        return x0 * self.w(x) + x


class CTRModel(nn.Module):
    def __init__(self, emb=16, cross_layers=2):
        super().__init__()
        self.embeddings = nn.ModuleList(nn.Embedding(HASH_BUCKETS, emb) for _ in range(CATEGORICAL))
        dim = emb * CATEGORICAL + DENSE
        self.cross = nn.ModuleList(CrossLayer(dim) for _ in range(cross_layers))
        self.deep = nn.Sequential(nn.Linear(dim, 64), nn.ReLU(), nn.Linear(64, 32), nn.ReLU())
        self.out = nn.Linear(dim + 32, 1)

    def forward(self, cats, dense):
        x0 = torch.cat([emb(cats[:, i]) for i, emb in enumerate(self.embeddings)] + [dense], dim=-1)
        x = x0
        for layer in self.cross:
            x = layer(x0, x)
        return self.out(torch.cat([x, self.deep(x0)], dim=-1)).squeeze(-1)


def impressions(n, device):
    cats = torch.randint(0, HASH_BUCKETS, (n, CATEGORICAL), device=device)
    dense = torch.log1p(torch.rand(n, DENSE, device=device) * 100)
    clicks = (torch.rand(n, device=device) < 0.1).float()
    return cats, dense, clicks


def train(fabric):
    model = fabric.setup_module(CTRModel())
    optimizer = fabric.setup_optimizers(torch.optim.Adagrad(model.parameters(), lr=0.05))
    for step in range(3):
        cats, dense, clicks = impressions(64, fabric.device)
        loss = F.binary_cross_entropy_with_logits(model(cats, dense), clicks)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: logloss {loss.item():.4f}")


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy=resolve_policy(WRAP_SPEC))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
