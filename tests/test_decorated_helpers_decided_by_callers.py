"""A helper under a library decorator that passes its calls through (`@torch.no_grad()`, `@torch.inference_mode()`)
is still decided by what its callers pass: `evaluate(fabric, model, already_set_up=True)` skips the helper's own
set-up. A decorator the file cannot read may call it otherwise: the caller's keyword decides nothing, and the
helper's set-up is reported as it is without callers."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

SCRIPT = '''\
import functools

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from helpers import unknown_decorator


@{decorator}
def evaluate(fabric, model, *, already_set_up=False):
    if not already_set_up:
        model = fabric.setup_module(model)
    return model


def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    evaluate(fabric, model, already_set_up={told})


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''


def found(tmp_path, decorator: str, told: str) -> list[tuple[str, str, int, int]]:
    root = tree(tmp_path, {"train.py": SCRIPT.format(decorator=decorator, told=told)})
    path = root / "train.py"
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(path.read_text(), str(path)).findings]


@pytest.mark.parametrize("decorator", ["torch.no_grad()", "torch.inference_mode()"])
def test_a_helper_under_a_pass_through_decorator_is_decided_by_its_caller(tmp_path, decorator):
    assert found(tmp_path, decorator, "True") == []
    # told nothing true: the helper sets up the set-up model again (LXF039 at `model`, line 12)
    (tmp_path / "again").mkdir()
    assert found(tmp_path / "again", decorator, "False") == [("LXF039", "error", 12, 36)]


@pytest.mark.parametrize("decorator", ["unknown_decorator", "functools.lru_cache"])  # (a cache may not run it)
def test_a_decorator_the_file_cannot_read_leaves_the_branch_open(tmp_path, decorator):
    assert found(tmp_path, decorator, "True") == [("LXF039", "error", 12, 36)]  # (as without callers)
