from torch import nn

from .layers import EncoderBlock, PatchEmbed


class TinyViT(nn.Module):
    def __init__(self, dim=64, depth=2, classes=10):
        super().__init__()
        self.embed = PatchEmbed(dim=dim)
        self.blocks = nn.Sequential(*[EncoderBlock(dim) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, images):
        return self.head(self.norm(self.blocks(self.embed(images))).mean(dim=1))
