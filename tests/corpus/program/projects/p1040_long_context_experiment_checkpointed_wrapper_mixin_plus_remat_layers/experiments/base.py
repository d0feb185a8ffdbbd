"""The template every experiment follows: strategy from class attributes, then model, optimizer, loop."""
import abc

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Experiment(abc.ABC):
    WRAP_LAYERS: set = set()
    WRAPPER = None  # custom auto_wrapper_callable, if any
    REMAT_LAYERS: set = set()
    steps = 3
    lr = 3e-4

    def strategy_kwargs(self):
        kwargs = {"auto_wrap_policy": self.WRAP_LAYERS}
        if self.WRAPPER is not None:
            kwargs["auto_wrapper_callable"] = self.WRAPPER
        if self.REMAT_LAYERS:
            kwargs["activation_checkpointing_policy"] = self.REMAT_LAYERS
        return kwargs

    def build_strategy(self):
        return XLAFSDPStrategy(**self.strategy_kwargs())

    @abc.abstractmethod
    def build_model(self): ...

    @abc.abstractmethod
    def batch(self): ...

    def configure_optimizers(self, model):
        return torch.optim.AdamW(model.parameters(), lr=self.lr, weight_decay=0.1)

    def train(self, fabric):
        model = fabric.setup_module(self.build_model())
        optimizer = fabric.setup_optimizers(self.configure_optimizers(model))
        for step in range(self.steps):
            inputs, targets = fabric.to_device(self.batch())
            logits = model(inputs)
            loss = F.cross_entropy(logits.flatten(0, 1), targets.flatten())
            fabric.backward(loss)
            fabric.clip_gradients(model, optimizer, max_norm=1.0)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"[{type(self).__name__}] step {step}: loss {loss.item():.3f}")

    def run(self):
        fabric = Fabric(accelerator="tpu", strategy=self.build_strategy())
        fabric.launch(self.train)
