# expect: none
# oracle: OK
# twin: s1140_molecule_mlp_attrdict_fsdp_section_keeps_wrapper_placeholder
"""Molecular property regression from fingerprint bits; the config is an attribute dict spread into the strategy."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class AttrDict(dict):
    """`cfg.fsdp.auto_wrap_policy` for `cfg["fsdp"]["auto_wrap_policy"]`."""

    def __init__(self, mapping=(), **kwargs):
        super().__init__(mapping, **kwargs)
        self.__dict__ = self
        for key, value in self.items():
            if isinstance(value, dict):
                self[key] = AttrDict(value)

    def set_path(self, dotted, value):
        *parents, leaf = dotted.split(".")
        node = self
        for name in parents:
            node = node[name]
        node[leaf] = value
        return self


class FingerprintBlock(nn.Module):
    def __init__(self, dim, dropout):
        super().__init__()
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.fc2 = nn.Linear(2 * dim, dim)
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        return x + self.fc2(self.drop(F.silu(self.fc1(x))))


class PropertyNet(nn.Module):
    def __init__(self, bits, dim, depth, dropout):
        super().__init__()
        self.embed = nn.Linear(bits, dim)
        self.blocks = nn.Sequential(*(FingerprintBlock(dim, dropout) for _ in range(depth)))
        self.head = nn.Linear(dim, 1)

    def forward(self, fp):
        return self.head(self.blocks(self.embed(fp))).squeeze(-1)


def default_config():
    return AttrDict({
        "model": {"bits": 256, "dim": 96, "depth": 4, "dropout": 0.1},
        "fsdp": {
            "auto_wrap_policy": {FingerprintBlock},
            "activation_checkpointing_policy": None,
        },
        "optim": {"lr": 5e-4, "steps": 3, "batch": 16},
    })


def fingerprints(batch, bits, step):
    gen = torch.Generator().manual_seed(step)
    fp = (torch.rand(batch, bits, generator=gen) < 0.1).float()
    logp = fp[:, :32].sum(1) * 0.2 - fp[:, 32:64].sum(1) * 0.1  # a toy logP
    return fp, logp


def train(fabric, cfg):
    model = fabric.setup_module(PropertyNet(**cfg.model))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.optim.lr))
    for step in range(cfg.optim.steps):
        fp, logp = fingerprints(cfg.optim.batch, cfg.model.bits, step)
        loss = F.mse_loss(model(fp.to(fabric.device)), logp.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.4f}")


def main(cfg):
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**cfg.fsdp))
    fabric.launch(train, cfg)


if __name__ == "__main__":
    # deeper stack for the large screen: recompute the blocks instead of storing their activations
    cfg = default_config().set_path("model.depth", 6).set_path("fsdp.activation_checkpointing_policy", {FingerprintBlock})
    main(cfg)
