"""A save and a load given the same attribute of one binding (`args.out` of the parsed options, `cfg.ckpt_dir`
of a parameter) write and read the same checkpoint, whatever path the run gives it: LXF032 compares their
keys. A store into that attribute, another binding of the name, or a `setattr` the check cannot read leave the
paths untold. Labels: the real library's sharded load raises KeyError for a key the save did not write."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

SOURCE = """\
import argparse

import torch
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def train(fabric, args):
    model = fabric.setup_module(nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.save(args.out, {"model": model, "optimizer": optimizer, "step": 1})
BETWEEN    fabric.load(LOADED, {"model": model, "optimizer": optimizer, "epoch": 0})


parser = argparse.ArgumentParser()
parser.add_argument("--out", default="checkpoints/last")
parser.add_argument("--resume-from", default="checkpoints/best")
args = parser.parse_args()
Fabric(accelerator="tpu", devices=4, strategy=XLAFSDPStrategy()).launch(train, args)
"""

MESSAGE = ("`fabric.save(args.out, ...)` (line 12) writes 'model', 'optimizer', 'step', not 'epoch', so this sharded "
           "load raises KeyError: The requested state contains a key 'epoch' that does not exist in the loaded "
           "checkpoint. Save it too, or do not ask for it and keep its value from before the load")


def shown(between: str = "", loaded: str = "args.out") -> list[tuple[str, str, str, int, int, int]]:
    text = SOURCE.replace("BETWEEN", between).replace("LOADED", loaded)
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(text).findings]


def test_the_same_option_read_twice_is_the_same_checkpoint():
    assert shown() == [("LXF032", "error", MESSAGE, 13, 67, 74)]


def test_the_fix_drops_the_key_and_the_load_is_then_fine():
    from errata_lsp.analysis.fixes import apply_fix

    text = SOURCE.replace("BETWEEN", "").replace("LOADED", "args.out")
    finding = next(f for f in check_source(text).findings if f.code == "LXF032")
    fixed = apply_fix(text, finding.fixes[0].edits)
    assert 'fabric.load(args.out, {"model": model, "optimizer": optimizer})' in fixed
    assert check_source(fixed).findings == []


@pytest.mark.parametrize("between, loaded", [
    ("    args.out = args.out + '-resume'\n", "args.out"),  # the attribute stored: another path
    ("    args = argparse.Namespace(out='elsewhere')\n", "args.out"),  # the name bound again
    ("    if fabric.is_global_zero:\n        args = argparse.Namespace(out='elsewhere')\n", "args.out"),  # on a path
    ("    setattr(args, 'out', 'elsewhere')\n", "args.out"),  # a store the check does not read
    ("", "args.resume_from"),  # another attribute
])
def test_a_path_that_may_differ_is_not_compared(between, loaded):
    assert shown(between, loaded) == []
