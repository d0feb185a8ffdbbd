# expect: none
# oracle: OK
# twin: s994_digits_prepare_helper_branches_on_hyphenated_strategy_name
"""Digit classifier (8x8 synthetic digits) whose setup helper branches on the strategy name the run config picks."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy, XLAStrategy
from torch import nn

STRATEGIES = {"xla": XLAStrategy, "xla_fsdp": functools.partial(XLAFSDPStrategy, auto_wrap_policy={nn.Sequential})}
RUN = {"strategy": "xla_fsdp", "lr": 0.05, "steps": 3, "batch": 32}

make_optimizer = functools.partial(torch.optim.SGD, lr=RUN["lr"], momentum=0.9)


class DigitNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 16, 3, padding=1), nn.ReLU())
        self.classifier = nn.Sequential(nn.Flatten(), nn.Linear(16 * 8 * 8, 10))

    def forward(self, x):
        return self.classifier(self.features(x))


def prepare(fabric, model, optimizer_factory, strategy_name):
    """Sharded strategies need the optimizer built from the sharded parameters; the others set up both at once."""
    if strategy_name in ("xla_fsdp", "fsdp"):
        model = fabric.setup_module(model)
        return model, fabric.setup_optimizers(optimizer_factory(model.parameters()))
    return fabric.setup(model, optimizer_factory(model.parameters()))


def digits(batch, device):
    labels = torch.randint(0, 10, (batch,))
    images = torch.zeros(batch, 1, 8, 8)
    images[torch.arange(batch), 0, labels % 8, labels // 2] = 1.0
    return (images + 0.1 * torch.randn_like(images)).to(device), labels.to(device)


def train(fabric, run):
    model, optimizer = prepare(fabric, DigitNet(), make_optimizer, run["strategy"])
    for step in range(run["steps"]):
        images, labels = digits(run["batch"], fabric.device)
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=STRATEGIES[RUN["strategy"]]())
    fabric.launch(train, RUN)
