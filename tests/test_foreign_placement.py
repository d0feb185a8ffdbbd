"""A finding placed in another module is placed at THAT module's line and column: a value's node and the
module whose text its span is read against always agree. A default a class writes (a dataclass field's
default, an `__init__` parameter's default) read for an instance another module builds is evaluated in the
module that writes the class, and `place_in` never reads one module's node against another's text."""

from __future__ import annotations

import ast
import os
from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.context import place_in

from .test_flow import context, probe
from .test_helpers_elsewhere import tree

MODEL = "from torch import nn\n\n\nclass Block(nn.Module):\n    pass\n"


def placed(path: Path) -> list[tuple]:
    """(code, severity, line, column, where it is placed: file, line, column, the text there)."""
    out = []
    for f in check_source(path.read_text(), str(path)).findings:
        place = f.elsewhere
        where = None
        if place is not None:
            lines = Path(place.path).read_text().splitlines()
            start, end = place.span.start, place.span.end
            text = lines[start.line][start.column:end.column] if start.line == end.line else None
            where = (os.path.relpath(place.path, path.parent), start.line + 1, start.column, text)
        out.append((f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, where))
    return out


# --- a dataclass field's default_factory naming a class of another module ---------------------------------
SHARDING = '''\
"""How the run shards: one field for each XLAFSDPStrategy argument."""
from dataclasses import dataclass


@dataclass
class ShardingOptions:
    sequential_save: bool = False
    state_dict_type: str = {kind!r}
'''

RUN_CONFIG = """\
from dataclasses import dataclass, field

from sharding import ShardingOptions


@dataclass
class RunConfig:
    steps: int = 2
    sharding: ShardingOptions = field(default_factory=ShardingOptions)
"""

TRAIN_CONFIG = """\
from dataclasses import asdict

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from run_config import RunConfig


def train(fabric, cfg):
    model = fabric.setup_module(Block())
    state = {"model": model}
    fabric.save("ckpt", state)
    fabric.load("ckpt", state)


if __name__ == "__main__":
    cfg = RunConfig()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, **asdict(cfg.sharding)))
    fabric.launch(train, cfg)
"""


def _default_factory_project(tmp_path: Path, kind: str) -> Path:
    tree(tmp_path, {"model.py": MODEL + "\n\nNet = Block\n", "sharding.py": SHARDING.format(kind=kind),
                    "run_config.py": RUN_CONFIG, "train.py": TRAIN_CONFIG})
    return tmp_path / "train.py"


def test_a_field_default_of_a_class_a_default_factory_builds_in_another_module_is_placed_where_the_class_writes_it(tmp_path):
    # the instance is made by run_config.py's `field(default_factory=ShardingOptions)`; its field's default is
    # sharding.py's line 8, not run_config.py's line 8 (the span of one module at the other's path)
    train = _default_factory_project(tmp_path, "sharded_state_dict")
    assert placed(train) == [("LXF020", "error", 19, 92, ("sharding.py", 8, 27, "'sharded_state_dict'"))]


def test_a_field_default_of_a_known_state_dict_type_in_another_module_is_silent(tmp_path):
    train = _default_factory_project(tmp_path, "sharded")
    assert placed(train) == []


def test_the_default_factory_s_instance_reads_its_fields_in_the_class_s_module(tmp_path):
    train = _default_factory_project(tmp_path, "sharded_state_dict")
    ctx = context(train.read_text(), str(train))
    read = next(a for a in ctx.nodes(ast.Attribute) if a.attr == "sharding")
    probe = ast.copy_location(ast.Attribute(value=read, attr="state_dict_type", ctx=ast.Load()), read)
    ctx.parents[probe] = ctx.parents[read]
    (value,) = ctx.flow.values(probe)
    assert value.kind == "str" and value.flow is not None
    assert value.flow.origin == str(tmp_path / "sharding.py")
    assert value.node in value.flow.ctx.parents  # the node belongs to the tree its flow reads


# --- an `__init__` default of a callback another module builds ---------------------------------------------
CALLBACKS = '''\
"""Callbacks the loop runs with `fabric.call(hook, ...)`."""
import torch


class LossSpikeDetector:
    """Warns when the loss on any rank jumps."""

    def __init__(self, window=4, reduce_op={op!r}):
        self.window = window
        self.reduce_op = reduce_op

    def on_train_batch_end(self, fabric, loss):
        worst = fabric.all_reduce(loss.detach(), reduce_op=self.reduce_op)
        fabric.print(f"loss {{worst.item():.4f}}")
'''

TRAIN_CALLBACKS = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from callbacks import LossSpikeDetector
from model import Block


def train(fabric):
    model = fabric.setup_module(Block())
    for step in range(2):
        loss = torch.zeros(())
        fabric.call("on_train_batch_end", fabric=fabric, loss=loss)


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={{Block}})
    fabric = Fabric(accelerator="tpu", strategy=strategy, callbacks=[LossSpikeDetector({given})])
    fabric.launch(train)
