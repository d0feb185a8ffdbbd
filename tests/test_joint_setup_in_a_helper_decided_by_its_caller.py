"""A helper of another module that sets up jointly on one branch (`if mode == "joint": return fabric.setup(model,
optimizer)`), given the XLAFSDP Fabric: LXF012 where the call's own arguments take that branch, nothing where they
take the other (the helper's line runs for some callers only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

SETUP = '''\
import torch


def prepare(fabric, model, lr, mode):
    if mode == "joint":
        optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
        return fabric.setup(model, optimizer)
    model = fabric.setup_module(model)
    return model, fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
'''

TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from setup import prepare

MODE = "{mode}"


def train(fabric):
    model, optimizer = prepare(fabric, nn.Linear(4, 4), 1e-3, MODE)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={{nn.Linear}}))
    fabric.launch(train)
'''


def found(path: Path) -> list[tuple[str, str, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(path.read_text(), str(path)).findings]


@pytest.mark.parametrize(("mode", "expected"), [("joint", [("LXF012", "error", 11, 23)]), ("separate", [])])
def test_the_callers_argument_decides_the_helpers_branch(tmp_path, mode, expected):
    root = tree(tmp_path, {"setup.py": SETUP, "train.py": TRAIN.format(mode=mode)})
    # `prepare` of train.py's line 11, column 23, where the XLAFSDP Fabric is passed to the joint set-up
    assert found(root / "train.py") == expected
