"""An option whose `type` argparse applies to its string default (`add_argument("--ckpt", type=Path,
default="out/ckpt")`): the plain run's value is what `type` makes of it, a `pathlib` path here, which an XLAFSDP
save refuses (LXF029). The findings are exact."""

from __future__ import annotations

from errata_lsp.analysis import check_source

SCRIPT = """\
import argparse
import os
from pathlib import Path

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def train(fabric, args):
    model = fabric.setup_module(torch.nn.Linear(2, 2))
    fabric.save(args.ckpt, {"model": model})


parser = argparse.ArgumentParser()
parser.add_argument("--ckpt", {option})
args = parser.parse_args()
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train, args)
"""


def shown(option: str) -> list[tuple[str, str, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(SCRIPT.replace("{option}", option)).findings]


def test_a_path_type_makes_the_string_default_a_pathlib_path():
    assert shown('type=Path, default="out/ckpt"') == [("LXF029", "error", 12, 16)]
    assert shown('type=Path, default=os.path.join("out", "ckpt")') == [("LXF029", "error", 12, 16)]


def test_a_string_type_or_none_keeps_a_string():
    assert shown('type=str, default="out/ckpt"') == []
    assert shown('default="out/ckpt"') == []


def test_no_default_is_none_whatever_the_type():
    # `fabric.save(None, ...)` is no pathlib path: not this rule's
    assert shown("type=Path") == []
