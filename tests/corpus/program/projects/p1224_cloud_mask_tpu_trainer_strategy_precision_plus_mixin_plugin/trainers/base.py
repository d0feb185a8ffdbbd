"""Trainer registry and the base loop; `build_fabric` asks the subclass for strategy, plugins and accelerator."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import CloudNet

TRAINERS = {}


def register(name):
    def deco(cls):
        TRAINERS[name] = cls
        return cls
    return deco


def make_trainer(cfg):
    return TRAINERS[cfg.trainer](cfg)


@register("base")
class BaseTrainer:
    accelerator = "auto"

    def __init__(self, cfg):
        self.cfg = cfg
        self.fabric = None

    def configure_strategy(self):
        return "auto"

    def configure_plugins(self):
        return []

    def build_fabric(self):
        plugins = self.configure_plugins()
        kwargs = {"plugins": plugins} if plugins else {"precision": self.cfg.precision}
        return Fabric(accelerator=self.accelerator, strategy=self.configure_strategy(), **kwargs)

    def attach(self, fabric):
        self.fabric = fabric

    def on_batch_end(self, step, loss):
        self.fabric.print(f"step {step} bce {loss.item():.4f}")

    def fit(self):
        cfg, fabric = self.cfg, self.fabric
        model = fabric.setup_module(CloudNet(cfg.channels, cfg.width))
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
        g = torch.Generator().manual_seed(0)
        for step in range(cfg.steps):
            tiles = torch.rand(cfg.batch_size, cfg.channels, cfg.tile, cfg.tile, generator=g)
            mask = (tiles[:, 3:4] > 0.6).float()
            tiles, mask = fabric.to_device((tiles, mask))
            loss = F.binary_cross_entropy_with_logits(model(tiles), mask)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            self.on_batch_end(step, loss)
