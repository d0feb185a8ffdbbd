"""A builder decorated so that its wrapper sets the model up (`@sharded()` returning `wrapper(fabric, *args)` that
calls `fabric.setup_module(builder(*args))`), in this module or imported from another: what the builder's name
returns is already set up, so setting it up again is LXF039's error. The findings are exact."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

DECORATOR = """\
import functools


def sharded(**setup_kwargs):
    def decorate(builder):
        @functools.wraps(builder)
        def wrapper(fabric, *args, **kwargs):
            return fabric.setup_module(builder(*args, **kwargs), **setup_kwargs)
        return wrapper
    return decorate
"""
MODEL = """\
import torch


@sharded()
def build_model(dim):
    return torch.nn.Linear(dim, dim)
"""
TRAIN = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def train(fabric):
    model = {use}


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
"""
AGAIN = ("A model should be passed only once to the `setup_module` method: `build_model(fabric, 4)` is already the "
         "set-up model `fabric.setup_module(builder(*args, **kw…` returned {where}, so Fabric raises "
         "ValueError. Set it up once and keep using what that call returned")


def test_a_decorated_builder_of_this_module_set_up_again():
    text = DECORATOR + "\n\n" + MODEL + "\n\n" + TRAIN.replace("{use}", "fabric.setup_module(build_model(fabric, 4))")
    assert [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text).findings] == [
        ("LXF039", "error", AGAIN.format(where="at line 8"), 26, 32)]


def test_the_decorated_builder_s_result_used_as_it_is_is_fine():
    text = DECORATOR + "\n\n" + MODEL + "\n\n" + TRAIN.replace("{use}", "build_model(fabric, 4)")
    assert check_source(text).findings == []


def test_a_decorated_builder_of_another_module_set_up_again(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "dist.py").write_text(DECORATOR)
    (tmp_path / "model.py").write_text("from dist import sharded\n" + MODEL)
    train = tmp_path / "train.py"
    train.write_text("from model import build_model\n" + TRAIN.replace(
        "{use}", "fabric.setup_module(build_model(fabric, 4))"))
    assert [(f.code, f.severity.value, f.message, f.span.start.line + 1)
            for f in check_source(train.read_text(), str(train)).findings] == [
        ("LXF039", "error", AGAIN.format(where="(`dist.py`, line 8)"), 7)]
