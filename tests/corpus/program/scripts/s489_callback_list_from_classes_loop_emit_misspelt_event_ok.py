# expect: none
# oracle: OK
# twin: s488_callback_list_from_classes_loop_emit_helper_clips_by_value
"""python train.py: the callbacks are built by a loop over their classes; a small `emit` helper fires each event."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(16, 64), nn.GELU(), nn.Linear(64, 16))
        self.head = nn.Linear(16, 2)

    def forward(self, x):
        return self.head(self.body(x))


class GradValueClip:
    clip_val = 1.0

    def on_before_optimizer_step(self, fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, clip_val=self.clip_val)


class StepCounter:
    def __init__(self):
        self.steps = 0

    def on_train_batch_end(self, fabric, loss):
        self.steps += 1


CALLBACK_CLASSES = (StepCounter, GradValueClip)


def emit(fabric, event, **state):
    fabric.call(event, fabric=fabric, **state)


def fit(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(4, 16, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.zeros(4, dtype=torch.long, device=fabric.device))
        fabric.backward(loss)
        emit(fabric, "on_before_optimizer_steps", model=model, optimizer=optimizer)
        optimizer.step()
        optimizer.zero_grad()
        emit(fabric, "on_train_batch_end", loss=loss)


def main():
    callbacks = []
    for cls in CALLBACK_CLASSES:
        callbacks.append(cls())
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}), callbacks=callbacks)
    fabric.launch(fit)


if __name__ == "__main__":
    main()
