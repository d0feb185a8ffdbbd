# expect: LXF003
# oracle: RAISED AttributeError: 'XLAFSDPStrategy' object has no attribute 'no_backward_sync'
"""Chess move predictor (board planes -> from-square logits) trained with gradient accumulation over micro-batches."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

MICRO_BATCHES = 4
STEPS = 2


class BoardEncoder(nn.Module):
    def __init__(self, width: int = 16):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(12, width, 3, padding=1), nn.ReLU(), nn.Conv2d(width, width, 3, padding=1), nn.ReLU())
        self.policy = nn.Linear(width * 64, 64)

    def forward(self, planes):
        return self.policy(self.conv(planes).flatten(1))


def positions(batch: int):
    planes = (torch.rand(batch, 12, 8, 8) < 0.05).float()
    occupied = planes.sum(1).flatten(1)
    target = (occupied + 0.01 * torch.rand_like(occupied)).argmax(1)
    return planes, target


def accumulation_context(sync_owner, model, *, last_micro_batch: bool):
    """Skip the gradient reduction on every micro-batch but the last one of an optimizer step."""
    return sync_owner.no_backward_sync(model, enabled=not last_micro_batch)


def optimizer_step(fabric, sync_owner, model, optimizer):
    for i in range(MICRO_BATCHES):
        planes, target = positions(16)
        with accumulation_context(sync_owner, model, last_micro_batch=i == MICRO_BATCHES - 1):
            loss = F.cross_entropy(model(planes.to(fabric.device)), target.to(fabric.device)) / MICRO_BATCHES
            fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss.item() * MICRO_BATCHES


def train(fabric):
    model = fabric.setup_module(BoardEncoder())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9))
    for step in range(STEPS):
        loss = optimizer_step(fabric, fabric.strategy, model, optimizer)
        fabric.print(f"step {step}: loss {loss:.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Conv2d}))
    fabric.launch(train)
