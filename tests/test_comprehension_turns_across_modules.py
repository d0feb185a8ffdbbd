"""A dict comprehension over a dict known whole that calls a helper of another module with each key
(`{name: reduce_metric(fabric, name, v) for name, v in logged.items()}`): the helper's parameter holds each key on
its own turn, every turn runs the call, so a reduction one key picks is an error where it is written."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .test_helpers_elsewhere import tree

AGGREGATORS = '''\
REDUCTIONS = {{"loss": "mean", "grad_norm": "{grad_norm}"}}


def reduce_metric(fabric, name, value):
    return fabric.all_reduce(value, reduce_op=REDUCTIONS.get(name, "mean"))
'''

TRAIN = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import aggregators


def train(fabric):
    logged = {{"loss": torch.tensor(1.0), "grad_norm": torch.tensor(2.0)}}
    logged = {{name: aggregators.reduce_metric(fabric, name, value) for name, value in {iterated}}}


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''


def checked(root: Path) -> list[tuple[str, str, str, int]]:
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", "--format", "json", str(root)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    return [(f["code"], f["severity"], Path(f["path"]).resolve().relative_to(root.resolve()).as_posix(), f["line"])
            for f in json.loads(done.stdout)]


def test_the_key_a_turn_passes_picks_the_reduction_where_it_is_written(tmp_path):
    root = tree(tmp_path, {"aggregators.py": AGGREGATORS.format(grad_norm="max"),
                           "train.py": TRAIN.format(iterated="logged.items()")})
    # at `reduce_op=` (line 5), the module's own check, and at `"max"` (line 1), where train.py's check places it
    assert sorted(checked(root)) == [("LXF027", "error", "aggregators.py", 1), ("LXF027", "error", "aggregators.py", 5)]


@pytest.mark.parametrize(("grad_norm", "iterated"), [
    ("sum", "logged.items()"),  # every key picks a reduction XLAFSDP supports
    ("max", '(("loss", logged["loss"]),)'),  # the key that picks "max" is never passed
])
def test_no_finding_when_no_turn_passes_an_unsupported_reduction(tmp_path, grad_norm, iterated):
    root = tree(tmp_path, {"aggregators.py": AGGREGATORS.format(grad_norm=grad_norm),
                           "train.py": TRAIN.format(iterated=iterated)})
    assert checked(root) == []
