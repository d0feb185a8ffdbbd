# expect: none
# oracle: OK
# twin: s1144_transliteration_config_update_strategy_section_pins_accelerator
"""Character transliteration (per-position tagging) with a small transformer; one `Config` object holds every setting."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

ACCELERATORS = {"tpu": XLAAccelerator}


class Config:
    """Attribute access over a nested dict; `update` takes dotted keys."""

    def __init__(self, data):
        for key, value in data.items():
            setattr(self, key, Config(value) if isinstance(value, dict) else value)

    def update(self, **dotted):
        for path, value in dotted.items():
            *parents, leaf = path.split("__")
            node = self
            for name in parents:
                node = getattr(node, name)
            setattr(node, leaf, value)
        return self


BASE = {
    "trainer": {"accelerator": "tpu"},
    "strategy": {"accelerator": None, "reshard_after_forward": True},
    "model": {"src_vocab": 40, "tgt_vocab": 48, "dim": 64, "layers": 2},
    "optim": {"lr": 1e-3, "steps": 3, "batch": 8, "length": 12},
}


class Layer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.inner = nn.TransformerEncoderLayer(dim, nhead=4, dim_feedforward=2 * dim, batch_first=True)

    def forward(self, x):
        return self.inner(x)


class Transliterator(nn.Module):
    def __init__(self, src_vocab, tgt_vocab, dim, layers):
        super().__init__()
        self.embed = nn.Embedding(src_vocab, dim)
        self.layers = nn.Sequential(*(Layer(dim) for _ in range(layers)))
        self.out = nn.Linear(dim, tgt_vocab)

    def forward(self, src):
        return self.out(self.layers(self.embed(src)))


def build_strategy(section):
    accelerator = ACCELERATORS[section.accelerator]() if section.accelerator else None
    return XLAFSDPStrategy(
        accelerator=accelerator,
        auto_wrap_policy={Layer},
        reshard_after_forward=section.reshard_after_forward,
    )


def build_fabric(cfg):
    return Fabric(accelerator=cfg.trainer.accelerator, strategy=build_strategy(cfg.strategy))


def train(fabric, cfg):
    m, o = cfg.model, cfg.optim
    model = fabric.setup_module(Transliterator(m.src_vocab, m.tgt_vocab, m.dim, m.layers))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=o.lr))
    for step in range(o.steps):
        src = torch.randint(1, m.src_vocab, (o.batch, o.length))
        tgt = (src * 7 + step) % m.tgt_vocab  # a fixed toy mapping of characters
        logits = model(src.to(fabric.device))
        loss = F.cross_entropy(logits.flatten(0, 1), tgt.to(fabric.device).flatten())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


def main(cfg):
    fabric = build_fabric(cfg)
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main(Config(BASE).update(model__layers=3, optim__lr=5e-4))
