"""A project class's `__call__` run through an instance another module holds: built at a module's top level
(`prepare = Prepare()`), called in a module that imports it (by its name, an alias, or through its module).
The method's parameters hold what those calls pass, as a function's do for calls of it by name."""

from __future__ import annotations

import pytest

from .test_foreign_placement import placed
from .test_helpers_elsewhere import tree

STEPS = '''\
import torch


class Prepare:
    def __init__(self, lr=1e-3):
        self.lr = lr

    def __call__(self, fabric, net):
        opt = torch.optim.SGD(net.parameters(), lr=self.lr)
        return fabric.setup(net, opt)


prepare = Prepare()
'''

HOLDER = '''\
from steps import Prepare

tuned = Prepare(lr=0.1)
'''

TRAIN = '''\
import torch
from lightning.fabric import Fabric
{imports}


def main(fabric):
    net, opt = {call}(fabric, torch.nn.Linear(4, 4))


Fabric(strategy={strategy!r}).launch(main)
'''

SHAPES = {
    "built beside the class, by its name": ("from steps import prepare", "prepare"),
    "built beside the class, by an alias": ("from steps import prepare as run_setup", "run_setup"),
    "built in another module, through its module": ("import holder", "holder.tuned"),
    "built in another module, by an alias": ("from holder import tuned as t", "t"),
}


@pytest.mark.parametrize("imports, call", SHAPES.values(), ids=SHAPES.keys())
def test_the_call_method_sees_the_xla_fabric_an_importer_passes(tmp_path, imports, call):
    root = tree(tmp_path, {"steps.py": STEPS, "holder.py": HOLDER,
                           "train.py": TRAIN.format(imports=imports, call=call, strategy="xla_fsdp")})
    assert placed(root / "steps.py") == [("LXF012", "error", 10, 15, None)]


@pytest.mark.parametrize("imports, call", SHAPES.values(), ids=SHAPES.keys())
def test_the_call_method_given_another_strategy_s_fabric_stays_silent(tmp_path, imports, call):
    root = tree(tmp_path, {"steps.py": STEPS, "holder.py": HOLDER,
                           "train.py": TRAIN.format(imports=imports, call=call, strategy="ddp")})
    assert placed(root / "steps.py") == []


def test_an_instance_of_a_subclass_that_overrides_the_call_method_does_not_run_it(tmp_path):
    other = ("from steps import Prepare\n\n\nclass Quiet(Prepare):\n    def __call__(self, fabric, net):\n"
             "        return net, None\n\n\ntuned = Quiet()\n")
    root = tree(tmp_path, {"steps.py": STEPS, "holder.py": other,
                           "train.py": TRAIN.format(imports="import holder", call="holder.tuned", strategy="xla_fsdp")})
    assert placed(root / "steps.py") == []


def test_an_instance_of_a_subclass_that_keeps_the_call_method_runs_it(tmp_path):
    other = "from steps import Prepare\n\n\nclass Tuned(Prepare):\n    pass\n\n\ntuned = Tuned(lr=0.1)\n"
    root = tree(tmp_path, {"steps.py": STEPS, "holder.py": other,
                           "train.py": TRAIN.format(imports="import holder", call="holder.tuned", strategy="xla_fsdp")})
    assert placed(root / "steps.py") == [("LXF012", "error", 10, 15, None)]
