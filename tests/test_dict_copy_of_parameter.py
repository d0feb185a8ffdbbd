"""A helper of another module that returns `dict(<its parameter>)`, a copy of the mapping its call passes, is
evaluated for that call: the copy holds the call's entries (`XLAFSDPStrategy(**copy_of(config.FSDP))` gets the
keywords of config.py's dict), as `dict(**kwargs)` and `{**kwargs}` already do."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_foreign_placement import MODEL
from .test_helpers_elsewhere import tree

HELPERS = '''\
def copy_of(options):
    return dict(options)
'''

TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from helpers import copy_of
from model import Block

FSDP = {{"auto_wrap_policy": {{Block}}, "{keyword}": True}}


def train(fabric):
    fabric.setup_module(Block())


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**copy_of(FSDP)))
    fabric.launch(train)
'''


def found(tmp_path: Path, keyword: str) -> list[tuple[str, str, int]]:
    tree(tmp_path, {"model.py": MODEL, "helpers.py": HELPERS, "train.py": TRAIN.format(keyword=keyword)})
    train = tmp_path / "train.py"
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(train.read_text(), str(train)).findings]


def test_a_copy_of_the_passed_mapping_holds_its_cuda_keyword(tmp_path):
    assert found(tmp_path, "use_orig_params") == [("LXF038", "error", 7)]


def test_a_copy_of_the_passed_mapping_with_an_xla_keyword_is_silent(tmp_path):
    assert found(tmp_path, "reshard_after_forward") == []
