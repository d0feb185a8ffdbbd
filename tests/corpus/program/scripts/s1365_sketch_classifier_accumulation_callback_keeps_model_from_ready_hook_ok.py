# expect: none
# oracle: OK
# twin: s1364_sketch_classifier_accumulation_callback_keeps_model_from_built_hook
"""Quick-draw style sketch classifier (stroke-point clouds flattened) with gradient accumulation done by a callback:
the callback remembers the model from a trainer hook and supplies the no-sync context for every micro-batch."""
import contextlib

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

POINTS, CLASSES = 16, 10


class StrokeBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.mlp = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU())

    def forward(self, x):
        return x + self.mlp(x)


class SketchNet(nn.Module):
    def __init__(self, dim=40):
        super().__init__()
        self.embed = nn.Linear(POINTS * 3, dim)
        self.blocks = nn.Sequential(StrokeBlock(dim), StrokeBlock(dim))
        self.cls = nn.Linear(dim, CLASSES)

    def forward(self, strokes):
        return self.cls(self.blocks(self.embed(strokes.flatten(1))))


class Callback:
    def on_model_built(self, trainer, model): ...
    def on_model_ready(self, trainer, model): ...
    def micro_batch_context(self, trainer, index, count):
        return contextlib.nullcontext()


class GradientAccumulation(Callback):
    def __init__(self, micro_batches):
        self.micro_batches = micro_batches
        self.model = None

    def on_model_ready(self, trainer, model):
        self.model = model

    def micro_batch_context(self, trainer, index, count):
        last = index == count - 1
        return trainer.fabric.no_backward_sync(self.model, enabled=not last)


class Trainer:
    def __init__(self, fabric, callbacks, steps=2, micro_batches=2):
        self.fabric, self.callbacks = fabric, callbacks
        self.steps, self.micro_batches = steps, micro_batches

    def emit(self, hook, *args):
        for cb in self.callbacks:
            getattr(cb, hook)(self, *args)

    def _context(self, index):
        stack = contextlib.ExitStack()
        for cb in self.callbacks:
            stack.enter_context(cb.micro_batch_context(self, index, self.micro_batches))
        return stack

    def fit(self):
        net = SketchNet()
        self.emit("on_model_built", net)
        model = self.fabric.setup_module(net)
        self.emit("on_model_ready", model)
        optimizer = self.fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9))
        g = torch.Generator().manual_seed(2)
        for step in range(self.steps):
            for index in range(self.micro_batches):
                strokes = torch.rand(8, POINTS, 3, generator=g)
                label = torch.randint(0, CLASSES, (8,), generator=g)
                strokes, label = self.fabric.to_device((strokes, label))
                with self._context(index):
                    loss = F.cross_entropy(model(strokes), label) / self.micro_batches
                    self.fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            self.fabric.print(f"step {step}: loss {loss.item() * self.micro_batches:.4f}")


def worker(fabric):
    Trainer(fabric, callbacks=[GradientAccumulation(micro_batches=2)]).fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={StrokeBlock}))
    fabric.launch(worker)
