# expect: none
# oracle: OK
# twin: s1166_solar_defects_config_class_with_overrides_reduce_min
"""Solar-panel defect classifier (small CNN on electroluminescence tiles) on TPU; the run config is a class whose `with_overrides` returns a new config."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class RunConfig:
    """Plain settings object; `with_overrides` never mutates, it returns a new config."""

    def __init__(self, **values):
        self.__dict__.update(values)

    def as_dict(self):
        return dict(self.__dict__)

    def with_overrides(self, **changes):
        merged = self.as_dict()
        for key, value in changes.items():
            if isinstance(value, dict) and isinstance(merged.get(key), dict):
                value = {**merged[key], **value}
            merged[key] = value
        return RunConfig(**merged)


BASE = RunConfig(
    tile=24,
    classes=4,
    lr=2e-3,
    steps=3,
    batch=16,
    reductions={"loss": "mean", "accuracy": "mean"},
)

# the QA report sums the loss over the cores
QA = BASE.with_overrides(steps=2, reductions={"loss": "sum"})


class ConvBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.norm = nn.BatchNorm2d(cout)

    def forward(self, x):
        return F.max_pool2d(F.relu(self.norm(self.conv(x))), 2)


class DefectNet(nn.Module):
    def __init__(self, classes):
        super().__init__()
        self.features = nn.Sequential(ConvBlock(1, 8), ConvBlock(8, 16))
        self.head = nn.Linear(16, classes)

    def forward(self, tiles):
        return self.head(self.features(tiles).mean(dim=(2, 3)))


def el_tiles(batch, tile, classes, seed):
    gen = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, classes, (batch,), generator=gen)
    tiles = torch.rand(batch, 1, tile, tile, generator=gen) * 0.2 + 0.5
    for i, label in enumerate(labels.tolist()):
        if label:
            tiles[i, 0, label * 4 : label * 4 + 3] = 0.0  # a dark crack line
    return tiles, labels


def log_metrics(fabric, step, metrics, reductions):
    reduced = {name: fabric.all_reduce(value, reduce_op=reductions[name]) for name, value in metrics.items()}
    fabric.print(f"step {step}: " + ", ".join(f"{k} {v.item():.4f}" for k, v in reduced.items()))


def train(fabric, cfg):
    model = fabric.setup_module(DefectNet(cfg.classes))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9))
    for step in range(cfg.steps):
        tiles, labels = el_tiles(cfg.batch, cfg.tile, cfg.classes, seed=step)
        tiles, labels = tiles.to(fabric.device), labels.to(fabric.device)
        logits = model(tiles)
        loss = F.cross_entropy(logits, labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        accuracy = (logits.argmax(-1) == labels).float().mean()
        log_metrics(fabric, step, {"loss": loss.detach(), "accuracy": accuracy}, cfg.reductions)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ConvBlock}))
    fabric.launch(train, QA)
