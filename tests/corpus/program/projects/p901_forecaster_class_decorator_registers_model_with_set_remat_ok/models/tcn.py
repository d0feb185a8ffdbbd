import torch.nn.functional as F
from torch import nn

from .registry import register_model


class TemporalBlock(nn.Module):
    """Dilated causal convolution with a residual connection."""

    def __init__(self, channels, dilation):
        super().__init__()
        self.pad = 2 * dilation
        self.conv = nn.Conv1d(channels, channels, kernel_size=3, dilation=dilation)
        self.norm = nn.GroupNorm(4, channels)

    def forward(self, x):
        return x + F.gelu(self.norm(self.conv(F.pad(x, (self.pad, 0)))))


@register_model("tcn-small", window=48, horizon=12, wrap={TemporalBlock}, remat={TemporalBlock})
class TemporalConvNet(nn.Module):
    def __init__(self, channels=32, levels=4):
        super().__init__()
        self.inp = nn.Conv1d(1, channels, 1)
        self.blocks = nn.Sequential(*[TemporalBlock(channels, 2**i) for i in range(levels)])
        self.head = nn.Linear(channels, 12)

    def forward(self, history):
        features = self.blocks(self.inp(history))
        return self.head(features[:, :, -1])
