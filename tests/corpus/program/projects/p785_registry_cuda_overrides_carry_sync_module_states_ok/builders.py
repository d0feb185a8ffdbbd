"""Strategy and model builders; importing this module fills the registry."""
from lightning.fabric.strategies import DDPStrategy, FSDPStrategy, XLAFSDPStrategy
from torch import nn

from registry import register_model, register_strategy


class ConvBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.norm = nn.BatchNorm2d(channels)
        self.act = nn.ReLU()

    def forward(self, x):
        return x + self.act(self.norm(self.conv(x)))


@register_model("resnet-tiny")
def resnet_tiny(num_classes=10, width=16, depth=3):
    return nn.Sequential(
        nn.Conv2d(3, width, 3, padding=1),
        *[ConvBlock(width) for _ in range(depth)],
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        nn.Linear(width, num_classes),
    )


@register_strategy("ddp")
def ddp(**_):
    return DDPStrategy(find_unused_parameters=False)


@register_strategy("fsdp")
def fsdp(**fsdp_kwargs):
    return FSDPStrategy(auto_wrap_policy={ConvBlock}, **fsdp_kwargs)


@register_strategy("xla_fsdp")
def xla_fsdp(**fsdp_kwargs):
    return XLAFSDPStrategy(auto_wrap_policy={ConvBlock}, state_dict_type="sharded", **fsdp_kwargs)
