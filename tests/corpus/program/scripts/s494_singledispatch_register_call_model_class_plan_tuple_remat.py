# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class '__main__.DecoderBlock'>,). You can try defining and pass
"""python finetune.py: one script for both model families; the sharding plan is looked up by the model's class."""
from functools import singledispatch
from typing import Union

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class DecoderBlock(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.attn = nn.Linear(dim, dim)
        self.mlp = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.mlp(torch.relu(self.attn(x)))


class EncoderBlock(DecoderBlock):
    pass


class Decoder(nn.Module):
    def __init__(self, dim=32, depth=2, vocab=16):
        super().__init__()
        self.blocks = nn.Sequential(*[DecoderBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, vocab)

    def forward(self, x):
        return self.head(self.blocks(x))


class Encoder(nn.Module):
    def __init__(self, dim=32, depth=2, classes=4):
        super().__init__()
        self.blocks = nn.Sequential(*[EncoderBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(x).mean(dim=0, keepdim=True).expand_as(x))


class EncoderDecoder(Encoder):
    pass


@singledispatch
def sharding_plan(model):
    raise NotImplementedError(f"no sharding plan for {type(model).__name__}")


def _decoder_plan(model):
    return dict(auto_wrap_policy={DecoderBlock}, activation_checkpointing_policy=(DecoderBlock,))


def _encoder_plan(model: Union[Encoder, EncoderDecoder]):
    return dict(auto_wrap_policy={EncoderBlock}, activation_checkpointing_policy={EncoderBlock})


sharding_plan.register(Decoder, _decoder_plan)
sharding_plan.register(_encoder_plan)


def train(fabric, model):
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    x = torch.randn(8, 32, device=fabric.device)
    y = torch.randint(0, 16, (8,), device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), y))
    optimizer.step()


if __name__ == "__main__":
    model = Decoder()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**sharding_plan(model)))
    fabric.launch(train, model)
