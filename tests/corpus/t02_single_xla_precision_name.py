# expect: XLA001
# real: RAISED TypeError: The XLA strategy can only work with the `XLAPrecision` plugin, found bf16-true
# findings: XLA001 error 15
"""A quick single-core TPU run for debugging. The precision name from the config is handed to the
strategy; SingleDeviceXLAStrategy wants an `XLAPrecision` object there, and raises TypeError for a string."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import SingleDeviceXLAStrategy

CONFIG = {"precision": "bf16-true", "steps": 4, "lr": 1e-3}


def build_fabric(config):
    strategy = SingleDeviceXLAStrategy(device=0, precision=config["precision"])
    return Fabric(accelerator="tpu", devices=1, strategy=strategy)


def main():
    fabric = build_fabric(CONFIG)
    fabric.launch()
    model = nn.Linear(8, 2)
    model, optimizer = fabric.setup(model, torch.optim.Adam(model.parameters(), lr=CONFIG["lr"]))
    for _ in range(CONFIG["steps"]):
        loss = model(torch.randn(4, 8, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()


if __name__ == "__main__":
    main()
