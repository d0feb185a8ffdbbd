# expect: none
# oracle: OK
# twin: s1206_audio_tagger_setup_recipes_getattr_class_constant_joint
"""Audio event tagger (synthetic mel clips, multi-label); how the model and optimizer are set up is a recipe, a
static method of SetupRecipes picked by name."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

EVENTS, MELS, FRAMES = 6, 20, 12
SETUP_RECIPE = "module_first"


class FrameEncoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.mlp = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.ReLU())

    def forward(self, x):
        return x + self.mlp(x)


class Tagger(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.inp = nn.Linear(MELS, dim)
        self.encoders = nn.Sequential(FrameEncoder(dim), FrameEncoder(dim))
        self.out = nn.Linear(dim, EVENTS)

    def forward(self, mels):  # (batch, frames, mels) -> clip-level logits
        return self.out(self.encoders(self.inp(mels)).mean(1))


class SetupRecipes:
    @staticmethod
    def joint(fabric, model, make_optimizer):
        return fabric.setup(model, make_optimizer(model.parameters()))

    @staticmethod
    def module_first(fabric, model, make_optimizer):
        model = fabric.setup_module(model)
        return model, fabric.setup_optimizers(make_optimizer(model.parameters()))


def clips(batch):
    mels = torch.randn(batch, FRAMES, MELS)
    events = (mels[:, :, :EVENTS].mean(1) > 0).float()
    return mels, events


def train(fabric, steps=3):
    recipe = getattr(SetupRecipes, SETUP_RECIPE)
    model, optimizer = recipe(fabric, Tagger(), functools.partial(torch.optim.Adam, lr=2e-3))
    for step in range(steps):
        mels, events = fabric.to_device(clips(16))
        loss = F.binary_cross_entropy_with_logits(model(mels), events)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: bce {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={FrameEncoder}))
    fabric.launch(train)
