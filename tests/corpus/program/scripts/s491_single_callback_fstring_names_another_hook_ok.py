# expect: none
# oracle: OK
# twin: s490_single_callback_fstring_hook_name_clips_by_value
"""python train.py: one callback object (no list); the loop names its events with an f-string."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class MLP(nn.Module):
    def __init__(self, width: int = 48):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(width, width) for _ in range(3)])

    def forward(self, x):
        for layer in self.layers:
            x = F.relu(layer(x))
        return x


class Clipper:
    """Clips each gradient element to [-clip_val, clip_val] before the update."""

    def __init__(self, clip_val):
        self.clip_val = clip_val

    def on_before_backward(self, fabric, loss):
        pass

    def on_before_optimizer_step(self, fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, clip_val=self.clip_val)


def before(fabric, what, **kwargs):
    fabric.call(f"on_before_{what}", fabric, **kwargs)


def run(fabric):
    model = fabric.setup_module(MLP())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9))
    for _ in range(2):
        x = torch.randn(6, 48, device=fabric.device)
        loss = model(x).pow(2).mean()
        before(fabric, "backward", loss=loss)
        fabric.backward(loss)
        before(fabric, "step", model=model, optimizer=optimizer)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}),
                    callbacks=Clipper(clip_val=0.25))
    fabric.launch(run)
