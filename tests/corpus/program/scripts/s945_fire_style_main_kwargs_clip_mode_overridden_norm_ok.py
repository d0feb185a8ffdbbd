# expect: none
# oracle: OK
# twin: s944_fire_style_main_kwargs_clip_mode_default_value
"""Sequence tagger with a fire-style `main(**kwargs)` entry; the default clips by value but the only call asks for "NORM"."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

DEFAULTS = {
    "vocab": 1000,
    "tags": 9,
    "hidden": 64,
    "lr": 1e-3,
    "steps": 3,
    "clip_mode": "Value",  # "value" or "norm", any case
    "clip": 0.5,
}


class Tagger(nn.Module):
    def __init__(self, vocab, tags, hidden):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.context = nn.Conv1d(hidden, hidden, kernel_size=5, padding=2)
        self.classify = nn.Linear(2 * hidden, tags)

    def forward(self, tokens):
        x = self.embed(tokens)
        ctx = F.gelu(self.context(x.transpose(1, 2))).transpose(1, 2)
        return self.classify(torch.cat([x, ctx], dim=-1))


def clip(fabric, model, optimizer, mode, amount):
    mode = mode.lower()
    if mode.startswith("val"):
        return fabric.clip_gradients(model, optimizer, clip_val=amount)
    if mode == "norm":
        return fabric.clip_gradients(model, optimizer, max_norm=amount)
    raise ValueError(f"unknown clip mode {mode!r}")


def fit(fabric, cfg):
    model = fabric.setup_module(Tagger(cfg["vocab"], cfg["tags"], cfg["hidden"]))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg["lr"]))
    for step in range(cfg["steps"]):
        tokens = torch.randint(0, cfg["vocab"], (4, 12), device=fabric.device)
        tags = torch.randint(0, cfg["tags"], (4, 12), device=fabric.device)
        loss = F.cross_entropy(model(tokens).transpose(1, 2), tags)
        fabric.backward(loss)
        clip(fabric, model, optimizer, cfg["clip_mode"], cfg["clip"])
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss={loss.item():.3f}")


def main(**kwargs):
    unknown = set(kwargs) - set(DEFAULTS)
    if unknown:
        raise TypeError(f"unknown options: {sorted(unknown)}")
    cfg = {**DEFAULTS, **kwargs}
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(fit, cfg)


if __name__ == "__main__":
    # fire.Fire(main) on the pod; the smoke test calls it directly
    main(hidden=32, steps=2, clip_mode="NORM", clip=1.0)
