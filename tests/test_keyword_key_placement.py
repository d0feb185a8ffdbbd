"""A keyword a call gives a function's `**kwargs` (`strategy_builder(..., limit_all_gathers=True)` in recipes.py),
which hands it on to XLAFSDPStrategy in another module (a closure's `XLAFSDPStrategy(**{**shared, **overrides})`
in sharding.py), is placed at that keyword, in the module that writes it: the key of the `**kwargs` dict is read
as the keyword it comes from, so the finding lands where the fix removes it."""

from __future__ import annotations

from pathlib import Path

from .test_foreign_placement import MODEL, placed
from .test_helpers_elsewhere import tree

SHARDING = """\
from lightning.fabric.strategies import XLAFSDPStrategy


{builder}
"""

CLOSURE = """\
def strategy_builder(**shared):
    def build(**overrides):
        return XLAFSDPStrategy(**{**shared, **overrides})

    return build
"""

HELPER = """\
def build_strategy(**shared):
    return XLAFSDPStrategy(**shared)
"""

TRAIN = """\
from lightning.fabric import Fabric

from model import Block
from sharding import {name}


def train(fabric):
    fabric.setup_module(Block())


if __name__ == "__main__":
    strategy = {name}(
        auto_wrap_policy={{Block}},
        {keyword}=True,
    ){called}
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
"""


def _project(tmp_path: Path, builder: str, name: str, keyword: str, called: str) -> Path:
    tree(tmp_path, {"model.py": MODEL, "sharding.py": SHARDING.format(builder=builder),
                    "train.py": TRAIN.format(name=name, keyword=keyword, called=called)})
    return tmp_path / "sharding.py"


def test_a_keyword_kept_by_a_closure_is_placed_at_the_call_that_made_the_closure(tmp_path):
    sharding = _project(tmp_path, CLOSURE, "strategy_builder", "limit_all_gathers", "()")
    assert placed(sharding) == [("LXF038", "error", 6, 33, ("train.py", 14, 8, "limit_all_gathers=True"))]


def test_a_keyword_handed_on_by_a_helper_is_placed_at_the_helper_s_call(tmp_path):
    sharding = _project(tmp_path, HELPER, "build_strategy", "limit_all_gathers", "")
    assert placed(sharding) == [("LXF038", "error", 5, 29, ("train.py", 14, 8, "limit_all_gathers=True"))]


def test_a_keyword_xla_fsdp_takes_kept_by_a_closure_is_silent(tmp_path):
    sharding = _project(tmp_path, CLOSURE, "strategy_builder", "reshard_after_forward", "()")
    assert placed(sharding) == []
