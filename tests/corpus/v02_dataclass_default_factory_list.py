# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.EncoderLayer'>]. You can try defining and passi
# findings: LXF001 error 76
"""Masked-LM pretraining of a tiny BERT on TPU, config kept in a dataclass with mutable defaults."""
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn

import lightning as L
from lightning.fabric.strategies import XLAFSDPStrategy


class EncoderLayer(nn.Module):
    def __init__(self, hidden: int, heads: int = 2):
        super().__init__()
        self.attn = nn.MultiheadAttention(hidden, heads, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(hidden, 2 * hidden), nn.GELU(), nn.Linear(2 * hidden, hidden))
        self.ln1 = nn.LayerNorm(hidden)
        self.ln2 = nn.LayerNorm(hidden)

    def forward(self, x):
        x = self.ln1(x + self.attn(x, x, x, need_weights=False)[0])
        return self.ln2(x + self.ff(x))


class TinyBert(nn.Module):
    def __init__(self, vocab: int, hidden: int, layers: int):
        super().__init__()
        self.tok = nn.Embedding(vocab, hidden)
        self.layers = nn.ModuleList([EncoderLayer(hidden) for _ in range(layers)])
        self.mlm = nn.Linear(hidden, vocab)

    def forward(self, ids):
        x = self.tok(ids)
        for layer in self.layers:
            x = layer(x)
        return self.mlm(x)


@dataclass
class ShardingConfig:
    wrap: set = field(default_factory=lambda: {EncoderLayer})
    checkpoint: list = field(default_factory=lambda: [EncoderLayer])
    state_dict_type: str = "sharded"


@dataclass
class RunConfig:
    vocab: int = 100
    hidden: int = 32
    layers: int = 2
    mask_prob: float = 0.15
    steps: int = 2
    sharding: ShardingConfig = field(default_factory=ShardingConfig)


def run(fabric: L.Fabric, cfg: RunConfig) -> None:
    model = fabric.setup_module(TinyBert(cfg.vocab, cfg.hidden, cfg.layers))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(cfg.steps):
        ids = torch.randint(1, cfg.vocab, (4, 12), device=fabric.device)
        mask = torch.rand(ids.shape, device=fabric.device) < cfg.mask_prob
        logits = model(ids.masked_fill(mask, 0))
        loss = F.cross_entropy(logits.view(-1, cfg.vocab), ids.view(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


if __name__ == "__main__":
    cfg = RunConfig()
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=cfg.sharding.wrap,
        activation_checkpointing_policy=cfg.sharding.checkpoint,
        state_dict_type=cfg.sharding.state_dict_type,
    )
    fabric = L.Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(run, cfg)
