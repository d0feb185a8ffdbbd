"""`importlib.import_module(name)` with a name the file knows (a constant, an f-string of an option's default) is
the project module of that name, read as `import configs.v4_8` reads it; a name the file cannot tell, or one that
is no module of the project, stays unknown."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

V4 = '''\
from torch import nn


class Block(nn.Module):
    pass


STRATEGY = dict(auto_wrap_policy={Block}, activation_checkpointing_policy=(Block,))
'''
V5 = V4.replace("activation_checkpointing_policy=(Block,)", "activation_checkpointing_policy={Block}")
TRAIN = '''\
import argparse
import importlib

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

parser = argparse.ArgumentParser()
parser.add_argument("--config", default="{default}")
args = parser.parse_args()
cfg = importlib.import_module(f"configs.{{args.config}}")


def train(fabric):
    fabric.setup_module(torch.nn.Linear(2, 2))


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**cfg.STRATEGY))
fabric.launch(train)
'''
MESSAGE = "`activation_checkpointing_policy` must be a set, found (Block,) (from `v4.py`, line 8)"


def found(path):
    """Each finding of the entry, with where the value it is about is written (a module of `configs/`)."""
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1,
             f.elsewhere and (Path(f.elsewhere.path).name, f.elsewhere.span.start.line + 1, f.elsewhere.span.start.column))
            for f in check_source(path.read_text(), str(path)).findings]


def files(train: str) -> dict[str, str]:
    return {"configs/__init__.py": "", "configs/v4.py": V4, "configs/v5.py": V5, "train.py": train}


def test_the_module_an_options_default_names_is_read(tmp_path):
    tree(tmp_path, files(TRAIN.format(default="v4")))
    assert found(tmp_path / "train.py") == [("LXF001", "error", MESSAGE, 18, ("v4.py", 8, 74))]


def test_the_fine_module_is_silent(tmp_path):
    tree(tmp_path, files(TRAIN.format(default="v5")))
    assert found(tmp_path / "train.py") == []


def test_the_imported_name_and_a_constant_name_read_the_same(tmp_path):
    train = TRAIN.format(default="v4").replace("import importlib\n", "from importlib import import_module\n")
    train = train.replace('importlib.import_module(f"configs.{args.config}")', 'import_module("configs.v4")')
    tree(tmp_path, files(train))
    assert found(tmp_path / "train.py") == [("LXF001", "error", MESSAGE, 18, ("v4.py", 8, 74))]


def test_a_name_the_file_cannot_tell_or_no_module_of_the_project_stays_unknown(tmp_path):
    unknown = TRAIN.format(default="v4").replace('f"configs.{args.config}"', 'open("which").read()')
    tree(tmp_path, files(unknown))
    assert found(tmp_path / "train.py") == []
    missing = TRAIN.format(default="v9")
    tree(tmp_path, files(missing))
    assert found(tmp_path / "train.py") == []
