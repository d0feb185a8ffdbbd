# expect: LXF041
# oracle: RAISED NotImplementedError: The XLAFSDPStrategy does not support running on a single device with the PjRT runtime. Try using all devices or the `Sin
"""Store-level demand forecaster (GRU over weekly sales) on TPU; the run settings are flat layers applied in order with `dict.update`."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

BASE = {
    "accelerator": "cuda",
    "devices": "auto",
    "precision": "32-true",
    "weeks": 12,
    "stores": 16,
    "hidden": 32,
    "lr": 1e-3,
    "steps": 5,
}

HARDWARE = {
    "a100": {"accelerator": "cuda", "precision": "bf16-mixed"},
    "v3-8": {"accelerator": "tpu", "devices": 8},
}

# a short run to check the pipeline end to end before the real one
SMOKE = {"steps": 2, "devices": 1, "lr": 2e-3}


def layered(*layers):
    settings = {}
    for layer in layers:
        settings.update(layer)
    return settings


class Encoder(nn.Module):
    def __init__(self, stores, hidden):
        super().__init__()
        self.gru = nn.GRU(stores, hidden, batch_first=True)

    def forward(self, x):
        return self.gru(x)[0][:, -1]


class Forecaster(nn.Module):
    def __init__(self, stores, hidden):
        super().__init__()
        self.encoder = Encoder(stores, hidden)
        self.head = nn.Sequential(nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, stores))

    def forward(self, history):
        return self.head(self.encoder(history))


def weekly_sales(batch, weeks, stores, seed):
    gen = torch.Generator().manual_seed(seed)
    t = torch.arange(weeks + 1, dtype=torch.float32)
    season = torch.sin(2 * torch.pi * t / 52)[None, :, None]
    level = torch.rand(batch, 1, stores, generator=gen)
    sales = level + 0.3 * season + 0.05 * torch.randn(batch, weeks + 1, stores, generator=gen)
    return sales[:, :-1], sales[:, -1]


def fabric_for(settings):
    return Fabric(
        accelerator=settings["accelerator"],
        devices=settings["devices"],
        precision=settings["precision"],
        strategy=XLAFSDPStrategy(auto_wrap_policy={Encoder}),
    )


def train(fabric, s):
    model = fabric.setup_module(Forecaster(s["stores"], s["hidden"]))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=s["lr"]))
    for step in range(s["steps"]):
        history, target = weekly_sales(8, s["weeks"], s["stores"], seed=step)
        loss = F.l1_loss(model(history.to(fabric.device)), target.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mae {loss.item():.4f}")


if __name__ == "__main__":
    settings = layered(BASE, HARDWARE["v3-8"], SMOKE)
    fabric = fabric_for(settings)
    fabric.launch(train, settings)
