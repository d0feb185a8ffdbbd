"""A clash whose finding underlines another keyword of the call (LXF002 underlines `auto_wrapper_callable=`) and
whose preferred fix removes that keyword stays at the call when the call spells the keyword, even though the
argument's value (the policy) is written in another module: the keyword's presence is the clash, and removing it
at the call is the fix. A keyword the call gets through `**kwargs` of another module's dict is placed at that
module, on the key the dict writes (where the preferred fix removes it)."""

from __future__ import annotations

from pathlib import Path

from .test_foreign_placement import MODEL, placed
from .test_helpers_elsewhere import tree

SETTINGS = '''\
"""Run settings."""
from model import Block

WRAP_LAYERS = {Block}
REMAT_LAYERS = {Block}
BLOCK_WRAPPER = None
EXTRA = {"auto_wrapper_callable": None}
'''

SHARDING = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import settings


def train(fabric):
    fabric.setup_module(settings.Block())


def run():
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=settings.WRAP_LAYERS,
        activation_checkpointing_policy=settings.REMAT_LAYERS,
        {wrapper}
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
"""


def _project(tmp_path: Path, wrapper: str) -> Path:
    tree(tmp_path, {"model.py": MODEL, "settings.py": SETTINGS, "sharding.py": SHARDING.format(wrapper=wrapper)})
    return tmp_path / "sharding.py"


def test_a_wrapper_keyword_spelled_at_the_call_keeps_the_finding_at_the_call(tmp_path):
    sharding = _project(tmp_path, "auto_wrapper_callable=settings.BLOCK_WRAPPER,")
    assert placed(sharding) == [("LXF002", "error", 15, 8, None)]


def test_a_wrapper_keyword_from_another_module_s_dict_is_placed_in_that_module(tmp_path):
    sharding = _project(tmp_path, "**settings.EXTRA,")
    assert placed(sharding) == [("LXF002", "error", 15, 10, ("settings.py", 7, 9, '"auto_wrapper_callable"'))]
