# expect: none
# oracle: OK
# twin: s1372_punctuation_restorer_profile_subclass_registry_strategy_name_unregistered
"""Punctuation restoration (token tagging: none / comma / period / question) on synthetic token ids. Hardware
profiles register themselves by subclassing `Profile`; the run picks one by key."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from torch import nn

VOCAB, TAGS = 500, 4


class Profile:
    """A named way to run: which accelerator, which Lightning strategy (by its registered name), how many devices."""

    registry = {}
    accelerator = "auto"
    strategy = "auto"
    devices = "auto"

    def __init_subclass__(cls, key, **kwargs):
        super().__init_subclass__(**kwargs)
        Profile.registry[key] = cls

    @classmethod
    def fabric(cls, **overrides):
        options = {"accelerator": cls.accelerator, "strategy": cls.strategy, "devices": cls.devices}
        options.update(overrides)
        return Fabric(**options)


class Laptop(Profile, key="laptop"):
    accelerator = "cpu"
    devices = 1


class TPUHost(Profile, key="tpu"):
    accelerator = "tpu"
    strategy = "xla"


class TPUHostSharded(TPUHost, key="tpu-sharded"):
    strategy = "xla_fsdp"


class Tagger(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, dim)
        self.mix = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, dim))
        self.tag = nn.Linear(dim, TAGS)

    def forward(self, ids):
        h = self.emb(ids)
        return self.tag(h + self.mix(h))


def train(fabric, steps=3):
    model = fabric.setup_module(Tagger())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=3e-3))
    g = torch.Generator().manual_seed(6)
    for step in range(steps):
        ids = torch.randint(0, VOCAB, (8, 12), generator=g)
        tags = (ids % 7 == 0).long() + (ids % 11 == 0).long() * 2
        ids, tags = fabric.to_device((ids, tags))
        loss = F.cross_entropy(model(ids).flatten(0, 1), tags.flatten())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: {loss.item():.4f}")


def main(profile_key="tpu-sharded"):
    fabric = Profile.registry[profile_key].fabric()
    fabric.launch(train)


if __name__ == "__main__":
    main()
