# expect: none
# findings: none
"""A dry-run harness that stubs out the TPU pieces so the training loop can be exercised on a laptop.
Its `XLAFSDPStrategy` is a local stand-in, not Lightning's: nothing here is an XLA FSDP misuse."""
import os

import torch
import torch.nn as nn


class XLAFSDPStrategy:
    """Records the options a real run would use."""

    def __init__(self, **options):
        self.options = options
        self._backward_sync_control = self

    def no_backward_sync(self, module, enabled=True):
        return torch.autograd.profiler.record_function("no_sync" if enabled else "sync")


class FakeFabric:
    def __init__(self, strategy):
        self.strategy = strategy
        self.device = torch.device("cpu")

    def setup(self, model, *optimizers):
        return (model, *optimizers) if optimizers else model

    def backward(self, loss):
        loss.backward()

    def clip_gradients(self, model, optimizer, clip_val=None, max_norm=None):
        if clip_val is not None:
            torch.nn.utils.clip_grad_value_(model.parameters(), clip_val)


def dry_run(steps=int(os.environ.get("STEPS", 20))):
    strategy = XLAFSDPStrategy(activation_checkpointing_policy=[nn.Linear], auto_wrapper_callable=None,
                               state_dict_type="consolidated")
    fabric = FakeFabric(strategy)
    model = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    model, optimizer = fabric.setup(model, optimizer)
    for step in range(steps):
        x, y = torch.randn(8, 16), torch.randn(8, 1)
        with strategy.no_backward_sync(model, enabled=step % 2 == 0):
            loss = nn.functional.mse_loss(model(x), y)
            fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, clip_val=1.0)
        optimizer.step()
        optimizer.zero_grad()
    print("dry run ok", strategy.options)


if __name__ == "__main__":
    dry_run()
