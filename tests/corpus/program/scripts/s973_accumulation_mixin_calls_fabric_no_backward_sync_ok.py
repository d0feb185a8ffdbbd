# expect: none
# oracle: OK
# twin: s972_accumulation_mixin_calls_backward_sync_control_with_fabric_module
"""Bag-of-words sentiment classifier with gradient accumulation; a GradAccumulationMixin gives the trainer its `sync_context`."""
import contextlib

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

VOCAB = 2000


class HiddenLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return F.relu(self.fc(x))


class BowClassifier(nn.Module):
    def __init__(self, dim=64):
        super().__init__()
        self.inp = nn.Linear(VOCAB, dim)
        self.hidden = nn.Sequential(HiddenLayer(dim), HiddenLayer(dim))
        self.out = nn.Linear(dim, 2)

    def forward(self, bow):
        return self.out(self.hidden(self.inp(bow)))


def random_reviews(batch):
    bow = (torch.rand(batch, VOCAB) < 0.01).float()
    return bow, torch.randint(0, 2, (batch,))


class GradAccumulationMixin:
    accumulate = 2

    def is_accumulating(self, micro_step):
        return (micro_step + 1) % self.accumulate != 0

    def sync_context(self, fabric, model, micro_step):
        """Skip the gradient reduce-scatter on micro-batches that do not end an accumulation window."""
        if not self.is_accumulating(micro_step):
            return contextlib.nullcontext()
        return fabric.no_backward_sync(model, enabled=True)


class Trainer:
    def __init__(self, micro_steps=4, micro_batch=8):
        self.micro_steps = micro_steps
        self.micro_batch = micro_batch

    def sync_context(self, fabric, model, micro_step):
        return contextlib.nullcontext()

    def is_accumulating(self, micro_step):
        return False

    def fit(self, fabric):
        model = fabric.setup_module(BowClassifier())
        optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
        for micro_step in range(self.micro_steps):
            bow, labels = fabric.to_device(random_reviews(self.micro_batch))
            with self.sync_context(fabric, model, micro_step):
                loss = F.cross_entropy(model(bow), labels)
                fabric.backward(loss)
            if not self.is_accumulating(micro_step):
                optimizer.step()
                optimizer.zero_grad()
                fabric.print(f"micro-step {micro_step}: optimizer step, loss {loss.item():.3f}")


class AccumulatingTrainer(GradAccumulationMixin, Trainer):
    pass


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={HiddenLayer}))
    fabric.launch(AccumulatingTrainer().fit)
