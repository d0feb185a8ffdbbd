# expect: none
# oracle: OK
# twin: s1326_layout_tagger_mappingproxy_defaults_union_keeps_wrapper_none
"""Document-layout tagger (title / paragraph / table / figure per text block); sharding knobs are read-only defaults merged with the run's overrides."""
from types import MappingProxyType

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

LABELS = ("title", "paragraph", "table", "figure")


class BlockEncoder(nn.Module):
    def __init__(self, dim, heads=4):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        x = x + self.attn(x, x, x, need_weights=False)[0]
        return x + self.ff(self.norm(x))


class LayoutTagger(nn.Module):
    """Each text block is (x0, y0, x1, y1, font size, bold, chars); the page is a sequence of blocks."""

    def __init__(self, dim=32):
        super().__init__()
        self.inp = nn.Linear(7, dim)
        self.encoders = nn.ModuleList([BlockEncoder(dim), BlockEncoder(dim)])
        self.out = nn.Linear(dim, len(LABELS))

    def forward(self, blocks):
        h = self.inp(blocks)
        for enc in self.encoders:
            h = enc(h)
        return self.out(h)


def pages(n, blocks=10, seed=0):
    gen = torch.Generator().manual_seed(seed)
    feats = torch.rand(n, blocks, 7, generator=gen)
    label = (feats[..., 4] * 2).long() + (feats[..., 5] > 0.5).long()
    return feats, label.clamp(max=len(LABELS) - 1)


# Knobs every XLAFSDPStrategy of the team starts from; None means "leave torch_xla's default".
SHARDING_DEFAULTS = MappingProxyType(
    {
        "auto_wrap_policy": None,
        "activation_checkpointing_policy": None,
        "state_dict_type": "sharded",
    }
)

RUN_OVERRIDES = {"auto_wrap_policy": {BlockEncoder}, "activation_checkpointing_policy": {BlockEncoder}}


def sharding_kwargs(overrides):
    return SHARDING_DEFAULTS | overrides


def train(fabric):
    model = fabric.setup_module(LayoutTagger())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-3))
    for step in range(3):
        feats, label = pages(16, seed=step)
        logits = model(feats.to(fabric.device))
        loss = F.cross_entropy(logits.flatten(0, 1), label.flatten().to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**sharding_kwargs(RUN_OVERRIDES)))
    fabric.launch(train)
