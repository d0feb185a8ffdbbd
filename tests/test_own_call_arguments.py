"""A value written among a call's own arguments (`super().__init__(policy=list(blocks), **kwargs)`) is passed
whenever that call runs: a finding reported where it is written does not say "when called at line N" of that
very call, and is an error. A value the call passes on from elsewhere (a module constant) keeps the condition
of the call that passes it. Real files on disk, checked as `errata-lsp check` checks them."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

SHARDED = """\
from lightning.fabric.strategies import XLAFSDPStrategy


class BlockShardedStrategy(XLAFSDPStrategy):
    def __init__(self, block_types, **kwargs):
        kwargs.setdefault("state_dict_type", "sharded")
        super().__init__(auto_wrap_policy=set(block_types), **kwargs)
"""

REMAT = """\
from sharded import BlockShardedStrategy


class RematStrategy(BlockShardedStrategy):
    def __init__(self, block_types, **kwargs):
        super().__init__(block_types, activation_checkpointing_policy=list(block_types), **kwargs)
"""

TRAIN = """\
import sys

from torch import nn
from lightning.fabric import Fabric
from remat import RematStrategy
from sharded import BlockShardedStrategy

strategy_cls = BlockShardedStrategy if "--no-remat" in sys.argv else RematStrategy
fabric = Fabric(accelerator="tpu", strategy=strategy_cls([nn.Linear], sequential_save=True))
"""

LIB = """\
from lightning.fabric.strategies import XLAFSDPStrategy


def make(policy):
    return XLAFSDPStrategy(auto_wrap_policy={policy_set}, activation_checkpointing_policy=policy)
"""

CALLERS = """\
from torch import nn
from lightning.fabric import Fabric
from lib import make

LAYERS = [nn.Linear]
first = Fabric(accelerator="tpu", strategy=make({nn.Linear}))
second = Fabric(accelerator="tpu", strategy=make(LAYERS))
"""


def tree(root: Path, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        (root / name).write_text(text)
    return root


def found(path: Path) -> list[tuple[str, str, str, str | None, int, int]]:
    return [(f.code, f.severity.value, f.message, f.elsewhere and Path(f.elsewhere.path).name,
             f.elsewhere.span.start.line + 1 if f.elsewhere else -1,
             f.elsewhere.span.start.column if f.elsewhere else -1)
            for f in check_source(path.read_text(), str(path)).findings]


def test_a_list_a_subclass_writes_into_its_super_call_is_an_error_where_it_is_written(tmp_path):
    root = tree(tmp_path, {"sharded.py": SHARDED, "remat.py": REMAT, "train.py": TRAIN})
    assert found(root / "sharded.py") == [
        ("LXF001", "error", "`activation_checkpointing_policy` must be a set, found list(block_types) "
         "(from `remat.py`, line 6)", "remat.py", 6, 70)]


def test_a_value_the_call_passes_from_a_module_constant_keeps_the_condition_of_that_call(tmp_path):
    root = tree(tmp_path, {"lib.py": LIB.replace("{policy_set}", "set(policy)"), "train.py": CALLERS})
    assert found(root / "lib.py") == [
        ("LXF001", "warning", "`activation_checkpointing_policy` must be a set, found [nn.Linear] "
         "(from `LAYERS`, `train.py`, line 5); when called at line 7 of `train.py`", "train.py", 5, 9)]
