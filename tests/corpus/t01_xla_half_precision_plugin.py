# expect: XLA001
# real: RAISED TypeError: The XLA strategy can only work with the `XLAPrecision` plugin, found <lightning.fabric.plugins.precision.half.HalfPrecisio
# findings: XLA003 error 27, XLA001 error 36
"""bf16 weights on a TPU pod slice. The precision plugin is the generic `HalfPrecision` kept from the
GPU version of the script; XLAStrategy refuses it in its constructor: it takes only `XLAPrecision`."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.plugins import HalfPrecision
from lightning.fabric.strategies import XLAStrategy
from torch.utils.data import DataLoader, TensorDataset


class Regressor(nn.Module):
    def __init__(self, features=16, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(features, hidden), nn.GELU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


def train(fabric):
    data = TensorDataset(torch.randn(64, 16), torch.randn(64))
    loader = fabric.setup_dataloaders(DataLoader(data, batch_size=8))
    model = fabric.setup_module(Regressor())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    strategy = XLAStrategy(precision=HalfPrecision("bf16-true"), sync_module_states=True)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)


if __name__ == "__main__":
    main()