"""


def _callback_project(tmp_path: Path, op: str, given: str = "") -> Path:
    tree(tmp_path, {"model.py": MODEL, "callbacks.py": CALLBACKS.format(op=op),
                    "train.py": TRAIN_CALLBACKS.format(given=given)})
    return tmp_path / "callbacks.py"


def test_an_init_default_of_a_callback_another_module_builds_is_placed_at_the_default(tmp_path):
    # train.py builds `LossSpikeDetector()`; `reduce_op="max"` is callbacks.py's line 8, column 43: before, the
    # place was train.py at that line and column (the default read with train.py's flow)
    callbacks = _callback_project(tmp_path, "max")
    assert placed(callbacks) == [("LXF027", "error", 13, 59, ("callbacks.py", 8, 43, "'max'"))]


def test_an_init_default_the_strategy_supports_is_silent(tmp_path):
    assert placed(_callback_project(tmp_path, "sum")) == []


def test_an_argument_the_building_module_passes_is_placed_at_that_argument(tmp_path):
    callbacks = _callback_project(tmp_path, "sum", 'reduce_op="max"')
    assert placed(callbacks) == [("LXF027", "error", 13, 59, ("train.py", 18, 97, '"max"'))]
    assert placed(_callback_project(tmp_path, "max", 'reduce_op="mean"')) == []


# --- the placing itself -------------------------------------------------------------------------------------
def test_place_in_reads_a_node_only_against_the_text_of_the_tree_that_holds_it(tmp_path):
    train = _default_factory_project(tmp_path, "sharded_state_dict")
    ctx = context(train.read_text(), str(train))
    name = next(n for n in ctx.nodes(ast.Name) if n.id == "RunConfig" and isinstance(n.ctx, ast.Load))
    (cls,) = ctx.flow.values(name)
    assert cls.kind == "class" and cls.flow is not None and cls.node is not None
    place = place_in(cls.flow, cls.node)
    assert place is not None and place.path == str(tmp_path / "run_config.py")
    assert (place.span.start.line, place.span.start.column) == (6, 0)
    assert place_in(cls.flow, name) is None  # a node of train.py is never read against run_config.py's text
    assert place_in(ctx.flow, name) is None  # the checked document's own node: no place elsewhere


# --- a bound method given to a method that calls it back ---------------------------------------------------
LAUNCHED_METHOD = """\
from lightning.fabric import Fabric


class Trainer:
    def __init__(self):
        self.fabric = Fabric(accelerator="tpu")

    def fit(self):
        self.fabric.launch(self.{launched})

    def _worker(self, fabric):
        probe(fabric)

    def _other(self, fabric):
        pass
"""


def test_a_bound_method_launched_is_called_with_the_fabric_after_its_receiver():
    found = probe(LAUNCHED_METHOD.format(launched="_worker"))
    assert [kind for kind, *_ in found] == ["fabric"]


def test_a_method_not_launched_leaves_its_parameter_unknown():
    found = probe(LAUNCHED_METHOD.format(launched="_other"))
    assert [kind for kind, *_ in found] == ["unknown"]


CHECKPOINTER = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Checkpointer:
    def __init__(self, fabric):
        self.fabric = fabric
        self.state = {{}}

    def track(self, **objects):
        self.state.update(objects)

    def save(self, step):
        self.fabric.save("ckpt", {{**self.state, "step": step}})


def work(fabric):
    model = fabric.setup_module(torch.nn.Linear(2, 2))
    checkpointer = Checkpointer(fabric)
    {track}
    checkpointer.save(0)


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
fabric.launch(work)
"""


def test_a_state_dict_attribute_a_method_fills_in_place_is_not_read_as_its_empty_display(tmp_path):
    # `self.state = {}` filled by `self.state.update(objects)`: the layer cannot tell what it holds, so no
    # "the state holds no model" error (the set-up model is in it)
    path = tmp_path / "train.py"
    path.write_text(CHECKPOINTER.format(track="checkpointer.track(model=model)"))
    assert [f.code for f in check_source(path.read_text(), str(path)).findings] == []


# --- a state a helper of another module saves, its model a parameter every caller gives the raw module -----
SAVER = '''\
def save_state(fabric, model, step):
    fabric.save(f"ckpt-{step}", {"model": model, "step": step})
'''

SAVING = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from saver import save_state


def train(fabric):
    net = torch.nn.Linear(2, 2)
    model = fabric.setup_module(net)
    save_state(fabric, GIVEN, 1)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''


def test_the_raw_module_a_caller_gives_a_saving_helper_is_placed_where_it_is_given(tmp_path):
    tree(tmp_path, {"saver.py": SAVER, "train.py": SAVING.replace("GIVEN", "net")})
    assert placed(tmp_path / "saver.py") == [("LXF023", "error", 2, 42, ("train.py", 11, 23, "net"))]
    message = check_source(SAVER, str(tmp_path / "saver.py")).findings[0].message
    assert "`net`, given for `model` at line 11 of `train.py`, is the raw module" in message


def test_the_set_up_module_a_caller_gives_a_saving_helper_is_silent(tmp_path):
    tree(tmp_path, {"saver.py": SAVER, "train.py": SAVING.replace("GIVEN", "model")})
    assert placed(tmp_path / "saver.py") == []
