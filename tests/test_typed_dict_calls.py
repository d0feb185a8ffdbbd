"""A call of a `TypedDict` class (`FSDPKwargs(auto_wrap_policy=..., ...)`) builds a plain dict of its keywords, as
`dict(...)` does: `XLAFSDPStrategy(**kwargs)` reads its entries, in the file or from the module that builds it,
through a TypedDict derived from another; a class that is no TypedDict stays an instance."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

SOURCE = '''\
from typing import TypedDict

from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    pass


class {base}:
    auto_wrap_policy: set
    activation_checkpointing_policy: set


class RematKwargs(FSDPKwargs, total=False):
    state_dict_type: str


KWARGS = {called}


def train(fabric):
    fabric.setup_module(nn.Linear(2, 2))


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**KWARGS)).launch(train)
'''
LIST = ("LXF001", "error", "`activation_checkpointing_policy` must be a set, found [Block]")


def found(called: str, base: str = "FSDPKwargs(TypedDict)") -> list[tuple[str, str, str]]:
    source = SOURCE.format(called=called, base=base)
    return [(f.code, f.severity.value, f.message) for f in check_source(source, None).findings]


def test_a_called_typed_dict_is_read_as_the_dict_of_its_keywords():
    assert found("FSDPKwargs(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])") == [LIST]
    assert found("RematKwargs(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])") == [LIST]
    assert found("FSDPKwargs({'auto_wrap_policy': {Block}}, activation_checkpointing_policy=[Block])") == [LIST]
    assert found("FSDPKwargs(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})") == []


def test_a_class_that_is_no_typed_dict_is_not_read_as_a_dict():
    assert found("FSDPKwargs(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])",
                 base="FSDPKwargs") == []


def test_a_typed_dict_of_another_module(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "schema.py").write_text(
        "from typing import TypedDict\n\n\nclass FSDPKwargs(TypedDict, total=False):\n"
        "    activation_checkpointing_policy: set\n")
    (tmp_path / "presets.py").write_text(
        "from torch import nn\n\nfrom schema import FSDPKwargs\n\n\nclass Block(nn.Module):\n    pass\n\n\n"
        "REMAT = FSDPKwargs(activation_checkpointing_policy=(Block,))\n")
    (tmp_path / "train.py").write_text(
        "from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
        "from torch import nn\n\nfrom presets import REMAT\n\n\ndef train(fabric):\n"
        "    fabric.setup_module(nn.Linear(2, 2))\n\n\n"
        "Fabric(accelerator=\"tpu\", strategy=XLAFSDPStrategy(**REMAT)).launch(train)\n")
    train = tmp_path / "train.py"
    placed = [(f.code, f.severity.value, f.elsewhere and Path(f.elsewhere.path).name, f.elsewhere and f.elsewhere.span.start.line + 1)
              for f in check_source(train.read_text(), str(train)).findings]
    assert placed == [("LXF001", "error", "presets.py", 10), ("LXF005", "warning", "presets.py", 10)]
