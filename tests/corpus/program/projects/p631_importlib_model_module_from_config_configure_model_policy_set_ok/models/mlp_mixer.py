"""An MLP-Mixer for small token grids. `configure_model` returns the network and how FSDP should shard it."""
import torch
from torch import nn


class MixerBlock(nn.Module):
    def __init__(self, tokens: int, dim: int):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_mlp = nn.Sequential(nn.Linear(tokens, tokens), nn.GELU(), nn.Linear(tokens, tokens))
        self.norm2 = nn.LayerNorm(dim)
        self.channel_mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        x = x + self.token_mlp(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.channel_mlp(self.norm2(x))


class Mixer(nn.Module):
    def __init__(self, tokens: int, dim: int, depth: int, classes: int):
        super().__init__()
        self.blocks = nn.Sequential(*[MixerBlock(tokens, dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(x).mean(dim=1))


def configure_model(cfg):
    model = Mixer(cfg["tokens"], cfg["dim"], cfg["depth"], cfg["classes"])
    sharding = {"auto_wrap_policy": {MixerBlock}}
    if cfg.get("remat"):
        sharding["activation_checkpointing_policy"] = {MixerBlock}
    return model, sharding


def dummy_batch(cfg, batch_size, device):
    x = torch.randn(batch_size, cfg["tokens"], cfg["dim"], device=device)
    return x, torch.randint(0, cfg["classes"], (batch_size,), device=device)
