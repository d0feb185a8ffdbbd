"""LXF004 across modules when the helper syncs on an attribute of what it is given: `micro_step(fabric, bundle)` of
another module runs `fabric.no_backward_sync(bundle.raw)`, and the caller's `bundle` is a dataclass instance whose
`raw` is the module before its set-up. Label: the real library raises `TypeError: You need to set up the model
first before you can call fabric.no_backward_sync()` (corpus p604); syncing on `bundle.model` runs (p605)."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

STEP = """\
from dataclasses import dataclass


@dataclass
class Bundle:
    raw: object
    model: object


def micro_step(fabric, bundle, batch, last):
    with fabric.no_backward_sync(bundle.{attr}, enabled=not last):
        fabric.backward(bundle.model(batch).sum())
"""
TRAIN = """\
import torch
from lightning.fabric import Fabric
from torch import nn

from step import Bundle, micro_step


def train(fabric):
    raw = nn.Linear(8, 8)
    bundle = Bundle(raw=raw, model=fabric.setup_module(raw))
    micro_step(fabric, bundle, torch.ones(2, 8), last=False)


Fabric(accelerator="tpu", strategy="xla_fsdp").launch(train)
"""


def found(tmp_path: Path, attr: str) -> list[tuple[str, str, int, int, int, str]]:
    (tmp_path / "step.py").write_text(STEP.format(attr=attr))
    train = tmp_path / "train.py"
    train.write_text(TRAIN)
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.span.end.column, f.message)
            for f in check_source(TRAIN, str(train)).findings]


def test_the_raw_module_an_instance_holds_is_flagged_where_the_instance_is_passed(tmp_path):
    assert found(tmp_path, "raw") == [(
        "LXF004", "error", 11, 23, 29,
        "`bundle.raw` is not set up: `micro_step` (`step.py`, line 11) passes it to `no_backward_sync`, and it holds "
        "the raw module `nn.Linear(8, 8)` (line 9); pass the module returned by `fabric.setup(...)`, or Fabric "
        "raises TypeError")]


def test_the_set_up_module_an_instance_holds_is_fine(tmp_path):
    assert found(tmp_path, "model") == []
