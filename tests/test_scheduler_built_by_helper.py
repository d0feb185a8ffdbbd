"""LXF045 for a scheduler a helper of another module builds on the optimizer it is given
(`scheduler = build_scheduler(optimizer, ...)`): the parameter holds what this file's call passes, the set-up
optimizer (an error) or the raw one, which pickles (silent)."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

SCHEDULES = '''\
from torch.optim import lr_scheduler


def build_scheduler(optimizer, name, **kwargs):
    if name == "cosine":
        return lr_scheduler.CosineAnnealingLR(optimizer, **kwargs)
    return lr_scheduler.StepLR(optimizer, step_size=10)
'''
TRAIN = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from schedules import build_scheduler


def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(2, 2))
    raw = torch.optim.AdamW(model.parameters())
    optimizer = fabric.setup_optimizers(raw)
    scheduler = build_scheduler({given}, "cosine", T_max=2)
    fabric.save("ckpt", {{"model": model, "optimizer": optimizer, "scheduler": scheduler}})


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''
MESSAGE = ("`scheduler` is a learning-rate scheduler (`schedules.py`, line 6) built on `optimizer`, the optimizer "
           "`setup_optimizers` returned: XLAFSDP saves it as it is, and pickle cannot find the class Fabric made for "
           "that optimizer, so `fabric.save` raises PicklingError: Can't pickle <class "
           "'lightning.fabric.wrappers.FabricAdamW'>. Save `scheduler.state_dict()` (and restore it with "
           "`scheduler.load_state_dict(...)` after `fabric.load`)")


def found(root: Path, given: str) -> list[tuple]:
    tree(root, {"schedules.py": SCHEDULES, "train.py": TRAIN.format(given=given)})
    path = root / "train.py"
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.message,
             [e.new_text for x in f.fixes for e in x.edits]) for f in check_source(path.read_text(), str(path)).findings]


def test_a_helper_given_the_set_up_optimizer_builds_a_scheduler_that_cannot_be_pickled(tmp_path):
    assert found(tmp_path, "optimizer") == [("LXF045", "error", 13, 78, MESSAGE, ["scheduler.state_dict()"])]


def test_a_helper_given_the_raw_optimizer_is_silent(tmp_path):
    assert found(tmp_path, "raw") == []
