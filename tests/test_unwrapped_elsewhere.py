"""A set-up module passed to a helper or an engine of another module, which unwraps it there
(`fabric.no_backward_sync(model.module)`): the raw module the call gets is written by the caller, but the
unwrapping that makes it raw is the helper's, so the helper's line is flagged, in the helper's file. Passing the
set-up module itself is fine. LXF004: `fabric.no_backward_sync(module)` with a module not set up raises
TypeError (lightning 2.6.6, fabric.py l.771)."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

STEPS = '''import torch.nn.functional as F


def step(fabric, model, x):
    with fabric.no_backward_sync({helper_module}, enabled=True):
        fabric.backward(F.mse_loss(model(x), x))


class Engine:
    def __init__(self, fabric, model):
        self.fabric = fabric
        self.model = model

    def step(self, x):
        with self.fabric.no_backward_sync({engine_module}, enabled=True):
            self.fabric.backward(F.mse_loss(self.model(x), x))
'''
TRAIN = '''import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from steps import Engine, step


def run(fabric):
    model = fabric.setup_module(nn.Linear(8, 8))
    step(fabric, model, torch.randn(2, 8, device=fabric.device))
    Engine(fabric, model).step(torch.randn(2, 8, device=fabric.device))


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(run)
'''
RAW = ("`{spelled}` is not set up: it holds the raw module `nn.Linear(8, 8)` (`train.py`, line 10); pass the module "
       "returned by `fabric.setup(...)`, or Fabric raises TypeError")


def checked(tmp_path, helper_module: str, engine_module: str) -> list[tuple[str, str, int, int, str]]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'pod'\n")
    steps = STEPS.format(helper_module=helper_module, engine_module=engine_module)
    (tmp_path / "steps.py").write_text(steps)
    (tmp_path / "train.py").write_text(TRAIN)
    return [(f.code, f.severity.name.lower(), f.span.start.line + 1, f.span.start.column + 1, f.message)
            for f in check_source(steps, str(tmp_path / "steps.py")).findings]


def test_the_helper_and_the_engine_that_unwrap_it_are_flagged(tmp_path):
    assert checked(tmp_path, "model.module", "self.model.module") == [
        ("LXF004", "error", 5, 34, RAW.format(spelled="model.module")),
        ("LXF004", "error", 15, 43, RAW.format(spelled="self.model.module")),
    ]


@pytest.mark.parametrize("helper_module, engine_module", [("model", "self.model")])
def test_the_set_up_module_passed_on_is_fine(tmp_path, helper_module, engine_module):
    assert checked(tmp_path, helper_module, engine_module) == []
    assert check_source(TRAIN, str(tmp_path / "train.py")).findings == []
