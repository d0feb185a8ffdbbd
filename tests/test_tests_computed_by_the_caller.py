"""A test computed by the caller and passed on as a value: `use_remat = args.depth > 12` given as `remat=use_remat`,
`quick = MAX_STEPS <= 10` read by `1 if quick else "auto"`, `sharded = isinstance(fabric.strategy, (FSDPStrategy,
XLAFSDPStrategy))` given as `joint=not sharded`. Each is decided where it is written (an option's default, a
module's constant, the class of the strategy the Fabric is built with), so the helper's branch is too."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree


def found(tmp_path, text: str) -> list[tuple[str, str, int, int]]:
    path = tree(tmp_path, {"train.py": text}) / "train.py"
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(path.read_text(), str(path)).findings]


REMAT = '''\
import argparse

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def sharding_strategy(blocks, *, remat=False):
    if remat:
        return XLAFSDPStrategy(auto_wrap_policy=set(blocks), activation_checkpointing_policy=blocks)
    return XLAFSDPStrategy(auto_wrap_policy=set(blocks))


def train(fabric):
    pass


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--depth", type=int, default={depth})
    args = parser.parse_args()
    use_remat = args.depth > 12
    Fabric(accelerator="tpu", strategy=sharding_strategy((torch.nn.Linear,), remat=use_remat)).launch(train)
'''


@pytest.mark.parametrize(("depth", "expected"), [
    (14, [("LXF001", "error", 10, 93)]),  # the default turns remat on: the tuple policy raises
    (6, []),  # the default leaves it off: the branch never runs in the plain run
])
def test_an_option_compared_by_the_caller_decides_the_helpers_branch(tmp_path, depth, expected):
    assert found(tmp_path, REMAT.format(depth=depth)) == expected


DEVICES = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

MAX_STEPS = {steps}


def train(fabric):
    pass


def main():
    quick = MAX_STEPS <= 10
    devices = 1 if quick else "auto"
    Fabric(accelerator="tpu", devices=devices, strategy=XLAFSDPStrategy()).launch(train)


main()
'''


@pytest.mark.parametrize(("steps", "expected"), [(4, [("LXF041", "error", 14, 30)]), (400, [])])
def test_a_constant_compared_in_a_function_decides_the_conditional_expression(tmp_path, steps, expected):
    assert found(tmp_path, DEVICES.format(steps=steps)) == expected


JOINT = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import {imported}


def setup_for_training(fabric, model, *, joint):
    if joint:
        return fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
    model = fabric.setup_module(model)
    return model, fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))


def train(fabric):
    sharded = isinstance(fabric.strategy, {classes})
    model, optimizer = setup_for_training(fabric, torch.nn.Linear(4, 4), joint=not sharded)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy={strategy}).launch(train)
'''


@pytest.mark.parametrize(("classes", "strategy", "expected"), [
    ("(FSDPStrategy, XLAFSDPStrategy)", "XLAFSDPStrategy()", []),
    ("XLAFSDPStrategy", '"xla_fsdp"', []),
    ("ParallelStrategy", "XLAFSDPStrategy()", []),  # a base of it
    ("FSDPStrategy", "XLAFSDPStrategy()", [("LXF012", "error", 8, 15)]),  # not sharded there: the joint set-up runs
])
def test_an_isinstance_of_the_fabrics_strategy_is_decided_by_its_class(tmp_path, classes, strategy, expected):
    imported = "FSDPStrategy, ParallelStrategy, XLAFSDPStrategy"
    assert found(tmp_path, JOINT.format(imported=imported, classes=classes, strategy=strategy)) == expected
