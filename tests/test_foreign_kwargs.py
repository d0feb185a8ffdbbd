"""A helper of another module that takes `**overrides` and returns them merged into its own dict
(`{"auto_wrapper_callable": None, **overrides}`): the keywords this file's call spells are read here, where they
are written, and the helper's own keys there. A clash with a key the helper writes on every path is placed on
that key, where the fix removes it."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

OPTS = '''\
def fsdp_options(**overrides):
    return {{{own}**overrides}}
'''
TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

import opts


def run(fabric):
    fabric.setup_module(nn.Sequential(nn.Linear(4, 4)))


strategy = XLAFSDPStrategy(auto_wrap_policy={{nn.Linear}}, **opts.fsdp_options(activation_checkpointing_policy={remat}))
Fabric(accelerator="tpu", strategy=strategy).launch(run)
'''


def placed(root: Path, own: str, remat: str) -> list[tuple]:
    tree(root, {"opts.py": OPTS.format(own=own), "train.py": TRAIN.format(remat=remat)})
    path = root / "train.py"
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column,
             f.elsewhere and (Path(f.elsewhere.path).name, f.elsewhere.span.start.line + 1, f.elsewhere.span.start.column))
            for f in check_source(path.read_text(), str(path)).findings]


def test_a_key_the_helper_writes_clashes_with_a_keyword_this_file_passes(tmp_path):
    assert placed(tmp_path, '"auto_wrapper_callable": None, ', "{nn.Linear}") == [
        ("LXF002", "error", 12, 59, ("opts.py", 2, 12))]


def test_a_keyword_this_file_passes_is_read_where_it_is_written(tmp_path):
    assert placed(tmp_path, "", "[nn.Linear]") == [("LXF001", "error", 12, 59, None)]


def test_the_merged_options_without_the_clash_are_silent(tmp_path):
    assert placed(tmp_path, '"state_dict_type": "sharded", ', "{nn.Linear}") == []
