"""A helper's branch decided by its caller's caller, across modules: train.py calls `fit(..., clip_kind=...)` in
engine/loop.py, which passes its own parameter on to `optimizer_step(..., clip_kind)` in engine/steps.py, whose
`if clip_kind == "value":` clips by value. Only the kind train.py gives runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .test_helpers_elsewhere import tree

STEPS = '''\
def optimizer_step(fabric, model, optimizer, loss, clip_kind=None, clip_limit=None):
    fabric.backward(loss)
    if clip_kind == "value":
        fabric.clip_gradients(model, optimizer, clip_val=clip_limit)
    elif clip_kind == "norm":
        fabric.clip_gradients(model, optimizer, max_norm=clip_limit)
    optimizer.step()
'''

LOOP = '''\
from engine.steps import optimizer_step


def fit(fabric, model, optimizer, batches, *, clip_kind="norm", clip_limit=1.0):
    for x in batches:
        optimizer_step(fabric, model, optimizer, model(x).sum(), clip_kind, clip_limit)
'''

TRAIN = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from engine.loop import fit


def main(fabric):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fit(fabric, model, optimizer, [torch.ones(2, 4)]{given})


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
'''


def checked(root: Path) -> list[tuple[str, str, str, int]]:
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", "--format", "json", str(root)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    return [(f["code"], f["severity"], Path(f["path"]).resolve().relative_to(root.resolve()).as_posix(), f["line"])
            for f in json.loads(done.stdout)]


def project(tmp_path: Path, given: str) -> Path:
    return tree(tmp_path, {"engine/__init__.py": "", "engine/steps.py": STEPS, "engine/loop.py": LOOP,
                           "train.py": TRAIN.format(given=given)})


@pytest.mark.parametrize("given", ["", ', clip_kind="norm"'])
def test_a_kind_the_callers_caller_never_gives_never_runs(tmp_path, given):
    assert checked(project(tmp_path, given)) == []


def test_the_kind_the_callers_caller_gives_is_reported_where_it_is_given(tmp_path):
    # LXF014 where train.py (line 11) passes "value"
    assert checked(project(tmp_path, ', clip_kind="value"')) == [("LXF014", "error", "train.py", 11)]
