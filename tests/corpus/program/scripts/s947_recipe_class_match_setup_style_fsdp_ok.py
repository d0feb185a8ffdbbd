# expect: none
# oracle: OK
# twin: s946_recipe_class_match_setup_style_default_joint
"""Autoencoder on TPU; the Recipe class still defaults to a joint set-up, but the TPU script builds it with setup_style="fsdp"."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Encoder(nn.Module):
    def __init__(self, features=32, latent=8):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(features, 64), nn.Tanh(), nn.Linear(64, latent))

    def forward(self, x):
        return self.net(x)


class Decoder(nn.Module):
    def __init__(self, features=32, latent=8):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(latent, 64), nn.Tanh(), nn.Linear(64, features))

    def forward(self, z):
        return self.net(z)


class AutoEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()
        self.decoder = Decoder()

    def forward(self, x):
        return self.decoder(self.encoder(x))


class Recipe:
    """What the GPU and TPU launch scripts share: the optimizer and how the pieces are set up."""

    def __init__(self, lr=2e-3, weight_decay=0.0, setup_style="joint"):
        self.lr = lr
        self.weight_decay = weight_decay
        self.setup_style = setup_style

    def optimizer(self, params):
        return torch.optim.AdamW(params, lr=self.lr, weight_decay=self.weight_decay)

    def prepare(self, fabric, model):
        match self.setup_style:
            case "joint":
                # DDP-style: one call for the model and its optimizer
                return fabric.setup(model, self.optimizer(model.parameters()))
            case "sharded" | "fsdp":
                model = fabric.setup_module(model)
                return model, fabric.setup_optimizers(self.optimizer(model.parameters()))
            case other:
                raise ValueError(f"unknown setup style {other!r}")


def train(fabric, recipe, steps=3):
    model, optimizer = recipe.prepare(fabric, AutoEncoder())
    for step in range(steps):
        x = torch.randn(16, 32, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: reconstruction {loss.item():.4f}")


if __name__ == "__main__":
    recipe = Recipe(weight_decay=0.01, setup_style="fsdp")
    strategy = XLAFSDPStrategy(auto_wrap_policy={Encoder, Decoder})
    Fabric(accelerator="tpu", strategy=strategy).launch(train, recipe)
