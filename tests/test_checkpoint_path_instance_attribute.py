"""A save and a load given `self.path` of a checkpoint manager (stored once, in `__init__` of a class the file
makes once) write and read the same checkpoint: LXF032 compares their keys. A second instance, a subclass, a
store of that attribute elsewhere or in a loop, or a `setattr` leave the paths untold. Label (corpus s654): the
real library's sharded load raises KeyError for a key the save did not write."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

SOURCE = """\
import os

import torch
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Manager:
    def __init__(self, fabric, out_dir):
        self.fabric = fabric
        self.path = os.path.join(out_dir, "last")

    def save(self, model, step):
        self.fabric.save(self.path, {"model": model, "step": step})

    def resume(self, model):
        self.fabric.load(self.path, {"model": model, "step": 0, "best": 0.0})
EXTRA

def train(fabric):
    model = fabric.setup_module(nn.Linear(4, 4))
    manager = Manager(fabric, "checkpoints")
    manager.save(model, 1)
    manager.resume(model)
AFTER

Fabric(accelerator="tpu", devices=4, strategy=XLAFSDPStrategy()).launch(train)
"""

MESSAGE = ("`fabric.save(self.path, ...)` (line 15) writes 'model', 'step', not 'best', so this sharded load raises "
           "KeyError: The requested state contains a key 'best' that does not exist in the loaded checkpoint. Save "
           "it too, or do not ask for it and keep its value from before the load")


def shown(extra: str = "", after: str = "") -> list[tuple[str, str, str, int, int, int]]:
    text = SOURCE.replace("EXTRA", extra).replace("AFTER", after)
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(text).findings]


def test_one_manager_saves_and_loads_the_same_path():
    assert shown() == [("LXF032", "error", MESSAGE, 18, 64, 70)]


@pytest.mark.parametrize("extra, after", [
    ("", "    Manager(fabric, 'pretrained').resume(model)"),  # a second instance: another path
    ("\n\nclass Resumer(Manager):\n    pass\n", ""),  # a subclass may be made with another path
    ("\n    def move(self, out_dir):\n        self.path = out_dir\n", ""),  # stored again
    ("", "    setattr(manager, 'path', 'elsewhere')"),  # a store the check does not read
    ("", "    manager.path = 'elsewhere'"),  # stored from outside
])
def test_a_path_that_may_differ_is_not_compared(extra, after):
    assert shown(extra, after) == []


def test_a_path_stored_in_a_loop_is_not_compared():
    text = SOURCE.replace("EXTRA", "").replace("AFTER", "").replace(
        '        self.path = os.path.join(out_dir, "last")\n',
        '        for name in ("last",):\n            self.path = os.path.join(out_dir, name)\n')
    assert [f for f in check_source(text).findings if f.code == "LXF032"] == []
