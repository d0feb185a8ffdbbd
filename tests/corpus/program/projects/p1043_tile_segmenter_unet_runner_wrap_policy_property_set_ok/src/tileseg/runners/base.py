"""Base runner: a subclass says which model to build and which of its blocks FSDP should wrap."""
from functools import cached_property

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from tileseg.model import random_tiles


class SegmentationRunner:
    block_cls = None
    steps = 3

    @property
    def wrap_policy(self):
        return {self.block_cls} if self.block_cls is not None else None

    @cached_property
    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap_policy, state_dict_type="sharded")

    @cached_property
    def fabric(self):
        return Fabric(accelerator="tpu", strategy=self.strategy)

    def build_model(self):
        raise NotImplementedError

    def fit(self, fabric):
        model = fabric.setup_module(self.build_model())
        optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
        for step in range(self.steps):
            tiles, labels = fabric.to_device(random_tiles(4))
            loss = F.cross_entropy(model(tiles), labels)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"step {step}: pixel ce {loss.item():.3f}")

    def launch(self):
        self.fabric.launch(self.fit)
