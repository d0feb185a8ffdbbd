# expect: none
# oracle: OK
# twin: s346_attrs_config_precision_bf16_mixed
"""An attrs-defined run config with validators; `evolve` makes the TPU variant of the base config."""
import attrs
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

PRECISIONS = ("32-true", "16-true", "bf16-true", "16-mixed", "bf16-mixed")


@attrs.define(frozen=True)
class RunConfig:
    accelerator: str = "cpu"
    devices: int = 1
    precision: str = attrs.field(default="32-true", validator=attrs.validators.in_(PRECISIONS))
    lr: float = 1e-3
    batch_size: int = 16
    wrap_layers: frozenset = attrs.field(factory=frozenset)


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return torch.tanh(self.fc(x)) + x


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.out = nn.Linear(dim, 2)

    def forward(self, x):
        return self.out(self.blocks(x))


BASE = RunConfig()
TPU_POD = attrs.evolve(BASE, accelerator="tpu", devices=8, precision="bf16-true", wrap_layers=frozenset({Block}))


def train(fabric: Fabric, cfg: RunConfig) -> None:
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    x = torch.randn(cfg.batch_size, 32, device=fabric.device)
    y = torch.randint(0, 2, (cfg.batch_size,), device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), y))
    optimizer.step()


if __name__ == "__main__":
    cfg = TPU_POD
    strategy = XLAFSDPStrategy(auto_wrap_policy=set(cfg.wrap_layers))
    fabric = Fabric(accelerator=cfg.accelerator, devices=cfg.devices, strategy=strategy, precision=cfg.precision)
    fabric.launch(train, cfg)
