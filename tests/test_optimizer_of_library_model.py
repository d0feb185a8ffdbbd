"""LXF013 through a helper that returns `(model, optimizer)`, the model a class of a library the packs do not
know (`lightning.pytorch.demos.Transformer`): that very construction is what `setup_module` is then given, so it is
a module, and the optimizer the helper built holds its raw parameters."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

SCRIPT = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from lightning.pytorch.demos import Transformer


def build():
    model = Transformer(vocab_size=16)
    return model, torch.optim.SGD(model.parameters(), lr=0.1)


def main(fabric):
    model, optimizer = build()
    {setup} = fabric.setup_module({given})
    optimizer = fabric.setup_optimizers(optimizer)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
'''
MESSAGE = ("`optimizer` is built from the raw model's parameters (line 9) before `fabric.setup_module(model)`; XLAFSDP "
           "replaces them with sharded ones, so `setup_optimizers` raises ValueError: The optimizer does not seem to "
           "reference any XLAFSDP parameters. Create the optimizer after `setup_module`, from the set-up model")


def found(tmp_path: Path, setup: str, given: str) -> list[tuple]:
    path = tmp_path / "train.py"
    path.write_text(SCRIPT.format(setup=setup, given=given))
    return [(f.code, f.severity.value, f.span.start.line + 1, f.message) for f in check_source(path.read_text(), str(path)).findings]


def test_the_library_model_set_up_after_its_optimizer(tmp_path):
    assert found(tmp_path, "model", "model") == [("LXF013", "error", 15, MESSAGE)]


def test_another_model_set_up_says_nothing_of_this_one(tmp_path):
    assert found(tmp_path, "other", "Transformer(vocab_size=8)") == []
