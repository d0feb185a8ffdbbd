"""Callbacks handed in and called back later: a list a function fills with `append` before a loop calls each
item (`hooks.append(partial(export, model=model))`, `for hook in hooks: hook(fabric)`), and a function a
constructor stores as given (`self.callback = callback`) that a method calls (`self.callback(self)`). Each call is
a call of the function, with what the partial binds."""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import check_source

HOOKS = '''\
import functools

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


def export_weights(fabric, step, *, model):
    fabric.save(f"w-{{step}}", {{"model": model}})


def run(fabric):
    model = nn.Linear(4, 4)
    hooks = []
{before}
    model = fabric.setup_module(model)
{after}
    for hook in hooks:
        hook(fabric, step=1)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(run)
'''
APPEND = "    hooks.append(functools.partial(export_weights, model=model))"
RAW = ("Could not find a XLAFSDP model in the provided checkpoint state: `model` is the raw module, not the one "
       "`setup_module` returned, so `fabric.save` raises ValueError. Make sure you set up the model (and optimizers if "
       "any) through the strategy before saving the checkpoint")


def found(tmp_path: Path, text: str) -> list[tuple[str, str, int]]:
    path = tmp_path / "train.py"
    path.write_text(text)
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(text, str(path)).findings]


def test_a_partial_appended_before_the_loop_is_called_by_it(tmp_path):
    assert found(tmp_path, HOOKS.format(before=APPEND, after="")) == [("LXF023", "error", 9)]


def test_the_message_names_the_partial_s_keyword(tmp_path):
    path = tmp_path / "train.py"
    path.write_text(HOOKS.format(before=APPEND, after=""))
    assert [f.message for f in check_source(path.read_text(), str(path)).findings] == [RAW]


def test_a_partial_bound_to_the_set_up_module_is_silent(tmp_path):
    assert found(tmp_path, HOOKS.format(before="", after=APPEND)) == []


@pytest.mark.parametrize("changed", [
    "    hooks.extend([functools.partial(export_weights, model=model)])",  # not an `append`
    "    if fabric.global_rank == 0:\n        hooks.append(functools.partial(export_weights, model=model))",  # a branch
])
def test_a_list_filled_another_way_is_not_read(tmp_path, changed):
    assert found(tmp_path, HOOKS.format(before=changed, after="")) == []


TRAINER = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Trainer:
    def __init__(self, fabric, model, callback):
        self.fabric = fabric
        self.model = model
        self.callback = callback

    def run(self):
        self.fabric.setup_module(self.model)
        self.callback(self)


def save(trainer):
    trainer.fabric.save("out", {{"model": {saved}}})


def main(fabric):
    Trainer(fabric, nn.Linear(4, 4), save).run()


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
'''


def test_a_callback_a_constructor_stores_is_called_with_the_object(tmp_path):
    assert found(tmp_path, TRAINER.format(saved="trainer.model")) == [("LXF023", "error", 18)]


def test_a_callback_saving_a_set_up_module_is_silent(tmp_path):
    text = TRAINER.format(saved="trainer.model").replace(
        "        self.fabric.setup_module(self.model)", "        self.model = self.fabric.setup_module(self.model)")
    assert found(tmp_path, text) == []
