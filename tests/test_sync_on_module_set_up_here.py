"""LXF004 on a module another file builds and passes in, that this file sets up itself and then syncs on raw
(`self.wrapped = fabric.setup_module(self.model)`, then `fabric.no_backward_sync(self.model)`): the slip is
this file's, and the finding is here; a file that never sets it up leaves it to the one that passes it."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

TRAINER = '''\
import torch


class Trainer:
    def __init__(self, model):
        self.model = model

    def setup(self, fabric):
        {store} = fabric.setup_module(self.model)

    def fit(self, fabric):
        self.setup(fabric)
        with fabric.no_backward_sync(self.model, enabled=True):
            fabric.backward({store}(torch.randn(2, 2)).sum())
'''
TRAIN = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from trainer import Trainer


def main(fabric):
    Trainer(torch.nn.Linear(2, 2)).fit(fabric)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
'''


def found(root: Path, store: str, trainer: str = TRAINER) -> list[tuple[str, str, str, int]]:
    tree(root, {"trainer.py": trainer.format(store=store), "train.py": TRAIN})
    path = root / "trainer.py"
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1)
            for f in check_source(path.read_text(), str(path)).findings]


def test_a_module_set_up_here_into_another_attribute_and_synced_raw_is_flagged_here(tmp_path):
    assert found(tmp_path, "self.wrapped") == [(
        "LXF004", "error",
        "`self.model` is not set up: it holds the raw module `torch.nn.Linear(2, 2)` (`train.py`, line 9); pass the "
        "module returned by `fabric.setup(...)`, or Fabric raises TypeError", 13)]


def test_the_attribute_replaced_by_the_set_up_module_is_silent(tmp_path):
    assert found(tmp_path, "self.model") == []


def test_a_file_that_never_sets_the_module_up_leaves_it_to_the_file_passing_it(tmp_path):
    no_setup = TRAINER.replace("        {store} = fabric.setup_module(self.model)\n", "        pass\n")
    assert found(tmp_path, "self.model", no_setup) == []


HELPERS = '''\
import torch


def prepare(fabric, model):
    return fabric.setup_module(model)


def step(fabric, model, wrapped):
    with fabric.no_backward_sync(model, enabled=True):
        fabric.backward(wrapped(torch.randn(2, 2)).sum())
'''
CALLER = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from helpers import prepare, step


def main(fabric):
    net = torch.nn.Linear(2, 2)
    step(fabric, net, prepare(fabric, net))


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
'''


def test_helpers_that_set_up_and_sync_their_parameters_leave_the_raw_module_to_the_caller(tmp_path):
    tree(tmp_path, {"helpers.py": HELPERS, "train.py": CALLER})
    helpers, train = tmp_path / "helpers.py", tmp_path / "train.py"
    assert list(check_source(helpers.read_text(), str(helpers)).findings) == []
    assert [(f.code, f.severity.value, f.span.start.line + 1)
            for f in check_source(train.read_text(), str(train)).findings] == [("LXF004", "error", 10)]
