"""A checkpoint state built by a dict comprehension over `self._objects.items()`, an attribute dict a method fills in
place (`register(**objects)` updating it, accelerate's `register_for_checkpointing`), in a module whose class
another module uses: the state is not the empty display `__init__` binds (LXF021 and LXF023 said so on fine code).
A comprehension over a dict no method fills is still read as the empty display it is."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

CHECKPOINTER = """\
from typing import Any

from torch import nn


class Checkpointer:
    def __init__(self, fabric):
        self.fabric = fabric
        self._objects: dict[str, Any] = {{}}

    def register(self, **objects):
{register}

    def _state(self):
        return {{key: obj if isinstance(obj, nn.Module) else obj.state_dict() for key, obj in self._objects.items()}}

    def load_state(self, path):
        self.fabric.load(path, self._state())
"""

TRAIN = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from checkpointing import Checkpointer


def run(fabric):
    model = fabric.setup_module(nn.Linear(2, 2))
    checkpointer = Checkpointer(fabric)
    checkpointer.register(model=model)
    checkpointer.load_state("/tmp/last")


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(run)
"""


def codes(root: Path, register: str) -> list[tuple[str, str]]:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (root / "checkpointing.py").write_text(CHECKPOINTER.format(register=register))
    (root / "train.py").write_text(TRAIN)
    path = root / "checkpointing.py"
    return [(f.code, f.severity.value) for f in check_source(path.read_text(), str(path)).findings]


def test_a_comprehension_over_an_attribute_a_method_fills_is_not_read_as_empty(tmp_path):
    assert codes(tmp_path, "        self._objects.update(objects)") == []


def test_one_no_method_fills_is_read_as_the_empty_display_it_is(tmp_path):
    assert ("LXF021", "error") in codes(tmp_path, "        pass")
