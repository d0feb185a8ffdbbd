# expect: none
# real: OK
# findings: none
"""Same BERT recipe as the MLM script, with the sharding config written as sets."""
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn

import lightning as L
from lightning.fabric.strategies import XLAFSDPStrategy


class EncoderLayer(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(hidden, 2 * hidden), nn.GELU(), nn.Linear(2 * hidden, hidden))
        self.ln = nn.LayerNorm(hidden)

    def forward(self, x):
        return self.ln(x + self.ff(x))


class TinyEncoder(nn.Module):
    def __init__(self, vocab: int, hidden: int, layers: int):
        super().__init__()
        self.tok = nn.Embedding(vocab, hidden)
        self.layers = nn.Sequential(*(EncoderLayer(hidden) for _ in range(layers)))
        self.cls = nn.Linear(hidden, 2)

    def forward(self, ids):
        return self.cls(self.layers(self.tok(ids)).mean(dim=1))


@dataclass
class ShardingConfig:
    wrap: set = field(default_factory=lambda: {EncoderLayer})
    checkpoint: set = field(default_factory=lambda: {EncoderLayer})
    state_dict_type: str = field(default="sharded")


@dataclass
class RunConfig:
    vocab: int = 100
    hidden: int = 32
    layers: int = 2
    steps: int = 2
    sharding: ShardingConfig = field(default_factory=ShardingConfig)


def run(fabric: L.Fabric, cfg: RunConfig) -> None:
    model = fabric.setup_module(TinyEncoder(cfg.vocab, cfg.hidden, cfg.layers))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9))
    model.train()
    for step in range(cfg.steps):
        ids = torch.randint(0, cfg.vocab, (8, 10), device=fabric.device)
        labels = (ids[:, 0] % 2).long()
        loss = F.cross_entropy(model(ids), labels)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        fabric.log("train/loss", loss.item(), step=step)


if __name__ == "__main__":
    cfg = RunConfig()
    fabric = L.Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(
            auto_wrap_policy=cfg.sharding.wrap,
            activation_checkpointing_policy=cfg.sharding.checkpoint,
            state_dict_type=cfg.sharding.state_dict_type,
        ),
    )
    fabric.launch(run, cfg)
