"""A method launched from another module as a bound method (`fabric.launch(Trainer(...).fit)` in train.py): the
method's module reads the Fabric the launch passes, also when train.py builds a subclass a third module writes
(`fabric.launch(SolubilityTrainer(...).fit)` of `class SolubilityTrainer(Trainer)`), unless that subclass overrides
the method."""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

TRAINER = '''\
import torch


def keep_head(name, value):
    return name.startswith("head")


class Trainer:
    def fit(self, fabric):
        model = fabric.setup_module(torch.nn.Linear(2, 2))
        fabric.save("checkpoints/last", {{"model": model}}, filter={filter})
'''

SUBCLASS = '''\
from trainer import Trainer


class HeadOnly(Trainer):
    lr = 1e-3
{override}'''

TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from {module} import {cls}

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch({cls}().fit)
'''


def found(path: Path) -> list[tuple[str, str, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(path.read_text(), str(path)).findings]


@pytest.mark.parametrize(("module", "cls"), [("trainer", "Trainer"), ("heads", "HeadOnly")])
def test_a_bound_method_launched_by_another_module_gets_its_fabric(tmp_path, module, cls):
    root = tree(tmp_path, {"trainer.py": TRAINER.format(filter="keep_head"), "heads.py": SUBCLASS.format(override=""),
                           "train.py": TRAIN.format(module=module, cls=cls)})
    # `filter=keep_head` (line 11, column 65): a function, where `fabric.save` wants a dict of them
    assert found(root / "trainer.py") == [("LXF044", "error", 11, 65)]
    tree(tmp_path, {"trainer.py": TRAINER.format(filter='{"model": keep_head}')})
    assert found(root / "trainer.py") == []


def test_a_subclass_that_overrides_the_method_launches_its_own(tmp_path):
    override = "\n    def fit(self, fabric):\n        fabric.print('no checkpoint')\n"
    root = tree(tmp_path, {"trainer.py": TRAINER.format(filter="keep_head"), "heads.py": SUBCLASS.format(override=override),
                           "train.py": TRAIN.format(module="heads", cls="HeadOnly")})
    assert found(root / "trainer.py") == []
