"""A module an instance keeps and a later method syncs on (LXF004): a plain method's default decided by the
calls that run it, in the file and in the modules that read its class; a method of another module syncing on what
the construction here gave it, flagged at the call here; an attribute that is `None` until a method stores the
raw module. Real files on disk, checked as `errata-lsp check` checks them; the findings are exact."""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import check_source

ACCUMULATOR = """\
class Accumulator:
    def __init__(self, fabric, module, every=2):
        self.fabric = fabric
        self.module = module
        self.every = every

    def context(self, step, module=None):
        target = self.module if module is None else module
        return self.fabric.no_backward_sync(target, enabled=(step + 1) % self.every != 0)
"""

TRAIN = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
{imports}

def train(fabric):
    net = torch.nn.Linear(2, 2)
    acc = Accumulator(fabric, net)
    model = fabric.setup_module(net)
    for step in range(4):
        with acc.context({passed}):
            fabric.backward(model(torch.ones(2)).sum())


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
"""


def tree(root: Path, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        (root / name).write_text(text)
    return root


def found(path: Path) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(path.read_text(), str(path)).findings]


def test_a_method_of_another_module_falling_back_to_the_kept_raw_module_is_flagged_at_the_call_and_where_it_syncs(tmp_path):
    tree(tmp_path, {"accumulate.py": ACCUMULATOR,
                    "train.py": TRAIN.format(imports="from accumulate import Accumulator\n", passed="step")})
    assert found(tmp_path / "train.py") == [(
        "LXF004", "error",
        "`acc.context(step)` syncs on the raw module `torch.nn.Linear(2, 2)` (line 8): `acc.context` "
        "(`accumulate.py`, line 9) passes what its instance keeps to `no_backward_sync`; give the method or its "
        "instance the module returned by `fabric.setup(...)`, or Fabric raises TypeError", 12, 13)]
    # the default is decided by the one call that runs the method: an error there too, no longer "when module is None"
    assert found(tmp_path / "accumulate.py") == [(
        "LXF004", "error",
        "`target` is not set up: it holds the raw module `torch.nn.Linear(2, 2)` (`train.py`, line 8); pass the "
        "module returned by `fabric.setup(...)`, or Fabric raises TypeError", 9, 44)]


@pytest.mark.parametrize("passed", ["step, module=model", "step, model"])
def test_every_call_passing_the_set_up_module_leaves_nothing_in_either_file(tmp_path, passed):
    tree(tmp_path, {"accumulate.py": ACCUMULATOR,
                    "train.py": TRAIN.format(imports="from accumulate import Accumulator\n", passed=passed)})
    assert found(tmp_path / "train.py") == []
    assert found(tmp_path / "accumulate.py") == []


def test_the_construction_given_the_set_up_module_is_fine(tmp_path):
    train = TRAIN.format(imports="from accumulate import Accumulator\n", passed="step").replace(
        "    acc = Accumulator(fabric, net)\n    model = fabric.setup_module(net)\n",
        "    model = fabric.setup_module(net)\n    acc = Accumulator(fabric, model)\n")
    tree(tmp_path, {"accumulate.py": ACCUMULATOR, "train.py": train})
    assert found(tmp_path / "train.py") == []
    assert found(tmp_path / "accumulate.py") == []


def test_in_one_file_a_plain_methods_default_is_decided_by_its_calls(tmp_path):
    path = tmp_path / "train.py"
    path.write_text(TRAIN.format(imports="\n" + ACCUMULATOR, passed="step"))
    assert found(path) == [(
        "LXF004", "error",
        "`target` is not set up: it holds the raw module `torch.nn.Linear(2, 2)` (line 17); pass the module "
        "returned by `fabric.setup(...)`, or Fabric raises TypeError", 13, 44)]
    path.write_text(TRAIN.format(imports="\n" + ACCUMULATOR, passed="step, module=model"))
    assert found(path) == []


REGISTERING = """\
class Accumulator:
    def __init__(self, fabric, steps):
        self.fabric = fabric
        self.steps = steps
        self.model = None

    def register(self, model):
        self.model = model

    def accumulate(self, step):
        return self.fabric.no_backward_sync(self.model, enabled=(step + 1) % self.steps != 0)


