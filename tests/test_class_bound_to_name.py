"""A class called through a name it is bound to (`strategy_cls = RematStrategy`, or picked by a conditional
expression or an `or`) is built by that call: its `__init__`'s parameters get the call's arguments, so what
they pass on to `super().__init__(...)` is known, as for `RematStrategy(...)` written out."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

REMAT = """\
from lightning.fabric.strategies import XLAFSDPStrategy


class Remat(XLAFSDPStrategy):
    def __init__(self, block_types, **kwargs):
        super().__init__(auto_wrap_policy=set(block_types), activation_checkpointing_policy=list(block_types), **kwargs)
"""

TRAIN = """\
import sys

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

{imports}

def train(fabric):
    fabric.setup_module(nn.Linear(2, 2))


strategy_cls = {picked}
fabric = Fabric(accelerator="tpu", strategy=strategy_cls({blocks}))
fabric.launch(train)
"""


def found(source: str, path: str) -> list[tuple[str, str, int, str]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.message)
            for f in check_source(source, path).findings]


def _one_module(picked: str, blocks: str = "[nn.Linear]") -> str:
    return TRAIN.format(imports=REMAT.split("\n", 2)[2], picked=picked, blocks=blocks)


def test_a_class_bound_to_a_name_gets_the_arguments_of_the_name_s_call(tmp_path):
    source = _one_module("Remat")
    (code, severity, line, message), = found(source, str(tmp_path / "train.py"))
    assert (code, severity, line) == ("LXF001", "error", 10)
    assert message == "`activation_checkpointing_policy` must be a set, found list(block_types)"


def test_a_class_picked_by_a_conditional_expression_gets_the_arguments_of_the_name_s_call(tmp_path):
    source = _one_module('XLAFSDPStrategy if "--plain" in sys.argv else Remat')
    assert [f[:3] for f in found(source, str(tmp_path / "train.py"))] == [("LXF001", "error", 10)]


def test_a_class_picked_by_an_or_gets_the_arguments_of_the_name_s_call(tmp_path):
    source = _one_module("None or Remat")
    assert [f[:3] for f in found(source, str(tmp_path / "train.py"))] == [("LXF001", "error", 10)]


def test_an_empty_block_list_through_the_name_is_silent(tmp_path):
    source = _one_module("Remat", blocks="[]")
    assert found(source, str(tmp_path / "train.py")) == []


def test_a_class_of_another_module_bound_to_a_name_gets_the_arguments_of_the_name_s_call(tmp_path: Path):
    tree(tmp_path, {"remat.py": REMAT,
                    "train.py": TRAIN.format(imports="from remat import Remat\n", picked="Remat", blocks="[nn.Linear]")})
    remat = tmp_path / "remat.py"
    assert [f[:3] for f in found(remat.read_text(), str(remat))] == [("LXF001", "error", 6)]
