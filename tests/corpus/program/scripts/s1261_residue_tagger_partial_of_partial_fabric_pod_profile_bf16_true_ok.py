# expect: none
# oracle: OK
# twin: s1260_residue_tagger_partial_of_partial_fabric_pod_profile_bf16_mixed
"""Per-residue secondary-structure tagger (helix / strand / coil) on a TPU slice; run profiles are partials of partials of Fabric."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

AMINO_ACIDS = "ACDEFGHIKLMNPQRSTVWY"
STATES = 3


class WindowBlock(nn.Module):
    """Mixes each residue with its two neighbours on either side."""

    def __init__(self, dim, window=2):
        super().__init__()
        self.window = window
        self.norm = nn.LayerNorm(dim)
        self.mix = nn.Linear(dim * (2 * window + 1), dim)

    def forward(self, x):
        h = self.norm(x)
        shifted = [torch.roll(h, shifts=k, dims=1) for k in range(-self.window, self.window + 1)]
        return x + torch.relu(self.mix(torch.cat(shifted, dim=-1)))


class ResidueTagger(nn.Module):
    def __init__(self, dim=48, depth=3):
        super().__init__()
        self.embed = nn.Embedding(len(AMINO_ACIDS), dim)
        self.blocks = nn.Sequential(*[WindowBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, STATES)

    def forward(self, seq):
        return self.head(self.blocks(self.embed(seq)))


def build_fabric(accelerator, strategy, **options):
    return Fabric(accelerator=accelerator, strategy=strategy, **options)


# accelerator and strategy bound by position, the precision by each profile
tpu_fabric = functools.partial(build_fabric, "tpu", XLAFSDPStrategy(auto_wrap_policy={WindowBlock}))

PROFILES = {
    "debug": functools.partial(tpu_fabric, precision="32-true"),
    "pod": functools.partial(tpu_fabric, precision="bf16-true"),
}


def random_proteins(batch, length, device):
    seq = torch.randint(0, len(AMINO_ACIDS), (batch, length), device=device)
    labels = torch.randint(0, STATES, (batch, length), device=device)
    return seq, labels


def train(fabric, steps=3):
    model = fabric.setup_module(ResidueTagger())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        seq, labels = random_proteins(4, 40, fabric.device)
        loss = F.cross_entropy(model(seq).reshape(-1, STATES), labels.reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


def main(profile="pod"):
    fabric = PROFILES[profile]()
    fabric.launch(train)


if __name__ == "__main__":
    main()
