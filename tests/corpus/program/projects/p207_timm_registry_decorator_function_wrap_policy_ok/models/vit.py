"""A tiny vision transformer over flattened patches; each `Block` is an FSDP unit."""
import torch
from torch import nn

from models._registry import register_model

__all__ = ["Block", "VisionTransformer"]


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class VisionTransformer(nn.Module):
    def __init__(self, patch_dim=48, embed_dim=32, depth=2, num_classes=10):
        super().__init__()
        self.patch_embed = nn.Linear(patch_dim, embed_dim)
        self.blocks = nn.Sequential(*[Block(embed_dim) for _ in range(depth)])
        self.head = nn.Linear(embed_dim, num_classes)

    def forward(self, patches):
        return self.head(self.blocks(self.patch_embed(patches)).mean(dim=1))


def _wrap_blocks(module, recurse, unwrapped_params):
    return recurse or isinstance(module, Block)


@register_model(fsdp_wrap=_wrap_blocks)
def vit_tiny_patch4(**kwargs):
    return VisionTransformer(**kwargs)


@register_model()
def vit_micro_patch4(**kwargs):
    return VisionTransformer(embed_dim=16, depth=1, **kwargs)
