# expect: none
# oracle: OK
# twin: s1240_bird_song_classifier_depth_flag_turns_on_remat_with_block_tuple
"""Bird-song species classifier over log-mel frames; deep configurations recompute the conv blocks in backward."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

N_MELS = 40
N_SPECIES = 12


class ResidualConv(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 3, padding=1)
        self.norm = nn.GroupNorm(4, channels)

    def forward(self, x):
        return x + F.gelu(self.norm(self.conv(x)))


class SongNet(nn.Module):
    def __init__(self, depth: int, channels: int = 32):
        super().__init__()
        self.stem = nn.Conv1d(N_MELS, channels, 5, padding=2)
        self.blocks = nn.Sequential(*[ResidualConv(channels) for _ in range(depth)])
        self.head = nn.Linear(channels, N_SPECIES)

    def forward(self, mel):
        return self.head(self.blocks(self.stem(mel)).mean(-1))


def sharding_strategy(block_types, *, remat=False):
    """One FSDP unit per block type; with ``remat`` the same blocks are recomputed during backward."""
    options = {"auto_wrap_policy": set(block_types)}
    if remat:
        options["activation_checkpointing_policy"] = set(block_types)
    return XLAFSDPStrategy(**options)


def recordings(batch: int, frames: int = 64):
    species = torch.randint(0, N_SPECIES, (batch,))
    pitch = (species.float() / N_SPECIES * N_MELS).long()
    mel = 0.1 * torch.randn(batch, N_MELS, frames)
    mel[torch.arange(batch), pitch] += 1.0
    return mel, species


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depth", type=int, default=14)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--lr", type=float, default=3e-4)
    return parser.parse_args()


def train(fabric, args):
    model = fabric.setup_module(SongNet(args.depth))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for step in range(args.steps):
        mel, species = recordings(8)
        loss = F.cross_entropy(model(mel.to(fabric.device)), species.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    args = parse_args()
    use_remat = args.depth > 12
    fabric = Fabric(accelerator="tpu", strategy=sharding_strategy((ResidualConv,), remat=use_remat))
    fabric.launch(train, args)