def prepare(fabric, model):
{body}
    return model, accumulator
"""

REGISTERING_TRAIN = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from prepare import prepare


def train(fabric):
    model, accumulator = prepare(fabric, torch.nn.Linear(2, 2))
    for step in range(4):
        with accumulator.accumulate(step):
            fabric.backward(model(torch.ones(2)).sum())


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
"""

RAW_FIRST = """\
    accumulator = Accumulator(fabric, 2)
    accumulator.register(model)
    model = fabric.setup_module(model)"""


def test_a_helper_registering_the_raw_module_before_setting_it_up_is_flagged_where_the_method_syncs(tmp_path):
    # `self.model` is None until `register` stores the raw module: either raises the same TypeError
    tree(tmp_path, {"prepare.py": REGISTERING.format(body=RAW_FIRST), "train.py": REGISTERING_TRAIN})
    assert found(tmp_path / "prepare.py") == [(
        "LXF004", "error",
        "`self.model` is not set up: it holds the raw module `torch.nn.Linear(2, 2)` (`train.py`, line 8); pass "
        "the module returned by `fabric.setup(...)`, or Fabric raises TypeError", 11, 44)]
    assert found(tmp_path / "train.py") == []


def test_a_helper_registering_the_set_up_module_is_fine(tmp_path):
    set_up_first = "\n".join(RAW_FIRST.splitlines()[i] for i in (2, 0, 1))
    tree(tmp_path, {"prepare.py": REGISTERING.format(body=set_up_first), "train.py": REGISTERING_TRAIN})
    assert found(tmp_path / "prepare.py") == []
    assert found(tmp_path / "train.py") == []


ACCUMULATION = """\
import contextlib


def accumulation_context(fabric, module, accumulate, boundary):
    if accumulate > 1:
        return fabric.no_backward_sync(module, enabled=not boundary)
    return contextlib.nullcontext()
"""

TRAINER = """\
import torch
from accumulation import accumulation_context


class Trainer:
    def __init__(self, fabric, accumulate):
        self.fabric = fabric
        self.accumulate = accumulate

    def fit(self, model):
        self.model = model
        self.module = self.fabric.setup_module(model)
        for step in range(4):
            with accumulation_context(self.fabric, self.model, self.accumulate, (step + 1) % 2 == 0):
                self.fabric.backward(self.module(torch.ones(2)).sum())
"""

ENTRY = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from trainer import Trainer


def run(fabric):
    Trainer(fabric, {accumulate}).fit(torch.nn.Linear(2, 2))


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(run)
"""


def test_a_module_another_file_builds_set_up_here_then_passed_on_raw_is_flagged_here(tmp_path):
    tree(tmp_path, {"accumulation.py": ACCUMULATION, "trainer.py": TRAINER, "train.py": ENTRY.format(accumulate=2)})
    assert found(tmp_path / "trainer.py") == [(
        "LXF004", "error",
        "`self.model` is not set up: `accumulation_context` (`accumulation.py`, line 6) passes it to "
        "`no_backward_sync`, and it holds the raw module `torch.nn.Linear(2, 2)` (`train.py`, line 8); pass the "
        "module returned by `fabric.setup(...)`, or Fabric raises TypeError", 14, 51)]
    assert found(tmp_path / "train.py") == [] and found(tmp_path / "accumulation.py") == []


def test_a_helper_whose_sync_the_caller_s_arguments_never_reach_is_fine(tmp_path):
    # `accumulate > 1` never holds for the 1 the trainer is built with: the helper returns a null context
    tree(tmp_path, {"accumulation.py": ACCUMULATION, "trainer.py": TRAINER, "train.py": ENTRY.format(accumulate=1)})
    assert found(tmp_path / "trainer.py") == []
