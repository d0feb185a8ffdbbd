"""`x.attr` where `x` may be None raises AttributeError on that path, so no value of it goes on: an engine whose
`self.model` is None until `setup()` and `fabric.setup_module(...)` after it, read as `self.model.module` in
`step()`, gives the raw module on every path that reaches the call. LXF004: `fabric.no_backward_sync(module)`
with a module not set up raises TypeError (lightning 2.6.6, fabric.py l.771)."""

from __future__ import annotations

from errata_lsp.analysis import check_source

ENGINE = '''import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Engine:
    def __init__(self, fabric):
        self.fabric = fabric
        self.model = None

    def setup(self, model):
        self.model = self.fabric.setup_module(model)

    def step(self, x):
        with self.fabric.no_backward_sync({module}, enabled=True):
            self.fabric.backward(F.mse_loss(self.model(x), x))


def run(fabric):
    engine = Engine(fabric)
    engine.setup(nn.Linear(8, 8))
    engine.step(torch.randn(2, 8, device=fabric.device))


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(run)
'''
RAW = ("`self.model.module` is not set up: it holds the raw module `nn.Linear(8, 8)` (line 23); pass the module "
       "returned by `fabric.setup(...)`, or Fabric raises TypeError")


def found(module: str) -> list[tuple[str, str, int, str]]:
    return [(f.code, f.severity.name.lower(), f.span.start.line + 1, f.message)
            for f in check_source(ENGINE.format(module=module), "/tmp/engine.py").findings]


def test_the_none_path_of_an_attribute_does_not_reach_the_call():
    assert found("self.model.module") == [("LXF004", "error", 17, RAW)]


def test_the_set_up_module_itself_is_fine():
    assert found("self.model") == []
