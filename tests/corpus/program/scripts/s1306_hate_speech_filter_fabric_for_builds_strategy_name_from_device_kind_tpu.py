# expect: LXF034
# oracle: RAISED ValueError: You selected an invalid strategy name: `strategy='tpu_fsdp'`. It must be either a string or an instance of `lightning.fa
"""Hate-speech filter (binary text classifier) on a TPU host; `fabric_for` turns a device kind into Fabric's flags."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric

VOCAB = 500
SEQ_LEN = 24

# device kind -> the accelerator Fabric calls it
ACCELERATORS = {"cpu": "cpu", "cuda": "cuda", "xla": "tpu", "tpu": "tpu"}


class TokenMixer(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class ToxicityClassifier(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, dim)
        self.mixers = nn.Sequential(TokenMixer(dim), TokenMixer(dim))
        self.head = nn.Linear(dim, 1)

    def forward(self, tokens):
        return self.head(self.mixers(self.embed(tokens)).mean(1)).squeeze(-1)


def fabric_for(device_kind: str, sharded: bool = True) -> Fabric:
    """The sharded strategy of each backend is registered as `<kind>_fsdp`."""
    strategy = f"{device_kind}_fsdp" if sharded else "auto"
    return Fabric(accelerator=ACCELERATORS[device_kind], strategy=strategy)


def train(fabric):
    model = fabric.setup_module(ToxicityClassifier())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=5e-4))
    for step in range(3):
        gen = torch.Generator().manual_seed(step)
        tokens = torch.randint(0, VOCAB, (8, SEQ_LEN), generator=gen)
        labels = (tokens < 25).any(dim=1).float()
        loss = F.binary_cross_entropy_with_logits(model(tokens.to(fabric.device)), labels.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: bce {loss.item():.4f}")


if __name__ == "__main__":
    fabric = fabric_for("tpu")
    fabric.launch(train)
