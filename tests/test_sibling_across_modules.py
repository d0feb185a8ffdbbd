"""A rule that tests the one value a sibling argument holds (`"single": true`: LXF015's two clipping arguments, both
set) reads it where it is written, in this module or in another one of the project: a dataclass of `config.py`
whose `grad_clip_value` defaults to `0.0` beside `grad_clip_norm = 1.0` makes `clip_gradients(..., max_norm=
cfg.grad_clip_norm, clip_val=cfg.grad_clip_value)` raise in every run, as the same dataclass in the script does."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.fixes import apply_fix

CONFIG = '''\
import dataclasses
from typing import Optional


@dataclasses.dataclass
class OptimConfig:
    grad_clip_norm: Optional[float] = 1.0
    grad_clip_value: Optional[float] = {value}


@dataclasses.dataclass
class TrainConfig:
    steps: int = 2
    optim: OptimConfig = dataclasses.field(default_factory=OptimConfig)
'''
TRAIN = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from config import TrainConfig


def main(fabric, cfg):
    model = fabric.setup_module(nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=0.1))
    optim = cfg.optim
    fabric.clip_gradients(model, optimizer, max_norm=optim.grad_clip_norm, clip_val=optim.grad_clip_value)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(main, TrainConfig())
'''
MESSAGE = ("Only one of `clip_val` or `max_norm` can be set as this specifies the underlying clipping algorithm: "
           "Fabric raises ValueError (XLAFSDP clips by norm only: keep `max_norm`)")


def check(tmp_path, value: str):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "config.py").write_text(CONFIG.format(value=value))
    (tmp_path / "train.py").write_text(TRAIN)
    return check_source(TRAIN, str(tmp_path / "train.py"))


def test_both_clipping_values_set_in_another_module_s_dataclass(tmp_path):
    report = check(tmp_path, "0.0")
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.message)
            for f in report.findings] == [("LXF015", "error", 13, 4, MESSAGE)]
    titles = [fix.title for f in report.findings for fix in f.fixes]
    assert titles == ["Keep `max_norm`, remove `clip_val`"]
    fixed = apply_fix(TRAIN, report.findings[0].fixes[0].edits)
    assert "fabric.clip_gradients(model, optimizer, max_norm=optim.grad_clip_norm)" in fixed
    assert check_source(fixed, str(tmp_path / "train.py")).findings == []


@pytest.mark.parametrize("value", ["None", "float(input())"])
def test_a_value_none_or_unknown_there_is_not_both_set(tmp_path, value):
    assert check(tmp_path, value).findings == []
