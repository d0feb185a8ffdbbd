"""`vars(obj)` of an instance of a plain class: a dict with an entry for each attribute its `__init__` stores on
`self`, holding what that instance holds (a train-state object saved as `dict(vars(self))` or through a
comprehension over `vars(self).items()`). Whole only when nothing else may add one: a base's `__init__`, another
method, a store under a test. The checkpoint rules read such a state by its entries, named by their keys."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

STATE = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class TrainState{base}:
    def __init__(self, model, teacher, optimizer, scheduler=None, step=0):
        self.model = model
{teacher}
        self.optimizer = optimizer
        self.scheduler = scheduler
        self.step = step

    def to_checkpoint(self):
        return {returned}


def train(fabric):
    model = fabric.setup_module(nn.Linear(2, 2))
    teacher = fabric.setup_module(nn.Linear(2, 2))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
    state = TrainState(model, teacher, optimizer, {scheduler})
    fabric.save("ckpt", state.to_checkpoint())


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''
TWO_MODELS = ("Found multiple XLAFSDP modules in the given state (`model`, `teacher`). Saving checkpoints with FSDP "
              "is currently limited to a single model per checkpoint: `fabric.save` raises ValueError. Call `save` "
              "for each model separately with a different path")
SCHEDULER = ("`scheduler` is a learning-rate scheduler (line 23) built on `optimizer`, the optimizer "
             "`setup_optimizers` returned: XLAFSDP saves it as it is, and pickle cannot find the class Fabric made "
             "for that optimizer, so `fabric.save` raises PicklingError: Can't pickle <class "
             "'lightning.fabric.wrappers.FabricAdamW'>. Save `scheduler.state_dict()` (and restore it with "
             "`scheduler.load_state_dict(...)` after `fabric.load`)")


def found(tmp_path: Path, base: str = "", teacher: str = "        self.teacher = teacher",
          returned: str = "dict(vars(self))", scheduler: str = "None") -> list[tuple]:
    text = STATE.format(base=base, teacher=teacher, returned=returned, scheduler=scheduler)
    path = tmp_path / "train.py"
    path.write_text(text)
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.message, len(f.fixes))
            for f in check_source(text, str(path)).findings]


def test_vars_of_self_holds_the_attributes_init_stores(tmp_path):
    assert found(tmp_path) == [("LXF024", "error", 25, 24, TWO_MODELS, 0)]
    kept = "{k: v for k, v in vars(self).items() if v is not None}"
    assert found(tmp_path, returned=kept) == [("LXF024", "error", 25, 24, TWO_MODELS, 0)]


def test_an_entry_is_named_by_its_key_and_gets_no_text_fix(tmp_path):
    one_model = "        self.teacher_path = None"
    assert found(tmp_path, teacher=one_model, scheduler="scheduler") == [("LXF045", "error", 25, 24, SCHEDULER, 0)]


def test_a_state_whose_attributes_may_be_more_is_not_read_whole(tmp_path):
    assert found(tmp_path, teacher="        self.teacher_path = None") == []  # one model: fine
    assert found(tmp_path, base="(Base)") == []  # a base's `__init__` may store more
    under_test = "        if teacher is not None:\n            self.teacher = teacher"
    assert found(tmp_path, teacher=under_test) == []
