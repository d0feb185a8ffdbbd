# expect: none
# oracle: OK
# twin: p382_yaml_updates_defaults_strategy_name_hyphenated
"""python run.py: conf/trainer.yaml's `trainer` section over the built-in defaults."""
import os

import torch
import torch.nn.functional as F
import yaml
from lightning.fabric import Fabric

from model import Net

CONF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "conf", "trainer.yaml")

TRAINER_DEFAULTS = dict(accelerator="auto", strategy="auto", devices="auto", precision="32-true")


def trainer_kwargs():
    kwargs = dict(TRAINER_DEFAULTS)
    with open(CONF) as fp:
        loaded = yaml.safe_load(fp) or {}
    kwargs.update(loaded.get("trainer", {}))
    return kwargs


def fit(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(**trainer_kwargs())
    fabric.launch(fit)
