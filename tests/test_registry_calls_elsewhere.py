"""A function another module calls without naming it, through an entry of a registry a decorator fills
(`HOOKS[name](fabric, model, optimizer)` in train.py for each name of a list, `@hook("clip") def clip(...)` in
registry.py): its parameters hold what those calls pass, so a Fabric launched with XLAFSDPStrategy there makes
the helper's clip by value an error in registry.py. A hook the calls never pick stays silent."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

REGISTRY = '''\
HOOKS = {}


def hook(name):
    def register(fn):
        HOOKS[name] = fn
        return fn
    return register


@hook("clip")
def clip(fabric, model, optimizer):
    fabric.clip_gradients(model, optimizer, clip_val=0.5)


@hook("noop")
def noop(fabric, model, optimizer):
    pass
'''
TRAIN = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from registry import HOOKS

BEFORE_STEP = [{names}]


def main(fabric):
    model = fabric.setup_module(nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))
    for name in BEFORE_STEP:
        HOOKS[name](fabric, model, optimizer)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
'''


def found(tmp_path, names: str) -> list[tuple[str, str, int, int]]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "registry.py").write_text(REGISTRY)
    (tmp_path / "train.py").write_text(TRAIN.format(names=names))
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(REGISTRY, str(tmp_path / "registry.py")).findings]


@pytest.mark.parametrize("names", ['"clip"', '"noop", "clip"'])
def test_a_registered_hook_another_module_calls_by_its_key_reads_that_module_s_fabric(tmp_path, names):
    assert found(tmp_path, names) == [("LXF014", "error", 13, 44)]


def test_a_registered_hook_no_call_picks_stays_silent(tmp_path):
    assert found(tmp_path, '"noop"') == []
