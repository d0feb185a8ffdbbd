"""The value of an Enum member read through `.value`, when the Enum is another module's vocabulary (constants.py,
where every member is right for some run): a finding about it is placed where the member is picked
(`ACCELERATOR = Accelerator.CPU` in defaults.py), the line a fix changes, not at the member's definition."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

CONSTANTS = '''\
from enum import Enum


class Accelerator(str, Enum):
    TPU = "tpu"
    CPU = "cpu"
'''
DEFAULTS = '''\
from constants import Accelerator

ACCELERATOR = Accelerator.{member}
'''
TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import defaults


def train(fabric):
    pass


Fabric(accelerator=defaults.ACCELERATOR.value, strategy=XLAFSDPStrategy()).launch(train)
'''


def placed(path: Path) -> list[tuple[str, str, int, tuple[str, int, int] | None]]:
    return [(f.code, f.severity.value, f.span.start.line + 1,
             f.elsewhere and (Path(f.elsewhere.path).name, f.elsewhere.span.start.line + 1, f.elsewhere.span.start.column))
            for f in check_source(path.read_text(), str(path)).findings]


def test_a_member_another_module_picks_is_placed_at_the_pick(tmp_path):
    tree(tmp_path, {"constants.py": CONSTANTS, "defaults.py": DEFAULTS.format(member="CPU"), "train.py": TRAIN})
    assert placed(tmp_path / "train.py") == [("LXF010", "error", 11, ("defaults.py", 3, 14))]
    tree(tmp_path, {"defaults.py": DEFAULTS.format(member="TPU")})
    assert placed(tmp_path / "train.py") == []


def test_a_member_the_enums_own_module_picks_stays_at_its_definition(tmp_path):
    own = CONSTANTS + "\n\nACCELERATOR = Accelerator.CPU\n"
    tree(tmp_path, {"defaults.py": own, "train.py": TRAIN})
    assert placed(tmp_path / "train.py") == [("LXF010", "error", 11, ("defaults.py", 6, 10))]
